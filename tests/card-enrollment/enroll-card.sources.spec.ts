// Covers: putCard (POST /cards) on each enrollment path with every cardSource the contract lists and
// with none - seed 000, Origin (the entity enrolling the card: cardholder, issuer, merchant, wallet;
// not required), States and transitions (ACTIVE at enrollment), Errors 400 INVALID_STATE;
// reference/card-enrollment.md A2 (another client's srcClientId: 403) and the mock's world (each
// client's serviceIds). cardSource says who enrolls the card; no source makes it a rule of its own:
// the origin, the program's owner and the states hold for every value, on both paths.
import {
  ENROLLMENT_PATHS,
  enumOf,
  expect,
  lacksPathData,
  loadContract,
  rules,
  test,
  withConflict,
} from '../../fixtures/card-enrollment.js';

const contract = await loadContract('card-enrollment');
/** Every Origin value, and the request without cardSource (seed 000: not required). */
const SOURCES: (string | undefined)[] = [...enumOf(contract, 'Origin'), undefined];
const named = (source: string | undefined) => (source === undefined ? 'no cardSource' : `cardSource ${source}`);

test(
  "every cardSource on each path: another client's srcClientId is 403, another client's serviceId is refused, the caller's own is enrolled ACTIVE @assumption",
  withConflict(
    rules(
      ...ENROLLMENT_PATHS.flatMap((path) => [`CE-AUTH-ORIGIN@${path}`, `CE-STATE-FOREIGN-SERVICE@${path}`, `CE-STATE-ACTIVE@${path}`]),
      'CE-ENUM-CARDSOURCE:accept',
    ),
    'CE-CONFLICT-CARD-SOURCE-REQUIRED',
  ),
  async ({ cardApi, cards, card }) => {
    const wrong: string[] = [];
    for (const path of ENROLLMENT_PATHS) {
      if (lacksPathData(card, path)) continue;
      for (const source of SOURCES) {
        const what = `${path} path, ${named(source)}`;
        const request = async () => {
          const body = await cards.on(path);
          if (source === undefined) delete body.cardSource;
          else body.cardSource = source;
          return body;
        };
        // seed 000, States and transitions: the card and the consumer are ACTIVE at enrollment, whoever enrolls it.
        const own = await cardApi.call('putCard', { body: await request() });
        // CE-CONFLICT-CARD-SOURCE-REQUIRED: the provider requires cardSource; a target refusing a request
        // without it follows the provider, and its refusals of that request tell nothing of the rules here.
        if (source === undefined && own.status >= 400 && own.status < 500) {
          test
            .info()
            .annotations.push({ type: 'conflict', description: `CE-CONFLICT-CARD-SOURCE-REQUIRED: ${what} answered ${own.status}` });
          continue;
        }
        if (own.status !== 200) wrong.push(`${what}: the caller's own enrollment answered ${own.status}`);
        else {
          const answer = own.body as { maskedCard?: { digitalCardData?: { status?: string } }; maskedConsumer?: { status?: string } };
          const cardStatus = answer.maskedCard?.digitalCardData?.status;
          const consumerStatus = answer.maskedConsumer?.status;
          if (cardStatus !== undefined && cardStatus !== 'ACTIVE') wrong.push(`${what}: digitalCardData.status ${cardStatus}`);
          if (consumerStatus !== undefined && consumerStatus !== 'ACTIVE') wrong.push(`${what}: maskedConsumer.status ${consumerStatus}`);
        }
        // reference A2: a srcClientId registered to another client is 403, whatever the card's source.
        if (card.foreignSrcClientId) {
          const res = await cardApi.call('putCard', { body: { ...(await request()), srcClientId: card.foreignSrcClientId } });
          if (res.status !== 403) wrong.push(`${what}: another client's srcClientId answered ${res.status}, not 403`);
        }
        // seed 000, Errors 400 INVALID_STATE; the mock's world: another client's program is none of the
        // caller's (its form, INVALID_STATE or the seed's 403, as the foreign-service checks accept).
        if (card.foreignServiceId) {
          const res = await cardApi.call('putCard', { body: { ...(await request()), serviceId: card.foreignServiceId } });
          if (![400, 403].includes(res.status)) wrong.push(`${what}: another client's serviceId answered ${res.status}`);
        }
      }
    }
    expect(wrong, 'every source on every path keeps the origin, the program owner and the states').toEqual([]);
  },
);
