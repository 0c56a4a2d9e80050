// Covers: every filter taking several values in one (multiValuedFilters), each with its documented
// combination (FD-FILTER-COMBINATION): the certified searches' product types keep institutions certified
// for ALL (provider 1.35.0 ProductTypesParameter: "type=voa,voi,ach"), the experiences' product codes
// keep those with ANY ("have one of these product codes"); one value gives what it gives alone.
import {
  expect,
  FD_CONTRACT,
  notePartial,
  PAGE_MAX,
  rules,
  test,
  type FdOperationId,
  type OperationClient,
} from '../../fixtures/financial-data.js';
import { multiValuedFilters, parameterReaders } from '../../helpers/contract/filters.js';
import { experienceAppName } from '../../fixtures/examples/fd-samples/connect.js';
import type { FdTarget } from '../../helpers/target/financial-data.js';
import type { Json, Operation } from '../../helpers/contract/contract.js';

const { descriptionOf, schemaOf } = parameterReaders(FD_CONTRACT);

/** Every multi-valued filter or member of the contract. */
const MULTI = multiValuedFilters(FD_CONTRACT, descriptionOf, schemaOf);
const key = (m: { operation: Operation; at: string }) => `${m.operation.operationId} ${m.at}`;

/** Why each multi-valued member without a combination check here is left out. */
const LEFT_OUT: [RegExp, string][] = [
  [
    / supportedCountries$/,
    'the service serves the US region only (seed 002): every institution is of the one country, so all-of and any-of give the same list',
  ],
  [
    / index$/,
    'statement indexes name statements, not a filter of listed objects (statements.details.spec.ts checks each index asked is detailed, in order)',
  ],
  [/ include$/, 'sections of one answer, not a filter of objects (payments-data.bundle.spec.ts checks each section asked)'],
  [
    / accountIds$|payrollAccountIds$/,
    'a report or recurring-transactions scope: one report per combination is a generation each (reports-*.account-ids checks the accounts covered)',
  ],
  [/timeIntervalTypes$|analytics$|findTransactionCategory$/, 'options of a report generation, not a filter of listed objects'],
  [
    /signature$|condition\.(in|ex)cludes$|filterAccounts$|accountClassificationType$/,
    'values stored or sent on, not a filter of an answer',
  ],
];

interface Combination {
  /** all: objects matching every value; any / each: objects matching one of them. */
  how: 'all' | 'any' | 'each';
  /** The ids of the objects an answer lists. */
  ids: (body: Json) => string[];
  /** Two values of the filter telling all-of from any-of on these objects, and a query or path around them. */
  setup: (
    api: OperationClient,
    fd: FdTarget,
  ) => Promise<
    | { base: Record<string, Json>; path?: Record<string, string>; values: [string, string]; known?: (value: string[]) => string[] }
    | undefined
  >;
}

const PRODUCTS = ['transAgg', 'ach', 'stateAgg', 'voi', 'voa', 'aha', 'availBalance', 'accountOwner'];

/** The certified searches: two products each held by some listed institution, and by some without the other. */
const certified = (op: FdOperationId): Combination => ({
  how: 'all',
  ids: (body) => (body.institutions ?? []).map((i: Json) => String(i.id)),
  setup: async (api) => {
    const all = await api.call(op, { query: { limit: PAGE_MAX } });
    const listed = (all.body.institutions ?? []) as Json[];
    if (all.body.found > listed.length) return undefined; // not the whole catalogue on one page
    const has = (p: string) => new Set(listed.filter((i) => i[p] === true).map((i) => String(i.id)));
    for (const a of PRODUCTS)
      for (const b of PRODUCTS) {
        const [A, B] = [has(a), has(b)];
        const both = [...A].filter((x) => B.has(x));
        if (a < b && both.length && both.length < A.size && both.length < B.size)
          return {
            base: { limit: PAGE_MAX },
            values: [a, b],
            known: (vs) => listed.filter((i) => vs.every((v) => i[v] === true)).map((i) => String(i.id)),
          };
      }
    return undefined;
  },
});

/** The experiences of the configured application: two codes, each of some experience and not of all. */
const experiences: Combination = {
  how: 'any',
  ids: (body) => (Array.isArray(body) ? body : []).map((e: Json) => String(e.id)),
  setup: async (api, fd) => {
    const appName = experienceAppName(fd);
    if (!appName) return undefined;
    const all = await api.call('GetAllExperience', { query: { appName } });
    const listed = (Array.isArray(all.body) ? all.body : []) as Json[];
    const codes = [...new Set(listed.flatMap((e) => (e.productCode ?? []) as string[]))];
    const known = (vs: string[]) => listed.filter((e) => vs.some((v) => (e.productCode ?? []).includes(v))).map((e) => String(e.id));
    // A code no experience has stands for the second value when the application's experiences share one code.
    const [a, b] = codes.length > 1 ? codes : [codes[0], 'ZZ'];
    return a === undefined ? undefined : { base: { appName }, values: [a, b], known };
  },
};

const COMBINATIONS: Record<string, Combination> = {
  'GetCertifiedInstitutions type': certified('GetCertifiedInstitutions'),
  'GetCertifiedInstitutionsWithRSSD type': certified('GetCertifiedInstitutionsWithRSSD'),
  'GetAllExperience productCode': experiences,
};

test(
  `each multi-valued filter keeps its documented combination: two values as the contract says, one value as alone (${Object.keys(COMBINATIONS).join(', ')})`,
  rules('FD-FILTER-COMBINATION', 'FD-INST-PRODUCT-TYPE:refuse@certified', 'FD-INST-PRODUCT-TYPE:refuse@rssd'),
  async ({ fdApi, fd }) => {
    const wrong: string[] = [];
    const covered: string[] = [];
    const leftOut: string[] = [];
    for (const m of MULTI) {
      const combination = COMBINATIONS[key(m)];
      if (!combination) {
        const reason = LEFT_OUT.find(([re]) => re.test(key(m)))?.[1];
        expect(reason, `${key(m)}: a multi-valued member with neither a combination check nor a reason`).toBeDefined();
        leftOut.push(`${key(m)}: ${reason}`);
        continue;
      }
      const op = m.operation.operationId as FdOperationId;
      const setup = await combination.setup(fdApi, fd);
      if (!setup) {
        leftOut.push(`${key(m)}: no two values telling the combinations apart on this target`);
        continue;
      }
      covered.push(key(m));
      const sep = m.separator === ' ' ? ' ' : ',';
      const listed = async (values: string[]) => {
        const res = await fdApi.call(op, { path: setup.path, query: { ...setup.base, [m.at]: values.join(sep) } });
        if (res.status !== 200) wrong.push(`${key(m)}=${values.join(sep)}: ${res.status}`);
        return combination.ids(res.body).sort();
      };
      const [a, b] = setup.values;
      const [one, other, both] = [await listed([a]), await listed([b]), await listed([a, b])];
      const expected = combination.how === 'all' ? one.filter((x) => other.includes(x)) : [...new Set([...one, ...other])].sort();
      if (JSON.stringify(both) !== JSON.stringify(expected))
        wrong.push(`${key(m)}=${a}${sep}${b}: ${both.length} listed, ${expected.length} expected (${combination.how} of them)`);
      if (setup.known) {
        for (const vs of [[a], [b], [a, b]]) {
          const got = vs.length === 2 ? both : vs[0] === a ? one : other;
          const known = setup.known(vs).sort();
          if (JSON.stringify(got) !== JSON.stringify(known))
            wrong.push(`${key(m)}=${vs.join(sep)}: ${got.length} listed, ${known.length} known objects match`);
        }
      }
    }
    test.info().annotations.push({
      type: 'filter-coverage',
      description: `financial-data: ${MULTI.length} multi-valued members in the contract; ${covered.length} checked (${covered.join(', ')}); ${leftOut.length} left out (${leftOut.join('; ')})`,
    });
    if (leftOut.length)
      notePartial(`multi-valued filters: ${leftOut.length} left out, each with its reason in the filter-coverage annotation`);
    expect(covered.length, 'multi-valued filters checked').toBeGreaterThan(0);
    expect(wrong, 'every multi-valued filter keeps its combination').toEqual([]);
  },
);
