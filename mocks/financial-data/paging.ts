// Paging of list bodies (reference, Conventions): `start` is the 1-based page index, `limit` the
// page size (without it, the default of the operation's limit parameter in the contract); the body
// carries found, displaying and moreAvailable.
// `faults` carries the blind paging faults (paging.faults.ts); without it the paging is the contract's.
import type { Contract } from '../../helpers/contract/contract.js';
import { parameterDefault } from '../../helpers/contract/facts.js';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import type { FdFaultId } from './catalogue.js';

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

type Faults = { has(id: FdFaultId): boolean } | undefined;

export function page<T>(
  items: Sliceable<T>,
  query: { start?: number; limit?: number },
  pageSize: number,
  ignoreStart = false,
  faults?: Faults,
) {
  // A switch read as on('<fault id>'), so that the mutation sampler knows the code it guards runs only with that fault on.
  const on = (id: FdFaultId) => Boolean(faults?.has(id));
  const limit = query.limit ?? (on('blind-default-page-size-20') ? 20 : pageSize);
  const start = ignoreStart ? 1 : (query.start ?? 1);
  // blind-start-as-record-offset: start read as the 1-based index of the first record.
  const first = on('blind-start-as-record-offset') ? start - 1 : (start - 1) * limit;
  // i34-fd-page-later-start-one-early: a page after the first starts one record early (it repeats the last of the page before).
  const from = on('i34-fd-page-later-start-one-early') && start > 1 ? first - 1 : first;
  const slice = items.slice(from, from + limit);
  const moreAvailable = on('blind-more-available-on-full-last-page')
    ? from + limit <= items.length && items.length > 0
    : from + limit < items.length;
  return { found: on('blind-found-counts-page') ? slice.length : items.length, displaying: slice.length, moreAvailable, slice };
}

/** A list's page with the faults of the paging itself (paging.faults.ts), start-ignored among them, so the list's module names none. */
export function pageOf<T>(items: Sliceable<T>, query: { start?: number; limit?: number }, pageSize: number, faults?: Faults) {
  return page(items, query, pageSize, Boolean(faults?.has('start-ignored')), faults);
}
