// Virtual clock: real time plus an offset the control surface can advance, so token expiry,
// report completion and state machines are testable in seconds.
/** The latest instant a JavaScript Date can hold (ECMA-262: 8.64e15 ms after the epoch). */
export const MAX_DATE_MS = 8.64e15;

export class VirtualClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  nowEpochSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  /** Seconds the clock can still advance before it leaves what a Date holds (every answer would break). */
  headroomSeconds(): number {
    return Math.max(0, Math.floor((MAX_DATE_MS - this.nowMs()) / 1000) - 1);
  }

  advance(seconds: number): void {
    if (!(seconds <= this.headroomSeconds())) throw new RangeError(`the clock can advance at most ${this.headroomSeconds()} more seconds`);
    this.offsetMs += seconds * 1000;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}
