// Faults of the front of every route, named `fd-<rule id>-<deviation>` (schemas/financial-data/rules.yaml): middleware.ts's judge
// seam (app key, token, parameters, JSON body), or the error body at the kit's reply seam (no one module owns it). An id
// docs/mutation.md or a self check names, and a blind fault's first id, stay as aliases.
import { always, assumption, blind, faultCatalogue, provider, seeded, was, type FaultSeams, type Reply } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import type { Exchange, FrontSeams, Step } from './middleware.records.js';

type Judge = NonNullable<FaultSeams<FrontSeams>['judge']>;
const { fault, fold, skip } = faultKit<FrontSeams>();
const firstPartner = (x: Exchange) => [...x.world.partners.values()][0];
/** A credential missing from its header, read from a query parameter named like the header. */
const fromQuery = (x: Exchange, header: string) =>
  x.query[header] ?? Object.entries(x.query).find(([k]) => k.toLowerCase() === header)?.[1];
/** A credential missing from its header, read at `step` from a query parameter named like the header. */
const queried = (step: 'key' | 'token', header: (x: Exchange) => string) =>
  skip(
    step,
    (x) => !!fromQuery(x, header(x)),
    (x) => (x[step] = fromQuery(x, header(x))),
  );
/** The app key taken as one of the mock's when `same` holds for it and a key it issued. */
const keyTaken = (same: (key: string, real: string) => boolean) =>
  skip('known', (x) => x.world.appKeys.some((real) => same(String(x.key), real)));
const age = (x: Exchange) => x.nowMs - x.issued!.issuedMs;
/** The token's refusal at `steps` skipped where `when` holds, the caller taken as the first partner. */
const firstPartnerServed =
  (steps: Step[], when: (x: Exchange) => boolean): Judge =>
  (x, s, r) => {
    if (!r || !steps.includes(s) || !when(x)) return r;
    x.partner = firstPartner(x);
    return undefined;
  };
/** An error body of the mock ({code, message}, or a resource's own with a message) rewritten as it leaves. */
const errorBody = (when: (x: Reply) => boolean, bend: (body: Record<string, any>) => unknown) => ({
  reply: (x: Reply, body: string) => {
    if (x.status < 400 || !when(x)) return body;
    try {
      const json = JSON.parse(body);
      return json && typeof json === 'object' && 'message' in json ? JSON.stringify(bend(json)) : body;
    } catch {
      return body;
    }
  },
});

export const MIDDLEWARE_FAULTS = faultCatalogue([
  // --- The app key (seed 002, Authentication: PartnerAppKey on every call, compared whole; 401)
  fault('fd-auth-key-required-token-without-app-key', 'FD-AUTH-KEY-REQUIRED: a call with a token and no app key header is taken', {
    judge: (x, s, r) => (r && (s === 'key' || s === 'known') && !x.key && x.headers[x.tokenHeader] ? undefined : r),
  }),
  fault('fd-auth-header-form-app-key-from-query', {
    rule: 'FD-AUTH-HEADER-FORM, FD-AUTH-KEY-REQUIRED: without the app key header, the app key is read from a query parameter named like the header',
    judge: queried('key', (x) => x.keyHeader),
    ...seeded,
  }),
  fault('fd-auth-key-whole-app-key-prefix-match', {
    rule: 'FD-AUTH-KEY-WHOLE: an app key sharing its first 16 characters with a real key is taken',
    judge: keyTaken((key, real) => key.length >= 16 && real.slice(0, 16) === key.slice(0, 16)),
    ...blind,
    ...was('blind-app-key-prefix-match'),
  }),
  fault('fd-auth-key-only-create-token-needs-token', 'FD-AUTH-KEY-ONLY: CreateToken requires a token beside the app key', {
    judge: fold('known', always, (x) => (x.needsToken = true)),
  }),

  // --- The token (seed 002, Authentication: PartnerAppToken on all other calls; 401)
  fault('fd-auth-token-required-not-required', 'FD-AUTH-TOKEN-REQUIRED: a call without the token header (PartnerAppToken) is taken', {
    judge: firstPartnerServed(['token', 'issued'], (x) => !x.token),
  }),
  fault('fd-auth-token-required-invalid-accepted', 'FD-AUTH-TOKEN-REQUIRED: an invalid token (PartnerAppToken) is taken', {
    judge: firstPartnerServed(['issued'], () => true),
  }),
  fault('fd-token-lifetime-grace-five-minutes', 'FD-TOKEN-LIFETIME: a token is still taken five minutes past its lifetime', {
    judge: skip('expiry', (x) => !!x.issued && age(x) < x.lifetimeMs + 5 * 60_000),
    ...blind,
    ...was('blind-token-grace-five-minutes'),
  }),

  // --- Parameters and the body (the contract; seed 002: a malformed body is a 400, never a 500)
  fault('fd-type-forms-param-number-loose', {
    rule: "FD-TYPE-FORMS: a number in a query or path is read as JavaScript's Number() reads its text, so a leading zero, a plus sign, a fraction .0, an exponent or a space before it is taken as the number",
    judge: fold(
      'read',
      (x) => {
        const { type, raw } = x.param!;
        return (
          /^(integer|number)$/.test(String((type as { type?: unknown })?.type)) &&
          typeof raw === 'string' &&
          raw !== '' &&
          Number.isFinite(Number(raw))
        );
      },
      (x) => (x.value = Number(x.param!.raw)),
    ),
    ...assumption,
    ...seeded,
    ...was('param-number-forms-loose'),
  }),
  fault('fd-err-malformed-json-crashes', 'FD-ERR-MALFORMED-JSON: a malformed body is answered 500, not 400', {
    judge: (_x, s, r) => (s === 'json' && r ? { status: 500, message: 'Unexpected token' } : r),
    ...was('bad-json-crashes'),
  }),

  // --- The error body (provider 1.35.0 ErrorMessage requires code; reference Error bodies)
  fault('fd-auth-401-names-header-error-body-wrong-shape', {
    rule: 'FD-AUTH-401-NAMES-HEADER: an error body is {error} instead of {code, message}',
    ...errorBody(
      () => true,
      (b) => ({ error: b.user_message ?? b.message }),
    ),
    ...assumption,
  }),
  fault('fd-cust-username-unique-conflict-body-without-code', {
    rule: 'FD-CUST-USERNAME-UNIQUE, FD-CONS-UNIQUE, FD-BUS-ONE: the 409 error body loses its code (its status as text instead)',
    ...errorBody(
      (x) => x.status === 409,
      (b) => ({ status: '409', message: b.message }),
    ),
    ...provider,
    ...blind,
    ...was('blind-conflict-body-without-code'),
  }),
]);
