// Transaction data enrichment (seed 002, Endpoints - Transaction data enrichment; rules: schemas/financial-data/rules/enrichment.yaml):
// categorization and entity recognition for a batch of 1 to 1000 (seed 002, Limits; the cap, required members and lengths are the
// contract's, components/enrichment.yaml, enforced by the middleware). Stateless and deterministic: a merchant table decides.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { answerThrough, judgeThrough, route, sendError, type FdContext, type Input } from './middleware.js';
import type { Answer, EnrichmentSeams, Exchange, Merchant, Refusal, Step } from './enrichment.records.js';

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
  const seams = ctx.faults.seams<EnrichmentSeams>('enrichment');

  const enrich = (t: Record<string, any>, m: Merchant | undefined) => {
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
    return { ...t, ...added, isRecurringTransaction: Boolean(t.inputIsRecurringTransaction) };
  };

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // Recognised from the description and the merchant's name and descriptor (provider 1.35.0 InputMerchantInformation), alone or together.
    recognise: (x) => {
      x.text = (t) => `${t.description} ${t.inputMerchantInformation?.name ?? ''} ${t.inputMerchantInformation?.merchantDescriptor ?? ''}`;
      return undefined;
    },
  };
  const judged = judgeThrough(seams, judge);
  const answered = answerThrough<Exchange, Answer>(seams);

  route(app, ctx, 'enrichTransactions', (input: Input, reply: FastifyReply) => {
    const x: Exchange = { op: 'enrichTransactions', input, sent: input.body.transactions as Record<string, any>[] };
    const refusal = judged(x, ['recognise']);
    if (refusal) return sendError(ctx, reply, refusal.status, refusal.message);
    x.merchants = x.sent.map((t) => MERCHANTS.find((m) => m.match.test(x.text!(t))));
    return answered(x, reply, { status: 200, body: { transactions: x.sent.map((t, i) => enrich(t, x.merchants![i])) } });
  });
}
