// Covers: a refused request leaves no trace (IN-PROP-REFUSED-NO-TRACE; helpers/client/invariants/refused-trace.ts) on
// every writer, for every rule, 401, 403 and 406, a selection's terms off its offer, and a card batch refused at its last card
// in each form of its card data (cardBatchProbes); its objects' readers (and offers, IN-STATE-PAN-ELIGIBLE) unchanged, and no
// issuer notified because of it (IN-NOTIFY-REFUSED for a selection, the property otherwise). Each refusal marked not
// recoverable is sent again at once and refused again (IN-ERR-RECOVERABLE; provider 2.0.0 Error.Recoverable).
import {
  expect,
  loadContract,
  rules,
  signedAs,
  test,
  type InstallmentsOperationId,
  skipWithout,
  withPath,
} from '../../fixtures/installments.js';
import { examplePlanBody } from '../../fixtures/examples/installments.js';
import { loadRules } from '../../helpers/contract/rules.js';
import { checkRefusedLeaveNoTrace, REFUSED_NO_TRACE, traceWriters } from '../../helpers/client/invariants/refused-trace.js';
import { Violations, withObjects } from '../../helpers/client/security/probe.js';
import { objectIdsOf } from '../../helpers/contract/object-ids.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { refName, type Json, type Operation } from '../../helpers/contract/contract.js';
import { countRefusedNoTrace } from '../shared/refused-trace.js';
import {
  conditionRefusalsOf,
  type Condition,
  methodProbesOf,
  NOT_ACCEPTABLE,
  refusalsOf,
  stateReadersOf,
  type Read,
  type Refusal,
  type TraceProbe,
} from '../../helpers/client/invariants/refusals.js';

const contract = await loadContract('installments');
const WRITERS = traceWriters(contract);
const RULES = loadRules('installments').rules;
/** Writers whose object an outbound call shows (seed 001, Endpoints: POST /notifications; reference, Flows - notification). */
const OUTBOUND: Record<string, string> = { savePlan: 'notifyPlan' };
/** The outbound call of the service (seed 001, Events: the issuer notified when a plan is selected), read after every writer. */
const NOTIFICATION = 'notifyPlan';
/** How long a read of the issuer's notifications waits for one that is on its way. */
const NOTIFICATION_WAIT_MS = 300;

skipWithout('eligiblePan');

/**
 * The selections refused by state, not by schema: terms that differ from the offer chosen (provider 2.0.0, POST /plans: the offer
 * data sent "without any changes", validated against the presented offer; IN-VAL-PLAN-OFFER-TERMS), 400. One minor unit more on the
 * plan's totalAmount, and on its first scheduled installment: each a plan the offer does not make, and no plan selected.
 */
function termsRefusals(valid: CallOptions): Refusal[] {
  const body = valid.body as Record<string, any>;
  const cent = (n: unknown) => (typeof n === 'number' ? Math.round((n + 0.01) * 100) / 100 : n);
  const refusals: Refusal[] = [];
  if (typeof body.planInstallmentInformation?.totalAmount === 'number')
    refusals.push({
      reason: 'state',
      why: "state: planInstallmentInformation.totalAmount a cent above the chosen offer's",
      call: { ...valid, body: withPath(body, 'planInstallmentInformation.totalAmount', cent(body.planInstallmentInformation.totalAmount)) },
      statuses: [400],
    });
  if (typeof body.schedulePayments?.[0]?.installmentAmount === 'number')
    refusals.push({
      reason: 'state',
      why: "state: the first scheduled installment a cent above the chosen offer's",
      call: { ...valid, body: withPath(body, 'schedulePayments.0.installmentAmount', cent(body.schedulePayments[0].installmentAmount)) },
      statuses: [400],
    });
  return refusals;
}

/** A list of cards a writer's request carries, read from its contract (provider 2.0.0 PanListSensitiveData: pans[].pan). */
interface CardList {
  /** The plaintext schema its `encryptedValue` seals (`x-plaintext-schema`). */
  plaintext: string;
  /** The request member carrying that plaintext in clear (provider 2.0.0 request schemas: sensitiveData), where there is one. */
  clear?: string;
  /** The plaintext's list of items, and the member of an item holding the card (a string of a pattern: Pan ^[0-9]{11,19}$). */
  list: string;
  card: string;
  pattern: string;
}

/** The list of cards a writer's card data carries: an array member of its sealed plaintext whose items hold a patterned member. */
function cardListOf(operationId: string): CardList | undefined {
  const body: Json = contract.resolveSchema(contract.operationOf(operationId).requestBody?.schema);
  const plaintext = body?.properties?.encryptedValue?.['x-plaintext-schema'];
  if (typeof plaintext !== 'string') return undefined;
  const clear = Object.keys(body.properties).find((member) => refName(body.properties[member]) === plaintext);
  for (const [list, node] of Object.entries<Json>(contract.componentSchema(plaintext)?.properties ?? {})) {
    const items: Json = contract.resolveSchema(contract.resolveSchema(node)?.items);
    const card = Object.keys(items?.properties ?? {}).find((m) => typeof contract.resolveSchema(items.properties[m])?.pattern === 'string');
    if (card)
      return { plaintext, ...(clear ? { clear } : {}), list, card, pattern: contract.resolveSchema(items.properties[card]).pattern };
  }
  return undefined;
}

/**
 * A card batch refused at its last card (provider 2.0.0 PanListSensitiveData: a writer's cards travel as one list in one request):
 * a card of the check's own, then one the card's pattern refuses (Pan ^[0-9]{11,19}$), in each form the request takes card data in:
 * sealed in `encryptedValue` (reference, Payload encryption; provider 2.0.0) and in clear under the request member of the plaintext's
 * schema (the provider's request schemas and its Unencrypted examples). Refused (400), it has carried out none of it (the assumption:
 * a refused request is not carried out in part; seed 001, Errors): the head reads as before through its offers
 * (IN-STATE-PAN-ELIGIBLE), still in the list (a deregistration's head: a card the list holds) or in none (a registration's: a card of
 * no list). A target answering the batch 200, the malformed card counted failed (the provider's partial-success examples,
 * conflicts.yaml IN-DEVIATION-PAN-LENGTH-COUNTED; card data in clear, which no document refuses with a status), has carried it out
 * as documented: no finding (`optional`), and no read after it sees what it moved, since each batch is a probe of its own, sent after
 * every other probe, on a head no other probe's refusals name.
 */
async function cardBatchProbes(
  writers: readonly { writer: Operation }[],
  how: {
    /** A writer's `n` heads, one per form: cards the check's list holds where its sample names one (a deregistration), else cards of no list. */
    headsOf: (operationId: string, n: number) => { pans: string[]; held: boolean };
    bodyOf: (form: { clear?: string }, plain: unknown) => Promise<Record<string, unknown>>;
    readOf: (operationId: string, pan: string) => Promise<Read | undefined>;
  },
): Promise<{ probes: TraceProbe[]; cards: string[] }> {
  const probes: TraceProbe[] = [];
  const cards: string[] = [];
  for (const { writer } of writers) {
    const { operationId } = writer;
    const listed = cardListOf(operationId);
    if (!listed) continue;
    const sealed = contract.component(listed.plaintext);
    const forms: { name: string; clear?: string }[] = [
      ...(listed.clear ? [{ name: `in clear ${listed.clear}`, clear: listed.clear }] : []),
      { name: 'encrypted in encryptedValue' },
    ];
    const heads = how.headsOf(operationId, forms.length);
    for (const [i, form] of forms.entries()) {
      const head = heads.pans[i];
      if (!head) continue;
      // Two digits: short of any card, and of the card numbers the leak search looks for (helpers/secrets/sensitive.ts), since a
      // target taking the clear form answers its failed cards in clear (the provider's Unencrypted partial-success examples).
      const malformed = head.slice(0, 2);
      const items = (...pans: string[]) => ({ [listed.list]: pans.map((pan) => ({ [listed.card]: pan })) });
      // The head alone a plaintext the contract takes, the malformed card one it refuses.
      if (!sealed(items(head)) || sealed(items(malformed))) continue;
      const read = await how.readOf(operationId, head);
      if (!read) continue;
      cards.push(head);
      probes.push({
        writer,
        refusals: [
          {
            reason: 'validation',
            why: `validation (a batch refused at its last card): ${listed.list} holding ${heads.held ? 'a card the list holds' : 'a card of no list'}, then one of ${malformed.length} digits (${listed.card} ${listed.pattern}), ${form.name}`,
            call: { body: await how.bodyOf(form, items(head, malformed)) },
            statuses: [400],
            optional: true,
          },
        ],
        reads: [read],
      });
    }
  }
  return { probes, cards };
}

test(
  'a refused write (invalid member, no signature) leaves every reader of what it names as before @assumption',
  rules('IN-PROP-REFUSED-NO-TRACE', 'IN-NOTIFY-REFUSED', 'IN-ERR-RECOVERABLE'),
  async ({ inst, instApi, instReq, instEnv }) => {
    const { planId } = await instReq.createPlan(instApi);
    // A selection of the check's own under a Correlation-Id of its own, which its notification carries.
    const offers = await instApi.call('approvedOffers', { body: await instReq.offersBody(inst.eligiblePan!) });
    expect(offers.status, 'offers for the eligible card').toBe(200);
    const selection = crypto.randomUUID();
    const selected: CallOptions = {
      body: examplePlanBody(
        offers.body.offerTransactionId,
        offers.body.offers[0],
        await instReq.sensitive({ consumer: { primaryAccountNumber: inst.eligiblePan! } }),
        { offers: offers.body.offers },
      ),
      headers: { 'Correlation-Id': selection },
    };
    // A PAN list of two cards of the check's own, encrypted (provider 2.0.0: the client encrypts sensitiveData).
    const listed = [instReq.listPan(), instReq.listPan()];
    const { panListId } = await instReq.newList(instApi, 'Trace list', listed);
    const batch: Record<string, string> = { deregisterPans: listed[0]!, registerPans: instReq.listPan() };
    const objects = { plan: planId, panList: panListId };
    const callOf = async (operationId: string): Promise<CallOptions | string> => {
      const op = contract.operationOf(operationId);
      const call = (await instReq.sampleCall(operationId as InstallmentsOperationId).catch((error: Error) => error.message)) as
        | CallOptions
        | string;
      if (typeof call === 'string') return `no sample call (${call})`;
      if (operationId === 'savePlan') return selected;
      const pan = batch[operationId];
      const carded = pan && { body: { panListId, ...(await instReq.sensitive({ pans: [{ pan }] })) } };
      const validate = contract.requestValidatorOf(operationId);
      if (carded && validate?.(carded.body)) return carded;
      return withObjects(call, objectIdsOf(contract, op).ids, objects);
    };
    /** The card a batch writer's call names, with the list's: what its state readers are read for. */
    const cardsOf = (operationId: string) => [...new Set([...listed, ...(batch[operationId] ? [batch[operationId]!] : [])])];
    // reference, Error codes: 403 a key without the operation's right, 406 a representation other than JSON.
    const conditions: Condition[] = [
      ...(inst.forbidden
        ? [
            {
              status: 403,
              names: /may not use this operation/i,
              why: "a consumer key without the operation's right",
              call: (call: CallOptions) => ({ ...call, auth: signedAs(inst.forbidden!) }),
            },
          ]
        : []),
      NOT_ACCEPTABLE,
    ];
    /** The read of a card's state a writer's probe makes, by writer and card; how a writer's cards are read, by writer. */
    const cardReads = new Map<string, Read>();
    const cardReaders = new Map<string, (pan: string) => Promise<Read>>();
    /** The documented refusals whose condition the harness cannot produce, by writer. */
    const unproduced: string[] = [];
    const probes: TraceProbe[] = [];
    const exceptions: { operationId: string; reason: string }[] = [];
    // A batch (provider 2.0.0 MerchantParticipationRequest: an array of participations) is one request: refused at any item, it
    // keeps none of its items, those before the refused one included (the assumption: a refused request is not carried out in
    // part). Each refusal is sent at the second item, after a valid participation of the check's own (the head), and one more is
    // refused by the table of what a merchant added carries (provider 2.0.0 postMerchantParticipations, "Mandatory In Add
    // Operation": dbaNames; IN-REQ-PARTICIPATION-ADD), which no schema states. The head is looked for where a merchant shows
    // whatever its effectuation: a search by its legal name (seed 001, Endpoints: partners search merchants "and participation
    // status" by merchant name), read at once, as the completed list is (a sandbox effectuating in real time lists it there too).
    const refusedAtLaterItem = async (operationId: string, refusals: Refusal[], reads: Read[]) => {
      const head = ((await callOf(operationId)) as CallOptions).body as Record<string, unknown>[];
      const named = head[0]!;
      const validate = contract.requestValidatorOf(operationId);
      for (const refusal of refusals) {
        const items = refusal.call.body;
        // Where the head would make the batch valid (a list shorter than its least), the refusal is sent as it was made.
        if (Array.isArray(items) && items.length && validate && !validate([named, ...items])) {
          refusal.call = { ...refusal.call, body: [named, ...items] };
          refusal.why = `${refusal.why}, at the second item`;
        }
      }
      const unlisted = withPath(((await callOf(operationId)) as CallOptions).body as unknown[], '0.dbaNames', undefined);
      refusals.push({
        reason: 'validation',
        why: 'validation (a merchant added without dbaNames, provider 2.0.0 postMerchantParticipations table), at the second item',
        call: { body: [named, ...unlisted] },
        statuses: [400],
      });
      const search = contract.operationOf('postMerchantSearches');
      reads.push({ operation: search, call: { body: { merchantLegalName: named.merchantLegalName } } });
    };
    for (const { writer, readers } of WRITERS) {
      const { operationId } = writer;
      const valid = await callOf(operationId);
      if (typeof valid === 'string') {
        exceptions.push({ operationId, reason: valid });
        continue;
      }
      const reads: Read[] = [];
      // A batch writer on a target without a control surface: other checks' merchants are submitted and effectuated there in
      // real time, so a partner-wide list (the completed page, a search by country) changes under the probe; only the read
      // naming the batch's own merchant (the search by its legal name, refusedAtLaterItem) is compared there.
      const shared = !inst.control && Array.isArray(valid.body);
      for (const operation of shared ? [] : readers) {
        const call = await callOf(operation.operationId);
        if (typeof call !== 'string') reads.push({ operation, call });
      }
      // Where no GET reads the state it sets, the operations a state rule judges it by (offers for each card of the list).
      for (const operation of stateReadersOf(contract, RULES, writer)) {
        const sample = await callOf(operation.operationId);
        if (typeof sample === 'string') continue;
        // The one such operation takes a card (provider 2.0.0, OffersRequest): read for each card of the batch and the list.
        const readOfCard = async (pan: string): Promise<Read> => ({ operation, call: { ...sample, body: await instReq.offersBody(pan) } });
        for (const pan of cardsOf(operationId)) {
          const read = await readOfCard(pan);
          reads.push(read);
          cardReads.set(`${operationId} ${pan}`, read);
        }
        cardReaders.set(operationId, readOfCard);
      }
      // What an outbound call shows, read after the refusals of every writer (a refused request is not carried out, and the seed's
      // Events send a notification only for a plan selected): the issuer's notifications of this check's selection or plan, by
      // their Correlation-Id or plan id (never a card number), on the mock's deliveries and a sandbox's listener alike.
      const receiver = instEnv.receiver;
      if (receiver) {
        const ours = (r: { headers: Record<string, string>; json?: unknown }) =>
          r.headers['correlation-id']?.toLowerCase() === selection || (r.json as { planId?: unknown } | undefined)?.planId === planId;
        reads.push({
          operation: contract.operationOf(NOTIFICATION),
          call: {},
          view: {
            name: `the ${NOTIFICATION} calls the issuer received for Correlation-Id ${selection} or plan ${planId}`,
            // A notification a refused selection sent breaks the statement of notifications (seed 001, Events), cited as its own.
            read: async () => {
              await receiver.waitFor(ours, NOTIFICATION_WAIT_MS);
              const received = receiver.requests().filter(ours);
              return { status: 200, body: received.map((r) => (r.json as { planId?: unknown } | undefined)?.planId ?? r.method) };
            },
          },
          // A refused selection notifying breaks IN-NOTIFY-REFUSED alone (seed 001, Events); another writer's refusal, the property.
          ...(operationId === 'savePlan' ? { rule: 'IN-NOTIFY-REFUSED' } : {}),
        } satisfies Read);
      }
      if (!reads.length && !shared)
        exceptions.push({
          operationId,
          reason: OUTBOUND[operationId]
            ? `needs the issuer receiver (INSTALLMENTS_RECEIVER_PUBLIC_URL, INSTALLMENTS_RECEIVER_PORT): what it makes is read only by the id its 201 gives, and shows otherwise only in the ${OUTBOUND[operationId]} call the issuer receives`
            : writer.responses['201'] || writer.responses['200']
              ? `what it makes is read only by the id its ${writer.responses['201'] ? 201 : 200} gives (a refusal gives none), and no reader lists it`
              : 'the contract has no reader of an object it names, nor a state rule judging it by another operation',
        });
      else if (valid.baseURL) exceptions.push({ operationId, reason: "served by the issuer's endpoint, not by the target" });
      else {
        const conditioned = conditionRefusalsOf(contract, writer, conditions, () => valid);
        unproduced.push(...conditioned.leftOut.map((why) => `${operationId} ${why}`));
        const refusals = [...refusalsOf(contract, writer, valid), ...conditioned.refusals];
        if (operationId === 'savePlan') refusals.push(...termsRefusals(valid));
        probes.push({ writer, refusals, reads });
        if (Array.isArray(valid.body)) await refusedAtLaterItem(operationId, refusals, reads);
      }
    }
    // The method reason: a method a plan's path does not document (provider 2.0.0, getPlan 405).
    const gets = new Map<string, CallOptions>();
    for (const op of contract.operations.values()) {
      if (op.method !== 'GET') continue;
      const call = await callOf(op.operationId);
      if (typeof call !== 'string') gets.set(op.operationId, call);
    }
    const methods = methodProbesOf(contract, (op) => gets.get(op.operationId));
    probes.push(...methods.probes);
    exceptions.push(...methods.leftOut);
    // A card batch refused at its last card, its head a card of the check's own (cardBatchProbes), after every other probe.
    const batches = await cardBatchProbes(WRITERS, {
      headsOf: (operationId, n) => {
        const named = batch[operationId];
        if (named && listed.includes(named)) return { pans: listed.slice(0, n), held: true };
        return { pans: [named ?? instReq.listPan(), ...Array.from({ length: n - 1 }, () => instReq.listPan())], held: false };
      },
      bodyOf: async (form, plain) => (form.clear ? { panListId, [form.clear]: plain } : { panListId, ...(await instReq.sensitive(plain)) }),
      readOf: async (operationId, pan) => cardReads.get(`${operationId} ${pan}`) ?? (await cardReaders.get(operationId)?.(pan)),
    });
    probes.push(...batches.probes);
    const violations = new Violations(REFUSED_NO_TRACE);
    const { checked, sent } = await checkRefusedLeaveNoTrace(
      instApi,
      probes,
      violations,
      undefined,
      'IN-PROP-REFUSED-NO-TRACE',
      undefined,
      'IN-ERR-RECOVERABLE',
    );
    countRefusedNoTrace('IN-PROP-REFUSED-NO-TRACE', { writers: WRITERS, methods, probes, checked, sent, unproduced, exceptions });
    // A guest on a sandbox: the list's cards are taken out again, a batch's a target took too (the contract deletes no list itself).
    const taken = [...new Set([...listed, ...batches.cards])];
    await instApi.call('deregisterPans', { body: { panListId, ...(await instReq.sensitive({ pans: taken.map((pan) => ({ pan })) })) } });
    violations.expectNone();
  },
);
