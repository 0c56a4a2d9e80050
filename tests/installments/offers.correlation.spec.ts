// Covers: the Correlation-Id of approvedOffers' answers (provider 2.0.0, Correlation-Id: "Client
// correlation id for request tracing... If not provided, the API will create a new one"; the
// response header of the 200 and of every error of the operation).
import { expect, rules, tellingCorrelationIds, test } from '../../fixtures/installments.js';

test(
  "approvedOffers answers the caller's Correlation-Id byte for byte on its 200 and its 400, and one of its own when given none @provider",
  rules('IN-ECHO-CORRELATION'),
  async ({ instApi, instReq }) => {
    const call = await instReq.sampleCall('approvedOffers');
    // Mixed case and an inner space (a plain string here, no UUID format): a target that regenerates,
    // lower-cases or trims the id cannot pass.
    const sent = `Trace ${crypto.randomUUID().toUpperCase()}-ab`;
    const answers = {
      'the offers': await instApi.call('approvedOffers', { ...call, headers: { ...call.headers, 'Correlation-Id': sent } }),
      'a body that is not JSON (400)': await instApi.call('approvedOffers', {
        rawBody: '{"broken": ',
        headers: { ...call.headers, 'Correlation-Id': sent },
      }),
    };
    expect(answers['a body that is not JSON (400)'].status).toBe(400);
    for (const [what, res] of Object.entries(answers))
      expect(res.headers['correlation-id'], `Correlation-Id of ${what} (${res.status})`).toBe(sent);
    // Each telling form the client sends (runs of spaces, '#%+&?/', a long value, leading zeros) on the 200.
    for (const telling of tellingCorrelationIds()) {
      const res = await instApi.call('approvedOffers', { ...call, headers: { ...call.headers, 'Correlation-Id': telling } });
      expect(res.status, 'the offers with a telling Correlation-Id').toBe(200);
      expect(res.headers['correlation-id'], `Correlation-Id of the offers (${telling.length} characters)`).toBe(telling);
    }
    // Digits only, with leading zeros: still a plain string (no format), served and echoed as sent; a
    // target that reads the header as a number refuses it or drops the zeros.
    const digits = `000${Date.now()}`;
    const asDigits = await instApi.call('approvedOffers', { ...call, headers: { ...call.headers, 'Correlation-Id': digits } });
    expect(asDigits.status, `approvedOffers with Correlation-Id ${digits} (the offers)`).toBe(200);
    expect(asDigits.headers['correlation-id'], 'a Correlation-Id of digits only').toBe(digits);
    // Named and undefined: no Correlation-Id at all (the client sends a telling one of its own otherwise).
    const own = await instApi.call('approvedOffers', { ...call, headers: { ...call.headers, 'Correlation-Id': undefined } });
    expect(own.headers['correlation-id'], 'a Correlation-Id of its own when given none').toBeTruthy();
  },
);
