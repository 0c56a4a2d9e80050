// Covers: putCard (POST /cards) 200 and 400 under every cardSource the contract lists and with none, on
// each enrollment path: every request limit of seed 000's Limits table at its maximum (accepted) and one
// past it (refused naming the member), names on both sides of every length where a mask can change, the longest allowed among them (their masks,
// provider Card API MaskedConsumer: the first character, then one * per other character), and each of
// the caller's own serviceIds (seed 000, MaskedCard serviceId: the one enrolled for; its pattern allows
// '#', which a URL encoder changes). cardSource says who enrolls the card (seed 000, Origin); no source
// makes a limit, a mask or an echo a rule of its own, so each is sent under each source on each path:
// a target that keeps a rule for one source or one path only is caught on the one it forgets. Every
// 200 answer is judged by the client's enrollment judge (fixtures/assertions/card-enrollment-answer.ts:
// CE-MASK-NAMES against the names sent, CE-ECHO-SERVICEID, CE-ECHO-CORRELATION, ...).
import {
  ENROLLMENT_PATHS,
  exampleCard,
  expect,
  identityValueOfLength,
  lacksPathData,
  lengthOf,
  loadContract,
  refusedNaming,
  NO_RECEIPT,
  panOfLength,
  rules,
  setPath,
  test,
  type EnrollmentPath,
} from '../../fixtures/card-enrollment.js';
import { limitBounds, type LimitRow, named, SOURCES, withSource } from './sources.known.js';

const contract = await loadContract('card-enrollment');

/** seed 000, Limits: the request rows, each with a value of a given length that keeps every other rule of its member. */
const LIMITS: LimitRow[] = (
  [
    { rule: 'CE-LIM-FIRSTNAME', field: 'consumer.firstName', value: (n: number) => 'É'.padEnd(n, "a-B' ") },
    { rule: 'CE-LIM-LASTNAME', field: 'consumer.lastName', value: (n: number) => 'ñ'.padEnd(n, "O'b- ") },
    { rule: 'CE-LIM-IDENTITYVALUE', field: 'consumer.consumerIdentity.identityValue', value: identityValueOfLength },
    { rule: 'CE-LIM-PAN', field: 'card.primaryAccountNumber', value: (n: number) => panOfLength(n) },
    { rule: 'CE-LIM-EXPMONTH', field: 'card.panExpirationMonth', value: (n: number) => '12'.padStart(n, '0').slice(-n).padStart(n, '1') },
    { rule: 'CE-LIM-EXPYEAR', field: 'card.panExpirationYear', value: (n: number) => '2031'.padEnd(n, '0').slice(0, n) },
    // A leading zero: a code read as a number ('012' as 12) would be judged a digit short.
    { rule: 'CE-LIM-CVC', field: 'card.cardSecurityCode', value: (n: number) => '0987654321'.slice(0, n) },
    { rule: 'CE-LIM-REFERENCEID', field: 'enrolmentReferenceData.enrolmentReferenceId', value: (n: number) => `r${'0'.repeat(n - 1)}` },
  ] satisfies LimitRow[]
).map((row) => ({ ...row, ...limitBounds(row.field) }));
const onPath = (path: EnrollmentPath) =>
  LIMITS.filter((l) => (path === 'card' ? !l.field.startsWith('enrolmentReferenceData.') : !l.field.startsWith('card.')));

for (const path of ENROLLMENT_PATHS) {
  const limits = onPath(path);

  test(
    `every request limit of the ${path} path under every cardSource and with none: each member at its maximum accepted, one past it refused naming it (and at its minimum, one short)`,
    rules(
      ...limits.flatMap((l) => {
        const at = l.field.startsWith('consumer.') ? `@${path}` : '';
        return [`${l.rule}:accept${at}`, `${l.rule}:refuse${at}`];
      }),
      `CE-SOURCE-EVERY-RULE@${path}`,
      'CE-ERR-FIELD',
    ),
    async ({ cardApi, cards, card }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      const wrong: string[] = [];
      let sent = 0;
      for (const source of SOURCES) {
        for (const limit of limits) {
          const lengths = [...(limit.min === undefined ? [] : [limit.min - 1, limit.min]), limit.max!, limit.max! + 1];
          for (const length of lengths) {
            const accepted = length >= (limit.min ?? 0) && length <= limit.max!;
            const value = limit.value(length);
            expect(value, `a ${limit.field} of ${length} characters`).toHaveLength(length);
            let body: Record<string, any>;
            if (limit.field.startsWith('card.')) body = await cards.withCard({ ...exampleCard(), [limit.field.slice(5)]: value });
            else body = setPath(await cards.on(path), limit.field, value);
            const res = await cardApi.call('putCard', { body: withSource(body, source) });
            sent++;
            const what = `${named(source)}, ${limit.field} of ${length} characters`;
            const refused = refusedNaming(res, limit.field);
            if (!accepted && !refused) wrong.push(`${what}: ${res.status} ${res.body?.status ?? ''}, not refused naming it`);
            // A reference id at its maximum is no known receipt: refused as unknown, INVALID_STATE (reference A5), never
            // for its length (INVALID_ARGUMENT: the one status of the two that A5 does not give).
            if (accepted && limit.field.startsWith('enrolmentReferenceData.') && refusedNaming(res, limit.field, ['INVALID_ARGUMENT']))
              wrong.push(`${what}: refused for its length`);
            else if (accepted && !limit.field.startsWith('enrolmentReferenceData.') && res.status !== 200)
              wrong.push(`${what}: ${res.status} ${res.body?.status ?? ''}, not accepted`);
          }
        }
      }
      expect(sent, 'limits sent under every source').toBeGreaterThanOrEqual(SOURCES.length * limits.length * 2);
      expect(wrong, `every limit of the ${path} path under every source`).toEqual([]);
    },
  );
}

const NAME_MAX = Math.min(lengthOf(contract, 'Consumer', 'firstName').max!, lengthOf(contract, 'Consumer', 'lastName').max!);
/** Initials a folding, a capitalisation or a transliteration changes, and filler of both cases, accents, punctuation and spaces. */
const INITIALS = ['É', 'o', "'", 'Ж', 'ñ'];
const nameOf = (length: number, i: number) => `${INITIALS[i % INITIALS.length]}${"aB-c d'Ñe".repeat(NAME_MAX)}`.slice(0, length);
/**
 * The name lengths sent, the first name's and (mirrored, NAME_MAX + 1 minus it) the last name's: both
 * sides of each length where a mask's making can change (provider Card API MaskedConsumer examples
 * "J***", "D**": one character has no *, two have one, from three on there are inner characters; four
 * is the examples' own length), both sides of the round counts a cut or a cap is written at (10, 20),
 * and the longest allowed. The lengths between them tell nothing these do not.
 */
const NAME_LENGTHS = [...new Set([1, 2, 3, 4, 10, 11, 12, 20, 21].flatMap((n) => [n, NAME_MAX + 1 - n]))]
  .filter((n) => n >= 1 && n <= NAME_MAX)
  .sort((a, b) => a - b);

for (const path of ENROLLMENT_PATHS) {
  test(
    `masks names of ${NAME_LENGTHS.join(', ')} characters (each side of every boundary up to ${NAME_MAX}) under every cardSource and with none (${path}): the first character, then one * per other character @provider`,
    rules(`CE-MASK-NAMES@${path}`, `CE-SOURCE-EVERY-RULE@${path}`),
    async ({ cardApi, cards, card }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      let judged = 0;
      for (const [s, source] of SOURCES.entries())
        for (const length of NAME_LENGTHS) {
          // A new consumer each time (a fresh identity): the client's judge compares each mask with the name sent.
          let body = withSource(await cards.on(path), source);
          body = setPath(body, 'consumer.firstName', nameOf(length, s));
          body = setPath(body, 'consumer.lastName', nameOf(NAME_MAX + 1 - length, s + 1));
          const res = await cardApi.call('putCard', { body });
          expect(res.status, `${named(source)}, names of ${length} and ${NAME_MAX + 1 - length} characters`).toBe(200);
          judged++;
        }
      expect(judged, 'every length under every source').toBe(SOURCES.length * NAME_LENGTHS.length);
    },
  );

  test(
    `enrolls each of the caller's own serviceIds under every cardSource and with none (${path}), the serviceId echoed byte for byte, '#' and all @assumption`,
    rules(`CE-ECHO-SERVICEID@${path}`, `CE-PAT-SERVICEID:accept@${path}`, `CE-SOURCE-EVERY-RULE@${path}`),
    async ({ cardApi, cards, card }) => {
      test.skip(lacksPathData(card, path), NO_RECEIPT);
      const wrong: string[] = [];
      for (const source of SOURCES)
        for (const serviceId of card.serviceIds) {
          const res = await cardApi.call('putCard', { body: { ...withSource(await cards.on(path), source), serviceId } });
          // The client's judge holds the 200's serviceId to the one sent (CE-ECHO-SERVICEID).
          if (res.status !== 200) wrong.push(`${named(source)}, serviceId of ${serviceId.length} characters: ${res.status}`);
        }
      expect(wrong, "each of the caller's own serviceIds enrolled under every source").toEqual([]);
    },
  );
}
