// Covers: putCard's body media types on each path and source (RFC 9110 section 8.3.1; CE-PROP-BODY-MEDIA,
// helpers/client/invariants/request-media.ts), and its valid body once in chunked transfer coding (RFC 9112 section 6.1;
// CE-VALID-ACCEPTED: seed 000, POST /cards answers a request every document allows 200).
import { ENROLLMENT_PATHS, expect, lacksPathData, NO_RECEIPT, rules, test } from '../../fixtures/card-enrollment.js';
import { BODY_MEDIA, bodyMediaOf, checkBodyMedia } from '../../helpers/client/invariants/request-media.js';
import { named, SOURCES, withSource } from './sources.known.js';
import { countRule, tally } from '../shared/property.js';
import { validAcceptedRule } from '../../helpers/contract/rules.js';

test(
  'every operation taking a body answers it in every valid form of its media type as in the plain form, on every path and source',
  rules('CE-PROP-BODY-MEDIA@card', 'CE-PROP-BODY-MEDIA@receipt', 'CE-VALID-ACCEPTED'),
  async ({ card, cardApi, cards, cardRequestContract }) => {
    const { violations, checked, exceptions, file } = tally(BODY_MEDIA);
    const applies: string[] = [];
    let sent = 0;
    for (const b of bodyMediaOf(cardRequestContract)) {
      // The chunked framing once per operation, in its first cell sent: the framing is the transport's, no path's or source's.
      let chunkedRule = validAcceptedRule('card-enrollment');
      for (const path of ENROLLMENT_PATHS)
        for (const source of SOURCES) {
          // Each path x source a cell of the property (the echo property's cells): putCard (receipt, cardSource ISSUER).
          const cell = `${b.operation.operationId} (${path}, ${named(source)})`;
          applies.push(cell);
          if (lacksPathData(card, path)) {
            file(cell, NO_RECEIPT);
            continue;
          }
          // One valid body per cell, sent again in each form: an enrollment stores nothing the next one meets (reference/card-enrollment.md).
          const body = withSource(await cards.on(path), source);
          const done = await checkBodyMedia(cardApi, b, () => ({ body }), violations, {
            on: `${path} path, ${named(source)}`,
            chunkedRule,
          });
          chunkedRule = undefined;
          sent += done.sent;
          file(cell, done.leftOut);
        }
    }
    countRule(BODY_MEDIA, 'CE-PROP-BODY-MEDIA', { applies, checked, exceptions });
    expect(sent, 'calls sent').toBeGreaterThan(0);
    violations.expectNone();
  },
);
