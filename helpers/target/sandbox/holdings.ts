// What a sandbox holds as .env describes it (the client and its services, a receipt, account ranges, acquirer ICAs, the
// partner's product, institutions, a routing number, a customer), proven by `npm run doctor` (helpers/target/sandbox/readiness.ts):
// each by a request the contract accepts whole, judged first by the rules of every valid request (helpers/client/request-rules.ts),
// so "ready" means the checks' own requests work. A line per setting; one needing another setting is a note naming it.
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { hideSecrets, problemLine, readValue, type Env, type Problem } from '../../config/env-schema.js';
import { loadContract, type Contract } from '../../contract/contract.js';
import { enumOf, providerEnumOf, securityHeader } from '../../contract/facts.js';
import { luhnNear, withCheckDigit } from '../../config/luhn.js';
import type { OperationId } from '../../contract/operations.js';
import { encryptJson, type EncryptionKey } from '../../auth/jwe.js';
import { signRequest, type SigningCredentials } from '../../auth/oauth1.js';
import { servesOperation } from '../../contract/served.js';
import { judgeSentRequest } from '../../client/request-rules.js';
import { redactText } from '../../secrets/redact.js';
import { configuredEncryptionKey, encryptionKeyVariable } from '../keys.js';
import { excerpt, probe, type Finding, type ProbeAnswer } from '../preflight.js';
import {
  configuredDistributionPartner,
  configuredUseCases,
  planSelection,
  signingCredentials,
  type AccountRange,
  type OfferLike,
} from '../installments.js';
import { fdSession } from './prepare.js';
import { awaitTarget } from '../../client/guest/time-budget.js';

/** A finding that a setting is not ready: its one line. */
const unready = (p: Problem): Finding => ({ variable: p.variable, ready: false, line: problemLine(p) });
/** A finding that a setting is ready, with what proved it. */
const readyBy = (variable: string, detail: string): Finding => ({ variable, ready: true, line: `${variable}: ready (${detail})` });
/** A note that a setting is not judged on the target, and why. */
const notJudged = (variable: string, why: string): Finding => ({
  variable,
  ready: true,
  note: true,
  line: `${variable}: not judged on the target ${why}`,
});

export const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };

/** What a line may quote of a refusal (its error words: helpers/target/preflight.ts, excerpt), card numbers and secrets hidden; nothing of a success. */
const said = (answer: ProbeAnswer, env: Env) =>
  answer.status >= 200 && answer.status < 300 ? '' : hideSecrets(redactText(excerpt(answer.text)), env);

/** Sends `body` once the rules of every valid request find nothing wrong with it (a probe breaking them proves nothing: thrown). */
async function sendWhole(
  contract: Contract,
  operationId: string,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  plaintexts: unknown[] = [],
): Promise<ProbeAnswer> {
  const operation = contract.operationOf(operationId);
  judgeSentRequest({ operation, body, headers, plaintexts }, contract, undefined);
  // Whole answers: an offers answer or a participation's merchants are read, not only quoted.
  return probe(url, { method: operation.method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, 1_000_000);
}

/** A note that the setting is not judged: the partner's product lacks an operation its probe calls (SANDBOX_OPERATIONS); undefined when it has them all. */
function unserved(contract: Contract, env: Env, variable: string, operationIds: string[]): Finding | undefined {
  const lacking = operationIds.filter((id) => !servesOperation(contract, id, env));
  return lacking.length ? notJudged(variable, `(${lacking.join(', ')} not in the partner's product: SANDBOX_OPERATIONS)`) : undefined;
}

// ---- card enrollment (seed 000, POST /cards)

/** A test card of 16 digits ending in its check digit (reference A3), with an expiry ahead. */
const PROBE_CARD = () => ({
  primaryAccountNumber: withCheckDigit('520473160001479'),
  panExpirationMonth: '12',
  panExpirationYear: String(new Date().getUTCFullYear() + 3),
});

/**
 * A whole enrollment of the configured client (seed 000, EnrollCardRequest): srcClientId, a serviceId, a consumer with the
 * CARD_REQUEST_IDENTITY identity, a test card encrypted with the configured key or the receipt named. Judged before it is sent;
 * the provider's identity form with that identity taken the provider's way (CE-CONFLICT-CONSUMER-IDENTITY), as every check's.
 */
export async function wholeEnrollment(
  contract: Contract,
  env: Env,
  ids: { srcClientId: string; serviceId: string; receiptId?: string },
  key?: EncryptionKey,
): Promise<Record<string, unknown>> {
  const provider = readValue('CARD_REQUEST_IDENTITY', env) === 'provider';
  const seedIdentity = { identityType: enumOf(contract, 'ConsumerIdentityType')[0], identityValue: `doctor.${randomUUID()}@example.com` };
  const consumer = {
    consumerIdentity: provider
      ? { identityType: providerEnumOf(contract, 'ConsumerIdentityType')[0], identityValue: randomUUID() }
      : seedIdentity,
    mobileNumber: { countryCode: '1', phoneNumber: '2025550143' },
    countryCode: 'US',
    languageCode: 'en',
    firstName: 'Doctor',
    lastName: 'Probe',
  };
  const card = PROBE_CARD();
  const body: Record<string, unknown> = {
    srcClientId: ids.srcClientId,
    srcCorrelationId: randomUUID(),
    serviceId: ids.serviceId,
    consumer,
    complianceSettings: {
      privacy: { latestVersionUri: 'https://src.example.test/privacy/v1' },
      tnc: { latestVersionUri: 'https://src.example.test/terms/v1' },
    },
    ...(ids.receiptId
      ? {
          cardSource: 'ISSUER',
          enrolmentReferenceData: { enrolmentReferenceId: ids.receiptId, enrolmentReferenceType: 'PUSH_ACCOUNT_RECEIPT' },
        }
      : { cardSource: 'CARDHOLDER', encryptedCard: await encryptJson(card, key!) }),
  };
  const judged = provider ? { ...body, consumer: { ...consumer, consumerIdentity: seedIdentity } } : body;
  const plaintexts = ids.receiptId ? [] : [card];
  judgeSentRequest({ operation: contract.operation('putCard'), body: judged, headers: JSON_HEADERS, plaintexts }, contract, undefined);
  // The card inside encryptedCard by the contract's Card schema (the request rules see only its check digit).
  if (!ids.receiptId && !contract.component('Card')(card))
    throw new Error("the suite's probe enrollment breaks the contract's Card schema");
  return body;
}

/** The setting an enrollment's refusal points at, by the request member its error names (reference, error body `details[].source`). */
export function enrollmentCulprit(text: string, env: Env, sent: { serviceId: string; receipt: boolean }): string {
  if (/srcClientId/.test(text)) return 'CARD_SRC_CLIENT_ID';
  if (/serviceId/.test(text))
    return sent.serviceId === readValue('CARD_FOREIGN_SERVICE_ID', env) ? 'CARD_FOREIGN_SERVICE_ID' : 'CARD_SERVICE_ID';
  if (/enrolmentReference/.test(text) || sent.receipt) return 'CARD_RECEIPT_ID';
  if (/encryptedCard|decrypt/i.test(text)) return encryptionKeyVariable('CARD', env);
  return 'CARD_SRC_CLIENT_ID, CARD_SERVICE_ID and the card encryption key';
}

async function cardHoldings(env: Env): Promise<Finding[]> {
  const contract = await loadContract('card-enrollment');
  const baseURL = readValue('CARD_BASE_URL', env)!;
  const op = contract.operation('putCard');
  const headers = { ...JSON_HEADERS, [securityHeader(contract, 'ApiKeyAuth').name]: readValue('CARD_API_KEY', env)! };
  const srcClientId = readValue('CARD_SRC_CLIENT_ID', env)!;
  const [, ...otherServices] = readValue('CARD_SERVICE_ID', env)!;
  const key = (await configuredEncryptionKey('CARD', env)).key;
  const enroll = async (ids: { srcClientId: string; serviceId: string; receiptId?: string }) => {
    const body = await wholeEnrollment(contract, env, ids, key);
    return probe(`${baseURL}${op.path}`, { method: op.method, headers, body: JSON.stringify(body) });
  };
  const out: Finding[] = [];
  const fail = (p: Problem) => out.push({ variable: p.variable, ready: false, line: hideSecrets(problemLine(p), env) });
  const ready = (variable: string, detail: string) => out.push(readyBy(variable, detail));
  // Every serviceId of the client (the first is the preflight's own enrollment).
  for (const [i, serviceId] of otherServices.entries()) {
    const answer = await enroll({ srcClientId, serviceId });
    if (answer.status === 200) ready('CARD_SERVICE_ID', `its serviceId ${i + 2}, ${JSON.stringify(serviceId)}, took a whole enrollment`);
    else
      fail({
        variable: 'CARD_SERVICE_ID',
        expected: 'serviceIds of CARD_SRC_CLIENT_ID',
        found: `${answer.status} to an enrollment for its serviceId ${i + 2}${said(answer, env)}`,
      });
  }
  // Another client's ids are refused (reference A2: another client's srcClientId is 403; a serviceId it has not, refused).
  const serviceId = readValue('CARD_SERVICE_ID', env)![0];
  for (const [variable, ids, want] of [
    [
      'CARD_FOREIGN_SRC_CLIENT_ID',
      { srcClientId: readValue('CARD_FOREIGN_SRC_CLIENT_ID', env), serviceId },
      'a 403 (origin not validated)',
    ],
    ['CARD_FOREIGN_SERVICE_ID', { srcClientId, serviceId: readValue('CARD_FOREIGN_SERVICE_ID', env) }, 'a refusal'],
  ] as const) {
    if (!ids.srcClientId || !ids.serviceId) continue;
    const answer = await enroll(ids as { srcClientId: string; serviceId: string });
    const right = variable === 'CARD_FOREIGN_SRC_CLIENT_ID' ? answer.status === 403 : answer.status >= 400 && answer.status < 500;
    if (right) ready(variable, `an enrollment naming it answered ${answer.status}`);
    else
      fail({
        variable,
        expected: `an id of another client than CARD_API_KEY's (an enrollment naming it answered with ${want})`,
        found: `${answer.status}${answer.status === 200 ? ": it is this client's own" : ''}${said(answer, env)}`,
      });
  }
  // The receipt path (reference A5): the receipt is known, and its account's digits are the ones configured.
  const receiptId = readValue('CARD_RECEIPT_ID', env);
  if (receiptId) {
    const answer = await enroll({ srcClientId, serviceId, receiptId });
    if (answer.status !== 200) {
      fail({
        variable: 'CARD_RECEIPT_ID',
        expected: 'a push-account receipt the target knows',
        found: `${answer.status} to a receipt enrollment${said(answer, env)}`,
      });
    } else {
      ready('CARD_RECEIPT_ID', 'a receipt enrollment was accepted');
      const masked = (JSON.parse(answer.text) as { maskedCard?: { panBin?: string; panLastFour?: string } }).maskedCard ?? {};
      for (const [variable, member] of [
        ['CARD_RECEIPT_PAN_BIN', 'panBin'],
        ['CARD_RECEIPT_PAN_LAST_FOUR', 'panLastFour'],
      ] as const) {
        const mine = readValue<string>(variable, env);
        if (!mine) continue;
        if (masked[member] === mine) ready(variable, `the receipt enrollment's ${member}`);
        else
          fail({
            variable,
            expected: `the ${member} of CARD_RECEIPT_ID's account`,
            found: `${JSON.stringify(mine)}, where the receipt enrollment answered ${JSON.stringify(masked[member] ?? null)}`,
          });
      }
    }
  }
  return out;
}

// ---- installments (provider 2.0.0)

/** A card of the range's length (16 at least) just inside its low end, ending in its check digit (provider 2.0.0, Pan: Luhn). */
function cardInRange(range: AccountRange): string {
  const m = range.accountRangeLow.length;
  const head = (BigInt(range.accountRangeLow) + (range.accountRangeHigh > range.accountRangeLow ? 1n : 0n)).toString().padStart(m, '0');
  return m >= 16 ? luhnNear(head, true) : withCheckDigit(head + '0'.repeat(15 - m));
}

interface Signed {
  contract: Contract;
  baseURL: string;
  signer: SigningCredentials;
  key: EncryptionKey;
}

async function signedWhole(
  s: Signed,
  operationId: OperationId<'installments'>,
  body: unknown,
  plaintexts: unknown[],
  extra: Record<string, string> = {},
) {
  const op = s.contract.operation(operationId);
  const url = `${s.baseURL}${op.path}`;
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers = { ...JSON_HEADERS, ...extra, authorization: signRequest(s.signer, op.method, url, text) };
  return sendWhole(s.contract, operationId, url, body, headers, plaintexts);
}

const sealed = async (s: Signed, plain: unknown) => ({ encryptedValue: await encryptJson(plain, s.key, 'A256GCM') });

/**
 * Each configured account range is held: a new PAN list without a range takes a card inside it (provider 2.0.0,
 * PanRegistrationWithEncryptedValueRequest: validated against the ranges held), then the card is deregistered. The list keeps
 * no range (every card of it would be eligible) and no card (checks want one no list holds; no operation deletes a list).
 */
async function rangeFindings(s: Signed, env: Env): Promise<Finding[]> {
  const ranges = readValue('INSTALLMENTS_ACCOUNT_RANGES', env);
  if (!ranges) return [];
  const lacking = unserved(s.contract, env, 'INSTALLMENTS_ACCOUNT_RANGES', ['registerPans', 'deregisterPans']);
  if (lacking) return [lacking];
  const refused: string[] = [];
  for (const [i, range] of ranges.entries()) {
    const pans = { pans: [{ pan: cardInRange(range) }] };
    const body = { panListName: 'Contract suite doctor', ...(await sealed(s, pans)) };
    const answer = await signedWhole(s, 'registerPans', body, [pans]);
    const registered =
      answer.status === 200
        ? (JSON.parse(answer.text) as { successfulCount?: string; failureCount?: string; panList?: { panListId?: string } })
        : undefined;
    if (!registered || registered.successfulCount !== '1') {
      refused.push(
        `range ${i + 1} (${range.accountRangeLow}-${range.accountRangeHigh}): ${answer.status}${registered ? `, the card inside it not registered (failureCount ${registered.failureCount ?? 'absent'})` : ''}${said(answer, env)}`,
      );
      continue;
    }
    if (registered.panList?.panListId)
      await signedWhole(s, 'deregisterPans', { panListId: registered.panList.panListId, ...(await sealed(s, pans)) }, [pans]);
  }
  if (refused.length)
    return [
      unready({
        variable: 'INSTALLMENTS_ACCOUNT_RANGES',
        expected: 'account ranges the target holds (a card inside each taken into a new PAN list)',
        found: refused.join('; '),
      }),
    ];
  return [
    readyBy(
      'INSTALLMENTS_ACCOUNT_RANGES',
      `a card inside each of its ${ranges.length} ranges was taken into a new PAN list, and deregistered since`,
    ),
  ];
}

/**
 * A new MID-based merchant of the acquirer ICA: the schema's members and what provider 2.0.0 POST /merchants/participations
 * asks in prose (optIn, dbaNames, mids, the address's city and, where the country has them, its postal code).
 */
const doctorMerchant = (acquirerICA: string) => ({
  merchantLegalName: 'Contract suite doctor',
  countryCode: 'USA',
  acquirerICA,
  dbaNames: ['Contract suite doctor'],
  mids: ['DOCTOR0001'],
  optIn: 'Y',
  address: { addressLine1: '1 Probe Street', city: 'Springfield', postalCode: '62701', countryCode: 'USA' },
});

/**
 * The acquirer ICAs are as the settings say: a participation of one merchant per ICA, COMPLETED for the known and ERROR for the
 * unknown (reference, Flows - lender app), followed until none is PENDING (INSTALLMENTS_EFFECTUATION_MAX_SECONDS). A line each.
 */
async function icaFindings(s: Signed, env: Env): Promise<Finding[]> {
  const settings = [
    ['INSTALLMENTS_KNOWN_ACQUIRER_ICA', [readValue('INSTALLMENTS_KNOWN_ACQUIRER_ICA', env)]],
    ['INSTALLMENTS_OTHER_KNOWN_ACQUIRER_ICAS', readValue('INSTALLMENTS_OTHER_KNOWN_ACQUIRER_ICAS', env) ?? []],
    ['INSTALLMENTS_UNKNOWN_ACQUIRER_ICA', [readValue('INSTALLMENTS_UNKNOWN_ACQUIRER_ICA', env)]],
  ] as const;
  const icas = (variable: string) =>
    (settings.find(([v]) => v === variable)![1] as (string | undefined)[]).filter((v): v is string => Boolean(v));
  // One request per side: a request whose one unknown ICA failed every merchant of it would blame the known ones.
  const sides = [
    [...icas('INSTALLMENTS_KNOWN_ACQUIRER_ICA'), ...icas('INSTALLMENTS_OTHER_KNOWN_ACQUIRER_ICAS')],
    icas('INSTALLMENTS_UNKNOWN_ACQUIRER_ICA'),
  ].filter((side) => side.length);
  if (!sides.length) return [];
  const lacking = ['postMerchantParticipations', 'getMerchantParticipations'].filter((id) => !servesOperation(s.contract, id, env));
  if (lacking.length)
    return settings.filter(([variable]) => icas(variable).length).map(([variable]) => unserved(s.contract, env, variable, lacking)!);
  const maxSeconds = readValue('INSTALLMENTS_EFFECTUATION_MAX_SECONDS', env) ?? 300;
  /** Each ICA's effectuation status, or why it has none. */
  const outcome = new Map<string, string>();
  await Promise.all(
    sides.map(async (side) => {
      const submitted = await signedWhole(s, 'postMerchantParticipations', side.map(doctorMerchant), []);
      const requestId = submitted.headers?.location ? new URL(submitted.headers.location, s.baseURL).searchParams.get('request_id') : null;
      if (submitted.status !== 202 || !requestId) {
        for (const ica of side) outcome.set(ica, `a participation answered ${submitted.status}${said(submitted, env)}`);
        return;
      }
      const op = s.contract.operation('getMerchantParticipations');
      let merchants: { acquirerICA?: string; status?: string; errorReason?: string }[] = [];
      for (const until = Date.now() + maxSeconds * 1000; ; ) {
        const url = `${s.baseURL}${op.path}?request_id=${encodeURIComponent(requestId)}`;
        const read = await probe(
          url,
          { method: 'GET', headers: { accept: 'application/json', authorization: signRequest(s.signer, 'GET', url, undefined) } },
          1_000_000,
        );
        // provider 2.0.0, Merchants: an array of the request's merchants with their effectuation status.
        merchants = read.status === 200 ? (JSON.parse(read.text) as typeof merchants) : [];
        if ((merchants.length && merchants.every((m) => m.status !== 'PENDING')) || Date.now() > until) break;
        await awaitTarget(5000);
      }
      for (const ica of side) {
        const m = merchants.find((x) => String(x.acquirerICA) === ica);
        outcome.set(
          ica,
          !m || m.status === 'PENDING'
            ? `its participation ${m ? 'still PENDING' : 'unlisted'} after INSTALLMENTS_EFFECTUATION_MAX_SECONDS=${maxSeconds}`
            : `${m.status}${m.errorReason ? ` (${m.errorReason})` : ''}`,
        );
      }
    }),
  );
  return settings.flatMap(([variable]): Finding[] => {
    const mine = icas(variable);
    if (!mine.length) return [];
    const want = variable === 'INSTALLMENTS_UNKNOWN_ACQUIRER_ICA' ? 'ERROR' : 'COMPLETED';
    const judged = mine.filter((ica) => /^(COMPLETED|ERROR)/.test(outcome.get(ica)!));
    const wrong = judged.filter((ica) => !outcome.get(ica)!.startsWith(want));
    if (wrong.length)
      return [
        unready({
          variable,
          expected: `${mine.length > 1 ? 'acquirer ICAs' : 'an acquirer ICA'} the target ${want === 'ERROR' ? 'does not know (effectuation ERROR)' : 'knows (effectuation COMPLETED)'}`,
          found: wrong.map((ica) => `${ica}, effectuated ${outcome.get(ica)}`).join('; '),
        }),
      ];
    const unjudged = mine.filter((ica) => !judged.includes(ica)).map((ica) => `${ica}: ${outcome.get(ica)}`);
    if (unjudged.length) return [notJudged(variable, `(${unjudged.join('; ')})`)];
    return [readyBy(variable, `${mine.join(', ')}: a participation effectuated ${want}`)];
  });
}

const OFFERS_TRANSACTION = { amount: 1200, currency: 'USD', localDateTime: '2025-06-01T10:15:00Z' };
const OFFERS_MERCHANT = {
  name: 'Contract suite doctor',
  country: 'USA',
  mcc: '5732',
  url: 'https://shop.example.test',
  acquirerId: '001234',
  merchantId: 'MID000123',
};

/**
 * The eligible card is offered installments (reference, Flows - services), and the use cases are the target's: a plan without
 * `transactionOffers` (no DURING_PURCHASE) is taken, not refused for lack of them (provider 2.0.0, TransactionOffers,
 * InvalidPresentedOffersDRNG); with DURING_PURCHASE every plan carries them, which no product refuses.
 */
async function offerFindings(s: Signed, env: Env): Promise<Finding[]> {
  const useCases = configuredUseCases(env);
  const variable = 'INSTALLMENTS_USE_CASES';
  const out: Finding[] = [];
  const note = (line: string) => out.push(notJudged(variable, line));
  // A distribution partner's plans carry the offers presented whatever the use cases (provider 2.0.0, InvalidPresentedOffersDSP).
  const duringPurchase = useCases.includes('DURING_PURCHASE') || configuredDistributionPartner(env);
  if (duringPurchase)
    out.push(
      readyBy(
        variable,
        `${useCases.join(',')}${configuredDistributionPartner(env) ? ', a distribution partner' : ''}: every plan carries the offers presented, which no product refuses`,
      ),
    );
  const pan = readValue('INSTALLMENTS_ELIGIBLE_PAN', env);
  if (!pan) {
    if (!duringPurchase) note('without INSTALLMENTS_ELIGIBLE_PAN (a plan selects an offer)');
    return out;
  }
  const lacking = unserved(s.contract, env, 'INSTALLMENTS_ELIGIBLE_PAN', ['approvedOffers']);
  if (lacking) return [...out, lacking];
  const card = { consumer: { primaryAccountNumber: pan } };
  // provider 2.0.0, AcceptLanguage: en (a fetch would send its own `*`).
  const offers = await signedWhole(
    s,
    'approvedOffers',
    { transaction: OFFERS_TRANSACTION, merchant: OFFERS_MERCHANT, ...(await sealed(s, card)) },
    [card],
    {
      'accept-language': 'en',
    },
  );
  const answer = offers.status === 200 ? (JSON.parse(offers.text) as { offerTransactionId: string; offers?: OfferLike[] }) : undefined;
  if (!answer?.offers?.length) {
    out.push(
      unready({
        variable: 'INSTALLMENTS_ELIGIBLE_PAN',
        expected: 'a card the target offers installments for',
        found: `${offers.status}${answer ? ' with no offer' : ''} to approvedOffers${said(offers, env)} (the card is not shown)`,
      }),
    );
    if (!duringPurchase) note('(a plan selects an offer)');
    return out;
  }
  out.push(readyBy('INSTALLMENTS_ELIGIBLE_PAN', `${answer.offers.length} offers for it`));
  if (duringPurchase) return out;
  const unsent = unserved(s.contract, env, variable, ['savePlan']);
  if (unsent) return [...out, unsent];
  const body = {
    ...planSelection(answer.offerTransactionId, answer.offers[0], false, {
      transaction: OFFERS_TRANSACTION,
      merchant: OFFERS_MERCHANT,
      offers: answer.offers,
    }),
    ...(await sealed(s, card)),
  };
  const plan = await signedWhole(s, 'savePlan', body, [card], { 'Correlation-Id': randomUUID() });
  if (plan.status === 201) out.push(readyBy(variable, `${useCases.join(',')}: a plan without the offers presented was taken`));
  else if (/transactionOffers/i.test(plan.text))
    out.push(
      unready({
        variable,
        expected: "the use cases of the target's product",
        found: `${useCases.join(',')}, and the target refuses a plan without transactionOffers (${plan.status}${said(plan, env)}): its product includes DURING_PURCHASE`,
      }),
    );
  else note(`(a plan answered ${plan.status}${said(plan, env)})`);
  return out;
}

async function installmentsHoldings(env: Env): Promise<Finding[]> {
  const s: Signed = {
    contract: await loadContract('installments'),
    baseURL: readValue('INSTALLMENTS_BASE_URL', env)!,
    signer: signingCredentials('INSTALLMENTS', env)!,
    key: (await configuredEncryptionKey('INSTALLMENTS', env)).key,
  };
  const [ranges, offers, icas] = await Promise.all([rangeFindings(s, env), offerFindings(s, env), icaFindings(s, env)]);
  return [...ranges, ...offers, ...icas];
}

// ---- financial data (seed 002), read with the partner's token

async function fdHoldings(env: Env, request: APIRequestContext): Promise<Finding[]> {
  const { api } = await fdSession(request, env);
  const out: Finding[] = [];
  const judge = async (variable: string, operationIds: string[], expected: string, read: () => Promise<string | undefined>) => {
    const value = readValue<string>(variable, env);
    if (!value) return;
    const lacking = unserved(api.contract, env, variable, operationIds);
    if (lacking) return void out.push(lacking);
    const found = await read();
    out.push(
      found === undefined
        ? readyBy(variable, expected)
        : { variable, ready: false, line: hideSecrets(problemLine({ variable, expected, found }), env) },
    );
  };
  const status = async (call: Promise<{ status: number }>) => (await call).status;
  await judge('FD_INSTITUTION_ID', ['GetInstitutionBranding'], 'an institution with branding', async () => {
    const s = await status(api.call('GetInstitutionBranding', { path: { institutionId: env.FD_INSTITUTION_ID! } }));
    return s === 200 ? undefined : `GetInstitutionBranding ${s}`;
  });
  await judge('FD_UNBRANDED_INSTITUTION_ID', ['GetInstitution', 'GetInstitutionBranding'], 'an institution without branding', async () => {
    const path = { institutionId: env.FD_UNBRANDED_INSTITUTION_ID! };
    const [known, branding] = [
      await status(api.call('GetInstitution', { path })),
      await status(api.call('GetInstitutionBranding', { path })),
    ];
    return known === 200 && branding === 404 ? undefined : `GetInstitution ${known}, GetInstitutionBranding ${branding}`;
  });
  await judge('FD_ROUTING_NUMBER', ['GetInstitutionsByRoutingNumber'], 'a routing number mapped to an institution', async () => {
    const s = await status(api.call('GetInstitutionsByRoutingNumber', { path: { routing_number: env.FD_ROUTING_NUMBER! } }));
    return s === 200 ? undefined : `GetInstitutionsByRoutingNumber ${s}${s === 404 ? ': no institution maps it' : ''}`;
  });
  await judge('FD_DISPUTED_CUSTOMER_ID', ['GetCustomer'], "a customer of the partner's", async () => {
    const s = await status(api.call('GetCustomer', { path: { customerId: env.FD_DISPUTED_CUSTOMER_ID! } }));
    return s === 200 ? undefined : `GetCustomer ${s}${s === 404 ? ": deleted, or another partner's" : ''}`;
  });
  return out;
}

/** The findings on what the sandbox holds for a service whose credentials and keys are ready (unreadable answers: a note). */
export async function holdingFindings(service: string, env: Env, request: APIRequestContext): Promise<Finding[]> {
  try {
    if (service === 'card-enrollment') return await cardHoldings(env);
    if (service === 'installments') return await installmentsHoldings(env);
    if (service === 'financial-data') return await fdHoldings(env, request);
    return [];
  } catch (error) {
    const line = `what the sandbox holds could not be judged: ${hideSecrets(redactText((error as Error).message.split('\n')[0]), env)}`;
    return [{ variable: service, ready: true, note: true, line }];
  }
}
