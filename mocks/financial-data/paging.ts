// Paging of list bodies (reference, Conventions): `start` is the 1-based page index, `limit` the page size (without it, the default of the
// operation's limit parameter in the contract); the body carries found, displaying and moreAvailable. `faults` bends the paging at its
// seams (paging.faults.ts); without it the paging is the contract's.
import type { Contract } from '../../helpers/contract/contract.js';
import { parameterDefault } from '../../helpers/contract/facts.js';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import type { Seams } from '../kit/faults.js';
import type { PagingSeams } from './state.js';

/** What a page is cut from: an array, or a store's group (mocks/kit/indexed-map.ts) read without copying it. */
export interface Sliceable<T> {
  readonly length: number;
  slice(from: number, to: number): T[];
}

/** Page sizes read from each contract, so that a list request does not walk the contract again. */
const pageSizes = new WeakMap<Contract, Map<FdOperationId, number>>();

/** The page size of an operation called without `limit`: its limit parameter's `default` (provider 1.35.0 LimitParameter). */
export function defaultLimit(contract: Contract, operationId: FdOperationId): number {
  let sizes = pageSizes.get(contract);
  if (!sizes) pageSizes.set(contract, (sizes = new Map()));
  let size = sizes.get(operationId);
  if (size === undefined) sizes.set(operationId, (size = Number(parameterDefault(contract, operationId, 'limit'))));
  return size;
}

/** The faults of the paging (paging.faults.ts) bend it at its seams: the window cut, the counts answered. */
type Faults = { seams<T extends PagingSeams>(family?: string): Seams<T> } | undefined;

export function page<T>(items: Sliceable<T>, query: { start?: number; limit?: number }, pageSize: number, faults?: Faults) {
  const start = query.start ?? 1;
  const limit = query.limit ?? pageSize;
  const seams = faults?.seams<PagingSeams>('paging');
  const x: PagingSeams['x'] = { op: 'page', length: items.length, asked: query, pageSize };
  const window = (x.window = seams
    ? seams.state(x, { op: 'page-window', start, limit, from: (start - 1) * limit })
    : { op: 'page-window', start, limit, from: (start - 1) * limit });
  const slice = items.slice(window.from, window.from + window.limit);
  const counts = { found: items.length, displaying: slice.length, moreAvailable: window.from + window.limit < items.length };
  return { ...(seams ? seams.answer(x, counts) : counts), slice };
}

/** A list's page through the paging's seams (paging.faults.ts), so the list's module names no fault. */
export const pageOf = page;
