// Covers: every financial data reader on the live objects: every date in its unit and range (dates.ts,
// FD-DATE-UNIT, by the answer judge), an event's date fixed (FD-EVENT-DATE-FIXED); every reader read once.
import { notePartial, rules, test } from '../../fixtures/financial-data.js';
import { DateUnits } from '../../helpers/client/invariants/dates.js';
import { READERS, readerCall } from './records.known.js';
import { FD_CONTRACT, liveWorld } from './security.known.js';
import { checkDatedAnswers } from '../shared/dates.js';

const DATES = new DateUnits(FD_CONTRACT);

// Every reader's 2xx once: the client judges each against its response schema (responseSchemaConformance), so this check
// is where a run of FD-RESP-FORMS's checks reaches every reader's answer (provider 1.35.0 response schemas); the
// writers' answers are invariants.after-write.spec.ts's.
test(
  'every date every reader answers is in the unit and range its type says, and an event’s date is not after the target’s clock',
  rules('FD-DATE-UNIT', 'FD-RESP-FORMS'),
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
