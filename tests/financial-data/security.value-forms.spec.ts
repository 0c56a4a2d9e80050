// Covers: every value a financial data operation sends to be looked up that is no path or body object
// id (lookedUpValues: credentials, key and token headers, query filter ids), sent in every loose form
// (value-forms.ts): a credential is refused 401 (seed 002, Authentication and Errors), a filter lists
// nothing (FD-LOOKUP-EXACT, @assumption). Credential and header forms are mock-only (the partner lock).
import {
  expect,
  FD_CONTRACT,
  FD_HEADERS,
  fdAuthHeaders,
  mockOnly,
  notePartial,
  rules,
  sampleCall,
  test,
  type CallOptions,
  type FdOperationId,
} from '../../fixtures/financial-data.js';
import { CONFLICT_MET_ANNOTATION, conflictsInForce, isProviderStatus } from '../../helpers/contract/conflicts.js';
import { lookedUpValues, type LookedUpValue } from '../../helpers/contract/object-ids.js';
import { formChecked, VALUE_FORMS, valueForms } from '../../helpers/client/security/value-forms.js';
import { filterLeaks } from '../../helpers/client/security/foreign-id.js';
import { Violations } from '../../helpers/client/security/probe.js';

const ALL = lookedUpValues(FD_CONTRACT);
const VALUES = ALL.filter(formChecked);
const where = (['path', 'body', 'query', 'header'] as const).map((w) => `${ALL.filter((v) => v.in === w).length} ${w}`).join(', ');
const opOf = (v: LookedUpValue) => FD_CONTRACT.operationOf(v.operationId);
const needsToken = (v: LookedUpValue) => opOf(v).security.every((alt) => alt.includes('PartnerAppToken'));
/** A refusal the operation documents for a credential or filter value that names nothing. */
const refusals = (v: LookedUpValue, statuses: number[]) => statuses.filter((s) => opOf(v).responses[String(s)] !== undefined);
/** The conflicts where a partner id in another form names no partner (conflicts.yaml FD-TOKEN-ISSUE: provider 1.42.0 answers 404). */
const unknownPartnerConflicts = (v: LookedUpValue) =>
  v.at === 'partnerId'
    ? conflictsInForce('financial-data').filter((c) => c.rules.includes('FD-TOKEN-ISSUE') && c.refuses?.includes(v.operationId))
    : [];

test.describe('looked-up values in another form @assumption', () => {
  // The partner id and secret of the bodies that authenticate: what the target looks up, with no token yet.
  const CREDENTIALS = VALUES.filter((v) => v.in === 'body' && !needsToken(v));

  test(
    `the partner id and secret of ${[...new Set(CREDENTIALS.map((v) => v.operationId))].join(', ')} in any other form than themselves are refused with 401 @mock-only`,
    mockOnly(
      rules('FD-LOOKUP-EXACT', 'FD-TOKEN-ISSUE:refuse'),
      "sends the partner's id and secret in other forms: on a sandbox each is a failed authentication of the partner, counted toward its lock (seed 002, Limits: five before a lock) while every worker authenticates with it; the mock counts them for the worker alone",
    ),
    async ({ fdApi, fd, fdMock, appKeyOnly }) => {
      void fdMock;
      const partner = fd.sparePartner ?? fd.partner;
      const violations = new Violations(VALUE_FORMS);
      let probes = 0;
      for (const v of CREDENTIALS) {
        const documented = refusals(v, [401, 400]);
        // A secret change to the secret it already has: a target that wrongly takes a form leaves it as it was.
        const base = { ...partner, newPartnerSecret: partner.partnerSecret };
        const keep = v.operationId === 'ModifyPartnerSecret' ? base : partner;
        for (const { how, value } of valueForms(String(keep[v.at as keyof typeof keep]))) {
          probes++;
          const res = await fdApi.call(v.operationId as FdOperationId, { body: { ...keep, [v.at]: value }, auth: appKeyOnly });
          const met = unknownPartnerConflicts(v).find((c) => isProviderStatus(c, res.status));
          if (met) test.info().annotations.push({ type: CONFLICT_MET_ANNOTATION, description: met.id });
          else if (!documented.includes(res.status))
            violations.add(v.operationId, `the body's ${v.at} with ${how}`, String(res.status), documented.join(' or '));
          // seed 002, Limits: failed authentications in a row lock the partner; the right credentials end the run.
          expect((await fdApi.call('CreateToken', { body: partner, auth: appKeyOnly })).status, 'the right credentials after it').toBe(200);
        }
      }
      test.info().annotations.push({
        type: 'security-coverage',
        description: `financial-data ${VALUE_FORMS}: ${ALL.length} looked-up values in the contract (${where}); ${VALUES.length} credentials, partner ids, headers and query ids; ${CREDENTIALS.length} body credentials probed with ${probes} forms`,
      });
      expect(probes, 'credential forms sent').toBeGreaterThan(0);
      violations.expectNone();
    },
  );

  // The security headers (seed 002, Authentication) per requirement, on each resource's first GET; no spaces around (HTTP drops them).
  test(
    `${FD_HEADERS.appKey} and ${FD_HEADERS.appToken} in any other form than themselves are refused with 401 on one operation of each resource and security requirement @mock-only`,
    mockOnly(
      rules('FD-LOOKUP-EXACT'),
      'sends the app key and token in other forms to CreateToken and one read of each resource: on a sandbox each is a failed authentication of the partner, counted toward its lock (seed 002, Limits: five before a lock) while every worker authenticates with it; the mock counts them for the worker alone',
    ),
    async ({ fdApi, fd, fdMock, fdTokens, fdEntities, appKeyOnly }) => {
      void fdMock;
      const token = await fdTokens.get();
      const seen = new Set<string>();
      const ops = [...FD_CONTRACT.operations.values()].filter((op) => {
        const requirement = op.security.map((alt) => [...alt].sort().join('+')).join('|');
        const key = `${op.tags[0]} ${requirement}`;
        if ((op.method !== 'GET' && op.operationId !== 'CreateToken') || seen.has(key) || !op.responses['401']) return false;
        seen.add(key);
        return true;
      });
      const violations = new Violations(VALUE_FORMS);
      let probes = 0;
      for (const op of ops) {
        const call = sampleCall(op.operationId as FdOperationId, fd, fdEntities) as CallOptions;
        const withToken = op.security.every((alt) => alt.includes('PartnerAppToken'));
        type Send = [header: string, real: string, auth: (x: string) => () => Record<string, string>];
        const key: Send = [FD_HEADERS.appKey, fd.appKey, (x) => () => fdAuthHeaders(x, withToken ? token : undefined)];
        const tokenSend: Send = [FD_HEADERS.appToken, token, (x) => () => fdAuthHeaders(fd.appKey, x)];
        const sends = withToken ? [key, tokenSend] : [key];
        for (const [header, real, auth] of sends)
          for (const { how, value } of valueForms(real, { header: true })) {
            probes++;
            const res = await fdApi.callOperation(op, { ...call, auth: auth(value) });
            if (res.status !== 401) violations.add(op.operationId, `${header} with ${how}`, String(res.status), '401');
            if (op.operationId === 'CreateToken') await fdApi.callOperation(op, { ...call, auth: appKeyOnly });
          }
      }
      test.info().annotations.push({
        type: 'security-coverage',
        description: `financial-data ${VALUE_FORMS}: header forms on ${ops.length} operations (${ops.map((o) => o.operationId).join(', ')}), ${probes} calls`,
      });
      expect(ops.length, 'operations with a documented 401').toBeGreaterThan(1);
      violations.expectNone();
    },
  );

  // An object id as a query filter (a registration, its application): another form lists nothing of it (or is refused).
  test(
    'an object id in a query filter in any other form than itself lists nothing of the object',
    rules('FD-LOOKUP-EXACT'),
    async ({ fdApi }) => {
      const all = await fdApi.call('getApplications', {});
      expect(all.status, 'getApplications, unfiltered').toBe(200);
      const known = (all.body.applications as { preAppId: number; applicationId?: string }[]).find((a) => a.applicationId);
      expect(known, 'a registration with an approved application').toBeDefined();
      const objects: Record<string, string> = { appRegistration: String(known!.preAppId), application: known!.applicationId! };
      const queries = VALUES.filter((v) => v.in === 'query');
      const violations = new Violations(VALUE_FORMS);
      const leftOut: string[] = [];
      let probes = 0;
      for (const v of queries) {
        const real = objects[v.names];
        if (real === undefined) {
          leftOut.push(`${v.operationId} ${v.at}: no known ${v.names} (a catalogue id names no object of the caller)`);
          continue;
        }
        for (const { how, value } of valueForms(real, { numeric: true })) {
          probes++;
          const res = await fdApi.call(v.operationId as FdOperationId, { query: { [v.at]: value } });
          if (
            res.status >= 300
              ? !refusals(v, [400, 404]).includes(res.status)
              : filterLeaks({ probe: undefined as never, status: res.status, body: res.body }, real)
          )
            violations.add(
              v.operationId,
              `the ${v.at} filter with ${how}`,
              `${res.status}${res.status < 300 ? ` listing ${v.names} ${real}` : ''}`,
              `nothing of ${v.names} ${real}, or a documented refusal`,
            );
        }
      }
      test.info().annotations.push({
        type: 'security-coverage',
        description: `financial-data ${VALUE_FORMS}: ${queries.length} query ids, ${probes} forms sent; left out: ${leftOut.join('; ') || 'none'}`,
      });
      if (leftOut.length)
        notePartial(`${VALUE_FORMS}: ${leftOut.length} query ids left out, each with its reason in the security-coverage annotation`);
      expect(probes, 'query filter forms sent').toBeGreaterThan(0);
      violations.expectNone();
    },
  );
});
