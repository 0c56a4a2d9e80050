// Covers: POST /notifications (notifyPlan) on an issuer's endpoint, the suite playing the service: the
// issuer serves the ICAs it serves, compared whole (reference, Flows - notification (b) 404 for an ICA
// it does not serve; PlanNotification.issuerIca is a string of at most 11 characters, an identifier).
// An ICA sharing its first 4 or 5 characters with the served one, the served one cut short, or the
// served one followed by more digits is another ICA: 404. Other forms of the same ICA (leading zeros,
// separators, case) are notifications.issuer.spec.ts's.
import { exampleNotification, expect, rules, test } from '../../fixtures/installments.js';

/** Well-formed ICAs that share a prefix with `served` without being it. */
function sharingPrefix(served: string, maxLength: number): string[] {
  const other = (c: string) => (c === '9' ? '8' : '9');
  const out = new Set<string>();
  for (const k of [4, 5]) if (served.length > k) out.add(served.slice(0, k) + other(served[k]!) + served.slice(k + 1));
  for (const k of [4, served.length - 1]) if (k >= 1 && k < served.length) out.add(served.slice(0, k));
  for (const tail of ['0', '99']) if (served.length + tail.length <= maxLength) out.add(served + tail);
  out.delete(served);
  return [...out];
}

test(
  'the issuer answers an ICA sharing a prefix with its own (4 or 5 characters in common, cut short, or extended) with 404 @assumption',
  rules('IN-ISSUER-UNKNOWN'),
  async ({ instApi, inst, instContract }) => {
    test.skip(!inst.issuerEndpoint, 'needs an issuer endpoint to certify (INSTALLMENTS_ISSUER_ENDPOINT_URL, INSTALLMENTS_ISSUER_ICA)');
    const issuer = inst.issuerEndpoint!;
    const validate = instContract.component('PlanNotification');
    const maxLength = Number(instContract.componentSchema('PlanNotification').properties.issuerIca.maxLength ?? 11);
    const wrong: string[] = [];
    let sent = 0;
    for (const issuerIca of sharingPrefix(issuer.issuerIca, maxLength)) {
      const body = exampleNotification({ ...issuer, issuerIca });
      if (!validate(body)) continue;
      const res = await instApi.call('notifyPlan', { baseURL: issuer.baseURL, body, headers: { 'Correlation-Id': crypto.randomUUID() } });
      sent++;
      if (res.status !== 404) wrong.push(`issuerIca '${issuerIca}' (served '${issuer.issuerIca}'): ${res.status}`);
    }
    expect(sent, 'ICAs sharing a prefix were sent').toBeGreaterThanOrEqual(4);
    expect(wrong, `an ICA sharing a prefix with the served one is not served (${sent} sent)`).toEqual([]);
  },
);
