// Covers: every string filter of a financial data list reader (helpers/contract/filters.ts reads
// them from the contract's parameters and their descriptions). A filter documented as exact ("Only
// registrations with that application name", "Username to look up"; FD-FILTER-EXACT, @assumption:
// no source documents folding) lists an object when given the value as the object holds it, and not
// when given that value folded: its case swapped, a trailing space, a space inside it. A filter
// documented as a search matched against members (GetCustomers search: username, firstName, lastName)
// finds the object by a member's value in its own mixed case. A fuzzy search (institutions) promises
// neither and is not checked. The object is the first item of the reader's answer without filters that
// holds the member (on the mock: the worker's customers, the seeded application and registrations).
import { expect, notePartial, rules, sample, test } from '../../fixtures/financial-data.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { foldedValues, memberOf, parameterReaders, stringFilters } from '../../helpers/contract/filters.js';
import { FD_CONTRACT } from './security.known.js';

const { descriptionOf, schemaOf } = parameterReaders(FD_CONTRACT);
const FILTERS = stringFilters(FD_CONTRACT.operations.values(), descriptionOf, schemaOf);

/** The items of an answer holding a member of that name (`_` and case aside), with its value. */
function items(body: unknown, name: string): { item: Record<string, unknown>; value: unknown }[] {
  const out: { item: Record<string, unknown>; value: unknown }[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (!Array.isArray(node)) {
      const key = memberOf(node as Record<string, unknown>, name);
      if (key !== undefined) out.push({ item: node as Record<string, unknown>, value: (node as Record<string, unknown>)[key] });
    }
    Object.values(node).forEach(walk);
  };
  walk(body);
  return out;
}

test(
  'a filter documented as exact lists an object by the value it holds and not by that value folded (case, a trailing or inner space); a documented search finds it by the value in its own case @assumption',
  rules('FD-FILTER-EXACT'),
  async ({ fd, fdApi, fdEntities }) => {
    const violations = new Violations('filter');
    const checked: string[] = [];
    const leftOut: string[] = [];
    for (const f of FILTERS) {
      const { operationId } = f.operation;
      const where = `${operationId} ${f.parameter.name}`;
      if (f.kind === 'fuzzy' || !f.members.length || f.parameter.required) {
        leftOut.push(
          `${where}: ${f.kind === 'fuzzy' ? 'a fuzzy search promises no match' : f.parameter.required ? 'required: no unfiltered list to take a value from' : 'documents no member it matches'}`,
        );
        continue;
      }
      const base = sample(f.operation, fd, fdEntities);
      const query = { ...(base.query ?? {}) } as Record<string, unknown>;
      for (const other of FILTERS) if (other.operation === f.operation) delete query[other.parameter.name];
      const list = await fdApi.callOperation(f.operation, { ...base, query } as CallOptions);
      const held = f.members
        .flatMap((m) => items(list.body, m).map((x) => ({ ...x, member: m })))
        .find((x) => typeof x.value === 'string' && /[a-zA-Z0-9]/.test(x.value));
      if (!held) {
        leftOut.push(`${where}: no listed item holds ${f.members.join(' or ')}`);
        continue;
      }
      const value = held.value as string;
      const lists = async (q: string) => {
        const res = await fdApi.callOperation(f.operation, { ...base, query: { ...query, [f.parameter.name]: q } } as CallOptions);
        return res.status >= 200 && res.status < 300 && items(res.body, held.member).some((x) => x.value === value);
      };
      if (!(await lists(value)))
        violations.add(
          operationId,
          `${f.parameter.name}=${JSON.stringify(value)}`,
          'not listed',
          `the item whose ${held.member} is that value`,
        );
      if (f.kind === 'exact')
        for (const folded of foldedValues(value))
          if (await lists(folded.value))
            violations.add(
              operationId,
              `${f.parameter.name}=${JSON.stringify(folded.value)} (${folded.how})`,
              `the item whose ${held.member} is ${JSON.stringify(value)}`,
              'no item: the filter is exact',
            );
      checked.push(`${where} (${f.kind})`);
    }
    test.info().annotations.push({
      type: 'checker-coverage',
      description: `string filters: ${FILTERS.length}, ${checked.length} checked (${checked.join(', ')}); ${leftOut.length} left out (${leftOut.join('; ')})`,
    });
    if (leftOut.length) notePartial(`filters: ${leftOut.length} left out, each with its reason in the coverage annotation`);
    expect(checked.length, 'filters checked').toBeGreaterThan(0);
    expect(violations.list, violations.describe()).toEqual([]);
  },
);
