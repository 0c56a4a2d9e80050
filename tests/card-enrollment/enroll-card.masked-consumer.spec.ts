// Covers: POST /cards (putCard) 200, the masked consumer on both enrollment paths (seed 000, MaskedConsumer:
// "masked" names, e-mail address and identity: never in clear; how each is masked only the provider's Card API
// examples show, one each, so that form is CE-MASK-FORM, an assumption:
// maskedFirstName "J***", maskedLastName "D**", maskedFullName "J*** D**", maskedEmailAddress
// "r*****1@mailinator.com", an EXTERNAL_ACCOUNT_ID answered as sent). Each masked value is compared with its
// own source in the request, with inputs a normalisation or a wrong mask would change: mixed case, long and
// short values, non-ASCII letters, two consumers whose masks differ.
import {
  emailMaskProblem,
  ENROLLMENT_PATHS,
  inClearProblem,
  expect,
  lacksPathData,
  maskedName,
  nameMaskProblem,
  NO_RECEIPT,
  PROVIDER_IDENTITY_TYPE,
  requestIdentityForm,
  rules,
  setPath,
  skipForIdentity,
  test,
  type CardRequests,
  type Contract,
  type EnrollmentPath,
  type OperationClient,
  underRule,
} from '../../fixtures/card-enrollment.js';

// Consumers whose masks differ in length, first letter and case (each request confirmed with the contract),
// down to a name of one character (nothing to mask: a mask that pads it with * is seen) and up to the
// longest the seed allows (Consumer: max length 30).
const CONSUMERS = [
  { firstName: 'McKenzie-Anne Élodie', lastName: "O'Brien-VanDerBerg" },
  // A first name of lower-case letters: its first character kept lower case (provider example "J***" keeps it as sent).
  { firstName: 'jo', lastName: 'Li' },
  { firstName: 'Ö', lastName: 'X' },
  { firstName: 'Anna-Lena Zoë Maria Theresa Őz', lastName: 'Q' },
  // A first letter outside the BMP (one character, two UTF-16 units), a name that starts with a space, a
  // lower-case particle, an apostrophe first and names that end with a space (the seed sets no pattern):
  // each kept as sent, one * per other character, in the parts and in maskedFullName alike (a target
  // that trims a name for one of them only shows one * fewer there).
  { firstName: '𝒜da 𝔅', lastName: " de l'Ñ" },
  { firstName: "'Ema ", lastName: 'van der Berg-Ñ ' },
  // Last names whose initial tells: accented (a folding drops the accent), outside Latin-1 and non-Latin
  // (a transliteration or a "?" changes it), lower-case accented (a capitalisation changes it).
  { firstName: 'Юлия', lastName: 'Ébrard' },
  { firstName: 'Ζωή', lastName: 'Łukasik' },
  { firstName: 'ñusta', lastName: 'Иванова' },
  { firstName: '美咲', lastName: 'ó Briain' },
];
// Mixed case on both sides of the @, a long local part, a short one and one of a single character
// (only its first character, kept: no * at all).
const ADDRESSES = ['Marie-Claire.DuPont+Cards@Example-Mail.CO.uk', 'Ab@Mx.Example.ORG', 'Q@Xy.Example.NET'];
// The provider's identity is an opaque id (Card API 1.0.0, ConsumerIdentityTypeDoc): mixed-case hex.
const OPAQUE_IDS = ['F0c04B97-4dCb-485D-a4F4-7Ae437A2e955', '8CA03256-1152-46c7-AFFE-ab09600a4085'];

interface Enroll {
  cardApi: OperationClient;
  cards: CardRequests;
  cardRequestContract: Contract;
}

async function enroll({ cardApi, cards, cardRequestContract }: Enroll, path: EnrollmentPath, change: Record<string, unknown>) {
  let body = await cards.on(path);
  for (const [at, value] of Object.entries(change)) body = setPath(body, at, value);
  const plain = path === 'card' ? { ...body, encryptedCard: 'a.b.c.d.e' } : body;
  expect(cardRequestContract.requestValidator('putCard')!(plain), 'the contract allows the request').toBe(true);
  const res = await cardApi.call('putCard', { body });
  expect(res.status).toBe(200);
  return { sent: body, masked: res.body.maskedConsumer as Record<string, any> | undefined };
}

for (const path of ENROLLMENT_PATHS) {
  test.describe(`${path} enrollment`, () => {
    test.beforeEach(({ card }) => test.skip(lacksPathData(card, path), NO_RECEIPT));

    test(
      `masks maskedFirstName, maskedLastName and maskedFullName from the names sent, first character as sent (${path}) @provider`,
      rules(`CE-MASK-NAMES@${path}`, `CE-MASK-FORM@${path}`),
      async ({ cardApi, cards, cardRequestContract }) => {
        const fixtures = { cardApi, cards, cardRequestContract };
        for (const names of CONSUMERS) {
          const { masked } = await enroll(fixtures, path, { 'consumer.firstName': names.firstName, 'consumer.lastName': names.lastName });
          for (const [member, name] of [
            ['maskedFirstName', names.firstName],
            ['maskedLastName', names.lastName],
          ] as const)
            expect(inClearProblem(masked?.[member], name, 'name'), member).toBeUndefined();
          underRule(test.info(), 'CE-MASK-FORM', () => {
            if (masked?.maskedFirstName !== undefined)
              expect(nameMaskProblem(masked.maskedFirstName, names.firstName), 'maskedFirstName').toBeUndefined();
            if (masked?.maskedLastName !== undefined)
              expect(nameMaskProblem(masked.maskedLastName, names.lastName), 'maskedLastName').toBeUndefined();
            // Card API: maskedFullName "J*** D**", the two masked names with a space between.
            if (masked?.maskedFullName !== undefined)
              expect(masked.maskedFullName === `${maskedName(names.firstName)} ${maskedName(names.lastName)}`, 'maskedFullName').toBe(true);
          });
        }
      },
    );

    test(
      `masks maskedEmailAddress from the address sent: the domain in clear as sent, the local part masked (${path}) @provider`,
      rules(`CE-MASK-EMAIL@${path}`, `CE-MASK-FORM@${path}`),
      async ({ cardApi, cards, cardRequestContract }, testInfo) => {
        const fixtures = { cardApi, cards, cardRequestContract };
        skipForIdentity(testInfo, ['CE-MASK-EMAIL']);
        for (const address of ADDRESSES) {
          const { masked } = await enroll(fixtures, path, { 'consumer.consumerIdentity.identityValue': address });
          expect(inClearProblem(masked?.maskedEmailAddress, address, 'address'), 'maskedEmailAddress').toBeUndefined();
          if (masked?.maskedEmailAddress !== undefined)
            underRule(testInfo, 'CE-MASK-FORM', () =>
              expect(emailMaskProblem(masked.maskedEmailAddress, address), 'maskedEmailAddress').toBeUndefined(),
            );
        }
      },
    );

    test(
      `answers maskedConsumerIdentity.maskedIdentityValue from the identity sent (${path}) @provider`,
      rules(`CE-MASK-IDENTITY@${path}`),
      async ({ cardApi, cards, cardRequestContract }) => {
        const fixtures = { cardApi, cards, cardRequestContract };
        const provider = requestIdentityForm() === 'provider';
        for (const value of provider ? OPAQUE_IDS : ADDRESSES) {
          const { sent, masked } = await enroll(fixtures, path, { 'consumer.consumerIdentity.identityValue': value });
          expect(sent.consumer.consumerIdentity.identityType === PROVIDER_IDENTITY_TYPE, 'the identity form sent').toBe(provider);
          const identity = masked?.maskedConsumerIdentity;
          if (identity === undefined) continue;
          // The provider's opaque id is no personal data: answered as sent (Card API enroll examples).
          if (provider)
            underRule(test.info(), 'CE-MASK-FORM', () =>
              expect(identity.maskedIdentityValue === value, 'maskedIdentityValue is the opaque id sent, byte for byte').toBe(true),
            );
          else {
            expect(inClearProblem(identity.maskedIdentityValue, value, 'address'), 'maskedIdentityValue').toBeUndefined();
            underRule(test.info(), 'CE-MASK-FORM', () =>
              expect(emailMaskProblem(identity.maskedIdentityValue, value), 'maskedIdentityValue').toBeUndefined(),
            );
          }
        }
      },
    );
  });
}
