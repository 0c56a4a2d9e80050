// The terms of a plan against the offer it chose (provider 2.0.0, POST /plans), apart so a fault can compare them coarser.
import { present, type OfferTransaction } from './state.js';

/** Two amounts equal to the last minor unit and beyond (a float's own error aside). */
const exactly = (a: unknown, b: unknown) => typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 1e-9;

/**
 * provider 2.0.0, POST /plans: the offer's data "without any changes", the service "validates this data against the presented offer"
 * (examples/TransactionAmountMisMatch); [Description, Details] of the first difference.
 */
export function termsRefusal(
  otx: OfferTransaction,
  offer: Record<string, any>,
  b: Record<string, any>,
  near = exactly,
): [string, string] | undefined {
  const t = b.transaction ?? {};
  const pi = b.planInstallmentInformation ?? {};
  if (otx.transaction && !near(t.amount, otx.transaction.amount))
    return ['Provided transaction amount does not match with offer.', 'Mismatch in Transaction Amount.'];
  if (otx.transaction && t.currency !== otx.transaction.currency)
    return ['Provided transaction currency does not match with offer.', 'Mismatch in Transaction Currency.'];
  // examples/TransactionDateMisMatch: a date the plan sends is its offers request's (the same instant).
  if (present(t.localDateTime) && Date.parse(t.localDateTime) !== Date.parse(otx.transaction?.localDateTime))
    return ['Provided transaction date does not match with offer.', 'Mismatch in Transaction Date.'];
  const terms = 'Provided plan installment information does not match with offer.';
  if (pi.tenure !== offer.tenure || pi.frequency !== offer.frequency) return [terms, 'Mismatch in tenure or frequency.'];
  for (const k of ['apr', 'feeValue', 'firstInstallmentAmount', 'otherInstallmentAmount', 'totalAmount'])
    if (present(pi[k]) && !near(pi[k], offer[k])) return [terms, `Mismatch in ${k}.`];
  if (present(pi.currency) && pi.currency !== otx.transaction?.currency) return [terms, 'Mismatch in currency.'];
  const mine = (offer.schedulePayments ?? []) as Record<string, unknown>[];
  const sent = Array.isArray(b.schedulePayments) ? (b.schedulePayments as Record<string, unknown>[]) : [];
  if (
    sent.length !== mine.length ||
    sent.some((s) => {
      const o = mine.find((m) => m.installmentNumber === s.installmentNumber);
      return !o || !near(o.installmentAmount, s.installmentAmount) || o.dueDate !== s.dueDate;
    })
  )
    return ['Provided schedule payments do not match with offer.', 'Mismatch in schedule payments.'];
}
