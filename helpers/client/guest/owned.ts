// What a client created on a sandbox and how it is undone (helpers/client/README.md, one call in order, steps 3 and 11): each
// creation written ahead to the run's ledger before its request leaves, completed with its id as it is answered, deleted newest
// first as the check ends; the testing customers a worker holds at once counted against its share of the partner's quota.
import type { Authorizer } from '../../auth/authorizer.js';
import { logGuest } from './guest-log.js';
import type { ownershipOf } from './ownership.js';

/** An object this client created on a sandbox, and the call that deletes it. */
export interface Owned {
  kind: string;
  id?: string;
  quota: boolean;
  undo?: { operationId: string; path: Record<string, string | number>; body?: unknown };
  auth: Authorizer | undefined;
  /** Deleted by the check itself (its own delete call answered 2xx): its place in the quota is free again. */
  freed?: boolean;
}

/** What a creating call gave: its path parameters and body (a raw body as the target will read it: its name is there too). */
interface Call {
  path?: Record<string, string | number | undefined>;
  body?: unknown;
}

/** How a creation is owned (helpers/client/guest/ownership.ts). */
type Owns = NonNullable<ReturnType<typeof ownershipOf>>;

let unnamed = 0;
/** Creations this process announced in the ledger (their refs). */
let intents = 0;
/** Testing customers this process holds on the sandbox right now (the quota is per partner). */
let liveQuotaObjects = 0;
/** How many testing customers one worker may hold at once on a sandbox (helpers/target/sandbox/quota.ts plans with it). */
export const SANDBOX_CUSTOMERS_PER_WORKER = 12;

/** Whether a creation of a testing customer would take this worker past its share of the quota. */
export const quotaFull = (owns: Owns | undefined): boolean => Boolean(owns?.quota) && liveQuotaObjects >= SANDBOX_CUSTOMERS_PER_WORKER;

/** The objects one client created on a sandbox and has not deleted yet. */
export class OwnedObjects {
  private readonly owned: Owned[] = [];

  /**
   * Notes a creation about to be sent in the run ledger: the name the suite chose for it (ownership.ts Finder), or its delete
   * when the request alone gives it (a TxPush subscription's customer and account); returns the ref its answer completes.
   */
  intend(service: string, operationId: string, owns: Owns, options: Call): string {
    const given = Object.entries(options.path ?? {}).filter((e): e is [string, string | number] => e[1] !== undefined);
    const sent = { path: Object.fromEntries(given), body: options.body };
    let path: Record<string, string | number> | undefined;
    let name: Record<string, string> | undefined;
    try {
      path = owns.undo && !owns.undo.body ? owns.undo.path(sent, undefined) : undefined;
      name = owns.find?.name(sent);
    } catch {
      // a body the ownership cannot read (a refusal's malformed one): nothing names it
    }
    const ref = `${process.pid}.${++intents}`;
    logGuest({
      event: 'creating',
      service,
      kind: owns.kind,
      ref,
      operationId,
      ...(name ? { name } : {}),
      ...(path && owns.undo ? { undo: { operationId: owns.undo.operationId, path } } : {}),
      at: new Date().toISOString(),
    });
    return ref;
  }

  /** Notes an object created on a sandbox in the run ledger (helpers/client/guest/guest-log.ts), completing its `creating`. */
  own(service: string, operationId: string, owns: Owns, options: Call, answer: unknown, auth: Authorizer | undefined, ref: string) {
    // The path parameters the call resolved (each one given, or the call would have thrown).
    const given = Object.entries(options.path ?? {}).filter((e): e is [string, string | number] => e[1] !== undefined);
    const sent = { path: Object.fromEntries(given), body: options.body };
    const path = owns.undo?.path(sent, answer);
    const body = owns.undo?.body?.(sent, answer);
    const undo =
      owns.undo && path && (!owns.undo.body || body !== undefined) ? { operationId: owns.undo.operationId, path, body } : undefined;
    // An object without an id of its own (an enrolled card) is still one object: numbered in this process.
    const named =
      undo && Object.keys(undo.path).length
        ? Object.values(undo.path).map(String).join('/')
        : String((answer as { id?: unknown } | undefined)?.id ?? '');
    const id = named || `${process.pid}#${++unnamed}`;
    this.owned.push({ kind: owns.kind, id, quota: Boolean(owns.quota), undo, auth });
    if (owns.quota) liveQuotaObjects++;
    // The ledger file never holds a delete body (it may carry card data): such an object is undone from memory only.
    const logged = undo && undo.body === undefined ? { operationId: undo.operationId, path: undo.path } : undefined;
    logGuest({
      event: 'created',
      service,
      kind: owns.kind,
      id,
      ref,
      operationId,
      undo: logged,
      quota: owns.quota,
      at: new Date().toISOString(),
    });
  }

  /** A check deleting a testing customer it made frees its quota place at once (its deletion as the check ends answers 404: done). */
  free(operationId: string, options: Call) {
    const path = options.path ?? {};
    for (const o of this.owned)
      if (
        o.quota &&
        !o.freed &&
        o.undo?.operationId === operationId &&
        o.undo.body === undefined &&
        Object.entries(o.undo.path).every(([k, v]) => String(path[k]) === String(v))
      ) {
        o.freed = true;
        liveQuotaObjects--;
      }
  }

  /** The newest object not deleted yet, taken off the list (its deletion is the caller's). */
  take(): Owned | undefined {
    return this.owned.pop();
  }

  /** Notes an object deleted as the check ends (or found gone): its quota place free, the ledger told. */
  deleted(o: Owned, service: string): void {
    if (o.quota && !o.freed) liveQuotaObjects--;
    logGuest({ event: 'deleted', service, kind: o.kind, id: o.id, at: new Date().toISOString() });
  }
}
