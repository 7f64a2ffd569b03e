import { describe, expect, it } from 'vitest';
import { Gate } from './gate.js';

describe('Gate', () => {
  it('lets in as many as its size and refuses more until one leaves', () => {
    const gate = new Gate(2);
    const first = gate.tryEnter();
    const second = gate.tryEnter();
    expect(first).toBeDefined();
    expect(second).toBeDefined();
    expect(gate.tryEnter()).toBeUndefined();
    first?.();
    first?.();
    expect(gate.tryEnter()).toBeDefined();
    expect(gate.tryEnter()).toBeUndefined();
  });

  it('hands a place over to the one waiting longest', async () => {
    const gate = new Gate(1);
    const holder = await gate.enter();
    const order: string[] = [];
    const a = gate.enter().then((leave) => {
      order.push('a');
      return leave;
    });
    const b = gate.enter().then((leave) => {
      order.push('b');
      leave();
    });
    expect(gate.tryEnter()).toBeUndefined();
    holder();
    (await a)();
    await b;
    expect(order).toEqual(['a', 'b']);
    expect(gate.tryEnter()).toBeDefined();
  });
});
