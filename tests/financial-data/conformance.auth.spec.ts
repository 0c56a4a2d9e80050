// Covers: every operation of the financial data contract: the security requirement of seed 002,
// Authentication: the app key header on every call, a valid app token (two hours) on all but CreateToken
// and ModifyPartnerSecret, under the configured header names (FD_HEADER_NAMES).
import {
  loadContract,
  type CallOptions,
  expect,
  expectFdError,
  FD_HEADERS,
  fdAuthHeaders,
  rules,
  inWords,
  checkEachOperation,
  type OperationClient,
  test,
  TOKEN_AGES,
  withConflict,
} from '../../fixtures/financial-data.js';
import type { ApiResponse } from '../../helpers/client/client.js';
import { conflictSites } from '../../helpers/contract/conflicts.js';

const contract = await loadContract('financial-data');
const operations = [...contract.operations.values()];
const needsToken = (op: (typeof operations)[number]) => op.security.every((alt) => alt.includes('PartnerAppToken'));
const { appKey: KEY, appToken: TOKEN } = FD_HEADERS;

type Op = (typeof operations)[number];
const documents401 = (op: Op) => Boolean(op.responses['401']);

// seed 002, Businesses: some operations document no 401; the seed still requires both headers
// (default security), so the most the suite can assert is that the call does not succeed.
// Nor does any document say which status refuses them a missing or wrong credential: seed 002, Errors gives 401 "Unauthorized" as
// the interface's refusal of a credential, and the provider's security requirement covers every operation. A 401 there is judged
// as documented, with the 401 answer the operations listing it declare (provider 1.35.0 UnauthorizedErrorResponse); any other
// refusal as the operation documents it.
const UNAUTHORIZED = operations.find(documents401)!.responses['401']!;
const refusing = (op: Op): Op => (documents401(op) ? op : { ...op, responses: { ...op.responses, '401': UNAUTHORIZED } });

async function expectRefused(op: Op, res: { status: number; operation: any; text: string }, what: string) {
  if (documents401(op)) expectFdError(res as any, 401, what);
  else expect(res.status, `${op.operationId} ${what}: a documented status that is not a success`).toBeGreaterThanOrEqual(400);
}

/** One test per aspect and group of operations; an operation meeting a conflict (conflicts.yaml) is a test of its own. */
interface Group {
  label: string;
  ops: Op[];
  has401: boolean;
  conflicts: string[];
}
function groups(ops: Op[], rule?: string): Group[] {
  const sites = (op: Op) => (rule ? conflictSites('financial-data', rule, op.operationId) : []);
  const out: Group[] = [];
  for (const has401 of [true, false]) {
    const plain = ops.filter((op) => documents401(op) === has401 && sites(op).length === 0);
    if (plain.length) out.push({ label: `every operation documenting ${has401 ? 'a' : 'no'} 401`, ops: plain, has401, conflicts: [] });
    for (const op of ops.filter((o) => documents401(o) === has401 && sites(o).length > 0))
      out.push({ label: op.operationId, ops: [op], has401, conflicts: sites(op) });
  }
  return out;
}
const with401 = (g: Group) => (g.has401 ? ' with 401' : '');
const tokenOps = operations.filter(needsToken);

/** Answers without one of the headers, kept per worker: the seed's refusal and the 401 body (@provider) read one answer. */
const withoutHeader = new Map<string, ApiResponse>();
async function callWithout(fdApi: OperationClient, op: Op, call: CallOptions, headers: Record<string, string>): Promise<ApiResponse> {
  const key = JSON.stringify([op.operationId, { ...call, auth: undefined }, headers]);
  const kept = withoutHeader.get(key);
  if (kept) return kept;
  const res = await fdApi.callOperation(op, { ...call, auth: () => headers });
  if (documents401(op)) withoutHeader.set(key, res); // only those have a 401-body test to read it
  return res;
}

for (const g of groups(operations)) {
  test(
    `${g.label} refuses a call without ${KEY}${with401(g)} @smoke`,
    rules('FD-AUTH-KEY-REQUIRED'),
    async ({ fdApi, fd, fdTokens, fdEntities }) => {
      const token = await fdTokens.get();
      await checkEachOperation(g.ops, fd, fdEntities, async (op, call: CallOptions) => {
        const res = await callWithout(fdApi, refusing(op), call, needsToken(op) ? fdAuthHeaders(undefined, token) : {});
        await expectRefused(op, res, 'no app key');
      });
    },
  );

  // seed 002, Authentication: the app key is the dashboard's, compared whole: a key with a suffix,
  // truncated or its last character changed is another key, each passed by another lax comparison.
  test(
    `${g.label} refuses an unknown or altered ${KEY}${with401(g)}`,
    rules('FD-AUTH-KEY-WHOLE:refuse'),
    async ({ fdApi, fd, fdTokens, fdEntities }) => {
      const token = await fdTokens.get();
      const last = fd.appKey.slice(-1);
      const altered = {
        'with a suffix': `${fd.appKey}0`,
        truncated: fd.appKey.slice(0, -1),
        'last character changed': fd.appKey.slice(0, -1) + (last === 'a' ? 'b' : 'a'),
      };
      await checkEachOperation(
        g.ops,
        fd,
        fdEntities,
        async (op, call) => {
          for (const [what, key] of Object.entries(altered)) {
            const res = await fdApi.callOperation(refusing(op), { ...call, auth: () => fdAuthHeaders(key, token) });
            await expectRefused(op, res, `app key ${what}`);
          }
          // seed 002, Limits: failed authentications in a row lock the partner. A sandbox may count these
          // refused token requests; a token with the right key ends the run of failures.
          if (op.operationId === 'CreateToken') await fdApi.callOperation(op, call);
        },
        Object.keys(altered).length,
      );
    },
  );

  if (!g.has401) continue;

  test(
    `${g.label} answers a missing ${KEY} with the 401 error body it declares @provider`,
    rules('FD-AUTH-401-NAMES-HEADER'),
    async ({ fdApi, fd, fdTokens, fdEntities }) => {
      const token = await fdTokens.get();
      await checkEachOperation(g.ops, fd, fdEntities, async (op, call) => {
        const res = await callWithout(fdApi, op, call, needsToken(op) ? fdAuthHeaders(undefined, token) : {});
        expectFdError(res, 401, 'no app key');
      });
    },
  );
}

// seed 002, Authentication: the token on all but CreateToken and ModifyPartnerSecret.
for (const g of groups(tokenOps, 'FD-AUTH-TOKEN-REQUIRED')) {
  test(
    `${g.label} refuses a call without ${TOKEN}${with401(g)}`,
    withConflict(rules('FD-AUTH-TOKEN-REQUIRED'), ...g.conflicts),
    async ({ fdApi, fd, fdEntities }) => {
      await checkEachOperation(g.ops, fd, fdEntities, async (op, call) => {
        const res = await callWithout(fdApi, refusing(op), call, fdAuthHeaders(fd.appKey));
        await expectRefused(op, res, 'no token');
      });
    },
  );
}

for (const g of groups(tokenOps)) {
  if (g.has401)
    test(
      `${g.label} answers a missing ${TOKEN} with the 401 error body it declares @provider`,
      rules('FD-AUTH-401-NAMES-HEADER'),
      async ({ fdApi, fd, fdEntities }) => {
        await checkEachOperation(g.ops, fd, fdEntities, async (op, call) => {
          const res = await callWithout(fdApi, op, call, fdAuthHeaders(fd.appKey));
          expectFdError(res, 401, 'no token');
        });
      },
    );

  test(`${g.label} refuses an invalid ${TOKEN}${with401(g)}`, rules('FD-AUTH-TOKEN-REQUIRED'), async ({ fdApi, fd, fdEntities }) => {
    await checkEachOperation(g.ops, fd, fdEntities, async (op, call) => {
      const res = await fdApi.callOperation(refusing(op), {
        ...call,
        auth: () => fdAuthHeaders(fd.appKey, 'fdtk_not-a-token-the-target-issued'),
      });
      await expectRefused(op, res, 'invalid token');
    });
  });

  test(
    `${g.label} refuses a token older than ${inWords(TOKEN_AGES.validMs / 3_600_000)} hours${with401(g)} @mock-only`,
    rules('FD-TOKEN-LIFETIME:refuse'),
    async ({ fdApi, fd, fdEntities, fdTokens, fdPowers }) => {
      await checkEachOperation(g.ops, fd, fdEntities, async (op, call) => {
        const token = await fdTokens.get();
        // seed 002, Limits: a token's lifetime; age it just past that on the virtual clock.
        await fdPowers.advanceClock((TOKEN_AGES.validMs - (fdTokens.age() ?? 0)) / 1000 + 1);
        const res = await fdApi.callOperation(refusing(op), { ...call, auth: () => fdAuthHeaders(fd.appKey, token) });
        await expectRefused(op, res, 'expired token');
      });
    },
  );
}

// seed 002, Authentication: the key and token headers carry the key and token themselves; each other
// form a lax server might take is refused under both security requirements. A header sent twice is one
// comma-separated list (RFC 9110 section 5.3); spaces around a value are not tried (HTTP drops them).
const FORM_OPS = new Set(['CreateToken', 'GetCustomers', 'GetCustomer', 'GetInstitutions', 'GetCertifiedInstitutions']);
const swapCase = (s: string) => [...s].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
const headerForms = (value: string): [string, string][] => [
  ['after Bearer', `Bearer ${value}`],
  ['after Basic', `Basic ${value}`],
  ['sent twice', `${value}, ${value}`],
  ['in the other case', swapCase(value)],
];

test(
  `refuses ${KEY} and ${TOKEN} in any other form than the key and the token themselves, or from any other place than their own headers, with 401, under both security requirements`,
  rules('FD-AUTH-HEADER-FORM'),
  async ({ fdApi, fd, fdTokens, fdEntities }) => {
    const token = await fdTokens.get();
    const tokenForms: [string, string][] = [
      ...headerForms(token),
      ['with a character added', `${token}0`],
      ['without its last character', token.slice(0, -1)],
    ];
    const ops = operations.filter((op) => FORM_OPS.has(op.operationId));
    expect(ops.map((op) => op.operationId).sort(), 'the operations of the check are in the contract').toEqual([...FORM_OPS].sort());
    await checkEachOperation(
      ops,
      fd,
      fdEntities,
      async (op, call) => {
        const accepted: string[] = [];
        const tokenOf = needsToken(op) ? token : undefined;
        for (const [how, key] of headerForms(fd.appKey)) {
          if (key === fd.appKey) continue; // a key without letters of that case
          const res = await fdApi.callOperation(op, { ...call, auth: () => fdAuthHeaders(key, tokenOf) });
          if (res.status !== 401) accepted.push(`${KEY} ${how}: ${res.status}`);
          // seed 002: failed authentications in a row lock the partner; a token with the right key ends the run.
          if (op.operationId === 'CreateToken') await fdApi.callOperation(op, { ...call, auth: () => fdAuthHeaders(fd.appKey) });
        }
        if (needsToken(op))
          for (const [how, altered] of tokenForms) {
            if (altered === token) continue;
            const res = await fdApi.callOperation(op, { ...call, auth: () => fdAuthHeaders(fd.appKey, altered) });
            if (res.status !== 401) accepted.push(`${TOKEN} ${how}: ${res.status}`);
          }
        // From another place than its own header (seed 002: security schemes in request headers), its own left out.
        const elsewhere: [string, CallOptions][] = [
          [`${KEY} in the query`, { ...call, query: { ...call.query, [KEY]: fd.appKey }, auth: () => fdAuthHeaders(undefined, tokenOf) }],
          ...(tokenOf
            ? ([
                [`${TOKEN} in the query`, { ...call, query: { ...call.query, [TOKEN]: tokenOf }, auth: () => fdAuthHeaders(fd.appKey) }],
                [
                  `${TOKEN} in Authorization`,
                  { ...call, auth: () => ({ ...fdAuthHeaders(fd.appKey), authorization: `Bearer ${tokenOf}` }) },
                ],
              ] as [string, CallOptions][])
            : []),
        ];
        for (const [how, options] of elsewhere) {
          const res = await fdApi.callOperation(op, options);
          if (res.status !== 401) accepted.push(`${how}: ${res.status}`);
          if (op.operationId === 'CreateToken') await fdApi.callOperation(op, { ...call, auth: () => fdAuthHeaders(fd.appKey) });
        }
        expect(accepted, 'every other form or place of the headers is refused').toEqual([]);
      },
      2 * headerForms('').length + 9,
    );
  },
);
