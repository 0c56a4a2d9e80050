// Covers: the options of the Connect generate operations and GET /connect/experiences (seed 002,
// Connect): the language (English by default; es, fr - the transfer flows es only, provider 1.35.0;
// another code refused: this contract's assumption), the experience (default or one of the partner's,
// provider 1.35.0 Experience), and the experiences of an application (app name, product codes; 400,
// 404).
import { expect, expectFdError, rules, test } from '../../fixtures/financial-data.js';
import { experienceAppName } from '../../fixtures/examples/fd-samples/connect.js';
import { bodyOf, fixLogin, FLOWS } from './connect.known.js';

const UNKNOWN_GUID = '0badc0de-0000-4000-8000-000000000000';

for (const flow of FLOWS) {
  if (flow.languages) {
    test(
      `${flow.op} accepts no language, ${flow.languages.join(', ')} and refuses ${flow.refusedLanguages!.join(', ')} with 400 @assumption`,
      rules(`FD-CONNECT-LANGUAGE:accept@${flow.path}`, `FD-CONNECT-LANGUAGE:refuse@${flow.path}`),
      async ({ fdApi, fd, fdEntities }) => {
        const login = fixLogin(fdEntities.linked);
        test.skip(flow.op === 'GenerateFixConnectUrl' && !login, 'needs FD_LINKED_CUSTOMER_ID (a customer with an institution login)');
        const body = bodyOf(flow, fd, fdEntities, login);
        for (const language of [undefined, ...flow.languages!])
          expect((await fdApi.call(flow.op, { body: { ...body, language } })).status, `language ${language ?? 'left out'}`).toBe(200);
        for (const language of flow.refusedLanguages!)
          expectFdError(await fdApi.call(flow.op, { body: { ...body, language } }), 400, `language ${language}`);
      },
    );
  }

  test(
    `${flow.op} accepts the default and a known experience, refuses a non-GUID with 400 @provider`,
    rules(`FD-CONNECT-EXPERIENCE:accept@${flow.path}`, `FD-CONNECT-EXPERIENCE:refuse@${flow.path}`),
    async ({ fdApi, fd, fdEntities }) => {
      const login = fixLogin(fdEntities.linked);
      test.skip(flow.op === 'GenerateFixConnectUrl' && !login, 'needs FD_LINKED_CUSTOMER_ID (a customer with an institution login)');
      const body = bodyOf(flow, fd, fdEntities, login);
      const appName = experienceAppName(fd);
      const known = appName ? (await fdApi.call('GetAllExperience', { query: { appName } })).body?.[0]?.id : undefined;
      for (const experience of ['default', ...(known ? [known] : [])])
        expect((await fdApi.call(flow.op, { body: { ...body, experience } })).status, `experience ${experience}`).toBe(200);
      // provider 1.35.0 example 10010: '"experience" must be a valid GUID'. What a GUID of no experience
      // gets is not stated: served (the out-of-the-box experience) or refused, never another status.
      expectFdError(await fdApi.call(flow.op, { body: { ...body, experience: 'not-a-guid' } }), 400, 'experience not-a-guid');
      expectFdError(await fdApi.call(flow.op, { body: { ...body, experience: UNKNOWN_GUID } }), [200, 400], 'an unknown GUID');
    },
  );
}

test(
  'GetAllExperience lists the experiences of an application, filtered by product code; an unknown application is a 404, no appName a 400 @provider',
  rules('FD-CONNECT-EXPERIENCES', 'FD-CONNECT-EXPERIENCE@c-full'),
  async ({ fdApi, fd }) => {
    const appName = experienceAppName(fd);
    test.skip(!appName, 'needs FD_EXPERIENCE_APP_NAME (an application name with experiences)');
    const all = await fdApi.call('GetAllExperience', { query: { appName } });
    expect(all.status).toBe(200);
    expect(all.body.length, 'experiences of the application').toBeGreaterThan(0);
    for (const e of all.body) expect(e.appName ?? appName, `experience ${e.id}: of ${appName}`).toBe(appName);
    const code = all.body.flatMap((e: any) => e.productCode ?? [])[0];
    if (code) {
      const filtered = await fdApi.call('GetAllExperience', { query: { appName, productCode: code } });
      expect(filtered.status).toBe(200);
      for (const e of filtered.body) expect(e.productCode, `experience ${e.id} has product code ${code}`).toContain(code);
      const expected = all.body.filter((e: any) => (e.productCode ?? []).includes(code)).map((e: any) => e.id);
      expect(filtered.body.map((e: any) => e.id).sort(), 'exactly the experiences with that code').toEqual(expected.sort());
      // A product code is matched whole: the code short of its last, or of its first, character keeps
      // only experiences carrying that very code (a match by prefix or by part would keep the longer one's).
      // A target may refuse a code it does not know; a list it answers holds the code.
      for (const part of [code.slice(0, -1), code.slice(1)].filter((p) => p.length > 0)) {
        const res = await fdApi.call('GetAllExperience', { query: { appName, productCode: part } });
        if (res.status === 200)
          for (const e of res.body) expect(e.productCode, `experience ${e.id} kept by productCode ${part}`).toContain(part);
      }
    }
    if (fd.control) {
      // The mock's known answer: two experiences of FinBank Lending, one with the code AO.
      expect(all.body).toHaveLength(2);
      expect((await fdApi.call('GetAllExperience', { query: { appName, productCode: 'AO' } })).body).toHaveLength(1);
      // A list of codes keeps the experiences of any of them, not only the first code's.
      const either = await fdApi.call('GetAllExperience', { query: { appName, productCode: 'ZZ,AO' } });
      expect(either.body, 'productCode ZZ,AO').toHaveLength(1);
    }
    expectFdError(
      await fdApi.call('GetAllExperience', { query: { appName: `no-such-app-${Date.now()}` }, negative: true }),
      404,
      'unknown application',
    );
    // The application is named by its whole name: the name short of its last, or of its first,
    // character names no application (a match by prefix or by part would list its experiences).
    for (const part of [appName!.slice(0, -1), appName!.slice(1)])
      expectFdError(
        await fdApi.call('GetAllExperience', { query: { appName: part }, negative: true }),
        404,
        `application name ${JSON.stringify(part)}`,
      );
    expectFdError(await fdApi.call('GetAllExperience', { query: {} }), 400, 'no appName');
  },
);
