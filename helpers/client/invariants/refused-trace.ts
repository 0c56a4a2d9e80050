// Property (*-PROP-REFUSED-NO-TRACE): after any 4xx from a writer, every reader of what it names answers as before (seed 002,
// Errors: a 4xx "indicates a request the service did not carry out"; seed 001, Errors); a reader may be a mock's harness view.
// The method: the writers and the readers of what each names are read from the contract (kit.ts writersOfContract,
// readersOfNamed). Each writer gets, from its valid sample, one request per kind of reason its contract states (refusals.ts
// refusalsOf, RefusalReason; each reason and where the contract states it: docs/properties.md), each free text telling (vary), so
// that a stored value names the refusal that left it (leftBy). Every reader is read twice first: a read that moves what another
// shows has moved it by the second, the "before". Then per writer its refusals are sent (an answer not the refusal expected is a
// violation) and its readers read again: a leaf that changed and stays so on a read right after (kit.ts changesAfter) is a trace.
import type { Contract, Operation } from '../../contract/contract.js';
import type { ServiceName } from '../../contract/operations.js';
import type { CallOptions, OperationClient } from '../client.js';
import type { Violations } from '../security/probe.js';
import { changesAfter, failedAs, leavesOf, ownLeaves, readersOfNamed, writersOfContract } from './kit.js';
import type { Read, Refusal, RefusalReason, TraceProbe } from './refusals.js';
import { awaitTarget } from '../guest/time-budget.js';
import { notRecoverable } from '../valid-calls.js';

export const REFUSED_NO_TRACE = 'refused-leaves-no-trace';

/** The operations sending test deliveries (seed 002, Events: "the test-subscription operations trigger test deliveries"). */
export const sendsTestDeliveries = (op: Operation): boolean => /^test|TestTransaction$/.test(op.operationId);

/** A test trigger read as its new deliveries: method, URL and top-level scalars but dates (a sending date moves), in one order. */
export const deliveriesRead =
  <S extends ServiceName>(
    api: OperationClient<S>,
    deliveries: () => Promise<Record<string, unknown>[]>,
    operation: Operation,
    call: CallOptions,
  ) =>
  async (): Promise<{ status: unknown; body: Record<string, unknown>[] }> => {
    const seen = (await deliveries()).length;
    const res = await api.callOperation(operation, call).catch((error: Error) => ({ status: error.message.split('\n')[0] }));
    const scalar = ([, v]: [string, unknown]) =>
      (v === null || typeof v !== 'object') && !(typeof v === 'string' && /^\d{4}-\d\d-\d\dT/.test(v));
    const made = (await deliveries())
      .slice(seen)
      .map((d) => ({ method: d.method, url: d.url, ...Object.fromEntries(Object.entries(d.body ?? {}).filter(scalar)) }));
    return { status: res.status, body: made.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))) };
  };

/** The writers of the contract and the readers of what each names (helpers/client/invariants/kit.ts). */
export const traceWriters = (contract: Contract) =>
  writersOfContract(contract).map((writer) => ({ writer, readers: readersOfNamed(contract, writer) }));

const keyOf = (r: Read) =>
  r.view ? `harness view ${r.view.name}` : `${r.send ? 'deliveries of ' : ''}${r.operation.operationId} ${JSON.stringify(r.call)}`;
/** What a violation names as the reader: the operation, or the harness's view. */
const readerName = (r: Read) => (r.view ? `the harness's view of ${r.view.name}` : r.operation.operationId);

/** The refusals whose request carried a value a changed leaf now reads, or shows within it (every refusal sent when none or all did). */
function leftBy<T extends Refusal>(change: string, refusals: readonly T[]): T[] {
  const [before, after] = change.slice(change.indexOf(': ') + 2).split(' became ');
  const values = (r: Refusal) =>
    [...leavesOf(r.call.body).values(), ...Object.values(r.call.query ?? {})].filter(
      (v): v is string | number => (typeof v === 'string' && v.length > 3) || typeof v === 'number',
    );
  // How much of the new value a refusal's values show: the one that carried it whole (a URL) names it, not those sharing a word of it.
  const shown = (r: Refusal) =>
    Math.max(0, ...values(r).map((v) => (after?.includes(String(v)) && !before?.includes(String(v)) ? String(v).length : 0)));
  const most = after && after !== 'absent' ? Math.max(0, ...refusals.map(shown)) : 0;
  const carried = most ? refusals.filter((r) => shown(r) === most) : [];
  return carried.length && carried.length < refusals.length ? carried : [...refusals];
}

/** Reads every reader twice, then per writer sends each refusal and reads again: a non-4xx or a changed reader is a violation. */
export async function checkRefusedLeaveNoTrace<S extends ServiceName>(
  api: OperationClient<S>,
  probes: readonly TraceProbe[],
  violations: Violations,
  /** A leaf that moves with the clock alone (an "as of now" date): a change of it is no trace. */
  moving: (path: string, before: unknown, after: unknown) => boolean = () => false,
  /** The catalogue rule the property is (`FD-PROP-REFUSED-NO-TRACE`), cited by each violation. */
  rule = '',
  /** Moves the target's clock on (the mock's), for a refusal sent again once its reason has passed (Refusal.again); such refusals are not sent without it. */
  advance?: (seconds: number) => Promise<void>,
  /**
   * The service's rule that a refusal marked not recoverable is refused again (`IN-ERR-RECOVERABLE`: provider installments 2.0.0
   * Error.Recoverable): each refusal answered so (valid-calls.ts notRecoverable; not a rate's) is sent again at once, unchanged.
   */
  recoverable?: string,
): Promise<{ checked: string[]; sent: Map<RefusalReason, number> }> {
  const read = async (r: Read) => {
    const res = await (r.send
      ? r.send()
      : r.view
        ? r.view.read().catch(failedAs(api))
        : api.callOperation(r.operation, r.call).catch(failedAs(api)));
    return { status: res.status, body: res.body };
  };
  const cite = rule ? ` (${rule})` : '';
  // A duplicate's objects are primed before the first read, their readers joining the probe's (a refused prime: unsent).
  const primed = new Map<Refusal, boolean>();
  const reads = new Map<TraceProbe, Read[]>();
  for (const p of probes) {
    const own = [...p.reads];
    for (const refusal of p.refusals.filter((r) => r.prime)) {
      const res = await api.callOperation(p.writer, refusal.prime!).catch(() => ({ status: 0, body: undefined }));
      primed.set(refusal, (res.status >= 200 && res.status < 300) || res.status === 409);
      if (res.status >= 200 && res.status < 300) own.push(...(p.existing?.(res.body) ?? []));
    }
    reads.set(p, own);
  }
  const last = new Map<string, { status: unknown; body: unknown }>();
  const volatile = new Map<string, Set<string>>();
  const all = [...reads.values()].flat();
  // Each reader read twice: a read moving what another shows (a live balance) has moved it before the second, the "before".
  const unique = [...new Map([...all.filter((x) => x.send), ...all.filter((x) => !x.send)].map((r) => [keyOf(r), r])).values()];
  const firsts = new Map<string, { status: unknown; body: unknown }>();
  for (const r of unique) firsts.set(keyOf(r), await read(r));
  for (const r of unique) {
    const second = await read(r);
    last.set(keyOf(r), second);
    volatile.set(keyOf(r), ownLeaves(firsts.get(keyOf(r)), second));
  }
  /** The leaves of a read that differ from its last answer and stay so on a read right after (changesAfter). */
  const compare = async (r: Read) => {
    const key = keyOf(r);
    const after = await read(r);
    // A 429 is the target's pacing, never a finding: the reader is compared again after the next writer.
    if (after.status === 429) return [];
    const before = last.get(key)!;
    last.set(key, after);
    return changesAfter(
      before,
      after,
      volatile.get(key)!,
      moving,
      r.send
        ? undefined
        : async (was, now) => {
            // An epoch-seconds leaf moved within the hour may be the answer's own time: read again a second later.
            const clocked = [...was].some(([leaf, v]) => {
              const x = now.get(leaf);
              return typeof v === 'number' && typeof x === 'number' && v > 1e9 && x > v && x - v < 3600;
            });
            if (clocked) await awaitTarget(1100);
            return read(r);
          },
    );
  };
  const checked: string[] = [];
  const counted = new Map<RefusalReason, number>();
  const refused = new Map<TraceProbe, Refusal[]>();
  for (const p of probes) {
    const sent: Refusal[] = [];
    const refusals = p.refusals.filter((r) => !r.again || advance);
    // A stated rate is used up by accepted calls first: the readers' answers after them are the "before".
    const exhausting = refusals.filter((r) => r.exhaust);
    for (const refusal of exhausting)
      for (const call of refusal.exhaust!) {
        const res = await api.callOperation(p.writer, call).catch(() => ({ status: 0 }));
        if (refusal.statuses?.includes(res.status)) break;
      }
    if (exhausting.length) for (const r of reads.get(p)!.filter((x) => !x.send)) last.set(keyOf(r), await read(r));
    for (const refusal of refusals) {
      if (primed.get(refusal) === false) continue;
      const to = refusal.operation ?? p.writer;
      const sendRefusal = async () => {
        await refusal.setUp?.();
        return api
          .callOperation(to, refusal.call)
          .catch(failedAs(api))
          .finally(() => refusal.undo?.());
      };
      const res = await sendRefusal();
      const status = typeof res.status === 'number' ? res.status : 0;
      if (refusal.statuses ? refusal.statuses.includes(status) : status >= 400 && status < 500) {
        sent.push(refusal);
        counted.set(refusal.reason, (counted.get(refusal.reason) ?? 0) + 1);
        if (!checked.includes(to.operationId)) checked.push(to.operationId);
        // Marked not recoverable (retrying cannot succeed): the same request sent again at once is refused again.
        if (recoverable && status !== 429 && !refusal.again && !refusal.exhaust && notRecoverable(res.body)) {
          const again = await sendRefusal();
          if (typeof again.status === 'number' && again.status < 400)
            violations.add(
              to.operationId,
              `refused for ${refusal.why}, sent again unchanged after its ${status} marked not recoverable (${recoverable})`,
              String(again.status),
              'refused again (Recoverable false: retrying cannot succeed)',
              recoverable,
            );
        }
      } else if (!refusal.optional)
        violations.add(
          to.operationId,
          `refused for ${refusal.why}${cite}`,
          String(res.status),
          refusal.statuses ? refusal.statuses.join(' or ') : 'a 4xx (the contract refuses it)',
        );
    }
    refused.set(p, [...(refused.get(p) ?? []), ...sent]);
    if (!sent.length) continue;
    for (const r of reads.get(p)!.filter((x) => !x.send))
      for (const change of await compare(r)) {
        const left = leftBy(change, sent);
        // The writers the refusals were sent to: the probe's, or each a state refusal names (at most three named).
        const to = [...new Set(left.map((x) => (x.operation ?? p.writer).operationId))];
        violations.add(
          to.length > 3 ? `${to.slice(0, 3).join(', ')} and ${to.length - 3} more` : to.join(', '),
          `${readerName(r)} after refused for ${left.map((x) => x.why).join('; ')}${r.rule ? ` (${r.rule})` : cite}`,
          change,
          'as before the refusal',
          r.rule,
        );
      }
  }
  // The reads that write, after every writer: a change is named by the writers whose refusals carried it.
  const done = new Set<string>();
  for (const r of all.filter((x) => x.send)) {
    if (done.has(keyOf(r))) continue;
    done.add(keyOf(r));
    const by = probes.filter((p) => reads.get(p)!.some((x) => keyOf(x) === keyOf(r)));
    const sent = by.flatMap((p) => refused.get(p)!.map((x) => ({ ...x, writer: p.writer.operationId })));
    if (!sent.length) continue;
    for (const change of await compare(r)) {
      const left = leftBy(change, sent);
      const named = left.length < sent.length;
      violations.add(
        named || by.length === 1
          ? [...new Set(left.map((x) => x.writer))].join(', ')
          : `${by[0]!.writer.operationId} and ${by.length - 1} more`,
        `${r.operation.operationId} after ${named ? `refused for ${left.map((x) => x.why).join('; ')}` : `the ${sent.length} refusals of ${by.map((p) => p.writer.operationId).join(', ')}`}${cite}`,
        change,
        'as before the refusals',
      );
    }
  }
  // A refusal whose reason passes with time (a rate's window): sent again `retries` times at half its window, each refused, then
  // once more after the window, taken as a call never made. Shortest window first: the clock only moves on.
  const again = [...refused.entries()]
    .flatMap(([p, sent]) => sent.filter((r) => r.again).map((r) => ({ p, r })))
    .sort((a, b) => a.r.again!.afterSeconds - b.r.again!.afterSeconds);
  const send = (p: TraceProbe, r: Refusal) => api.callOperation(p.writer, r.call).catch(failedAs(api));
  // The refusals of one window together: their retries at its half, their calls again at its end.
  for (const window of advance ? [...new Set(again.map(({ r }) => r.again!.afterSeconds))] : []) {
    const group = again.filter(({ r }) => r.again!.afterSeconds === window);
    const half = Math.floor(window / 2);
    await advance!(half);
    for (const { p, r } of group)
      for (let k = 0; k < (r.again!.retries ?? 0); k++) if (!r.statuses?.includes((await send(p, r)).status as number)) break;
    await advance!(window - half);
    for (const { p, r } of group) {
      const res = await send(p, r);
      if (!r.again!.statuses.includes(res.status as number))
        violations.add(
          p.writer.operationId,
          `the call refused for ${r.why}, sent again ${r.again!.retries ? `${r.again!.retries} times ${half} s later (refused) and once ` : ''}${window} s after the first accepted call${cite}`,
          String(res.status),
          `${r.again!.statuses.join(' or ')}, as a call never made`,
        );
    }
  }
  return { checked, sent: counted };
}
