// Covers: every financial data reader of the contract (a GET, or an operation named Get..., the less
// used versions included) on the live objects of security.known.ts: every date of its answer is in
// the unit and range its type says (helpers/client/invariants/dates.ts, run by the answer judge on
// every answer of every check: epoch seconds a whole number reading a year between 1900 and 2200, a
// date-time with its zone, the date of an event already past not after the target's clock; the
// creation date of a 201 the target's clock then: FD-DATE-UNIT), and the date of an event that
// happens once to an object (its creation, its request, its link) reads as first read whatever is
// written since, until the object is deleted (FD-EVENT-DATE-FIXED). This check reads every reader
// once, so that none goes unjudged.
import { expect, notePartial, rules, test } from '../../fixtures/financial-data.js';
import { DATE_UNITS, DateUnits } from '../../helpers/client/invariants/dates.js';
import { Violations } from '../../helpers/client/security/probe.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import { ContractViolation } from '../../helpers/contract/checks.js';
import { READERS, readerCall } from './records.known.js';
import { FD_CONTRACT, liveWorld } from './security.known.js';
import { countRule } from '../shared/property.js';

const DATES = new DateUnits(FD_CONTRACT);

test(
  'every date every reader answers is in the unit and range its type says, and an event’s date is not after the target’s clock',
  rules('FD-DATE-UNIT'),
  async ({ fd, fdApi, fdPowers }) => {
    // Its readers read the live world of security.known.ts: customers of the check's own, their
    // accounts linked through the mock's control surface or, on a sandbox, Connect.
    const world = await liveWorld(fd, fdApi, (id) => fdPowers.linkAccounts(id));
    const violations = new Violations(DATE_UNITS);
    const dated: string[] = [];
    const unread: string[] = [];
    const exceptions: PropertyException[] = [];
    for (const o of READERS) {
      const call = readerCall(o, world, fd);
      if (typeof call === 'string') {
        unread.push(`${o.operationId}: ${call}`);
        exceptions.push({ operationId: o.operationId, reason: `not called: ${call}` });
        continue;
      }
      try {
        const res = await fdApi.callOperation(o, call);
        if (DATES.leaves(o, res.status, res.body).length) dated.push(o.operationId);
        else exceptions.push({ operationId: o.operationId, reason: `its answer (${res.status}) carries no date member` });
      } catch (error) {
        // The judge's violation (financialDataAnswerConformance) names the member; the loop goes on to every reader.
        if (fdApi.stopped || !(error instanceof ContractViolation)) throw error;
        dated.push(o.operationId);
        violations.add(o.operationId, 'its answer', error.message.split('\n')[0], 'every date in its unit and range');
      }
    }
    test.info().annotations.push({
      type: 'checker-coverage',
      description: `dates: ${READERS.length} readers, ${dated.length} answered dates (${dated.join(', ')}); ${unread.length} not called (${unread.join('; ')})`,
    });
    countRule(DATE_UNITS, 'FD-DATE-UNIT', { applies: READERS.map((o) => o.operationId), checked: dated, exceptions });
    if (unread.length) notePartial(`dates: ${unread.length} readers not called, each with its reason in the coverage annotation`);
    expect(dated.length, 'readers answering a date').toBeGreaterThan(0);
    expect(violations.list, violations.describe()).toEqual([]);
  },
);
