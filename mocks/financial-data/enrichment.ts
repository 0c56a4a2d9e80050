// Transaction data enrichment (seed 002, Endpoints - Transaction data enrichment): categorization
// and entity recognition added to each transaction of a batch of 1 to 1000 (seed 002, Limits; the
// cap, the required members and the lengths are enforced by the shared middleware from the
// contract, components/enrichment.yaml). Stateless and deterministic: a small merchant table
// decides the category, the group and the entity from the description. Rules:
// schemas/financial-data/rules/enrichment.yaml.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route, sendError, type FdContext, type Input } from './middleware.js';

interface Merchant {
  match: RegExp;
  name: string;
  category: string;
  group: string;
  website: string;
  ecommerce: boolean;
  city: string;
  state: string;
}

/** The merchants the mock recognises (names of its own; the provider's examples are not copied). */
const MERCHANTS: Merchant[] = [
  {
    match: /STARBUCKS|COFFEE/i,
    name: 'Corner Coffee',
    category: 'Coffee Shops',
    group: 'Dining',
    website: 'https://coffee.example.com',
    ecommerce: false,
    city: 'Springfield',
    state: 'IL',
  },
  {
    match: /MCDONALD|BURGER|PIZZA/i,
    name: 'Quick Burger',
    category: 'Fast Food',
    group: 'Dining',
    website: 'https://burger.example.com',
    ecommerce: false,
    city: 'Clinton',
    state: 'SC',
  },
  {
    match: /AMAZON|ONLINE STORE/i,
    name: 'Online Store',
    category: 'Online Shopping',
    group: 'Shopping',
    website: 'https://store.example.com',
    ecommerce: true,
    city: 'Seattle',
    state: 'WA',
  },
  {
    match: /GROCERY|MARKET/i,
    name: 'Grocery Mart',
    category: 'Groceries',
    group: 'Groceries & Dining',
    website: 'https://grocery.example.com',
    ecommerce: false,
    city: 'Springfield',
    state: 'IL',
  },
  {
    match: /SHELL|GAS STATION|FUEL/i,
    name: 'Gas Station',
    category: 'Gas',
    group: 'Transportation',
    website: 'https://fuel.example.com',
    ecommerce: false,
    city: 'Springfield',
    state: 'IL',
  },
  {
    match: /PAYROLL|SALARY/i,
    name: 'Payroll Deposit',
    category: 'Paycheck',
    group: 'Income',
    website: 'https://payroll.example.com',
    ecommerce: true,
    city: 'Springfield',
    state: 'IL',
  },
];

/** A stable number 0..100 from a text (FNV-1a), for the confidence scores. */
function score(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return 50 + (h % 5001) / 100;
}

export function registerEnrichment(app: FastifyInstance, ctx: FdContext): void {
  const { faults } = ctx;

  const enrich = (t: Record<string, any>, index: number) => {
    // i23-enrich-merchant-name-input-ignored: the merchant recognised from the description alone, the merchant name sent unread.
    // The merchant recognised from what the caller sent of it: the description, and the merchant's name
    // and descriptor it already knows (provider 1.35.0 InputMerchantInformation), alone or together.
    // seeded-fam28b-enrich-merchant-name-overrides-description: a merchant name sent replaces the description as the text read.
    const known = t.inputMerchantInformation ?? {};
    const m = MERCHANTS.find((x) =>
      x.match.test(
        faults.has('i23-enrich-merchant-name-input-ignored')
          ? String(t.description)
          : faults.has('seeded-fam28b-enrich-merchant-name-overrides-description') && known.name !== undefined
            ? String(known.name)
            : `${t.description} ${known.name ?? ''} ${known.merchantDescriptor ?? ''}`,
      ),
    );
    const id = faults.has('enrich-ids-renumbered') ? String(index + 1) : t.externalTransactionId;
    const amount = faults.has('enrich-amount-unsigned')
      ? Math.abs(t.amount)
      : faults.has('i11-enrich-amount-whole-units') && typeof t.amount === 'number'
        ? Math.round(t.amount)
        : // i23-enrich-amount-rounded-to-cents: an amount with more than two decimals answered rounded to cents.
          faults.has('i23-enrich-amount-rounded-to-cents') && typeof t.amount === 'number' && Math.round(t.amount * 100) / 100 !== t.amount
          ? Math.round(t.amount * 100) / 100
          : // i33-fd-enrich-credit-amount-in-cents: a credit (positive amount) answered in cents.
            faults.has('i33-fd-enrich-credit-amount-in-cents') && typeof t.amount === 'number' && t.amount > 0
            ? Math.round(t.amount * 100)
            : t.amount;
    const added = m
      ? {
          transactionCategory: m.category,
          transactionCategoryScore: score(`${t.description}:c`),
          transactionCategoryGroup: m.group,
          entities: [
            {
              id: Buffer.from(m.name).toString('base64'),
              name: m.name,
              group: m.group,
              category: m.category,
              website: m.website,
              entityStandardizationConfidenceScore: score(`${t.description}:e`),
            },
          ],
          address: { city: m.city, state: m.state, country: 'USA' },
          isEcommerce: m.ecommerce,
          isBrickAndMortar: !m.ecommerce,
        }
      : { transactionCategory: 'Uncategorized', transactionCategoryScore: 0, transactionCategoryGroup: 'Other', entities: [] };
    const out: Record<string, unknown> = {
      ...t,
      externalTransactionId: id,
      amount,
      // seeded-fam28b-enrich-fee-rounded-to-cents: a fee with more than two decimals answered rounded to cents.
      ...(faults.has('seeded-fam28b-enrich-fee-rounded-to-cents') && typeof t.transactionFee === 'number'
        ? { transactionFee: Math.round(t.transactionFee * 100) / 100 }
        : {}),
      ...added,
      isRecurringTransaction: Boolean(t.inputIsRecurringTransaction),
    };
    // i4-enrich-description-trimmed: the description trimmed and its spaces collapsed.
    // i15-enrich-description-cut-255: the description answered cut to 255 characters (a storage column's width).
    if (faults.has('i15-enrich-description-cut-255') && typeof t.description === 'string' && t.description.length > 255)
      out.description = t.description.slice(0, 255);
    // seeded-enrich-transaction-id-cut-255: the transaction id answered cut to 255 characters (a column narrower than its maxLength).
    if (faults.has('seeded-enrich-transaction-id-cut-255') && typeof out.externalTransactionId === 'string')
      out.externalTransactionId = out.externalTransactionId.slice(0, 255);
    // i25-enrich-customer-id-leading-zeros-dropped: a customer id of digits answered through a number, its leading zeros lost.
    if (
      faults.has('i25-enrich-customer-id-leading-zeros-dropped') &&
      typeof t.externalCustomerId === 'string' &&
      /^0+\d/.test(t.externalCustomerId)
    )
      out.externalCustomerId = String(Number(t.externalCustomerId));
    // i8-enrich-customer-id-lowercased: the customer id answered in lower case.
    if (faults.has('i8-enrich-customer-id-lowercased') && typeof t.externalCustomerId === 'string')
      out.externalCustomerId = t.externalCustomerId.toLowerCase();
    // rt-enrich-external-customer-id-trimmed: the customer id answered trimmed.
    if (faults.has('rt-enrich-external-customer-id-trimmed') && typeof t.externalCustomerId === 'string')
      out.externalCustomerId = t.externalCustomerId.trim();
    // enrich-account-id-trimmed: the account id answered trimmed.
    // i13-enrich-external-account-id-uppercased: the account id answered upper-cased.
    if (faults.has('i13-enrich-external-account-id-uppercased') && typeof t.externalAccountId === 'string')
      out.externalAccountId = t.externalAccountId.toUpperCase();
    if (faults.has('enrich-account-id-trimmed') && typeof t.externalAccountId === 'string')
      out.externalAccountId = t.externalAccountId.trim();
    if (faults.has('i4-enrich-description-trimmed') && typeof t.description === 'string')
      out.description = t.description.trim().replace(/\s+/g, ' ');
    // i14-enrich-description-uppercased: the description echoed as the matcher normalised it, upper-cased.
    if (faults.has('i14-enrich-description-uppercased') && typeof t.description === 'string') out.description = t.description.toUpperCase();
    // seeded-enrich-unrecognised-description-trimmed: the description of a transaction no merchant was recognised in, trimmed.
    if (faults.has('seeded-enrich-unrecognised-description-trimmed') && !m && typeof t.description === 'string')
      out.description = t.description.trim();
    // i19-enrich-known-merchant-description-accents-stripped: a recognised merchant's description folded to ASCII letters.
    if (faults.has('i19-enrich-known-merchant-description-accents-stripped') && m && typeof t.description === 'string')
      out.description = t.description.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    // seeded-fam24-enrich-memo-tabs-collapsed: an unrecognised transaction's memo with its tabs and runs of spaces collapsed.
    if (faults.has('seeded-fam24-enrich-memo-tabs-collapsed') && !m && typeof t.memo === 'string')
      out.memo = t.memo.replace(/[\t ]+/g, ' ');
    // i35-fd-enrich-timestamp-rewritten-utc: the transaction's timestamp answered re-rendered in UTC, its offset converted away.
    if (
      faults.has('i35-fd-enrich-timestamp-rewritten-utc') &&
      typeof t.transactionTimestamp === 'string' &&
      !Number.isNaN(Date.parse(t.transactionTimestamp))
    )
      out.transactionTimestamp = new Date(Date.parse(t.transactionTimestamp)).toISOString();
    // i37-fd-enrich-memo-dropped-when-recognised: a transaction whose merchant is recognised loses the memo it was sent with.
    if (faults.has('i37-fd-enrich-memo-dropped-when-recognised') && m) delete out.memo;
    if (faults.has('enrich-category-missing')) delete out.transactionCategory;
    if (faults.has('enrich-entities-missing')) delete out.entities;
    // Blind faults: the cleansed merchant name in place of the description sent; the entity's name under another key; accountType defaulted.
    if (faults.has('blind-enrich-description-cleansed') && m) out.description = m.name;
    if (faults.has('blind-enrich-entity-name-renamed') && Array.isArray(out.entities))
      out.entities = out.entities.map(({ name, ...e }: Record<string, unknown>) => ({ ...e, entityName: name }));
    if (faults.has('blind-enrich-account-type-optional') && out.accountType === undefined) out.accountType = 'checking';
    return out;
  };

  route(app, ctx, 'enrichTransactions', ({ body }: Input, reply: FastifyReply) => {
    // i5-enrich-batch-1000-refused: the batch bound checked as exclusive.
    if (faults.has('i5-enrich-batch-1000-refused') && (body.transactions as unknown[]).length === 1000)
      return sendError(ctx, reply, 400, 'A batch holds fewer than 1000 transactions');
    // i7-enrich-description-1024-refused: the description's bound checked as exclusive.
    if (
      faults.has('i7-enrich-description-1024-refused') &&
      (body.transactions as Record<string, any>[]).some((t) => String(t.description ?? '').length === 1024)
    )
      return sendError(ctx, reply, 400, 'description is too long');
    let transactions = (body.transactions as Record<string, any>[]).map(enrich);
    // i20-enrich-batch-customer-id-of-first: the batch answers the first transaction's customer for every transaction.
    if (faults.has('i20-enrich-batch-customer-id-of-first') && transactions.length > 1)
      transactions = transactions.map((t, i) => (i > 0 ? { ...t, externalCustomerId: transactions[0].externalCustomerId } : t));
    // i7-enrich-external-id-leading-zeros-dropped: a numeric id read through a number.
    if (faults.has('i7-enrich-external-id-leading-zeros-dropped'))
      transactions = transactions.map((t) =>
        /^\d+$/.test(String(t.externalTransactionId)) ? { ...t, externalTransactionId: String(Number(t.externalTransactionId)) } : t,
      );
    // i12-enrich-external-account-id-of-first: the batch answers the first transaction's account id for all.
    if (faults.has('i12-enrich-external-account-id-of-first') && transactions.length > 1)
      transactions = transactions.map((t, i) => (i > 0 ? { ...t, externalAccountId: transactions[0].externalAccountId } : t));
    // i29-fd-enrich-amount-whole-units: the enriched transactions answer their amounts rounded to whole units.
    if (faults.has('i29-fd-enrich-amount-whole-units'))
      transactions = transactions.map((t) => (typeof t.amount === 'number' ? { ...t, amount: Math.round(t.amount) } : t));
    if (faults.has('enrich-drops-last')) transactions = transactions.slice(0, -1);
    // i31-fd-enrich-later-descriptions-uppercased: the transactions after the first of a batch echo their description upper-cased.
    if (faults.has('i31-fd-enrich-later-descriptions-uppercased'))
      transactions = transactions.map((t, i) =>
        i > 0 && typeof t.description === 'string' ? { ...t, description: t.description.toUpperCase() } : t,
      );
    // i26-enrich-debit-amount-unsigned: a debit (negative amount) answered without its sign (the categoriser's absolute amount).
    if (faults.has('i26-enrich-debit-amount-unsigned'))
      transactions = transactions.map((t) => (typeof t.amount === 'number' && t.amount < 0 ? { ...t, amount: -t.amount } : t));
    // i9-enrich-duplicate-ids-merged: transactions keyed by their id, the last one of an id kept.
    if (faults.has('i9-enrich-duplicate-ids-merged'))
      transactions = [...new Map(transactions.map((t) => [String(t.externalTransactionId), t])).values()];
    // i30-fd-enrich-description-spaces-collapsed: the answer gives each description with its runs of spaces collapsed.
    if (faults.has('i30-fd-enrich-description-spaces-collapsed'))
      transactions = transactions.map((t) =>
        typeof t.description === 'string' ? { ...t, description: t.description.replace(/ {2,}/g, ' ') } : t,
      );
    // i32-fd-enrich-description-ampersand-escaped: the description rendered through an HTML escaper on its way back.
    if (faults.has('i32-fd-enrich-description-ampersand-escaped'))
      transactions = transactions.map((t) =>
        typeof t.description === 'string' ? { ...t, description: t.description.replace(/&/g, '&amp;') } : t,
      );
    // i34-fd-enrich-batch-last-dropped: a batch of more than two transactions answered without its last one.
    if (faults.has('i34-fd-enrich-batch-last-dropped') && transactions.length > 2) transactions = transactions.slice(0, -1);
    // i38-fd-enrich-amount-as-string: the enriched transactions echo their amounts as decimal strings.
    if (faults.has('i38-fd-enrich-amount-as-string'))
      transactions = transactions.map((t) => (typeof t.amount === 'number' ? { ...t, amount: String(t.amount) } : t));
    return reply.code(200).send({ transactions });
  });
}
