// Faults of partner authentication: credentials, the lock and the partner secret (switched in
// auth.ts): each breaks one rule of schemas/financial-data/rules.yaml, the way a provider's release
// might. `rules` names the rule ids it breaks (`npm run mutation -- --targeted` runs the specs
// citing them). The faults of the suite's authors first, then those written blind (`origin:
// 'blind'`, measured apart by `npm run mutation -- --blind`).
import { faultCatalogue, blind, type Fault, type FaultSeams, independent, seeded } from '../kit/faults.js';
import type { AuthSeams } from './state.js';

const SECRET_CLASS = '[A-Za-z0-9!@#$%&*_+-]';
// The length is the contract's minLength / maxLength; a pattern fault changes the characters only.
const secretPattern = <Id extends string>(pattern: string, id: Id, rule: string, rules: string[]): Fault<Id> => ({
  id,
  rule,
  source: 'seed',
  rules,
  relax: [{ schema: 'NewPartnerSecret', set: { pattern } }],
});

export const AUTH_FAULTS = faultCatalogue([
  // Seeded beside the check of the partner secret compared exactly (origin 'seeded').
  seeded({
    id: 'partner-secret-trimmed-caseless',
    rule: 'FD-TOKEN-SECRET-EXACT: CreateToken compares the partner secret with the spaces around it trimmed and without regard to case',
    source: 'seed',
    rules: ['FD-TOKEN-SECRET-EXACT'],
  }),
  // Seeded beside the check of every looked-up value in another form (FD-LOOKUP-EXACT), on the other
  // operation that authenticates by its body.
  seeded({
    id: 'secret-change-partner-id-trimmed',
    rule: 'FD-LOOKUP-EXACT: ModifyPartnerSecret looks the partner up by its id with the spaces around it trimmed',
    source: 'assumption',
    rules: ['FD-LOOKUP-EXACT'],
  }),
  // Not a deviation: provider 1.42.0's answer to an unknown partner (its CreateToken 404), a
  // seed-vs-provider conflict the suite notes at 1.42.0 (FD-CONFLICT-TOKEN-UNKNOWN-PARTNER; the mutation run skips it).
  {
    id: 'token-unknown-partner-404-provider',
    rule: 'FD-TOKEN-ISSUE: an unknown partner is a 401 (the seed), answered 404 as provider 1.42.0 publishes',
    source: 'assumption',
    rules: ['FD-TOKEN-ISSUE'],
    mutation: false,
  },
  // Authentication (seed 002, Authentication and Limits).
  { id: 'bad-secret-accepted', rule: 'CreateToken: bad credentials are a 401', source: 'seed', rules: ['FD-TOKEN-ISSUE'] },
  {
    id: 'token-renewal-returns-last',
    rule: "FD-TOKEN-REUSE: the token a renewal gets is new, valid two hours from then (not the partner's last one, expiring on its old schedule)",
    source: 'seed',
    rules: ['FD-TOKEN-REUSE'],
  },
  // Seeded beside the lasting-state property (invariants.lasting.spec.ts): a lockout window where the documents give none.
  seeded({
    id: 'fd-prop-lasting-lock-lifted-after-an-hour',
    rule: 'FD-PROP-LASTING: a partner locked by five failed authentications is unlocked an hour later, the right secret answered a token again (a lockout window no document states: the provider support lifts the lock)',
    source: 'provider',
    rules: ['FD-PROP-LASTING'],
    seams: {
      state: (x, locked, memory) => {
        // A mock's seams are shared by its modules: another module's change is passed on as it is.
        if (x.operationId !== 'CreateToken') return locked;
        if (!locked) {
          delete memory[x.partnerId];
          return locked;
        }
        memory[x.partnerId] ??= x.nowMs;
        return x.nowMs - memory[x.partnerId] < 3_600_000;
      },
    } satisfies FaultSeams<AuthSeams>,
  }),
  { id: 'lock-never-engaged', rule: 'five failed authentications lock the partner', source: 'seed', rules: ['FD-LOCK-FIVE'] },
  { id: 'lock-after-six', rule: 'the lock engages after five failures, not six', source: 'seed', rules: ['FD-LOCK-FIVE'] },
  // Partner secret rules (seed 002, Authentication: its length, a digit and a letter, the alphabet).
  {
    id: 'secret-length-unenforced',
    rule: 'new partner secret minLength and maxLength (one off on each side)',
    source: 'seed',
    rules: ['FD-SECRET-LENGTH'],
    relax: [{ schema: 'NewPartnerSecret', shift: { minLength: -1, maxLength: 1 } }],
  },
  secretPattern(`^(?=.*[A-Za-z])${SECRET_CLASS}*$`, 'secret-digit-not-required', 'new partner secret holds a digit', [
    'FD-SECRET-DIGIT-LETTER',
  ]),
  secretPattern(`^(?=.*[0-9])${SECRET_CLASS}*$`, 'secret-letter-not-required', 'new partner secret holds a letter', [
    'FD-SECRET-DIGIT-LETTER',
  ]),
  // Seeded beside the checks of a letter of either case alone meeting the letter rule (seed 002,
  // Authentication: upper and lower case letters), on the validation of the new secret.
  seeded(
    secretPattern(
      `^(?=.*[A-Z])(?=.*[0-9])${SECRET_CLASS}*$`,
      'seeded-secret-lower-letters-not-counted',
      'FD-SECRET-DIGIT-LETTER: the letter rule of a new secret counts upper-case letters only, a secret whose letters are all lower case refused 400',
      ['FD-SECRET-DIGIT-LETTER'],
    ),
  ),
  seeded(
    secretPattern(
      `^(?=.*[a-z])(?=.*[0-9])${SECRET_CLASS}*$`,
      'seeded-secret-upper-letters-not-counted-by-schema',
      'FD-SECRET-DIGIT-LETTER: the new-secret schema counts lower-case letters only, a secret whose letters are all upper case refused 400',
      ['FD-SECRET-DIGIT-LETTER'],
    ),
  ),
  secretPattern(
    '^(?=.*[A-Za-z])(?=.*[0-9]).*$',
    'secret-charset-unenforced',
    'new partner secret: letters, digits and ! @ # $ % & * _ - + only',
    ['FD-SECRET-CHARSET'],
  ),
  {
    id: 'secret-change-ineffective',
    rule: 'ModifyPartnerSecret changes the secret (new one works)',
    source: 'seed',
    rules: ['FD-SECRET-CHANGE'],
  },
  { id: 'old-secret-still-works', rule: 'after a change the old secret is refused', source: 'seed', rules: ['FD-SECRET-CHANGE'] },
  // Each rule on both sides of its boundary, on every path and through every reader.
  { id: 'lock-after-four', rule: 'four failed authentications do not lock (FD-LOCK-FIVE, n-1)', source: 'seed', rules: ['FD-LOCK-FIVE'] },
  {
    id: 'secret-change-while-locked',
    rule: 'a locked partner cannot change its secret (FD-LOCK-NO-SECRET-CHANGE)',
    source: 'assumption',
    rules: ['FD-LOCK-NO-SECRET-CHANGE'],
  },
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Authentication and partner (seed 002, Authentication and Limits; reference, Partner lock).
  blind({
    id: 'blind-lock-after-four',
    rule: 'the partner locks after five failed authentications; four do not lock (seed Limits; reference Partner lock)',
    source: 'seed',
    rules: ['FD-LOCK-FIVE'],
  }),
  blind({
    id: 'blind-secret-min-11',
    rule: 'a new partner secret has a minimum length: one character shorter is a 400 (seed Authentication, Limits)',
    source: 'seed',
    rules: ['FD-SECRET-LENGTH'],
    relax: [{ schema: 'NewPartnerSecret', shift: { minLength: -1 } }],
  }),
  blind({
    id: 'blind-secret-max-256',
    rule: 'a new partner secret has a maximum length: one character longer is a 400 (seed Authentication, Limits)',
    source: 'seed',
    rules: ['FD-SECRET-LENGTH'],
    relax: [{ schema: 'NewPartnerSecret', shift: { maxLength: 1 } }],
  }),
  blind({
    id: 'blind-secret-change-while-locked',
    rule: 'a locked partner is refused (401) until the lock is lifted, ModifyPartnerSecret included (seed Authentication; reference Partner lock)',
    source: 'seed',
    rules: ['FD-LOCK-NO-SECRET-CHANGE'],
  }),
  // The fourth independent set (kit/faults.ts, independent): written from the seeds, the provider's
  // documents, the contract, the rule catalogue and this mock only, the specs unread.
  independent('independent-4', {
    id: 'i4-secret-plus-refused',
    rule: 'each special character the seed lists is allowed in a new partner secret (seed 002, Authentication): a secret holding + is refused (read as a form-encoded space)',
    source: 'seed',
    rules: ['FD-SECRET-CHARSET'],
  }),
  // Independent set 8 (written blind: seed 002, provider 1.35.0, contract and catalogue only).
  independent('independent-8', {
    id: 'i8-secret-change-refusal-echoes-new-secret',
    rule: 'no answer carries a partner secret in clear (seed 002, Authentication; reference FD-OBJ-SENSITIVE): the 401 of ModifyPartnerSecret for a wrong current secret names the new secret it did not apply in its message',
    source: 'seed',
    rules: ['FD-SENSITIVE-ECHO', 'FD-OBJ-SENSITIVE'],
  }),
  independent('independent-10', {
    id: 'i10-secret-255-refused',
    rule: 'a new secret of the shortest or the longest length the seed allows is accepted (seed 002 Limits, partner secret length; FD-SECRET-LENGTH): ModifyPartnerSecret refuses a new secret of exactly the maximum length with 400 (upper bound read as exclusive)',
    source: 'seed',
    rules: ['FD-SECRET-LENGTH'],
  }),
  independent('independent-10', {
    id: 'i10-token-partner-id-trimmed',
    rule: 'an unknown partner is a 401 (seed 002 Authentication; FD-TOKEN-ISSUE): CreateToken trims the partner id before the lookup, so the partner id with spaces around it gets a token',
    source: 'seed',
    rules: ['FD-TOKEN-ISSUE'],
  }),
  independent('independent-11', {
    id: 'i11-secret-change-current-case-insensitive',
    rule: 'a change with a wrong current secret is a 401 (seed 002, Authentication; provider ModifyPartnerSecret): the current secret is compared without case on the change, so the secret in the other case changes it (CreateToken still compares exactly)',
    source: 'seed',
    rules: ['FD-SECRET-CURRENT'],
  }),
  independent('independent-11', {
    id: 'i11-old-secret-valid-a-minute-after-change',
    rule: 'after a change (204) the old secret is a 401 (seed 002, Authentication; provider ModifyPartnerSecret): the old secret still gets a token for a minute after the change',
    source: 'seed',
    rules: ['FD-SECRET-CHANGE'],
  }),
  independent('independent-12', {
    id: 'i12-token-secret-missing-last-char-accepted',
    rule: 'the partner secret is compared exactly (seed 002, Authentication): CreateToken accepts the secret without its last character',
    source: 'seed',
    rules: ['FD-TOKEN-SECRET-EXACT'],
  }),
  independent('independent-14', {
    id: 'i14-secret-upper-letters-not-counted',
    rule: 'a valid secret holds at least one digit and one letter, upper or lower case (seed 002, Authentication: upper and lower case letters, digits): a new secret whose only letters are upper case is refused 400',
    source: 'seed',
    rules: ['FD-SECRET-DIGIT-LETTER'],
  }),
  // Seeded beside the telling forms of the secret (partners.token.spec.ts): white space before it, not after.
  seeded({
    id: 'seeded-fam25-token-secret-leading-space-accepted',
    rule: 'FD-TOKEN-SECRET-EXACT: CreateToken accepts the secret with white space before it (trimmed at its start only)',
    source: 'seed',
    rules: ['FD-TOKEN-SECRET-EXACT'],
  }),
  independent('independent-20', {
    id: 'i20-token-secret-trailing-newline-accepted',
    rule: 'the partner secret is compared exactly (seed 002 Authentication): CreateToken accepts the secret with a line break after it',
    source: 'seed',
    rules: ['FD-TOKEN-SECRET-EXACT'],
  }),
  independent('independent-23', {
    id: 'i23-lock-repeated-wrong-secret-counted-once',
    rule: 'after the fifth failed authentication the partner is locked (seed 002, Partner authentication; Limits): a wrong secret sent again in a row is taken as a retry and not counted, so five tries of one wrong secret never lock',
    source: 'seed',
    rules: ['FD-LOCK-FIVE'],
  }),
  seeded({
    id: 'seeded-fam28a-lock-case-variant-not-counted',
    rule: 'after the fifth failed authentication the partner is locked (seed 002, Partner authentication; Limits): a wrong secret that is the right one in another case is taken as a typing slip and not counted',
    source: 'seed',
    rules: ['FD-LOCK-FIVE'],
  }),
  independent('independent-26', {
    id: 'i26-secret-minimum-length-refused',
    rule: 'a valid secret has a bounded length, both ends allowed (seed 002, Authentication; Limits): a new secret of exactly the shortest length is refused with 400',
    source: 'seed',
    rules: ['FD-SECRET-LENGTH'],
  }),
  independent('independent-26', {
    id: 'i26-token-new-revokes-earlier',
    rule: 'a token is valid two hours (seed 002, Authentication; Limits): authenticating again revokes the earlier tokens of the partner, a 401 before they are two hours old',
    source: 'seed',
    rules: ['FD-TOKEN-LIFETIME'],
  }),
  independent('independent-27', {
    id: 'i27-secret-change-wrong-current-still-applied',
    rule: 'a partner secret is changed with the current one (seed 002, Authentication; ModifyPartnerSecret 401 bad credentials): a change refused 401 for a wrong current secret still sets the new secret',
    source: 'seed',
    rules: ['FD-SECRET-CURRENT', 'FD-PROP-REFUSED-NO-TRACE'],
  }),
  independent('independent-28', {
    id: 'i28-fd-token-answered-201',
    rule: 'POST /aggregation/v2/partners/authentication answers 200 with the token (seed 002, Authentication and partner: CreateToken 200): the token is answered 201',
    source: 'seed',
    rules: ['FD-TOKEN-ISSUE'],
  }),
  independent('independent-29', {
    id: 'i29-fd-secret-change-answers-200',
    rule: 'ModifyPartnerSecret answers 204 (seed 002, Authentication and partner): the change answers 200 with a body',
    source: 'seed',
    rules: ['FD-SECRET-CHANGE'],
  }),
  independent('independent-31', {
    id: 'i31-fd-lock-counter-reset-by-any-success',
    rule: "after the stated number of failed authentication attempts the partner is locked (seed 002, Authentication; Limits: failed authentications): a successful authentication of another partner resets this partner's run of failures, so failures interleaved with another partner's tokens never lock",
    source: 'seed',
    rules: ['FD-LOCK-FIVE', 'FD-PROP-LIMIT-KEY'],
  }),
  independent('independent-34', {
    id: 'i34-fd-token-refusal-quotes-secret',
    rule: 'a partner secret never appears in an answer (seed 002, Authentication; guide: secrets never in clear): the 401 of a refused authentication quotes the secret sent',
    source: 'seed',
    rules: ['FD-SENSITIVE-ECHO', 'FD-OBJ-SENSITIVE'],
  }),
  independent('independent-36', {
    id: 'i36-fd-token-answer-echoes-credentials',
    rule: 'the token answer carries the token; the partner secret is a credential never sent back (seed 002, Authentication; provider 1.35.0 CreateToken response): the answer echoes the partner id and the partner secret it was sent beside the token',
    source: 'assumption',
    rules: ['FD-SENSITIVE-ECHO', 'FD-OBJ-SENSITIVE'],
  }),
  independent('independent-37', {
    id: 'i37-fd-token-locked-partner-answered-dead-token',
    rule: 'a locked partner is refused a token (seed 002, Authentication: locked after the stated number of failed attempts; reference, Partner lock): with the right secret a locked partner is answered 200 with a token that every later call refuses',
    source: 'seed',
    rules: ['FD-LOCK-FIVE', 'FD-TOKEN-ISSUE'],
  }),
  independent('independent-38', {
    id: 'i38-fd-secret-change-stored-lowercased',
    rule: 'a changed partner secret is the secret sent, upper and lower case letters allowed (seed 002, Authentication: valid secret characters; ModifyPartnerSecret): the new secret is stored lower-cased, so authenticating with it as sent fails',
    source: 'seed',
    rules: ['FD-SECRET-CHANGE', 'FD-TOKEN-SECRET-EXACT'],
  }),
]);
