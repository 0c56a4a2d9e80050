// Covers: GetCustomerAccountMultipleStatement (v3), its assets (GetAssetByCustomerID) against
// GetCustomerAccountStatement (v1) - seed 002, Statements, Limits (up to 24); provider 1.35.0
// StatementIndexesParameter (1-24, higher older). A 25th index a 400: this contract's assumption.
import {
  expect,
  expectFdError,
  expectToBe,
  expectTruthy,
  FD_CONTRACT,
  given,
  rangeOf,
  rules,
  test,
  underRule,
} from '../../fixtures/financial-data.js';
import { oneOfEachType } from './statements.known.js';

// The statements an account offers (seed 002, Limits: statement details up to the contract's StatementIndex maximum).
const STATEMENTS = rangeOf(FD_CONTRACT, 'StatementIndex').max!;
const ALL = Array.from({ length: STATEMENTS }, (_, i) => String(i + 1));

// provider 1.35.0 StatementIndexesParameter: "details of statements with comma-separated indexes";
// neither the order of the details nor what an index asked twice gives is stated, so each answer's
// indexes are compared as a set with those asked. That a higher index is older, over the whole range,
// is the index-order property's (properties.index-order.spec.ts, FD-PROP-INDEX-ORDER).
const ASKED = ['2', '3', '1', '12', '1', '2', '2'];
const SERVED = [['1'], [`${STATEMENTS}`], ['1', `${STATEMENTS}`], ALL, ASKED];
const REFUSED = [['0'], [`${STATEMENTS + 1}`], ['1', `${STATEMENTS + 1}`], ['0', '1']];

test(
  `statement indexes 1 to ${STATEMENTS}, up to ${STATEMENTS} of them, give a detail for each index asked and none other; an index 0 or ${STATEMENTS + 1} is refused with 400, on every account type @provider`,
  rules('FD-STMT-INDEXES-RANGE:accept', 'FD-STMT-INDEXES-RANGE:refuse', 'FD-STMT-DETAILS-MAX:accept', 'FD-STMT-INDEX-ORDER'),
  async ({ fdApi, linkedCustomer }) => {
    const accounts = oneOfEachType(linkedCustomer);
    expect(accounts.length, 'the linked customer has accounts to read').toBeGreaterThan(0);
    for (const { type, path } of accounts) {
      for (const asked of SERVED) {
        const index = asked.join(',');
        const res = await fdApi.call('GetCustomerAccountMultipleStatement', { path, query: { index } });
        // Each judgement filed under the rule stating what it judges: served at all, the range's (its ends) or the limit's
        // (all of them); the details given, a detail for each index asked carrying that index, the detail rule's.
        const rule = asked === ALL ? 'FD-STMT-DETAILS-MAX' : asked.length <= 2 ? 'FD-STMT-INDEXES-RANGE' : 'FD-STMT-INDEX-ORDER';
        underRule(test.info(), rule, () => expect(res.status, `${type}: index ${index}`).toBe(200));
        const indexes = (res.body.statements as { index: string }[]).map((s) => String(s.index));
        // seed 002, Limits: statement details up to ${STATEMENTS}; all of them asked, all of them given.
        if (asked === ALL) underRule(test.info(), rule, () => expect(indexes, `${type}: ${STATEMENTS} indexes`).toHaveLength(STATEMENTS));
        underRule(test.info(), 'FD-STMT-INDEX-ORDER', () =>
          expect([...new Set(indexes)].sort(), `${type}: index ${index}, a detail for each index asked`).toEqual(
            [...new Set(asked)].sort(),
          ),
        );
      }
      for (const asked of REFUSED) {
        const res = await fdApi.call('GetCustomerAccountMultipleStatement', { path, query: { index: asked.join(',') } });
        underRule(test.info(), 'FD-STMT-INDEXES-RANGE', () =>
          expectFdError(res, 400, `${type}: ${asked.length} indexes, ${asked.slice(0, 2).join(',')}...`),
        );
      }
    }
  },
);

test(
  `${STATEMENTS + 1} indexes, each in range, are refused with 400, on every account type @assumption`,
  rules('FD-STMT-DETAILS-MAX:refuse'),
  async ({ fdApi, linkedCustomer }) => {
    for (const { type, path } of oneOfEachType(linkedCustomer))
      expectFdError(
        await fdApi.call('GetCustomerAccountMultipleStatement', { path, query: { index: [...ALL, '1'].join(',') } }),
        400,
        `${type}: ${STATEMENTS + 1} indexes`,
      );
  },
);

test(
  "each detail's asset id downloads the statement of that index, the same PDF as v1, on every account type; another customer gets 404",
  rules('FD-STMT-ASSET-LINK@asset-statement', 'FD-ASSET-OWNER@asset-statement'),
  async ({ fdApi, fd, linkedCustomer, createCustomer }) => {
    const stranger = await createCustomer('testing');
    for (const { type, path } of oneOfEachType(linkedCustomer)) {
      // Every index (seed 002, Statements: the asset id of a detail is then used with the asset retrieval), so a detail dated
      // another month than its index says (a month's end past an earlier month's last day) is told apart on any day.
      const asked = ALL;
      // The details carrying the indexes asked is this check's set-up (the detail rule's, judged above): an asset is
      // compared with the v1 statement of the index its detail names.
      const details = await given(
        `the details of indexes 1 to ${STATEMENTS}, each carrying its index`,
        'FD-STMT-INDEX-ORDER',
        async () => {
          const res = await fdApi.call('GetCustomerAccountMultipleStatement', { path, query: { index: asked.join(',') } });
          expect(res.status, type).toBe(200);
          const got = res.body.statements as { index: string; id?: string }[];
          expect(got.map((d) => String(d.index)).sort(), `${type}: the indexes of the details`).toEqual([...asked].sort());
          return got;
        },
        'GetCustomerAccountMultipleStatement',
      );
      for (const detail of details as { index: string; id?: string; code?: string }[]) {
        const what = `${type}: statement ${detail.index}`;
        // Seed 002, Statements: up to 24 months depending on the institution. A month it does not hold is a detail without an
        // asset id carrying its code (provider 1.35.0 CustomerAccountMultipleStatements example: index 2, code 960, "statement
        // not found."), and its v1 statement is not found either. The most recent one is always held.
        if (!detail.id && detail.code !== undefined && detail.index !== '1') {
          const v1 = await fdApi.call('GetCustomerAccountStatement', {
            path,
            query: { index: Number(detail.index) },
            headers: { accept: 'application/pdf, application/octet-stream' },
          });
          // Step-free when they hold (fixtures/assertions/quiet.ts): every statement of every account is read so, in turn.
          expectToBe(v1.status, 404, `${what}: not held in its detail (code ${detail.code}), nor by v1`);
          continue;
        }
        expectTruthy(detail.id, `${what} carries an asset id`);
        const asset = await fdApi.call('GetAssetByCustomerID', {
          path: { customerId: linkedCustomer.customerId, assetId: detail.id! },
          headers: { accept: 'application/octet-stream' },
        });
        expectToBe(asset.status, 200, `asset of ${what}`);
        const v1 = await fdApi.call('GetCustomerAccountStatement', {
          path,
          query: { index: Number(detail.index) },
          headers: { accept: 'application/pdf' },
        });
        expectToBe(v1.status, 200, `v1 ${what}`);
        expectToBe(asset.text.slice(0, 5), '%PDF-', `asset of ${what} is a PDF`);
        // The mock renders a statement the same way each time (a known answer); a real institution
        // may stamp each rendering, so on a sandbox the two are only required to be PDFs.
        if (fd.control)
          expectToBe(
            asset.text === v1.text
              ? 'the v1 statement of its index'
              : `another PDF (${asset.text.length} bytes) than v1 gives (${v1.text.length} bytes)`,
            'the v1 statement of its index',
            `asset of ${what}: received, documented the v1 statement of index ${detail.index}`,
          );
        const refusal = await fdApi.call('GetAssetByCustomerID', { path: { customerId: stranger, assetId: detail.id! }, negative: true });
        expectFdError(refusal, 404, `${what}: another customer's id`);
      }
    }
  },
);
