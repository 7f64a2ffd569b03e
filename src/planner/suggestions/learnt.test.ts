import { describe, expect, it } from 'vitest';
import { decodeLearnt, encodeLearnt, HALF_LIFE_DAYS, LearntIndexes, weighLearnt } from './learnt.js';

const day = (
  query: string,
  date: string,
  pageViews: number,
  more: { text?: string; without?: number } = {},
) => ({
  day: date,
  channel: 'web',
  locale: 'en',
  query,
  text: more.text ?? query,
  pageViews,
  searches: pageViews,
  withoutResults: more.without ?? 0,
});

describe('weighing what shoppers searched', () => {
  it('by how many page views typed a query, each day halved every half-life before today', () => {
    const learnt = weighLearnt(
      [
        day('kettle', '2026-03-02', 4),
        day('kettle', '2026-02-16', 10, { text: 'Kettle' }),
        day('toaster', '2026-03-01', 6),
        day('headphones', '2026-03-02', 2),
      ],
      '2026-03-02',
    );
    const kettle = learnt.find((one) => one.text === 'Kettle');
    // 4 today, 10 a half-life ago (14 days): 4 + 5; written as shoppers wrote it on its heaviest day.
    expect(HALF_LIFE_DAYS).toBe(14);
    expect(kettle?.weight).toBeCloseTo(9);
    expect(learnt.map((one) => one.text)).toEqual(['Kettle', 'toaster', 'headphones']);
  });

  it('leaves out the days a query found nothing', () => {
    const learnt = weighLearnt(
      [day('gift cards', '2026-03-02', 5, { without: 5 }), day('kettle', '2026-03-02', 2, { without: 1 })],
      '2026-03-02',
    );
    expect(learnt).toEqual([]);
  });

  it('keeps channels and locales apart, and travels as bytes a node indexes per place', () => {
    const learnt = weighLearnt(
      [day('kettle', '2026-03-02', 2), { ...day('wasserkocher', '2026-03-02', 3), locale: 'de' }],
      '2026-03-02',
    );
    const decoded = decodeLearnt(encodeLearnt({ learntAt: '2026-03-02T10:00:00.000Z', suggestions: learnt }));
    const indexes = LearntIndexes.of(decoded);
    expect(
      indexes
        .of('web', 'de')
        ?.lookup('was', 5)
        .map((one) => one.text),
    ).toEqual(['wasserkocher']);
    expect(indexes.of('web', 'en')?.lookup('was', 5)).toEqual([]);
    expect(indexes.of('shop', 'en')).toBeUndefined();
  });
});
