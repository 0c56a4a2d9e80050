// Faults of the asset, transactions and statement reports, named `fd-<rule id>-<deviation>`
// (schemas/financial-data/rules/reports-assets.yaml; docs/mutation.md): `relax`, or assets.ts's seams (assets.records.ts).
import { always, assumption, blind, faultCatalogue, provider, schema, seeded, type FaultSeams } from '../../kit/faults.js';
import { faultKit } from '../fault-builders.js';
import { findAccount, linkedData, type AccountType } from '../state.js';
import {
  capped,
  daysBefore,
  ELIGIBLE,
  monthsBefore,
  monthStart,
  type AssetSeams,
  type ContentOptions,
  type Exchange,
  type Filing,
  type Kind,
  type Reading,
} from './assets.records.js';

type Stating = NonNullable<FaultSeams<AssetSeams>['state']>;
const { fault, skip, refuse } = faultKit<AssetSeams>();

const ASSETS: Kind[] = ['voa', 'voaHistory', 'preQualVoa', 'assetSummary', 'voi'];
const WINDOWED: Kind[] = ['voa', 'voaHistory', 'voi', 'transactions'];
const of =
  (...kinds: Kind[]) =>
  (x: Exchange) =>
    kinds.includes(x.kind);
const num = (v: unknown) => (v === undefined || v === null ? undefined : Number(v));

/** The types a report of `kinds` reads (for its gate and content, or its content only), made otherwise. */
const typed =
  (kinds: Kind[], bend: (t: readonly AccountType[] | undefined) => readonly AccountType[] | undefined, use?: 'content'): Stating =>
  (x, c) =>
    c.kind === 'types' && kinds.includes(x.kind) && (!use || c.use === use) ? { ...c, types: bend(c.types) } : c;
/** What a report of `kinds` is filed as, made otherwise. */
const filed =
  (kinds: Kind[], bend: (f: Filing, x: Exchange) => Partial<Filing>): Stating =>
  (x, c) =>
    c.kind === 'filing' && kinds.includes(x.kind) ? { ...c, filing: { ...c.filing, ...bend(c.filing, x) } } : c;
const constrained = (kinds: Kind[], bend: (constraints: Record<string, any>, x: Exchange) => Record<string, any>) =>
  filed(kinds, (f, x) => ({ constraints: { ...f.constraints, ...bend(f.constraints, x) } }));
/** The content's options of a report of `kinds` (`created`: the window's end), made otherwise. */
const optioned =
  (kinds: Kind[], bend: (o: ContentOptions, x: Exchange, created: number) => Partial<ContentOptions>): Stating =>
  (x, c) =>
    c.kind === 'options' && kinds.includes(x.kind) ? { ...c, options: { ...c.options, ...bend(c.options, x, c.report.createdDate) } } : c;
/** The history of a report of `kinds` started elsewhere: its window, the insufficient funds summary and VOI's income with it. */
const history = (kinds: Kind[], start: (x: Exchange, created: number, o: ContentOptions) => number) =>
  optioned(kinds, (o, x, created) => {
    const from = start(x, created, o);
    return {
      window: { ...o.window!, from },
      ...(o.nsf ? { nsf: { ...o.nsf, from } } : {}),
      ...(x.kind === 'voi' ? { income: { ...o.income!, from } } : {}),
    };
  });
/** A capped history counted back `months` months (or with `cap`) from the report's creation. */
const cappedAt = (kinds: Kind[], cap: (x: Exchange, created: number) => number) =>
  history(kinds, (x, created) => capped(x.fromDate, cap(x, created), cap(x, created)));
/** VOAI's income credits started elsewhere. */
const income = (start: (x: Exchange, created: number, o: ContentOptions) => number) =>
  optioned(['voaHistory'], (o, x, created) => ({ income: { ...o.income!, from: start(x, created, o) } }));
const incomeFromDate = (x: Exchange) => num(x.input.body.incomeFromDate);
/** How a report of `kinds` reads the customer's data, made otherwise. */
const reading =
  (kinds: Kind[], bend: Partial<Reading>): Stating =>
  (x, c) =>
    c.kind === 'reading' && kinds.includes(x.kind) ? { ...c, reading: { ...c.reading, ...bend } } : c;
/** The content of a report of `kinds`, changed as built. */
const built =
  (kinds: Kind[], change: (content: Record<string, any>, x: Exchange) => void): Stating =>
  (x, c) => {
    if (c.kind === 'content' && kinds.includes(x.kind)) change(c.content, x);
    return c;
  };
const accountsIn = (content: Record<string, any>): Record<string, any>[] => content.institutions.flatMap((i: any) => i.accounts);
/** The transactions report's window refused (with its documented words) when `when` holds. */
const windowRefused = (when: (x: Exchange) => boolean) =>
  refuse('window', when, (x) => ({
    status: 400,
    message: `There cannot be more than ${x.limits.txreportMonths} months between fromDate and toDate`,
  }));
const txLimit = (x: Exchange) => monthsBefore(x.to!, x.limits.txreportMonths);
/** Another customer's account the statement report names. */
const otherAccount = (x: Exchange) =>
  x.statement?.accountId === undefined ? undefined : x.world.accounts.get(String(x.statement.accountId));

export const ASSET_REPORTS_FAULTS = faultCatalogue([
  // --- Owners and the insufficient funds summary (provider 1.35.0 ReportAccountOwnerName, ShowNsf)
  fault('fd-assets-owner-name-last-first', {
    rule: "FD-ASSETS-OWNER: an asset report names each account's owner last name first, not as the account owner reader names it",
    state: built([...ASSETS, 'transactions'], (content) => {
      for (const a of accountsIn(content)) a.ownerName = a.ownerName.replace(/^([^ |]+) ([^|]+)$/, '$2 $1');
    }),
    ...provider,
  }),
  fault('fd-assets-nsf-summary-whatever-show-nsf', {
    rule: 'FD-ASSETS-NSF-SUMMARY: a VOA or VOAI report gives each account the insufficient funds summary (a count of 0) also when generated with showNsf false',
    state: built(['voa', 'voaHistory'], (content, x) => {
      if (x.input.body.showNsf !== true) for (const a of accountsIn(content)) a.totNumberInsufficientFundsFeeDebitTxAccount ??= 0;
    }),
    ...provider,
  }),
  // --- Eligibility (seed 002: no eligible account type, 400; the lists: seed for VOA and VOI, provider for VOAI and prequalification)
  fault('fd-voa-eligible-unchecked', {
    rule: 'FD-VOA-ELIGIBLE: a customer without checking, savings, money market or investment account gets a VOA (not 400)',
    judge: skip('eligible', of('voa')),
  }),
  fault('fd-voa-eligible-needs-checking', 'FD-VOA-ELIGIBLE: a savings, money market or investment account alone is refused', {
    state: typed(['voa'], () => ['checking']),
  }),
  fault('fd-voa-eligible-cd-counted', {
    rule: 'FD-VOA-ELIGIBLE, FD-VOAI-ELIGIBLE, FD-PREQUAL-ELIGIBLE: a certificate of deposit counts as eligible for VOA, VOAI and prequalification',
    state: typed(['voa', 'voaHistory', 'preQualVoa', 'assetSummary'], (t) => [...t!, 'cd']),
  }),
  fault('fd-voai-eligible-investment-refused', 'FD-VOAI-ELIGIBLE: an investment account alone is refused for VOAI', {
    state: typed(['voaHistory'], (t) => t!.filter((type) => type !== 'investment')),
    ...provider,
  }),
  fault('fd-prequal-eligible-noncra-savings-refused', {
    rule: 'FD-PREQUAL-ELIGIBLE: a savings account alone is refused for the non-CRA prequalification',
    state: typed(['assetSummary'], (t) => t!.filter((type) => type !== 'savings')),
    ...provider,
  }),
  fault('fd-voi-eligible-investment-counted', 'FD-VOI-ELIGIBLE: an investment account alone gets a VOI (it is not a deposit account)', {
    state: typed(['voi'], (t) => [...t!, 'investment']),
  }),
  fault('fd-voi-eligible-money-market-refused', 'FD-VOI-ELIGIBLE: a money market account alone is refused for VOI', {
    state: typed(['voi'], (t) => t!.filter((type) => type !== 'moneyMarket')),
  }),
  fault('fd-voa-history-standard-only', {
    rule: 'FD-VOA-HISTORY: a VOA reads only the standard aggregation: after the historic load, the transactions within voaHistoryMonths older than standardHistoryDays are missing (seed 002: VOA history; Limits)',
    state: reading(['voa'], { held: (t) => !t.historic }),
    ...blind,
  }),
  fault('fd-voai-history-default-90-days', 'FD-VOAI-HISTORY-DEFAULT: a VOAI without fromDate shows more days than voaiDefaultHistoryDays', {
    state: history(['voaHistory'], (x, created, o) => (x.fromDate === undefined ? daysBefore(created, 90) : o.window!.from)),
  }),
  fault('fd-voai-history-default-day-short', {
    rule: 'FD-VOAI-HISTORY-DEFAULT: a VOAI without fromDate shows one day fewer than voaiDefaultHistoryDays: those posted in its last day are missing (seed 002: VOAI default history; Limits)',
    state: history(['voaHistory'], (x, created, o) =>
      x.fromDate === undefined ? daysBefore(created, x.limits.voaiDefaultDays - 1) : o.window!.from,
    ),
    ...blind,
  }),
  fault('fd-voai-history-from-capped-voa-months', {
    rule: "FD-VOAI-HISTORY-FROM: a VOAI fromDate is capped at VOA's voaHistoryMonths: a fromDate voaiHistoryMonths back shows only the last voaHistoryMonths (seed 002: VOAI history changed by fromDate; Limits)",
    state: history(['voaHistory'], (x, created, o) =>
      x.fromDate === undefined ? o.window!.from : Math.max(x.fromDate, monthsBefore(created, x.limits.voaMonths)),
    ),
    ...blind,
  }),
  fault('fd-voai-income-24m-default-voa-months', {
    rule: 'FD-VOAI-INCOME-24M: without incomeFromDate the VOAI income streams hold the credits of voaHistoryMonths, not voaiHistoryMonths (seed 002: income credits regardless of fromDate)',
    state: income((x, created, o) => (incomeFromDate(x) === undefined ? monthsBefore(created, x.limits.voaMonths) : o.income!.from)),
    ...blind,
  }),
  fault('fd-voai-income-from-month-start', {
    rule: 'FD-VOAI-INCOME-FROM: incomeFromDate is rounded down to the first of its month: the income streams hold credits from before the date sent (seed 002: incomeFromDate alters the income data shown; provider 1.35.0 VOAIncomeReportIncomeFromDate)',
    state: income((x, created, o) => {
      const asked = incomeFromDate(x);
      return asked === undefined ? o.income!.from : Math.max(monthStart(asked), monthsBefore(created, x.limits.voaiMonths));
    }),
    ...blind,
  }),
  fault('fd-voi-history-from-account-added', {
    rule: 'FD-VOI-HISTORY: the VOI two years are counted back from when the accounts were added, not from the report: once the clock has moved, transactions older than two years still show (seed 002: VOI uses up to two years; Limits)',
    state: cappedAt(['voi'], (x, created) =>
      monthsBefore(Math.min(created, ...linkedData(x.world, x.customer!.id).accounts.map((a) => a.createdDate)), x.limits.voiMonths),
    ),
    ...blind,
  }),
  fault('fd-assets-fromdate-cap-refused', {
    rule: 'FD-ASSETS-FROMDATE-CAP: a fromDate before the cap is refused (400) instead of served from the cap',
    judge: refuse(
      'cap',
      (x) => x.fromDate !== undefined && x.fromDate < monthsBefore(x.now, x.capMonths!),
      (x) => ({ status: 400, message: `fromDate is more than ${x.capMonths} months ago` }),
    ),
    ...assumption,
  }),
  // --- Content (seed 002 eligible types; provider 1.35.0 report schemas)
  fault('fd-report-institutions-named-by-id', {
    rule: "FD-REPORT-INSTITUTIONS: an institution of a report carries the institution's name, not a placeholder of its id",
    state: built([...ASSETS, 'transactions'], (content) => {
      for (const i of content.institutions) i.name = `Institution ${i.id}`;
    }),
    ...provider,
  }),
  fault('fd-assets-span-from-window', {
    rule: "FD-ASSETS-SPAN: startDate is the posted date of the earliest transaction listed, not the window's start",
    state: reading(WINDOWED, { spanStart: (_earliest, window) => window.from }),
    ...provider,
  }),
  fault('fd-assets-accounts-all-types', 'FD-ASSETS-ACCOUNTS: the report lists accounts of types it does not cover', {
    state: typed(ASSETS, () => undefined, 'content'),
  }),
  fault('fd-obj-exact-id-assets-account-ids-prefix', {
    rule: "FD-OBJ-EXACT-ID, FD-ASSETS-ACCOUNT-IDS: an accountIds entry names only the account it spells: an entry that is the beginning of one of the customer's account ids is taken as known, so the report is generated instead of the 404",
    judge: skip('account-ids', (x) =>
      x.named!.every(
        (id) => findAccount(x.world, x.customer!.id, id) || linkedData(x.world, x.customer!.id).accounts.some((a) => a.id.startsWith(id)),
      )),
    ...assumption,
    ...seeded,
  }),
  fault('fd-assets-echo-noncra-type-cra', {
    rule: 'FD-ASSETS-ECHO: the non-CRA prequalification report carries the CRA type preQualVoa, in the ack and when read, instead of assetSummary (provider 1.35.0 ReportType values; PrequalificationReportAck)',
    state: filed(['assetSummary'], () => ({ type: 'preQualVoa' })),
    ...provider,
    ...blind,
  }),
  fault('fd-report-custom-fields-assets-ampersand-escaped', {
    rule: 'FD-REPORT-CUSTOM-FIELDS: the asset reports keep each custom field value with & HTML-escaped as &amp;, in the ack and the report',
    state: constrained(ASSETS, (c) =>
      Array.isArray(c.reportCustomFields)
        ? {
            reportCustomFields: c.reportCustomFields.map((f: Record<string, unknown>) =>
              typeof f?.value === 'string' ? { ...f, value: f.value.replace(/&/g, '&amp;') } : f,
            ),
          }
        : {},
    ),
    ...provider,
    ...seeded,
  }),
  fault('fd-obj-read-only-voa-callback-from-body', {
    rule: 'FD-OBJ-READ-ONLY, FD-REPORT-NO-CALLBACK: GenerateVOAReport takes a callbackUrl sent in the body (the contract takes it in the query) and calls it when the report is done',
    state: filed(['voa'], (f, x) => ({
      callbackUrl: f.callbackUrl ?? (typeof x.input.body.callbackUrl === 'string' ? x.input.body.callbackUrl : undefined),
    })),
    ...provider,
    ...seeded,
  }),
  // --- Transactions report (seed 002, Transactions; provider 1.35.0)
  fault('fd-txreport-window-exact-refused', {
    rule: 'FD-TXREPORT-WINDOW: a fromDate exactly transactionsReportMonths before toDate is refused with 400 (<= for <) though the window may be that long (seed 002, Transactions; Limits)',
    judge: windowRefused((x) => x.from === txLimit(x)),
    ...blind,
  }),
  fault('fd-txreport-window-counted-in-days', {
    rule: 'FD-TXREPORT-WINDOW: the window is counted in days (each month of the limit a twelfth of a 365-day year), where the seed counts calendar months, so the limit over a 29 February (a day longer) is refused',
    judge: (x, s, r) =>
      s !== 'window'
        ? r
        : x.from! < x.to! - Math.round((x.limits.txreportMonths * 365) / 12) * 86_400
          ? { status: 400, message: `There cannot be more than ${x.limits.txreportMonths} months between fromDate and toDate` }
          : undefined,
  }),
  fault('fd-txreport-window-edges-from-date-exclusive', {
    rule: 'FD-TXREPORT-WINDOW-EDGES: a transaction posted at fromDate itself is in the transactions report (provider: starting from this date)',
    state: optioned(WINDOWED, (o) => ({ window: { ...o.window!, from: o.window!.from + 1 } })),
    ...provider,
    ...seeded,
  }),
  fault('fd-txreport-dates-required-defaulted', 'FD-TXREPORT-DATES-REQUIRED: a missing fromDate or toDate is defaulted (not 400)', {
    judge: skip('dates', always, (x) => {
      x.to ??= x.now;
      x.from ??= monthsBefore(x.to, 12);
    }),
  }),
  fault('fd-txreport-order-unchecked', 'FD-TXREPORT-ORDER: a toDate before fromDate is accepted', {
    judge: skip('order'),
    ...provider,
  }),
  fault('fd-txreport-pending-on-presence', {
    rule: 'FD-TXREPORT-PENDING: pending transactions are included whenever includePending is present, includePending=false too (provider 1.35.0 IncludePendingParameter, default false; seed 002 Transactions: include pending)',
    state: optioned(['transactions'], (o, x) => ({ window: { ...o.window!, pending: x.input.query.includePending !== undefined } })),
    ...provider,
    ...blind,
  }),
  fault('fd-txreport-content-eligible-only', 'FD-TXREPORT-CONTENT: only the VOA-eligible accounts are listed (not every account)', {
    state: typed(['transactions'], () => ELIGIBLE.voa, 'content'),
  }),
  fault('fd-txreport-find-amount-unsigned', {
    rule: 'FD-TXREPORT-FIND: findTransaction compares the amount range with amounts without their sign: a range of positive amounts also keeps the debits of the same size (provider 1.35.0 FindTransactionConstraints amount from / to)',
    state: reading(['transactions'], { amount: (t) => Math.abs(t.amount) }),
    ...provider,
    ...blind,
  }),
  // --- Statement report (provider 1.35.0 StatementReportConstraints, StatementData; seed 002 Errors 404)
  fault('fd-stmtreport-required-account-optional', 'FD-STMTREPORT-REQUIRED: statementReportData.accountId is not required', {
    relax: schema('StatementReportData', { unrequire: ['accountId'] }),
    ...provider,
  }),
  fault('fd-stmtreport-index-zero-based', {
    rule: 'FD-STMTREPORT-INDEX: statementIndex 0 is accepted as the most recent statement (0-based) instead of a 400 (provider 1.35.0 StatementData.statementIndex: its minimum and default)',
    relax: schema('StatementReportData.statementIndex', { set: { minimum: 0 } }),
    ...provider,
    ...blind,
  }),
  fault('fd-stmtreport-account-owner-unchecked', "FD-STMTREPORT-ACCOUNT: another customer's account is accepted (not 404)", {
    judge: skip(
      'statement-account',
      (x) => otherAccount(x) !== undefined,
      (x) => (x.account = otherAccount(x)),
    ),
  }),
  fault('fd-stmtreport-content-echo-account-id-string', {
    rule: 'FD-STMTREPORT-CONTENT, FD-ASSETS-ECHO: the statement report constraints name the account asked as a string, not the numeric accountId sent, in the ack and when read (provider 1.35.0 StatementReport constraints / StatementData accountId NumericAccountId)',
    state: constrained(['statement'], (c) => ({
      statementReportData: { ...c.statementReportData, accountId: String(c.statementReportData.accountId) },
    })),
    ...provider,
    ...blind,
  }),
]);
