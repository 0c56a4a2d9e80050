// Covers: the PAN list writers' 200: the cards a list request counts failed (provider 2.0.0, Registration /
// Deregistration: "counts fields showcase the number of pans processed successfully and unsuccessfully").
import { expect, expectShown, rules, test } from '../../fixtures/installments.js';

// provider 2.0.0, Pan.pan: Luhn-validated, a failing card counted failed (the 200 examples); the other still registered.
test(
  'counts a card whose last digit is not its check digit failed, registered never and so not deregistered @provider',
  rules('IN-FMT-PAN-CHECK-DIGIT'),
  async ({ instApi, instReq }) => {
    const valid = instReq.listPan();
    // The same card with its last digit one off: in the same range, failing only its check digit.
    const wrong = `${valid.slice(0, -1)}${(Number(valid.at(-1)) + 1) % 10}`;
    const created = await instApi.call('registerPans', {
      body: { panListName: 'Check digit list', ...(await instReq.pansOf(valid, wrong)) },
      refusal: true,
    });
    expect(created.status, created.text.slice(0, 200)).toBe(200);
    // provider 2.0.0 Registration requires neither count: each shown is judged, one left out states nothing here.
    const counted = expectShown(
      created.body,
      { successfulCount: '1', failureCount: '1' },
      'the valid card registered, the other counted failed:',
    );
    const removed = await instApi.call('deregisterPans', {
      body: { panListId: created.body.panList.panListId, ...(await instReq.pansOf(wrong)) },
      refusal: true,
    });
    const recounted = expectShown(removed.body, { successfulCount: '0', failureCount: '1' }, 'the card never registered, counted failed:');
    if (counted + recounted === 0)
      test.info().annotations.push({ type: 'not judged', description: 'neither answer shows its counts (provider 2.0.0: both optional)' });
  },
);
