// Faults of partner authentication, named `fd-<rule id>-<deviation>` (schemas/financial-data/rules*.yaml): `relax` (the new
// secret's schema), or auth.ts's seams (the judged request, the partner's lock, failures, secret and token, the answer).
// An id the docs or specs name, and a blind fault's first id, stay as aliases.
import { always, assumption, blind, faultCatalogue, provider, was, type SeamFn } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import { type Partner } from './state.js';
import type { AuthOp as Op, AuthSeams, Exchange } from './auth.records.js';

type Judge = SeamFn<AuthSeams, 'judge'>;
type Answering = SeamFn<AuthSeams, 'answer'>;
const { fault, fold } = faultKit<AuthSeams>();

const TOKEN: Op = 'CreateToken';
const CHANGE: Op = 'ModifyPartnerSecret';
const BOTH: Op[] = [TOKEN, CHANGE];
const sent = (x: Exchange) => x.input.body.partnerSecret;

// (a) The request as judged: functions at the judge seam.
/** The secret refused on one of `ops` accepted where `test` takes it (`p` the partner). */
const accepted =
  (ops: Op[], test: (secret: string, p: Partner, x: Exchange) => boolean): Judge =>
  (x, s, r) =>
    r && s === 'secret' && ops.includes(x.op) && typeof sent(x) === 'string' && test(sent(x), x.partner!, x) ? undefined : r;
/** Every refusal of `op` (401) written with `words` added. */
const quoting =
  (op: Op, words: (x: Exchange) => string): Judge =>
  (x, _s, r) =>
    r && r.status === 401 && x.op === op ? { ...r, message: `${r.message}${words(x)}` } : r;
const newSecretOf = (x: Exchange) => String(x.input.body.newPartnerSecret);

// (c) The answer: functions at the answer seam.
const answered =
  (op: Op, bend: (a: { status: number; body?: any }, x: Exchange) => { status: number; body?: any }): Answering =>
  (x, a) =>
    x.op === op && a.status < 400 ? bend(a, x) : a;

export const AUTH_FAULTS = faultCatalogue([
  fault('fd-token-secret-exact-trimmed-caseless', {
    rule: 'FD-TOKEN-SECRET-EXACT: CreateToken compares the partner secret with the spaces around it trimmed and without regard to case',
    judge: accepted(BOTH, (secret, p) => secret.trim().toLowerCase() === p.secret.toLowerCase()),
  }),
  fault('fd-token-issue-answered-201', 'FD-TOKEN-ISSUE: the token is answered 201 (a token resource created), not 200', {
    answer: answered(TOKEN, (a) => ({ ...a, status: 201 })),
  }),
  fault('fd-sensitive-echo-token-answer-echoes-credentials', {
    rule: 'FD-SENSITIVE-ECHO, FD-OBJ-SENSITIVE: the token answer echoes the partner id and the partner secret it was sent beside the token (provider 1.35.0 CreateToken response: the token)',
    answer: answered(TOKEN, (a, x) => ({ status: 200, body: { ...a.body, partnerId: x.partner!.id, partnerSecret: sent(x) } })),
    ...assumption,
  }),
  fault('fd-sensitive-echo-token-refusal-quotes-secret', {
    rule: 'FD-SENSITIVE-ECHO, FD-OBJ-SENSITIVE: the 401 of a refused authentication quotes the secret sent',
    judge: quoting(TOKEN, (x) => ` (secret ${String(sent(x))})`),
  }),
  // Not a deviation: provider 1.42.0's CreateToken 404 for an unknown partner (FD-CONFLICT-TOKEN-UNKNOWN-PARTNER; the mutation run skips).
  fault('fd-token-issue-unknown-partner-404-provider', {
    rule: 'FD-TOKEN-ISSUE: an unknown partner is a 401 (the seed), answered 404 as provider 1.42.0 publishes, in the body it gives that 404 (its ErrorWrapper)',
    judge: (x, s, r) =>
      r && s === 'partner' && x.op === TOKEN
        ? {
            status: 404,
            message: 'Partner not found',
            body: { Errors: { Error: [{ Source: 'authentication', ReasonCode: '14001', Description: 'Partner not found' }] } },
          }
        : r,
    ...assumption,
    mutation: false,
    ...was('token-unknown-partner-404-provider'),
  }),
  fault('fd-lock-five-after-four', 'FD-LOCK-FIVE: four failed authentications lock the partner (five lock, four do not)', {
    judge: fold('partner', always, (x) => (x.lockAt -= 1)),
    ...blind,
    ...was('blind-lock-after-four', 'lock-after-four'),
  }),
  fault('fd-lock-five-counter-reset-by-any-success', {
    rule: "FD-LOCK-FIVE, FD-PROP-LIMIT-KEY: a successful authentication of another partner resets this partner's run of failures (one shared counter), so failures interleaved with another partner's tokens never lock",
    state: (x, c) => {
      if (c.what === 'failures' && c.failures === 0) for (const other of x.world.partners.values()) other.failures = 0;
      return c;
    },
    ...was('i31-fd-lock-counter-reset-by-any-success'),
  }),
  // Seeded beside the lasting-state property (invariants.lasting.spec.ts): a lockout window where the documents give none.
  fault('fd-prop-lasting-lock-lifted-after-an-hour', {
    rule: 'FD-PROP-LASTING: a partner locked by five failed authentications is unlocked an hour later, the right secret answered a token again (a lockout window no document states: the provider support lifts the lock)',
    state: (x, c, memory) => {
      if (c.what !== 'locked' || x.op !== TOKEN) return c;
      if (!c.locked) {
        delete memory[x.partnerId];
        return c;
      }
      memory[x.partnerId] ??= x.nowMs;
      return { ...c, locked: x.nowMs - memory[x.partnerId] < 3_600_000 };
    },
    ...provider,
  }),
  fault('fd-secret-current-caseless', {
    rule: 'FD-SECRET-CURRENT: the current secret is compared without case on the change (CreateToken still compares exactly)',
    judge: accepted([CHANGE], (secret, p) => secret.toLowerCase() === p.secret.toLowerCase()),
  }),
  fault('fd-sensitive-echo-secret-change-refusal-new-secret', {
    rule: 'FD-SENSITIVE-ECHO, FD-OBJ-SENSITIVE: the 401 of ModifyPartnerSecret for a wrong current secret names the new secret it did not apply',
    judge: quoting(CHANGE, (x) => `: newPartnerSecret ${newSecretOf(x)} not applied`),
  }),
]);
