// Virtual clock: real time plus an offset the control surface moves, so expiry and state machines are testable in seconds; any
// instant a Date holds, earlier too, so a dated rule is reachable on both sides of its date.
/** The latest instant a JavaScript Date can hold (ECMA-262: 8.64e15 ms after the epoch). */
export const MAX_DATE_MS = 8.64e15;

/** An error of a clock setting, worded for one line (the control surface answers it as a 400). */
export class ClockError extends RangeError {}

/** The instant a clock setting names, in ms: ISO 8601 with its zone (a date alone is midnight UTC) or epoch ms; else a ClockError. */
export function parseClockInstant(value: unknown): number {
  const shown = JSON.stringify(value) ?? String(value);
  const iso = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;
  let ms: number;
  if (typeof value === 'number' && Number.isFinite(value)) ms = value;
  else if (typeof value === 'string' && iso.test(value)) ms = Date.parse(value);
  else throw new ClockError(`clock instant ${shown} is neither an ISO 8601 date-time with a zone (2026-04-29T12:00:00Z) nor epoch ms`);
  // Date.parse takes 2026-02-31 for March 3rd: the calendar date must read back as written.
  if (typeof value === 'string' && new Date(ms).toISOString().slice(0, 10) !== value.slice(0, 10) && !/[+-]\d{2}:\d{2}$/.test(value))
    throw new ClockError(`clock instant ${shown} is not a calendar date`);
  if (!(Math.abs(ms) <= MAX_DATE_MS)) throw new ClockError(`clock instant ${shown} is outside what a date can hold`);
  return ms;
}

export class VirtualClock {
  private offsetMs = 0;
  /** Set while the clock stands still (setTo with `frozen`): the instant it shows until advanced, set or reset. */
  private frozenAtMs: number | undefined;

  /** `startAt`: the instant (ms) the clock shows when it starts, and again after each reset; real time by default. */
  constructor(private readonly startAt?: number) {
    this.reset();
  }

  now(): Date {
    return new Date(this.nowMs());
  }

  nowMs(): number {
    return this.frozenAtMs ?? Date.now() + this.offsetMs;
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
    if (this.frozenAtMs !== undefined) this.frozenAtMs += seconds * 1000;
  }

  /** Sets the clock to an instant (ms); time runs on, or, `frozen`, stands still until advanced, so a window's edge is reached exactly. */
  setTo(ms: number, frozen = false): void {
    if (!(Math.abs(ms) <= MAX_DATE_MS)) throw new ClockError(`clock instant ${ms} is outside what a date can hold`);
    this.offsetMs = ms - Date.now();
    this.frozenAtMs = frozen ? ms : undefined;
  }

  reset(): void {
    this.offsetMs = 0;
    this.frozenAtMs = undefined;
    if (this.startAt !== undefined) this.setTo(this.startAt);
  }
}
