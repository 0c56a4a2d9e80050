// Covers: RegisterApp and ModifyAppRegistration with an application name that can tell, read back
// through every reader of a registration: getApplications (by pre_app_id and by name) and the
// deprecated GetAppRegistrationStatus (by preAppId and by appName) - seed 002, App registration;
// provider 1.35.0 Application.appName (a free string), App.name and AppStatus.appName (the name
// registered). A name of mixed case with inner and trailing spaces and non-ASCII letters, as
// registered and as modified: a reader that trims, folds or collapses spaces shows another name.
// Whether a name filter matches exactly is not said (provider 1.35.0: "the application name"): the
// name as registered must find the registration, nothing more is asked of the filter.
import { expect, rules, tellingText, test } from '../../fixtures/financial-data.js';
import { newApplication, uniqueAppName } from '../../fixtures/examples/fd-samples/app-registration.js';
import { listApps, readStatusV2, v2Apps } from './app-registration.readers.js';

test(
  'a registered and a modified application name read back byte for byte through getApplications and the deprecated status read, and find the registration by that name',
  rules(
    'FD-APP-READ-BACK@app-list',
    'FD-APP-READ-BACK@app-status-v2',
    'FD-APP-MODIFY@app-modify',
    'FD-APP-MODIFY@app-list',
    'FD-APP-MODIFY@app-status-v2',
  ),
  async ({ fdApi, fd }) => {
    const body = newApplication({ appName: tellingText(uniqueAppName('Echo App')) });
    const made = await fdApi.call('RegisterApp', { body });
    expect(made.status, 'RegisterApp').toBe(201);
    const preAppId = made.body.preAppId as number;
    const problems: string[] = [];
    const readAll = async (name: string, when: string) => {
      const seen: [string, unknown[]][] = [
        ['getApplications by pre_app_id', (await listApps(fdApi, { pre_app_id: preAppId })).map((a) => a.name)],
        ['getApplications by name', (await listApps(fdApi, { name })).filter((a) => a.preAppId === preAppId).map((a) => a.name)],
        [
          'GetAppRegistrationStatus by preAppId',
          v2Apps(await readStatusV2(fdApi, fd, { preAppId: String(preAppId) }, preAppId), 'by preAppId').map((a) => a.appName),
        ],
        [
          'GetAppRegistrationStatus by appName',
          v2Apps(await readStatusV2(fdApi, fd, { appName: name, pageSize: 100 }, preAppId), 'by appName')
            .filter((a) => a.preAppId === String(preAppId))
            .map((a) => a.appName),
        ],
      ];
      for (const [reader, names] of seen)
        if (JSON.stringify(names) !== JSON.stringify([name]))
          problems.push(`${when}, ${reader}: ${JSON.stringify(names)}, registered ${JSON.stringify(name)}`);
    };
    await readAll(body.appName, 'registered');
    const renamed = tellingText(uniqueAppName('Renamed App'));
    const modified = await fdApi.call('ModifyAppRegistration', {
      path: { preAppId: String(preAppId) },
      body: { ...body, appName: renamed },
    });
    expect(modified.status, 'ModifyAppRegistration').toBe(200);
    await readAll(renamed, 'modified');
    expect(problems, 'the name as registered on every reader').toEqual([]);
  },
);
