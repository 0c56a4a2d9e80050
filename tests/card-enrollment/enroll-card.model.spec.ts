// Covers: putCard in sequences (seed 000; reference/card-enrollment.md A2, A5) against the reference model
// (fixtures/models/card-enrollment/enroll-card.model.ts); no two card numbers share a srcDigitalCardId (seed 000
// MaskedCard.srcDigitalCardId, CE-PROP-UNIQUE-ID), judged by the client on each of its answers.
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
    // Judged by the client on every answer (helpers/client/every-answer/unique-ids.ts); its scenarios of two cards of one profile,
    // and of another card and a receipt sent with the srcCorrelationId of the enrollment before.
    'CE-PROP-UNIQUE-ID@card',
    // Its first scenario: the same card and identity enrolled again, on each path, enrolled as the first (seed 000, POST /cards),
    // each answer's profile and paymentAccountReference judged by the client; its scenario of two cards of one profile sharing
    // their BIN, last four and expiry, the second enrolled as another card; a refusal of a call the model sends as valid is
    // filed under the rule of the member it names (a form the model varies), else CE-VALID-ACCEPTED.
    'CE-VALID-ACCEPTED',
    ...citing('CE-VAL-PAR', '@card', '@receipt'),
    ...citing('CE-VAL-PROFILE', '@card', '@receipt'),
    'CE-ENUM-CARDSOURCE:accept@card',
    'CE-PAT-EXPIRY:accept',
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
