// The paging properties' reads and the filtered totals (<S>-PROP-FILTERED-TOTALS, helpers/client/invariants/paging.ts),
// one body for every service with paged readers (installments, financial data).
import type { CallOptions, OperationClient } from '../../helpers/client/client.js';
import { filteredTotalProblems, filtersOf, filterValues, type PagedReader } from '../../helpers/client/invariants/paging.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import type { Violations } from '../../helpers/client/security/probe.js';
import type { Contract } from '../../helpers/contract/contract.js';
import type { ServiceName } from '../../helpers/contract/operations.js';

/** A read of one page of a paged reader: its call's query replaced by `base`, the filters and the page's index and size (undefined: the default). */
export const pageReader =
  <S extends ServiceName>(api: OperationClient<S>, p: PagedReader, call: CallOptions, base: Record<string, unknown> = {}) =>
  async (filters: Record<string, unknown>, index: number | undefined, size: number | undefined) => {
    const query = {
      ...base,
      ...filters,
      ...(index === undefined ? {} : { [p.index.name]: index }),
      ...(size === undefined ? {} : { [p.size.name]: size }),
    };
    const res = await api.callOperation(p.reader, { ...call, query } as CallOptions);
    return { status: res.status, headers: res.headers, body: res.body };
  };

/** Each filter of a reader counting its set sent alone with the values that tell: the total is what the same answer lists. */
export async function judgeFilteredTotals(
  contract: Contract,
  p: PagedReader,
  read: ReturnType<typeof pageReader>,
  { filters, sample }: { filters: Record<string, unknown>; sample: Record<string, unknown> },
  totals: { checked: string[]; leftOut: PropertyException[]; judged: string[] },
  violations: Violations,
): Promise<void> {
  const { operationId } = p.reader;
  const all = await read(filters, p.index.base, p.size.max ?? 1000);
  const list = p.items === undefined ? all.body : (all.body as Record<string, unknown> | undefined)?.[p.items];
  const items = Array.isArray(list) ? list : [];
  const values = Object.fromEntries(filtersOf(p).map((f) => [f.name, filterValues(contract, p, f, items, sample[f.name])]));
  const outcome = await filteredTotalProblems(p, values, read);
  if (!outcome.judged.length) {
    const names = Object.keys(values).join(', ');
    totals.leftOut.push({
      operationId,
      reason: Object.values(values).flat().length
        ? `no value sent to its filters kept a page of items here (${names})`
        : `the contract gives no value to send its filters (${names}): no enum, no boolean, no member of their name in its items`,
    });
    return;
  }
  totals.checked.push(operationId);
  totals.judged.push(`${operationId} (${outcome.judged.join(', ')}; ${outcome.reads} reads)`);
  for (const problem of outcome.problems)
    violations.add(operationId, 'its counts under a filter', problem, 'the count of what the same filter keeps');
}
