// Covers: every string filter and search of a financial data list reader keeps its stated matching rule
// (filter-rules.ts): from a held value, the inputs telling the rules apart. Exact ("Only registrations
// with that application name"; FD-FILTER-EXACT, @assumption: no source documents folding or a partial
// match), prefix and substring rules as they say, every filter by the value as held (FD-FILTER-RULE); an
// unsaid or fuzzy search's parts and folds are exceptions, each with its reason.
import { expect, notePartial, ownLinkedCustomer, rules, sample, test } from '../../fixtures/financial-data.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { Violations } from '../../helpers/client/security/probe.js';
import { type Filter, memberOf, parameterReaders, stringFilters } from '../../helpers/contract/filters.js';
import {
  disorder,
  FILTER_RULES,
  identifierForms,
  integerIdFilters,
  keyOf,
  orderedReaders,
  tellingWindows,
  windowFilters,
  windowKeeps,
  matchRule,
  pathLookups,
  queryLookups,
  otherMemberInputs,
  sharedFilters,
  tellingInputs,
} from '../../helpers/client/invariants/filter-rules.js';
import { sampleCall } from '../../fixtures/examples/financial-data.js';
import { FD_CONTRACT } from './security.known.js';
import { countRule, noteCoverage } from '../shared/property.js';
import { eachObject } from '../../helpers/client/invariants/kit.js';
import { parameterRules, sidesOf } from '../../helpers/contract/rules.js';
import { cite } from './cite.js';

const { descriptionOf, schemaOf, matchesOf } = parameterReaders(FD_CONTRACT);
const FILTERS = stringFilters(FD_CONTRACT.operations.values(), descriptionOf, schemaOf, matchesOf);
const LOOKUPS = pathLookups(FD_CONTRACT);
const QUERY_LOOKUPS = queryLookups(FD_CONTRACT, descriptionOf);
/**
 * A filter's own rule, where the catalogue states its parameter's meaning (Rule.parameters: GetCustomers' username, an exact
 * match): what breaks the stated rule (the value not listing its object, a part of it or a near value listing it) is filed there,
 * a fold (FD-FILTER-EXACT's decision) under this property's rule. Each is cited on the sides it states.
 */
const PARAMETER_RULES = parameterRules('financial-data');
const ownRule = (f: { operation: { operationId: string }; parameter: { name: string } }) =>
  PARAMETER_RULES.get(`${f.operation.operationId} ${f.parameter.name}`);
const OWN_RULES = [...new Set([...FILTERS, ...LOOKUPS].flatMap((f) => ownRule(f) ?? []))];
/** The filters several readers take (one component parameter: the institution search of three listings). */
const SHARED = sharedFilters(FD_CONTRACT.document, FILTERS, descriptionOf);
/** The other readers taking a filter (a date window, an integer id) compare numbers: checked by the window test (FD-PROP-WINDOW). */
const NOT_TEXT = [...FD_CONTRACT.operations.values()].flatMap((op) => {
  if (op.method !== 'GET' || [...FILTERS, ...LOOKUPS, ...QUERY_LOOKUPS].some((f) => f.operation === op)) return [];
  const query = op.parameters.filter((p) => p.in === 'query');
  const window = query.filter((p) => /^(from|to|start|end)Date$/.test(p.name)).map((p) => p.name);
  const ids = query.filter((p) => /(_id|Id)$/.test(p.name) && schemaOf(p).type === 'integer').map((p) => p.name);
  if (!window.length && !ids.length) return [];
  return [
    {
      operationId: op.operationId,
      reason: `${[...window, ...ids].join(', ')}: ${window.length ? 'a date window' : 'an integer id'}, compared as a number, not as text (checked by FD-PROP-WINDOW)`,
    },
  ];
});

/** The items of an answer holding a member of that name (`_` and case aside), with its value. */
function items(body: unknown, name: string): { item: Record<string, unknown>; value: unknown }[] {
  const out: { item: Record<string, unknown>; value: unknown }[] = [];
  eachObject(body, (node) => {
    const key = memberOf(node, name);
    if (key !== undefined) out.push({ item: node, value: node[key] });
  });
  return out;
}

test(
  'every filter keeps its documented matching rule: the value lists its object, and its start, middle, end or a fold only as the rule says; a filter several readers take matches the same way on each @assumption',
  rules(
    'FD-FILTER-EXACT',
    'FD-FILTER-RULE',
    'FD-LOOKUP-EXACT',
    'FD-PROP-FILTER-SAME',
    ...OWN_RULES.flatMap((r) => cite(r.id, [], sidesOf(r))),
  ),
  async ({ fd, fdApi, fdEntities }) => {
    const violations = new Violations(FILTER_RULES);
    const checked: string[] = [];
    const leftOut: string[] = [];
    const unsettled: string[] = [];
    // The unfiltered read of a filter's reader: its sample with the other optional filters left out.
    const unfilteredRead = async (f: Filter) => {
      const base = sample(f.operation, fd, fdEntities);
      const query = { ...(base.query ?? {}) } as Record<string, unknown>;
      // A required filter has no unfiltered list: its value is the sample's, read back from the items it lists.
      const asSampled = f.parameter.required ? query[f.parameter.name] : undefined;
      for (const other of FILTERS) if (other.operation === f.operation && !other.parameter.required) delete query[other.parameter.name];
      const list = await fdApi.callOperation(f.operation, { ...base, query } as CallOptions);
      return { base, query, asSampled, list };
    };
    // A filter several readers take (FD-PROP-FILTER-SAME) is compared on one object all of them list;
    // where none is shared (a sandbox's first pages), the group is left out with that reason.
    const reads = new Map<Filter, Awaited<ReturnType<typeof unfilteredRead>>>();
    const sharedId = new Map<Filter, string>();
    const sameLeftOut: { operationId: string; reason: string }[] = [];
    for (const g of SHARED) {
      const ids = new Map<Filter, string[]>();
      for (const f of g.filters) {
        const read = await unfilteredRead(f);
        reads.set(f, read);
        ids.set(
          f,
          f.members.flatMap((m) => items(read.list.body, m).map((x) => String(x.item.id ?? ''))).filter((id) => id !== ''),
        );
      }
      const common = ids.get(g.filters[0])!.find((id) => g.filters.every((f) => ids.get(f)!.includes(id)));
      if (common !== undefined) for (const f of g.filters) sharedId.set(f, common);
      else
        for (const f of g.filters)
          sameLeftOut.push({
            operationId: f.operation.operationId,
            reason: `${f.parameter.name} (${g.key}): no object with an id listed by every reader taking it (${g.filters.map((x) => `${x.operation.operationId} ${reads.get(x)!.list.status}`).join(', ')})`,
          });
    }
    // Per filter of a group: each input sent, whether it listed the held object, and whether its answer holds more than it lists.
    const answers = new Map<Filter, Map<string, { how: string; listed: boolean; more: boolean; served: boolean }>>();
    for (const f of FILTERS) {
      const { operationId } = f.operation;
      const where = `${operationId} ${f.parameter.name}`;
      const rule = matchRule(f.kind, descriptionOf(f.operation, f.parameter));
      if (!f.members.length) {
        leftOut.push(`${where}: ${rule === 'fuzzy' ? 'a fuzzy search names no member it matches' : 'documents no member it matches'}`);
        continue;
      }
      const { base, query, asSampled, list } = reads.get(f) ?? (await unfilteredRead(f));
      const shared = sharedId.get(f);
      const held = f.members
        .flatMap((m) => items(list.body, m).map((x) => ({ ...x, member: m })))
        .find(
          (x) =>
            typeof x.value === 'string' &&
            /[a-zA-Z0-9]/.test(x.value) &&
            (asSampled === undefined || x.value === asSampled) &&
            (shared === undefined || String(x.item.id) === shared),
        );
      if (!held) {
        leftOut.push(
          `${where}: ${asSampled === undefined ? 'no listed item' : `required, and no item its sample's value lists (${list.status})`} holds ${f.members.join(' or ')}`,
        );
        continue;
      }
      const value = held.value as string;
      const lists = async (q: string) => {
        const res = await fdApi.callOperation(f.operation, { ...base, query: { ...query, [f.parameter.name]: q } } as CallOptions);
        const found = res.status >= 200 && res.status < 300 ? items(res.body, held.member) : [];
        const b = (res.body ?? {}) as Record<string, unknown>;
        return {
          listed: found.some((x) => x.value === value),
          more: holdsMore(res.body, found.length) || b.moreAvailable === true,
          served: res.status >= 200 && res.status < 300,
        };
      };
      // A filter several readers take sends every input, the ones its rule leaves unsettled too: each is compared across its readers below.
      const seen = shared === undefined ? undefined : new Map<string, { how: string; listed: boolean; more: boolean; served: boolean }>();
      if (seen) answers.set(f, seen);
      for (const input of [...tellingInputs(value, rule), ...otherMemberInputs(held.item, f.members)]) {
        const got = input.lists === undefined && !seen ? undefined : await lists(input.value);
        if (got && seen) seen.set(input.value, { how: input.how, ...got });
        if (input.lists === undefined || !got) {
          unsettled.push(`${where} ${input.how}`);
          continue;
        }
        if (got.listed !== input.lists)
          violations.add(
            operationId,
            `${f.parameter.name}=${JSON.stringify(input.value)} (${input.how})`,
            input.lists ? 'not listed' : `the item whose ${held.member} is ${JSON.stringify(value)}`,
            input.lists
              ? `the item whose ${held.member} is that value`
              : `no item: the filter matches ${input.how.endsWith('does not match)') ? `${f.members.join(', ')} only` : rule === 'exact' ? 'the whole value only' : `by ${rule}`}`,
            'fold' in input ? undefined : ownRule(f)?.id,
          );
      }
      checked.push(`${where} (${rule})`);
    }
    // FD-PROP-FILTER-SAME: every input lists the shared object on all readers or on none; an answer
    // with a later page or not a 2xx tells nothing; the smaller side is named.
    const sameChecked = new Set<string>();
    for (const g of SHARED) {
      const fs = g.filters.filter((f) => answers.has(f));
      if (fs.length < 2) continue;
      let compared = 0;
      for (const [value, first] of answers.get(fs[0])!) {
        const got = fs.map((f) => ({ f, a: answers.get(f)!.get(value) }));
        if (got.some((x) => !x.a || !x.a.served || (!x.a.listed && x.a.more))) continue;
        compared++;
        const listing = got.filter((x) => x.a!.listed);
        const not = got.filter((x) => !x.a!.listed);
        if (!listing.length || !not.length) continue;
        const [odd, rest] = listing.length < not.length ? [listing, not] : [not, listing];
        for (const x of odd)
          violations.add(
            x.f.operation.operationId,
            `${x.f.parameter.name}=${JSON.stringify(value)} (${first.how}), the object ${sharedId.get(x.f)} listed by every reader unfiltered`,
            x.a!.listed ? 'listed' : 'not listed',
            `${x.a!.listed ? 'not listed' : 'listed'}, as ${rest.map((r) => r.f.operation.operationId).join(' and ')} answer: one parameter (${g.key}) matches the same way on every reader taking it`,
          );
      }
      if (compared) for (const f of fs) sameChecked.add(f.operation.operationId);
      else
        for (const f of fs)
          sameLeftOut.push({
            operationId: f.operation.operationId,
            reason: `${f.parameter.name}: no input answered on every reader without a later page`,
          });
    }
    // The lookups by a path value: an input other than the value lists none of its objects (matched
    // whole: FD-SW-EXTERNAL, FD-ROUTING-EXACT); one outside the pattern is not sent.
    for (const l of LOOKUPS) {
      const { operationId } = l.operation;
      const where = `${operationId} ${l.parameter.name}`;
      let base: CallOptions;
      try {
        base = sampleCall(operationId as never, fd, fdEntities) as CallOptions;
      } catch (error) {
        leftOut.push(`${where}: ${(error as Error).message.split('\n')[0]}`);
        continue;
      }
      const ids = (body: unknown) => (((body as Record<string, unknown>)?.[l.items] ?? []) as { id?: unknown }[]).map((x) => String(x?.id));
      const value = String(base.path?.[l.parameter.name] ?? '');
      const first = await fdApi.callOperation(l.operation, base);
      const held = first.status === 200 ? ids(first.body) : [];
      if (!held.length) {
        leftOut.push(`${where}: its sample value lists nothing here (${first.status})`);
        continue;
      }
      for (const input of tellingInputs(value, 'exact')) {
        if (input.lists === undefined || (l.pattern && !l.pattern.test(input.value))) continue;
        // A public code (a routing number) may be one institution's several times over: not settled on a sandbox.
        if (!fd.control && l.pattern && /changed/.test(input.how)) {
          unsettled.push(`${where} ${input.how} (an object may hold several codes)`);
          continue;
        }
        const res = await fdApi.callOperation(l.operation, { ...base, path: { ...base.path, [l.parameter.name]: input.value } });
        const found = res.status >= 200 && res.status < 300 ? ids(res.body).filter((id) => held.includes(id)) : [];
        if (found.length > 0 !== input.lists)
          violations.add(
            operationId,
            `${l.parameter.name}=${JSON.stringify(input.value)} (${input.how})`,
            input.lists ? `not listed (${res.status})` : `the ${l.items} of ${JSON.stringify(value)}: ${found.join(', ')}`,
            input.lists ? `the ${l.items} of that value` : `none of them: the value is matched whole`,
            input.fold ? undefined : ownRule(l)?.id,
          );
      }
      checked.push(`${where} (exact)`);
    }
    // The lookups by a query identifier: the known value (FD_LOCATION_ID_VALUE on a sandbox) lists its
    // locations, each loose form of it none (FD-LOOKUP-EXACT), the qualifying parameters as held.
    for (const l of QUERY_LOOKUPS) {
      const { operationId } = l.operation;
      const where = `${operationId} ${l.parameter.name}`;
      const known = fd.institutions.location as Record<string, string> | undefined;
      if (!known?.[l.parameter.name]) {
        leftOut.push(`${where}: no value the target holds is known (FD_LOCATION_ID_VALUE unset)`);
        continue;
      }
      const ids = (body: unknown) =>
        (((body as Record<string, unknown>)?.[l.items] ?? []) as Record<string, unknown>[]).map((x) => String(x?.[l.id]));
      const first = await fdApi.callOperation(l.operation, { query: known });
      const held = first.status === 200 ? ids(first.body) : [];
      if (!held.length) {
        leftOut.push(`${where}: its known value lists nothing here (${first.status})`);
        continue;
      }
      for (const form of identifierForms(known[l.parameter.name])) {
        const res = await fdApi.callOperation(l.operation, { query: { ...known, [l.parameter.name]: form.value } });
        const found = res.status >= 200 && res.status < 300 ? ids(res.body).filter((id) => held.includes(id)) : [];
        if (found.length)
          violations.add(
            operationId,
            `${l.parameter.name}=${JSON.stringify(form.value)} (${form.how})`,
            `the ${l.items} of ${JSON.stringify(known[l.parameter.name])}: ${found.join(', ')}`,
            'none of them: an identifier is matched whole (FD-LOOKUP-EXACT)',
          );
      }
      checked.push(`${where} (exact identifier)`);
    }
    noteCoverage(
      `filters: ${FILTERS.length}, path lookups: ${LOOKUPS.length}, query lookups: ${QUERY_LOOKUPS.length}, ${checked.length} checked (${checked.join(', ')}); ${leftOut.length} left out (${leftOut.join('; ')}); not settled by their description, so not checked: ${unsettled.join(', ') || 'none'}`,
    );
    // Per operation: checked when one of its filters was; else left out with each filter's reason.
    const applies = [
      ...new Set([...FILTERS, ...LOOKUPS, ...QUERY_LOOKUPS].map((f) => f.operation.operationId)),
      ...NOT_TEXT.map((n) => n.operationId),
    ];
    const checkedOps = applies.filter((op) => checked.some((c) => c.startsWith(`${op} `)));
    countRule(FILTER_RULES, 'FD-FILTER-RULE', {
      applies,
      checked: checkedOps,
      exceptions: [
        ...applies
          .filter((op) => !checkedOps.includes(op) && !NOT_TEXT.some((n) => n.operationId === op))
          .map((op) => ({ operationId: op, reason: leftOut.filter((l) => l.startsWith(`${op} `)).join('; ') })),
        ...NOT_TEXT,
      ],
    });
    const sameApplies = [...new Set(SHARED.flatMap((g) => g.filters.map((f) => f.operation.operationId)))];
    countRule(FILTER_RULES, 'FD-PROP-FILTER-SAME', {
      applies: sameApplies,
      checked: [...sameChecked],
      exceptions: sameLeftOut.filter((l) => !sameChecked.has(l.operationId)),
    });
    noteCoverage(
      `filters several readers take: ${SHARED.map((g) => `${g.key} (${g.filters.map((f) => f.operation.operationId).join(', ')})`).join('; ') || 'none'}; ${sameChecked.size} readers compared; left out: ${sameLeftOut.map((l) => `${l.operationId} ${l.reason}`).join('; ') || 'none'}`,
    );
    if (leftOut.length) notePartial(`filters: ${leftOut.length} left out, each with its reason in the coverage annotation`);
    expect(checked.length, 'filters checked').toBeGreaterThan(0);
    violations.expectNone();
  },
);

const WINDOWS = windowFilters(FD_CONTRACT);
const ID_FILTERS = integerIdFilters(FD_CONTRACT);
const ORDERED = orderedReaders(FD_CONTRACT);
const DAY_S = 86_400;
const DAY_MS = DAY_S * 1000;

/** The items of an answer holding one of `keys` (every object, at any depth). */
function keyed(body: unknown, keys: string[]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  eachObject(body, (node) => !(keys.some((k) => k in node) && out.push(node)));
  return out;
}

/** The member naming each item: `id`, else the first member ending in `Id` whose values differ item to item. */
function identity(list: Record<string, unknown>[]): string | undefined {
  const names = Object.keys(list[0] ?? {}).filter((k) => k === 'id' || /Id$/.test(k));
  return ['id', ...names].find((k) => list.every((x) => x[k] !== undefined) && new Set(list.map((x) => String(x[k]))).size === list.length);
}

/** Whether a read is a page of more: a count member (found, totalRecords, totalElements) above the items listed. */
function holdsMore(body: unknown, listed: number): boolean {
  const b = (body ?? {}) as Record<string, unknown>;
  return ['found', 'totalRecords', 'totalElements'].some((k) => typeof b[k] === 'number' && (b[k] as number) > listed);
}

test(
  'every window and integer id filter keeps exactly what its window holds: each end on a held value, one unit inside and one outside it @assumption',
  rules('FD-PROP-WINDOW'),
  async ({ fd, fdApi, fdEntities }) => {
    const violations = new Violations(FILTER_RULES);
    const checked = new Set<string>();
    const leftOut: { operationId: string; reason: string }[] = [...WINDOWS.leftOut];
    // The widest read, then each telling window: every item listed exactly when inside the window.
    for (const f of WINDOWS.filters) {
      const { operationId } = f.operation;
      const names = [f.from?.parameter.name, f.to?.parameter.name].filter(Boolean).join(', ');
      const base = sample(f.operation, fd, fdEntities);
      const query = { ...(base.query ?? {}) } as Record<string, unknown>;
      if (f.pageSize) query[f.pageSize.name] = f.pageSize.max;
      // The widest read: a switch listing more when on ("whether ... are listed / included", default false) is on.
      for (const p of f.operation.parameters) {
        const s = FD_CONTRACT.resolveSchema(p.schema ?? {}) as { type?: string; default?: unknown };
        if (p.in === 'query' && s.type === 'boolean' && s.default === false && /\b(listed|included)\b/.test(descriptionOf(f.operation, p)))
          query[p.name] = true;
      }
      // A one-sided end is a filter of its own: the wide read leaves it out.
      if (!f.to && f.from) delete query[f.from.parameter.name];
      if (!f.from && f.to) delete query[f.to.parameter.name];
      const wide = await fdApi.callOperation(f.operation, { ...base, query } as CallOptions);
      const all = wide.status === 200 ? keyed(wide.body, f.keys) : [];
      const id = identity(all);
      const values = (list: Record<string, unknown>[]) =>
        [...new Set(list.map((x) => keyOf(x, f.keys)).filter((v): v is number => v !== undefined && !Number.isNaN(v)))].sort(
          (a, b) => a - b,
        );
      const held = values(all);
      // The values of the items holding the first key, and of those dated by a later one.
      const groups = [values(all.filter((x) => x[f.keys[0]] != null)), values(all.filter((x) => x[f.keys[0]] == null))];
      if (!held.length || !id || holdsMore(wide.body, all.length)) {
        leftOut.push({
          operationId,
          reason: `${names}: ${!held.length ? `its widest read lists no item holding ${f.keys.join(' or ')} (${wide.status})` : !id ? 'its items carry no id of their own' : 'its widest read holds more than a page'}`,
        });
        continue;
      }
      const edges = {
        from: f.from && f.to ? Number(query[f.from.parameter.name]) : undefined,
        to: f.from && f.to ? Number(query[f.to.parameter.name]) : undefined,
      };
      // A reader stating an order is read in each of its directions: a window kept in one and not the other shows.
      const order = ORDERED.find((o) => o.operation === f.operation);
      const directions = order
        ? order.directions.filter((d) => d.value !== undefined).map((d) => ({ [order.parameter.name]: d.value }))
        : [{}];
      for (const w of tellingWindows(f, groups, edges).flatMap((w) => directions.map((d) => ({ ...w, d })))) {
        const q = { ...query, ...w.d } as Record<string, unknown>;
        if (f.from) q[f.from.parameter.name] = w.from;
        if (f.to) q[f.to.parameter.name] = w.to;
        const res = await fdApi.callOperation(f.operation, { ...base, query: q } as CallOptions);
        // A documented 404 is the answer of a window holding nothing (GetAppRegistrationStatus).
        const none = res.status === 404 && '404' in f.operation.responses;
        if (res.status !== 200 && !none) {
          violations.add(operationId, `${w.how} ${JSON.stringify(w.d)}`, `${res.status}`, '200: a window inside the one read is served');
          continue;
        }
        const listed = none ? [] : keyed(res.body, f.keys);
        const ids = new Set(listed.map((x) => String(x[id])));
        for (const x of all) {
          const v = keyOf(x, f.keys);
          if (v === undefined || Number.isNaN(v)) continue;
          const keeps = windowKeeps(f, v, w.from, w.to);
          if (ids.has(String(x[id])) !== keeps)
            violations.add(
              operationId,
              `${w.how} ${JSON.stringify(w.d)}: the item ${id} ${x[id]} (${f.keys.join(', else ')} ${v})`,
              keeps ? 'not listed' : 'listed',
              keeps ? 'listed: inside the window' : 'not listed: outside the window',
            );
        }
        for (const x of listed) {
          const v = keyOf(x, f.keys);
          if (v !== undefined && !Number.isNaN(v) && !windowKeeps(f, v, w.from, w.to) && !all.some((a) => String(a[id]) === String(x[id])))
            violations.add(operationId, `${w.how}: the item ${id} ${x[id]} (${v})`, 'listed', 'not listed: outside the window');
        }
      }
      checked.add(operationId);
    }
    // The integer id filters: the id lists its item; its neighbours, its start and a digit more list only items holding what was sent.
    for (const f of ID_FILTERS) {
      const { operationId } = f.operation;
      const base = sample(f.operation, fd, fdEntities);
      const query = { ...(base.query ?? {}) } as Record<string, unknown>;
      delete query[f.parameter.name];
      const wide = await fdApi.callOperation(f.operation, { ...base, query } as CallOptions);
      const held = (wide.status === 200 ? items(wide.body, f.member) : []).find((x) => /^[1-9][0-9]*$/.test(String(x.value)));
      if (!held) {
        leftOut.push({ operationId, reason: `${f.parameter.name}: no listed item holds a ${f.member} (${wide.status})` });
        continue;
      }
      const v = Number(held.value);
      for (const [how, sent] of [
        ['the id as held', v],
        ['one more', v + 1],
        ['one less', v - 1],
        // Its start and the id with a digit more: a filter comparing the id as text (a prefix) lists the held item for them.
        ...(v >= 10 ? [['its start, a digit fewer', Math.floor(v / 10)] as const] : []),
        ['a digit more', v * 10 + 1],
      ] as const) {
        const res = await fdApi.callOperation(f.operation, { ...base, query: { ...query, [f.parameter.name]: sent } } as CallOptions);
        const listed = res.status === 200 ? items(res.body, f.member) : [];
        const others = listed.filter((x) => Number(x.value) !== sent).map((x) => String(x.value));
        if (sent === v && !listed.some((x) => Number(x.value) === v))
          violations.add(
            operationId,
            `${f.parameter.name}=${sent} (${how})`,
            `no item holding it (${res.status})`,
            `the items whose ${f.member} is ${v}`,
          );
        if (others.length)
          violations.add(
            operationId,
            `${f.parameter.name}=${sent} (${how})`,
            `items whose ${f.member} is ${others.join(', ')}`,
            `only items whose ${f.member} is ${sent}: an id is exact`,
          );
      }
      checked.add(operationId);
    }
    const applies = [
      ...new Set([...WINDOWS.filters, ...ID_FILTERS].map((f) => f.operation.operationId)),
      ...WINDOWS.leftOut.map((l) => l.operationId),
    ];
    noteCoverage(
      `windows: ${WINDOWS.filters.length}, integer ids: ${ID_FILTERS.length}; ${checked.size} readers checked (${[...checked].join(', ')}); left out: ${leftOut.map((l) => `${l.operationId} ${l.reason}`).join('; ') || 'none'}`,
    );
    countRule(FILTER_RULES, 'FD-PROP-WINDOW', {
      applies: [...new Set(applies)],
      checked: [...checked],
      exceptions: leftOut.filter((l) => !checked.has(l.operationId)),
    });
    if (leftOut.length) notePartial(`windows: ${leftOut.length} left out, each with its reason in the coverage annotation`);
    expect(checked.size, 'window and id filters checked').toBeGreaterThan(0);
    violations.expectNone();
  },
);

test(
  "every reader stating an order lists in it, each direction and the default, on the widest page and on each smaller page, and across a year's end and a month's end",
  // The transactions lists' order (FD-TXN-SORT, the rule stating their sort parameter) is judged by this property on both lists.
  rules('FD-PROP-ORDER', 'FD-TXN-SORT@txn-all', 'FD-TXN-SORT@txn-account'),
  async ({ fd, fdApi, fdEntities, fdPowers, createCustomer }) => {
    const violations = new Violations(FILTER_RULES);
    const checked = new Set<string>();
    const leftOut: { operationId: string; reason: string }[] = [];
    for (const o of ORDERED) {
      const { operationId } = o.operation;
      const base = sample(o.operation, fd, fdEntities);
      let judged = 0;
      for (const d of o.directions) {
        const query = { ...(base.query ?? {}) } as Record<string, unknown>;
        if (d.value === undefined) delete query[o.parameter.name];
        else query[o.parameter.name] = d.value;
        const how = d.value === undefined ? `${o.parameter.name} left out (${d.direction})` : `${o.parameter.name}=${d.value}`;
        const whole = await fdApi.callOperation(o.operation, {
          ...base,
          query: { ...query, ...(o.pageSize ? { [o.pageSize.name]: o.pageSize.max } : {}) },
        } as CallOptions);
        const list = whole.status === 200 ? keyed(whole.body, o.keys) : [];
        const pages: { how: string; list: Record<string, unknown>[] }[] = [{ how: `${how}, the widest page`, list }];
        // Smaller pages (a third of the list each): each in the order too.
        if (o.pageSize && list.length >= 3) {
          const size = Math.ceil(list.length / 3);
          const start = o.operation.parameters.find((p) => p.in === 'query' && p.name === 'start');
          for (let page = 1; page <= (start ? 3 : 1); page++) {
            const res = await fdApi.callOperation(o.operation, {
              ...base,
              query: { ...query, [o.pageSize.name]: size, ...(start ? { start: page } : {}) },
            } as CallOptions);
            if (res.status === 200)
              pages.push({ how: `${how}, ${o.pageSize.name}=${size}${start ? ` start=${page}` : ''}`, list: keyed(res.body, o.keys) });
          }
        }
        for (const p of pages) {
          if (p.list.length > 1) judged++;
          const first = disorder(p.list, o.keys, d.direction);
          // Where the catalogue states the reader's order parameter (Rule.parameters: the transactions lists' sort, seed 002
          // Transactions: by transactionDate, by postedDate when none exists), a disorder breaks that rule, else this property's.
          if (first)
            violations.add(
              operationId,
              p.how,
              `out of order: ${first}`,
              `${d.direction} by ${o.keys.join(', else ')}`,
              PARAMETER_RULES.get(`${operationId} ${o.parameter.name}`)?.id,
            );
        }
      }
      if (judged) checked.add(operationId);
      else
        leftOut.push({ operationId, reason: `${o.parameter.name}: its sample lists fewer than two items holding ${o.keys.join(' or ')}` });
    }
    // The documented calendar scenario as fixed examples, on every run (seed 002, Transactions: the lists sort by transactionDate,
    // postedDate when none): each windowed reader's one list holding items on both sides of a year's end and of a month's end,
    // read asc and desc, judged in date order (an order kept by a date's text, month/day/year, breaks only across a year's end).
    // The mock's clock is set to the next 20 January and a customer of the check's own linked then: its history (seed 002,
    // standard aggregation reaches 180 days back) holds both ends. A sandbox's linked customer holds them where its history does.
    const calendar = ORDERED.filter((o) => ['fromDate', 'toDate'].every((n) => o.operation.parameters.some((p) => p.name === n)));
    if (calendar.length) {
      let who = { customerId: String(fdEntities.customerId), accountId: undefined as string | undefined };
      if (fd.kind === 'mock') {
        const year = new Date(fd.now() + 2 * DAY_MS).getUTCFullYear();
        const january = Date.parse(`${year}-01-20T12:00:00Z`);
        await fdPowers.setClock(january > fd.now() + DAY_MS ? january : Date.parse(`${year + 1}-01-20T12:00:00Z`));
        const own = await ownLinkedCustomer(fdPowers, createCustomer);
        who = { customerId: own.customerId, accountId: String(own.account('checking').id) };
      }
      // A week back, so the days after each end are history whatever the run's day: the year's first day, and the first day
      // of the month before (the two are one on a run in January's first week).
      const weekAgo = new Date(fd.now() - 7 * DAY_MS);
      const ends = [
        ["a year's end", Date.UTC(weekAgo.getUTCFullYear(), 0, 1) / 1000],
        ["a month's end", Date.UTC(weekAgo.getUTCFullYear(), weekAgo.getUTCMonth() - 1, 1) / 1000],
      ] as const;
      for (const o of calendar) {
        const { operationId } = o.operation;
        const base = sample(o.operation, fd, fdEntities) as CallOptions;
        const path = {
          ...(base.path ?? {}),
          customerId: who.customerId,
          ...(who.accountId && base.path?.accountId ? { accountId: who.accountId } : {}),
        };
        for (const [what, first] of ends)
          for (const d of o.directions.filter((x) => x.value !== undefined)) {
            const query = { ...(base.query ?? {}), fromDate: first - 6 * DAY_S, toDate: first + 6 * DAY_S, [o.parameter.name]: d.value };
            const res = await fdApi.callOperation(o.operation, {
              ...base,
              path,
              query: { ...query, ...(o.pageSize ? { [o.pageSize.name]: o.pageSize.max } : {}) },
            } as CallOptions);
            const list = res.status === 200 ? keyed(res.body, o.keys) : [];
            const sides = [list.some((x) => keyOf(x, o.keys)! < first), list.some((x) => keyOf(x, o.keys)! >= first)];
            const how = `over ${what} (${new Date(first * 1000).toISOString().slice(0, 10)} ±6 days), ${o.parameter.name}=${d.value}`;
            if (!sides.every(Boolean)) {
              // The mock's history holds both sides by construction: a list without them is no judgement made, never a pass.
              expect(
                fd.kind === 'mock' ? `${res.status}, sides ${sides.join('/')}` : '200, sides true/true',
                `${operationId} ${how}: items on both sides of the end`,
              ).toBe('200, sides true/true');
              notePartial(`${operationId} ${how}: the linked customer's history holds no items on both sides`);
              continue;
            }
            const out = disorder(list, o.keys, d.direction);
            if (out)
              violations.add(
                operationId,
                how,
                `out of order: ${out}`,
                `${d.direction} by ${o.keys.join(', else ')}`,
                PARAMETER_RULES.get(`${operationId} ${o.parameter.name}`)?.id,
              );
          }
      }
    }
    noteCoverage(
      `ordered readers: ${ORDERED.map((o) => `${o.operation.operationId} ${o.parameter.name} by ${o.keys.join(', else ')}`).join('; ')}; ${checked.size} checked; left out: ${leftOut.map((l) => `${l.operationId} ${l.reason}`).join('; ') || 'none'}`,
    );
    countRule(FILTER_RULES, 'FD-PROP-ORDER', {
      applies: ORDERED.map((o) => o.operation.operationId),
      checked: [...checked],
      exceptions: leftOut,
    });
    expect(checked.size, 'readers stating an order checked').toBeGreaterThan(0);
    violations.expectNone();
  },
);
