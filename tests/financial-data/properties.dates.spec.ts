// Covers: every financial data reader of the contract (a GET, or an operation named Get..., the less
// used versions included) on the live objects of security.known.ts: every date of its answer is in
// the unit and range its type says (helpers/client/invariants/dates.ts, run by the answer judge on
// every answer of every check: epoch seconds a whole number reading a year between 1900 and 2200, a
// date-time with its zone, the date of an event already past not after the target's clock; the
// creation date of a 201 the target's clock then: FD-DATE-UNIT), and the date of an event that
// happens once to an object (its creation, its request, its link) reads as first read whatever is
// written since, until the object is deleted (FD-EVENT-DATE-FIXED). This check reads every reader
// once, so that none goes unjudged.
import { notePartial, rules, test } from '../../fixtures/financial-data.js';
import { DateUnits } from '../../helpers/client/invariants/dates.js';
import { READERS, readerCall } from './records.known.js';
import { FD_CONTRACT, liveWorld } from './security.known.js';
import { checkDatedAnswers } from '../shared/dates.js';

const DATES = new DateUnits(FD_CONTRACT);

test(
  'every date every reader answers is in the unit and range its type says, and an event’s date is not after the target’s clock',
  rules('FD-DATE-UNIT'),
  async ({ fd, fdApi, fdPowers }) => {
    // Its readers read the live world of security.known.ts: customers of the check's own, their
    // accounts linked through the mock's control surface or, on a sandbox, Connect.
    const world = await liveWorld(fd, fdApi, (id) => fdPowers.linkAccounts(id));
    const calls = READERS.map((operation) => {
      const call = readerCall(operation, world, fd);
      return {
        operation,
        where: operation.operationId,
        send: typeof call === 'string' ? call : () => fdApi.callOperation(operation, call),
      };
    });
    const unread = await checkDatedAnswers(
      'FD-DATE-UNIT',
      DATES,
      READERS.map((o) => o.operationId),
      calls,
      { stopped: () => fdApi.stopped },
    );
    if (unread.length) notePartial(`dates: ${unread.length} readers not called, each with its reason in the coverage annotation`);
  },
);
