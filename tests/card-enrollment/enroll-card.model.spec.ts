// Covers: putCard in sequences (seed 000; reference/card-enrollment.md A2, A5) against the reference model
// (fixtures/models/card-enrollment/enroll-card.model.ts).
import { enrollmentsModel, rules, runModel, test } from '../../fixtures/card-enrollment.js';

test(
  'every sequence of enrollments of the same cards and consumers answers as the enrollments model says @property',
  rules(
    'CE-STATE-ACTIVE@card',
    'CE-STATE-ACTIVE@receipt',
    'CE-VAL-CARDID@card',
    'CE-VAL-CARDID@receipt',
    'CE-ECHO-CORRELATION@card',
    'CE-ECHO-CORRELATION@receipt',
    'CE-GEN-CORRELATION@card',
    'CE-GEN-CORRELATION@receipt',
    'CE-PAT-CORRELATIONID:accept',
    'CE-ECHO-SERVICEID@card',
    'CE-ECHO-SERVICEID@receipt',
    'CE-ECHO-EXPIRY@card',
    'CE-VAL-CREATED@card',
    'CE-VAL-CREATED@receipt',
    'CE-STATE-UNKNOWN-SERVICE@card',
    'CE-AUTH-ORIGIN@card',
    'CE-MASK-PAN@card',
    'CE-MASK-PAN@receipt',
    'CE-RECEIPT-ACCOUNT@receipt',
    'CE-STATE-OWN-IDS@card',
    'CE-STATE-OWN-IDS@receipt',
  ),
  async ({ cardModelTarget }, testInfo) => {
    await runModel({
      commands: enrollmentsModel.enrollmentCommands(),
      examples: enrollmentsModel.enrollmentExamples(),
      setup: async () => ({ model: enrollmentsModel.newEnrollmentsModel(), real: cardModelTarget }),
      teardown: enrollmentsModel.tearDownEnrollmentsModel,
      testInfo,
    });
  },
);
