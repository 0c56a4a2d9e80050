// Covers: registerPans, deregisterPans and approvedOffers (seed 001, Endpoints; provider 2.0.0; reference, Flows - services)
// in random sequences against the reference model (fixtures/models/installments/pan-lists.model.ts).
import { citing, panListsModel, rules, runModel, test } from '../../fixtures/installments.js';

test(
  'every sequence of PAN registrations and deregistrations answers as the PAN lists model says @property',
  rules(
    'IN-VAL-PAN-COUNTS',
    'IN-ECHO-PANLIST',
    ...citing('IN-STATE-PAN-ELIGIBLE', ':accept@encrypted', ':refuse@encrypted'),
    'IN-STATE-UNKNOWN-LIST',
    'IN-EXCL-PANLIST:accept',
    'IN-PAT-PANLISTNAME:accept',
    'IN-LIM-PAN:accept@encrypted',
    'IN-AUTH-FORBIDDEN',
    ...citing('IN-REQ-UPDATE-PANS', ':accept', ':refuse'),
    'IN-REQ-DEREG-CARDS:accept',
    'IN-PROP-REFUSED-NO-TRACE',
    'IN-PROP-WRITE-SCOPE',
  ),
  async ({ instModelTarget }, testInfo) => {
    await runModel({
      commands: panListsModel.panListCommands(),
      scenarios: panListsModel.panListScenarios(),
      setup: async () => ({ model: panListsModel.newPanListsModel(instModelTarget.listCards?.()), real: instModelTarget }),
      teardown: panListsModel.tearDownPanListsModel,
      testInfo,
    });
  },
);
