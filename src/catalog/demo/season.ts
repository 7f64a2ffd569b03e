import type { Rule } from '../../contracts/release-files/index.js';

/**
 * The demo shop's seasonal sale, dated from the day the demo is made for (the day it is loaded), so
 * that its banner, its card among the tiles and its lift of reduced products show whenever the
 * demo is tried, not in one fixed month long past.
 */

const DAY_MS = 86_400_000;
/** The sale opened a week before the day and runs three weeks after it. */
const OPENED_DAYS_BEFORE = 7;
const RUNS_DAYS_AFTER = 21;

export const SEASONAL_SALE_RULE = 'seasonal-sale';

export interface SaleWindow {
  /** The first moment of the sale (midnight UTC). */
  from: Date;
  /** The first moment after it (midnight UTC): the rule's schedule ends here. */
  until: Date;
}

export function saleWindow(today: Date): SaleWindow {
  const day = Math.floor(today.getTime() / DAY_MS) * DAY_MS;
  return {
    from: new Date(day - OPENED_DAYS_BEFORE * DAY_MS),
    until: new Date(day + (RUNS_DAYS_AFTER + 1) * DAY_MS),
  };
}

type Season = 'spring' | 'summer' | 'autumn' | 'winter';

const SEASON_NAMES: Record<Season, { en: string; de: string }> = {
  spring: { en: 'Spring Sale', de: 'Frühjahrs-Sale' },
  summer: { en: 'Summer Sale', de: 'Sommer-Sale' },
  autumn: { en: 'Autumn Sale', de: 'Herbst-Sale' },
  winter: { en: 'Winter Sale', de: 'Winter-Sale' },
};

/** The season of a day in the shop's (northern) hemisphere, by month. */
function seasonOf(day: Date): Season {
  const month = day.getUTCMonth();
  if (month >= 2 && month <= 4) return 'spring';
  if (month >= 5 && month <= 7) return 'summer';
  if (month >= 8 && month <= 10) return 'autumn';
  return 'winter';
}

/** "December 18" / "18. Dezember": a day as a shopper reads it in the locale. */
function dayName(day: Date, locale: 'en' | 'de'): string {
  return day.toLocaleDateString(locale, { month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The sale rule: from a week before `today` to three weeks after it. */
export function seasonalSale(today: Date): Rule {
  const window = saleWindow(today);
  const name = SEASON_NAMES[seasonOf(today)];
  const lastDay = new Date(window.until.getTime() - DAY_MS);
  return {
    id: SEASONAL_SALE_RULE,
    description: `${name.en} until ${dayName(lastDay, 'en')}: banner above the results, a card among the tiles, reduced items up.`,
    schedule: { from: window.from.toISOString(), until: window.until.toISOString() },
    when: { on: ['search', 'category_page'] },
    then: {
      place: [
        {
          slot: 'top',
          kind: 'banner',
          title: { en: `${name.en}: up to 35% off`, de: `${name.de}: bis zu 35 % Rabatt` },
          text: {
            en: `Hundreds of products reduced until ${dayName(lastDay, 'en')}.`,
            de: `Hunderte Produkte reduziert bis ${dayName(lastDay, 'de')}.`,
          },
          image: {
            url: `https://images.example.com/campaigns/${seasonOf(today)}-sale-wide.jpg`,
            alt: name,
          },
          link: '/sale',
        },
        {
          slot: 'grid',
          position: 7,
          kind: 'card',
          title: { en: 'Free delivery on orders over 50 EUR', de: 'Gratis Lieferung ab 50 EUR' },
          link: '/help/delivery',
        },
      ],
      boost: [{ where: { on_sale: true }, strength: 'slight' }],
    },
  };
}
