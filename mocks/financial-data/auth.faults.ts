// Faults of partner authentication: credentials, the lock and the partner secret: each a deviation a
// provider's release might ship, named by the rule it breaks (`fd-<rule id>-<deviation>`), its rule
// text starting with the ids of schemas/financial-data/rules*.yaml it breaks (`rules`: the specs the
// targeted mutation run picks). A fault loosens the contract (`relax`: the new secret's schema) or
// bends auth.ts at its seams: the request as judged at one step (the new secret, the partner, its
// lock, its secret), a change of the partner's state (its lock, its failures, its secret, a token
// issued), the answer. An id the docs or specs name from before the move, and a blind fault's first
// id, stay as aliases.
import { faultCatalogue, type Fault, type FaultSeams } from '../kit/faults.js';
import { faultKit, assumption, blind, provider, was } from './fault-builders.js';
import { newToken, type Partner } from './state.js';
import type { AuthOp as Op, AuthSeams, Change, Exchange, Step } from './auth.records.js';

type Seams = FaultSeams<AuthSeams>;
type Judge = NonNullable<Seams['judge']>;
type Stating = NonNullable<Seams['state']>;
type Answering = NonNullable<Seams['answer']>;
const { fault } = faultKit<AuthSeams>();

const TOKEN: Op = 'CreateToken';
const CHANGE: Op = 'ModifyPartnerSecret';
const BOTH: Op[] = [TOKEN, CHANGE];
/** The seams are the whole mock's: a fault bends only the exchanges of auth.ts. */
const mine = (x: Exchange, ops: Op[] = BOTH) => ops.includes(x.op);
const sent = (x: Exchange) => x.input.body.partnerSecret;

const SECRET_CLASS = '[A-Za-z0-9!@#$%&*_+-]';
// The length is the contract's minLength / maxLength; a pattern fault changes the characters only.
const secretPattern = <Id extends string>(pattern: string, id: Id, rule: string, rules: string[]): Fault<Id> => ({
  id,
  rule,
  source: 'seed',
  rules,
  relax: [{ schema: 'NewPartnerSecret', set: { pattern } }],
});

// (a) The request as judged: functions at the judge seam.
/** The exchange of one of `ops` changed at `step` (whether or not the step refuses). */
const at =
  (ops: Op[], step: Step, change: (x: Exchange) => void): Judge =>
  (x, s, r) => {
    if (s === step && mine(x, ops)) change(x);
    return r;
  };
/** The secret refused on one of `ops` accepted where `test` takes it (`p` the partner). */
const accepted =
  (ops: Op[], test: (secret: string, p: Partner, x: Exchange) => boolean): Judge =>
  (x, s, r) =>
    r && s === 'secret' && mine(x, ops) && typeof sent(x) === 'string' && test(sent(x), x.partner!, x) ? undefined : r;
/** A refusal added at `step` of `op` where `when` holds. */
const refusing =
  (op: Op, step: Step, when: (x: Exchange) => boolean, status: number, message: string): Judge =>
  (x, s, r) =>
    !r && s === step && mine(x, [op]) && when(x) ? { status, message } : r;
/** Every refusal of `op` (401) written with `words` added. */
const quoting =
  (op: Op, words: (x: Exchange) => string): Judge =>
  (x, _s, r) =>
    r && r.status === 401 && mine(x, [op]) ? { ...r, message: `${r.message}${words(x)}` } : r;
const newSecretOf = (x: Exchange) => String(x.input.body.newPartnerSecret);

// (b) A change of the partner's state: functions at the state seam.
const changing =
  <W extends Change['what']>(ops: Op[], what: W, bend: (c: Extract<Change, { what: W }>, x: Exchange) => Change): Stating =>
  (x, c) =>
    c.what === what && mine(x, ops) ? bend(c as Extract<Change, { what: W }>, x) : c;

// (c) The answer: functions at the answer seam.
const answered =
  (op: Op, bend: (a: { status: number; body?: any }, x: Exchange) => { status: number; body?: any }): Answering =>
  (x, a) =>
    mine(x, [op]) && a.status < 400 ? bend(a, x) : a;

export const AUTH_FAULTS = faultCatalogue([
  // --- CreateToken (seed 002, Authentication and partner; Limits)
  fault('fd-token-issue-bad-secret-accepted', 'FD-TOKEN-ISSUE: a wrong partner secret gets a token (bad credentials are a 401)', {
    judge: accepted(BOTH, () => true),
  }),
  fault('fd-token-secret-exact-trimmed-caseless', {
    rule: 'FD-TOKEN-SECRET-EXACT: CreateToken compares the partner secret with the spaces around it trimmed and without regard to case',
    judge: accepted(BOTH, (secret, p) => secret.trim().toLowerCase() === p.secret.toLowerCase()),
  }),
  fault('fd-token-issue-answered-201', 'FD-TOKEN-ISSUE: the token is answered 201 (a token resource created), not 200', {
    answer: answered(TOKEN, (a) => ({ ...a, status: 201 })),
  }),
  fault('fd-token-reuse-renewal-returns-last', {
    rule: "FD-TOKEN-REUSE: a renewal hands back the partner's last token, expiring on its old schedule (the token a renewal gets is new, valid two hours from then)",
    answer: answered(TOKEN, (a, x) => {
      const last = [...x.world.tokens].filter(([t, held]) => held.partnerId === x.partner!.id && t !== a.body.token).at(-1)?.[0];
      return last ? { ...a, body: { token: last } } : a;
    }),
  }),
  fault('fd-token-lifetime-new-revokes-earlier', {
    rule: "FD-TOKEN-LIFETIME: authenticating again revokes the partner's earlier tokens, a 401 before they are two hours old",
    state: changing([TOKEN], 'issued', (c, x) => {
      for (const [t, held] of x.world.tokens) if (held.partnerId === x.partner!.id) x.world.tokens.delete(t);
      return c;
    }),
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
  // Not a deviation: provider 1.42.0's answer to an unknown partner (its CreateToken 404), a
  // seed-vs-provider conflict the suite notes at 1.42.0 (FD-CONFLICT-TOKEN-UNKNOWN-PARTNER; the mutation run skips it).
  fault('fd-token-issue-unknown-partner-404-provider', {
    rule: 'FD-TOKEN-ISSUE: an unknown partner is a 401 (the seed), answered 404 as provider 1.42.0 publishes, in the body it gives that 404 (its ErrorWrapper)',
    judge: (x, s, r) =>
      r && s === 'partner' && mine(x, [TOKEN])
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

  // --- The lock (seed 002, Limits: failed authentications; reference, Partner lock)
  fault('fd-lock-five-after-six', 'FD-LOCK-FIVE: the lock engages after six failures, not five', {
    judge: at(BOTH, 'partner', (x) => (x.lockAt += 1)),
  }),
  fault('fd-lock-five-after-four', 'FD-LOCK-FIVE: four failed authentications lock the partner (five lock, four do not)', {
    judge: at(BOTH, 'partner', (x) => (x.lockAt -= 1)),
    origin: 'blind',
    ...was('blind-lock-after-four', 'lock-after-four'),
  }),
  fault('fd-lock-five-case-variant-not-counted', {
    rule: 'FD-LOCK-FIVE: a wrong secret that is the right one in another case is taken as a typing slip and not counted',
    state: changing([TOKEN], 'failures', (c, x) =>
      c.failures > 0 && typeof sent(x) === 'string' && sent(x).toLowerCase() === x.partner!.secret.toLowerCase()
        ? { ...c, failures: x.partner!.failures }
        : c,
    ),
  }),
  fault('fd-lock-five-counter-reset-by-any-success', {
    rule: "FD-LOCK-FIVE, FD-PROP-LIMIT-KEY: a successful authentication of another partner resets this partner's run of failures (one shared counter), so failures interleaved with another partner's tokens never lock",
    state: changing(BOTH, 'failures', (c, x) => {
      if (c.failures === 0) for (const other of x.world.partners.values()) other.failures = 0;
      return c;
    }),
    ...was('i31-fd-lock-counter-reset-by-any-success'),
  }),
  fault('fd-lock-five-locked-partner-dead-token', {
    rule: 'FD-LOCK-FIVE, FD-TOKEN-ISSUE: with the right secret a locked partner is answered 200 with a token that every later call refuses',
    judge: (x, s, r) =>
      r && s === 'lock' && mine(x, [TOKEN]) && sent(x) === x.partner!.secret
        ? { status: 200, message: '', body: { token: newToken() } }
        : r,
  }),
  fault('fd-lock-no-secret-change-while-locked', {
    rule: 'FD-LOCK-NO-SECRET-CHANGE: a locked partner changes its secret with the right current one (refused 401 until the lock is lifted)',
    judge: (x, s, r) => (r && s === 'lock' && mine(x, [CHANGE]) && sent(x) === x.partner!.secret ? undefined : r),
    ...blind('blind-secret-change-while-locked'),
  }),
  // Seeded beside the lasting-state property (invariants.lasting.spec.ts): a lockout window where the documents give none.
  fault('fd-prop-lasting-lock-lifted-after-an-hour', {
    rule: 'FD-PROP-LASTING: a partner locked by five failed authentications is unlocked an hour later, the right secret answered a token again (a lockout window no document states: the provider support lifts the lock)',
    state: (x, c, memory) => {
      if (c.what !== 'locked' || !mine(x, [TOKEN])) return c;
      if (!c.locked) {
        delete memory[x.partnerId];
        return c;
      }
      memory[x.partnerId] ??= x.nowMs;
      return { ...c, locked: x.nowMs - memory[x.partnerId] < 3_600_000 };
    },
    ...provider,
  }),

  // --- ModifyPartnerSecret (seed 002, Authentication: the current secret, the new one's length, a digit and a letter, the alphabet)
  fault('fd-lookup-exact-secret-change-partner-id-trimmed', {
    rule: 'FD-LOOKUP-EXACT: ModifyPartnerSecret looks the partner up by its id with the spaces around it trimmed',
    judge: (x, s, r) => {
      if (!r || s !== 'partner' || !mine(x, [CHANGE]) || typeof x.partnerId !== 'string') return r;
      x.partnerId = x.partnerId.trim();
      x.partner = x.world.partners.get(x.partnerId);
      return x.partner ? undefined : r;
    },
    ...assumption,
  }),
  fault('fd-secret-current-caseless', {
    rule: 'FD-SECRET-CURRENT: the current secret is compared without case on the change (CreateToken still compares exactly)',
    judge: accepted([CHANGE], (secret, p) => secret.toLowerCase() === p.secret.toLowerCase()),
  }),
  fault('fd-secret-current-wrong-still-applied', {
    rule: 'FD-SECRET-CURRENT, FD-PROP-REFUSED-NO-TRACE: a change refused 401 for a wrong current secret still sets the new secret',
    judge: (x, s, r) => {
      if (r && s === 'secret' && mine(x, [CHANGE]) && !x.partner!.locked) x.partner!.secret = x.input.body.newPartnerSecret;
      return r;
    },
  }),
  fault('fd-sensitive-echo-secret-change-refusal-new-secret', {
    rule: 'FD-SENSITIVE-ECHO, FD-OBJ-SENSITIVE: the 401 of ModifyPartnerSecret for a wrong current secret names the new secret it did not apply',
    judge: quoting(CHANGE, (x) => `: newPartnerSecret ${newSecretOf(x)} not applied`),
  }),
  fault('fd-secret-change-ineffective', {
    rule: 'FD-SECRET-CHANGE: ModifyPartnerSecret answers 204 but keeps the old secret (the new one refused)',
    state: changing([CHANGE], 'secret', (c, x) => ({ ...c, secret: x.partner!.secret })),
  }),
  fault('fd-secret-change-old-secret-still-works', 'FD-SECRET-CHANGE: after a change the first secret of the partner still authenticates', {
    judge: accepted(BOTH, (secret, p) => secret === p.initialSecret),
  }),
  fault('fd-secret-change-stored-lowercased', {
    rule: 'FD-SECRET-CHANGE, FD-TOKEN-SECRET-EXACT: the new secret is stored lower-cased, so authenticating with it as sent fails',
    state: changing([CHANGE], 'secret', (c) => ({ ...c, secret: c.secret.toLowerCase() })),
  }),
  fault('fd-secret-change-answers-200', 'FD-SECRET-CHANGE: the change answers 200 with the partner id, not 204', {
    answer: answered(CHANGE, (_a, x) => ({ status: 200, body: { partnerId: x.partner!.id } })),
  }),
  fault('fd-secret-charset-plus-refused', 'FD-SECRET-CHARSET: a new secret holding + is refused (read as a form-encoded space)', {
    judge: refusing(
      CHANGE,
      'new-secret',
      (x) => newSecretOf(x).includes('+'),
      400,
      'newPartnerSecret holds a character that is not allowed',
    ),
  }),
  fault('fd-secret-length-maximum-refused', {
    rule: 'FD-SECRET-LENGTH: ModifyPartnerSecret refuses a new secret of exactly the maximum length with 400 (the upper bound read as exclusive)',
    judge: refusing(CHANGE, 'new-secret', (x) => newSecretOf(x).length === 255, 400, 'newPartnerSecret is too long'),
  }),
  // The new secret's schema loosened (the contract's NewPartnerSecret).
  fault('fd-secret-length-min-one-short', 'FD-SECRET-LENGTH: a new partner secret one character shorter than the minimum is taken', {
    relax: [{ schema: 'NewPartnerSecret', shift: { minLength: -1 } }],
    ...blind('blind-secret-min-11'),
  }),
  fault('fd-secret-length-max-one-long', 'FD-SECRET-LENGTH: a new partner secret one character longer than the maximum is taken', {
    relax: [{ schema: 'NewPartnerSecret', shift: { maxLength: 1 } }],
    ...blind('blind-secret-max-256'),
  }),
  secretPattern(
    `^(?=.*[A-Za-z])${SECRET_CLASS}*$`,
    'fd-secret-digit-letter-digit-not-required',
    'FD-SECRET-DIGIT-LETTER: a new partner secret without a digit is taken',
    ['FD-SECRET-DIGIT-LETTER'],
  ),
  secretPattern(
    `^(?=.*[0-9])${SECRET_CLASS}*$`,
    'fd-secret-digit-letter-letter-not-required',
    'FD-SECRET-DIGIT-LETTER: a new partner secret without a letter is taken',
    ['FD-SECRET-DIGIT-LETTER'],
  ),
  secretPattern(
    `^(?=.*[A-Z])(?=.*[0-9])${SECRET_CLASS}*$`,
    'fd-secret-digit-letter-lower-letters-not-counted',
    'FD-SECRET-DIGIT-LETTER: the letter rule of a new secret counts upper-case letters only, a secret whose letters are all lower case refused 400',
    ['FD-SECRET-DIGIT-LETTER'],
  ),
  secretPattern(
    `^(?=.*[a-z])(?=.*[0-9])${SECRET_CLASS}*$`,
    'fd-secret-digit-letter-upper-letters-not-counted',
    'FD-SECRET-DIGIT-LETTER: the new-secret schema counts lower-case letters only, a secret whose letters are all upper case refused 400',
    ['FD-SECRET-DIGIT-LETTER'],
  ),
  secretPattern(
    '^(?=.*[A-Za-z])(?=.*[0-9]).*$',
    'fd-secret-charset-unenforced',
    'FD-SECRET-CHARSET: a new partner secret of other characters than letters, digits and ! @ # $ % & * _ - + is taken',
    ['FD-SECRET-CHARSET'],
  ),
]);
