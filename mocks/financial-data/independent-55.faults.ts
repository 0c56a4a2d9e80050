// Faults written blind (independent set 55): from seed 002 and the provider's document 1.35.0 only, the suite unread. Each names the
// statement it breaks, and is shown live against `npm run mock` (/work/w55f-live/I55.md).
import { blind, provider, type FaultMemory, type Reply } from '../kit/faults.js';
import type { CustomerSeams } from './customers.records.js';
import { faultKit } from './fault-builders.js';

const kit = faultKit<CustomerSeams>();

/** The JSON answer of `op` (a success, or a refusal with `refused`) rewritten by `bend`; any other answer, or one not JSON, unchanged. */
const rewrite =
  (op: string, bend: (json: any, x: Reply, memory: FaultMemory) => unknown, refused = false) =>
  (x: Reply, body: string, memory: FaultMemory): string => {
    if (x.operationId !== op || x.status >= 400 !== refused) return body;
    try {
      const json = JSON.parse(body);
      return json && typeof json === 'object' ? JSON.stringify(bend(json, x, memory) ?? json) : body;
    } catch {
      return body;
    }
  };

/** The request body the reply seam saw, read as JSON (undefined when it is not). */
const sent = (x: Reply): any => {
  if (x.body && typeof x.body === 'object') return x.body;
  try {
    return JSON.parse(String(x.body ?? ''));
  } catch {
    return undefined;
  }
};

export const INDEPENDENT_55_FAULTS = [
  kit.fault('i55-fd-consumer-customer-id-from-consumer', {
    rule: "FD-CONS-CREATE, FD-RESP-FORMS: the 201 of CreateConsumer answers customerId with the new consumer's own id (the member filled from the wrong object), where seed 002 Consumers says the creation answers the consumer id and the customer id, and provider 1.35.0 CreatedConsumer.customerId is the customer's integer id.",
    ...blind,
    reply: rewrite('CreateConsumer', (j) => {
      if (j.id !== undefined) j.customerId = j.id;
    }),
  }),
  kit.fault('i55-fd-micro-last-four-from-routing', {
    rule: 'FD-MICRO-MASKING: GetMicroDepositsDetails answers accountNumberLast4 with the last four digits of the receiver routing number, not of the account number sent, where provider 1.35.0 MicroDepositDetails.accountNumberLast4 is the last four digits of the receiving account number.',
    ...blind,
    ...provider,
    reply: rewrite('GetMicroDepositsDetails', (j) => {
      if (typeof j.routingNumber === 'string') j.accountNumberLast4 = j.routingNumber.slice(-4);
    }),
  }),
  kit.fault('i55-fd-micro-creation-date-zoned', {
    rule: 'FD-RESP-FORMS: GetMicroDepositsDetails answers creationDate with a zone designator (Z) appended, where provider 1.35.0 MicroDepositDetails.creationDate is a NoZoneDateTime, an ISO 8601 date-time without its zone.',
    ...blind,
    ...provider,
    reply: rewrite('GetMicroDepositsDetails', (j) => {
      if (typeof j.creationDate === 'string' && !/Z$/.test(j.creationDate)) j.creationDate = `${j.creationDate}Z`;
    }),
  }),
  kit.fault('i55-fd-instruction-type-snake-case', {
    rule: 'FD-PAY-INSTRUCTION-TYPE: the v3 details (GetAccountPaymentInstructionDetails) name the FedNow instruction type fed_now (the enum serialised in snake case), where provider 1.35.0 PaymentInstruction.type is one of ach, rtp and fedNow.',
    ...blind,
    ...provider,
    reply: rewrite('GetAccountPaymentInstructionDetails', (j) => {
      for (const p of Array.isArray(j.paymentInstruction) ? j.paymentInstruction : []) if (/^fednow$/i.test(p.type)) p.type = 'fed_now';
    }),
  }),
  kit.fault('i55-fd-live-balance-date-millis', {
    rule: 'FD-PAY-DATE-SECONDS: GetAvailableBalanceLive answers availableBalanceDate and clearedBalanceDate in epoch milliseconds, where provider 1.35.0 AvailableBalance gives those dates in epoch seconds.',
    ...blind,
    ...provider,
    reply: rewrite('GetAvailableBalanceLive', (j) => {
      for (const k of ['availableBalanceDate', 'clearedBalanceDate']) if (typeof j[k] === 'number') j[k] = j[k] * 1000;
    }),
  }),
  kit.fault('i55-fd-daily-balance-month-rollover', {
    rule: "FD-TXN-DAILY-BALANCE-DAYS: with showDailyBalance the first day of a month listed after a day of the previous month begins at that day's beginning balance instead of its ending (the carry lost over the month end), where provider 1.35.0 DailyBalance gives each day's beginning as the balance the previous day ended with.",
    ...blind,
    ...provider,
    reply: rewrite('GetCustomerAccountTransactions', (j) => {
      const days: any[] = Array.isArray(j.dailyBalances) ? j.dailyBalances : [];
      days.forEach((d, i) => {
        if (i === 0 || new Date(d.date * 1000).getUTCDate() !== 1) return;
        const moved = Math.round((d.ending - d.beginning) * 100) / 100;
        d.beginning = days[i - 1].beginning;
        d.ending = Math.round((d.beginning + moved) * 100) / 100;
      });
    }),
  }),
  kit.fault('i55-fd-recurring-median-is-mean', {
    rule: "FD-TXN-RECURRING-FIGURES: GetRecurringTransactions answers each series' medianHistoricalAmount with its mean amount, where provider 1.35.0 RecurringTransaction.medianHistoricalAmount is the median of the series' own transaction amounts.",
    ...blind,
    ...provider,
    reply: rewrite('GetRecurringTransactions', (j) => {
      const c = j.customerRecurringTransactions ?? {};
      for (const s of [...(c.recurringOutflows ?? []), ...(c.recurringInflows ?? [])])
        if (typeof s.meanHistoricalAmount === 'number') s.medianHistoricalAmount = s.meanHistoricalAmount;
    }),
  }),
  kit.fault('i55-fd-peb-account-count-balances', {
    rule: 'FD-PAY-PEB-COUNTS: the payment enablement bundle by institution login answers accountCount as the number of accounts whose balance section succeeded, not the number of accounts it lists, where provider 1.35.0 gives the bundle accountCount as the number of accounts it returns.',
    ...blind,
    ...provider,
    reply: rewrite('GetAccountDetailsByInstitutionLoginId', (j) => {
      if (Array.isArray(j.accounts)) j.accountCount = j.accounts.filter((a: any) => a.balanceDetails && !a.balanceDetails.error).length;
    }),
  }),
  kit.fault('i55-fd-match-owner-score-summed', {
    rule: "FD-PAY-MATCH-SCORE-RANGE, FD-RESP-FORMS: owner match answers each holder's ownerName score as the sum of its firstName and lastName scores, so an exact name scores past the scale's maximum, where seed 002 Payments data says the match scores run within a fixed scale (higher a closer match).",
    ...blind,
    reply: rewrite('AccountMatchingScoreDetails', (j) => {
      for (const h of Array.isArray(j.holders) ? j.holders : []) {
        const s = h.nameScores;
        if (s && typeof s.firstName === 'number' && typeof s.lastName === 'number') s.ownerName = s.firstName + s.lastName;
      }
    }),
  }),
  kit.fault('i55-fd-stmt-dates-ascending', {
    rule: 'FD-STMT-INDEX-ORDER: GetCustomerAccountMultipleStatement hands the document dates out oldest first, so a higher index carries a later documentDate, where provider 1.35.0 StatementIndexes counts back from the most recent statement (1 is the most recent).',
    ...blind,
    ...provider,
    reply: rewrite('GetCustomerAccountMultipleStatement', (j) => {
      const st: any[] = Array.isArray(j.statements) ? j.statements : [];
      const fields = st.map((s) => ({ documentDate: s.documentDate, description: s.description })).reverse();
      st.forEach((s, i) => Object.assign(s, fields[i]));
    }),
  }),
  kit.fault('i55-fd-webhook-update-condition-reason', {
    rule: 'FD-WEBHOOK-MANDATORY-CONDITION: on updateWebhookSubscription only, an event with a mandatory condition named without one is refused with the missing-value ReasonCode instead of the bad-request reason code creation gives, where provider 1.35.0 gives every such refusal the bad-request reason.',
    ...blind,
    ...provider,
    reply: rewrite(
      'updateWebhookSubscription',
      (j, x) => {
        if (x.status !== 400) return;
        for (const e of j.Errors?.Error ?? []) if (/condition/i.test(String(e.Description))) e.ReasonCode = '1504';
      },
      true,
    ),
  }),
  kit.fault('i55-fd-accesskey-period-epoch', {
    rule: "FD-ACCESSKEY-GENERATE, FD-RESP-FORMS: the receipt of a new third-party access key gives each product's accessPeriod startTime and endTime in epoch seconds, where seed 002 Third-party access says generation answers the periods granted and provider 1.35.0 ThirdPartyAccessPeriod.startTime / endTime are ISO 8601 date-times with a zone.",
    ...blind,
    reply: rewrite('GenerateThirdPartyAccessKey', (j) => {
      for (const d of Array.isArray(j.data) ? j.data : [])
        for (const p of d.receipt?.products ?? []) {
          const a = p.accessPeriod;
          if (a) for (const k of ['startTime', 'endTime']) if (typeof a[k] === 'string') a[k] = Math.floor(Date.parse(a[k]) / 1000);
        }
    }),
  }),
  kit.fault('i55-fd-pending-description-blank', {
    rule: 'FD-TXN-DESCRIPTION: GetCustomerAccountTransactions answers a pending transaction with an empty description (the institution text not yet set, no fallback), where provider 1.35.0 Transaction.description is the description of the transaction, which a reader never shows blank.',
    ...blind,
    ...provider,
    reply: rewrite('GetCustomerAccountTransactions', (j) => {
      for (const t of Array.isArray(j.transactions) ? j.transactions : []) if (t.status === 'pending') t.description = '';
    }),
  }),
  kit.fault('i55-fd-webhook-same-events-same-id', {
    rule: 'FD-PROP-UNIQUE-ID: a webhook subscription created with the same events as an earlier one, to another URL, is answered the subscriptionId of the earlier subscription (a repeated request taken as a replay), where seed 002 Webhook subscriptions lets a partner hold several subscriptions, each its own.',
    ...blind,
    reply: rewrite('createWebhookSubscription', (j, x, m) => {
      const key = JSON.stringify((sent(x)?.events ?? []).map((e: any) => e?.name).sort());
      const seen = (m.byEvents ??= {}) as Record<string, string>;
      if (seen[key]) j.subscriptionId = seen[key];
      else seen[key] = j.subscriptionId;
    }),
  }),
];
