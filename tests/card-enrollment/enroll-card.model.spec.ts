// Covers: putCard in sequences (seed 000; reference/card-enrollment.md A2, A5) against the reference model
// (fixtures/models/card-enrollment/enroll-card.model.ts).
import { citing, enrollmentsModel, rules, runModel, test } from '../../fixtures/card-enrollment.js';

test(
  'every sequence of enrollments of the same cards and consumers answers as the enrollments model says @property',
  rules(
    ...citing('CE-STATE-ACTIVE', '@card', '@receipt'),
    ...citing('CE-ECHO-CORRELATION', '@card', '@receipt'),
    ...citing('CE-GEN-CORRELATION', '@card', '@receipt'),
    'CE-PAT-CORRELATIONID:accept',
    ...citing('CE-ECHO-SERVICEID', '@card', '@receipt'),
    'CE-ECHO-EXPIRY@card',
    'CE-VAL-CREATED@card',
    'CE-STATE-UNKNOWN-SERVICE@card',
    'CE-AUTH-ORIGIN@card',
    ...citing('CE-MASK-PAN', '@card', '@receipt'),
    'CE-RECEIPT-ACCOUNT@receipt',
    ...citing('CE-STATE-OWN-IDS', '@card', '@receipt'),
  ),
  async ({ cardModelTarget }, testInfo) => {
    await runModel({
      commands: enrollmentsModel.enrollmentCommands(),
      scenarios: enrollmentsModel.enrollmentScenarios(),
      setup: async () => ({ model: enrollmentsModel.newEnrollmentsModel(), real: cardModelTarget }),
      teardown: enrollmentsModel.tearDownEnrollmentsModel,
      testInfo,
    });
  },
);
