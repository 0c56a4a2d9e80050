// Covers: RegisterApp, ModifyAppRegistration, getApplications (pre_app_id, application_id, name,
// status, start, limit; found, displaying, moreAvailable), GetAppRegistrationStatus (deprecated) by
// preAppId, getRegisteredInstitutions - seed 002, App registration and third-party access, Errors
// 404; provider 1.35.0 AppRegistrationStatus (P when submitted or modified, A approved),
// ApplicationId (populated at approval, kept for life). Random sequences by two partners, each
// answer compared with the reference model (fixtures/models/financial-data/app-registration.model.ts):
// status, the name sent through both readers, the state and applicationId, every filter's exact set
// and its counts on every page, ownership. Registrations have no delete and approval comes with the
// mock's clock: @mock-only.
import { appsModel, mockOnly, rules, runModel, spareAuth, test } from '../../fixtures/financial-data.js';

test(
  'every sequence of app registration calls by two partners answers as the registrations model says @property @mock-only',
  mockOnly(
    rules(
      'FD-APP-REGISTER',
      'FD-APP-READ-BACK@app-list',
      'FD-APP-READ-BACK@app-status-v2',
      'FD-APP-MODIFY@app-modify',
      'FD-APP-MODIFY@app-list',
      'FD-APP-MODIFY@app-status-v2',
      'FD-APP-MODIFY-PENDING@app-modify',
      'FD-APP-APPLICATION-ID@app-list',
      'FD-APP-APPLICATION-ID@app-status-v2',
      'FD-APP-UNKNOWN',
      'FD-APP-LIST-PAGING:accept',
      'FD-APP-LIST-FILTER',
      'FD-APP-STATUS-NOT-FOUND',
      'FD-APP-INSTITUTIONS',
      'FD-APP-INSTITUTIONS-NOT-FOUND',
      'FD-NOT-FOUND',
      'FD-APP-APPROVED-KEPT@app-list',
      'FD-APP-APPROVED-KEPT@app-status-v2',
      'FD-APP-STATUS-SUNSET',
      'FD-APP-STATUS-PAGING',
      'FD-OBJ-OTHER-PARTNER',
    ),
    "needs the mock's virtual clock: registrations are approved a day after they are made (provider 1.35.0 AppRegistrationStatus), which the model's runs move through many times",
  ),
  async ({ fd, fdApi, fdMock, fdModelTarget }, testInfo) => {
    // The spare partner's token ages with the clock a day moves on: a new one after each move (the
    // suite's partner renews through its token cache).
    let spare = await spareAuth(fdApi, fd);
    const real: appsModel.AppsReal = {
      ...fdModelTarget,
      call: (partner, operationId, options = {}) =>
        partner === 'B' && spare
          ? fdApi.callBuilt(operationId, { ...options, auth: spare })
          : fdModelTarget.call(partner, operationId, options),
      advance: async (seconds) => {
        await fdMock.advanceClock(seconds);
        spare = await spareAuth(fdApi, fd);
      },
    };
    await runModel({
      commands: appsModel.appCommands(),
      examples: appsModel.appExamples(),
      setup: async () => ({ model: await appsModel.newAppsModel(real), real }),
      // Registrations have no delete (seed 002, App registration): nothing to tear down.
      teardown: async () => {
        // nothing to tear down
      },
      testInfo,
    });
  },
);
