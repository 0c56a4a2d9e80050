// What the report store's seams carry: a report created and settled, when due reports settle, the callback.
import type { FdState, Report } from '../state.js';

export interface Exchange {
  world: FdState;
  /** The virtual clock (epoch seconds) and the report the seam is given, when one. */
  nowS: number;
  report?: Report;
}

/** A change of the store: a report created, a report settled (before its content), whether due reports settle now (`on`). */
export type Change =
  | { kind: 'created'; report: Report }
  | { kind: 'settled'; report: Report; status: Report['status'] }
  | { kind: 'settling'; on: 'advance' | 'request'; url?: string; settle: boolean };

/** The report callback: where it goes, its headers and body; `silent` a call the sources keep back (at creation: not yet). */
export interface Delivery {
  to: string[];
  headers: Record<string, string>;
  body: Record<string, any> | unknown[];
  silent?: 'in progress';
}

export type StoreSeams = { x: Exchange; step: never; refusal: never; change: Change; answer: never; delivery: Delivery };
