/**
 * At most `size` holders at once: work that takes much memory or time (reading an export) enters
 * the gate, either refused at once when it is full (`tryEnter`) or waiting its turn (`enter`).
 */
export class Gate {
  #inside = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(readonly size: number) {}

  /** Waits its turn, in order of arrival; answers the function that leaves the gate (once). */
  async enter(): Promise<() => void> {
    const leave = this.tryEnter();
    if (leave) return leave;
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
    // The holder that left handed its place over: the count did not go down in between.
    return this.#leaver();
  }

  /** A function that leaves the gate (once), or undefined when the gate is full. */
  tryEnter(): (() => void) | undefined {
    if (this.#inside >= this.size || this.#waiting.length > 0) return undefined;
    this.#inside++;
    return this.#leaver();
  }

  #leaver(): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.#waiting.shift();
      if (next) next();
      else this.#inside--;
    };
  }
}
