// Covers: the PAN list writers' 200: the cards a list request counts failed (provider 2.0.0, Registration /
// Deregistration: "counts fields showcase the number of pans processed successfully and unsuccessfully").
import { expect, rules, test } from '../../fixtures/installments.js';

// provider 2.0.0, Pan.pan: every card of a list request is validated against the Luhn algorithm, one that fails
// counted failed (the reference 200 examples: a per-PAN failure, not a 400); the card beside it still registered.
// Sent as a request the documents refuse (refusal): the request judge leaves it to this check.
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
    expect(created.body, 'the valid card registered, the other counted failed').toMatchObject({ successfulCount: '1', failureCount: '1' });
    const removed = await instApi.call('deregisterPans', {
      body: { panListId: created.body.panList.panListId, ...(await instReq.pansOf(wrong)) },
      refusal: true,
    });
    expect(removed.body, 'the card never registered: counted failed').toMatchObject({ successfulCount: '0', failureCount: '1' });
  },
);
