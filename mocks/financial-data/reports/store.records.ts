// What the seams of the report store (store.ts) carry: the report as created and as settled, when due
// reports settle, and the report callback. Apart from the behaviour, so that store.faults.ts names them
// without importing the store.
import type { FdState, Report } from '../state.js';

export interface Exchange {
  world: FdState;
  /** The virtual clock (epoch seconds) and the report the seam is given, when one. */
  nowS: number;
  report?: Report;
}

/**
 * A change of the store: a report created (before it is kept), a report settled with the status it
 * ends in (before its content is built), and whether the due reports settle now (`on`: the clock
 * advanced, or a request to `url` is about to be handled).
 */
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
