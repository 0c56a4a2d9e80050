// A guest's run ledger on a sandbox: every object created, every deletion, every 429 waited out; a file per process under the
// run's folder, read alike by workers, the teardown and `npm run sandbox:cleanup` after an interrupted run.
import fs from 'node:fs';
import path from 'node:path';
import { dotenvFile } from '../../config/config.js';

export type GuestEvent =
  /**
   * Written before a creating request leaves (write ahead): what it creates and the name the suite chose for it (a username),
   * or its delete when the request alone gives it; completed by `created` or `unmade` with the same ref. A run killed in
   * between leaves it open, and the sweep finds the object by that name (ownership.ts Finder).
   */
  | {
      event: 'creating';
      service: string;
      kind: string;
      ref: string;
      operationId: string;
      name?: Record<string, string>;
      undo?: { operationId: string; path: Record<string, string | number> };
      at: string;
    }
  | {
      event: 'created';
      service: string;
      kind: string;
      id?: string;
      /** The `creating` it completes. */
      ref?: string;
      operationId: string;
      undo?: { operationId: string; path: Record<string, string | number> };
      quota?: boolean;
      at: string;
    }
  /** A `creating` that made nothing: answered other than 2xx, or not found by its name after the run. */
  | { event: 'unmade'; service: string; kind: string; ref: string; why: string; at: string }
  | { event: 'deleted'; service: string; kind: string; id?: string; at: string }
  | { event: 'retry'; service: string; operationId: string; waitedSeconds: number; at: string }
  /** The configuration file the run read (DOTENV_PATH or .env): the cleanup reads the same one. */
  | { event: 'settings'; dotenv: string; at: string };

const RAW = () => path.resolve(process.cwd(), 'reports', '.raw');
const runDir = (runId = process.env.SUITE_RUN_ID ?? 'default') => path.join(RAW(), runId);

/** Notes an event in this process's file of the run (this run by default; the cleanup names an older one). */
export function logGuest(event: GuestEvent, runId?: string): void {
  const dir = runDir(runId);
  const file = path.join(dir, `guest-${process.pid}.jsonl`);
  fs.mkdirSync(dir, { recursive: true });
  // A process's first creation names the settings it was made with, for a cleanup after the run.
  const settings =
    (event.event === 'created' || event.event === 'creating') && !fs.existsSync(file)
      ? `${JSON.stringify({ event: 'settings', dotenv: dotenvFile(), at: event.at } satisfies GuestEvent)}\n`
      : '';
  fs.appendFileSync(file, `${settings}${JSON.stringify(event)}\n`);
}

/** The configuration file a run's objects were created with, as its ledger names it. */
export function ledgerSettings(events: GuestEvent[]): string | undefined {
  return events.find((e): e is Extract<GuestEvent, { event: 'settings' }> => e.event === 'settings')?.dotenv;
}

/** The events of one run (this run's by default). */
export function readGuestLog(runId?: string): GuestEvent[] {
  return readGuestEvents(runDir(runId));
}

/** The events this process noted in its own file of the run: what a check itself did, whatever other workers do beside it. */
export function readOwnGuestLog(): GuestEvent[] {
  return eventsOfFile(path.join(runDir(), `guest-${process.pid}.jsonl`));
}

/** A run's ledger beside its blob report (CI), so `npm run merge` of runs made elsewhere states what they created, deleted, left. */
export function keepGuestLogWithBlob(blobDir: string, runId: string): void {
  const events = readGuestLog(runId);
  if (!events.length || !fs.existsSync(blobDir)) return;
  fs.writeFileSync(path.join(blobDir, `guest-${runId}.jsonl`), events.map((e) => JSON.stringify(e)).join('\n') + '\n');
}

/** The events of every `guest-*` file of a folder: a run's ledger, or the ledgers beside merged blob reports. */
export function readGuestEvents(dir: string): GuestEvent[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith('guest-'))
    .flatMap((f) => eventsOfFile(path.join(dir, f)));
}

function eventsOfFile(file: string): GuestEvent[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as GuestEvent];
      } catch {
        return []; // a line cut by an interrupted write
      }
    });
}

/** Runs whose ledger is still on disk (an interrupted run's, until its leftovers are swept). */
export function ledgerRuns(): string[] {
  if (!fs.existsSync(RAW())) return [];
  return fs.readdirSync(RAW()).filter((d) => fs.readdirSync(path.join(RAW(), d)).some((f) => f.startsWith('guest-')));
}

export function forgetLedger(runId: string): void {
  const dir = runDir(runId);
  if (!fs.existsSync(dir)) return;
  for (const f of fs.readdirSync(dir).filter((n) => n.startsWith('guest-'))) fs.rmSync(path.join(dir, f), { force: true });
}

/**
 * A run that has ended, its ledger swept: its whole folder under reports/.raw removed (its coverage records, shared states, and
 * the ledger), whenever it ended (a failed preparation, an interrupt in its first seconds). A ledger still naming something
 * deletable is kept, for `npm run sandbox:cleanup`, which names it.
 */
export function forgetRun(runId: string): void {
  const dir = runDir(runId);
  if (!fs.existsSync(dir)) return;
  if (undoable(readGuestLog(runId)).length || unanswered(readGuestLog(runId)).length) return;
  fs.rmSync(dir, { recursive: true, force: true });
}

const key = (e: { service: string; kind: string; id?: string }) => `${e.service}\u0000${e.kind}\u0000${e.id}`;

type Created = Extract<GuestEvent, { event: 'created' }>;

export interface GuestSummary extends Pick<ServiceGuestSummary, 'created' | 'deleted' | 'retries' | 'retryWaitSeconds'> {
  /** Created and not deleted: deletable ones (with their undo) and those the API cannot delete. */
  leftBehind: { service: string; kind: string; id?: string; deletable: boolean }[];
  /** The same account per service, so that a table per service and the run's line are one count. */
  services?: Record<string, ServiceGuestSummary>;
  /** The same account per kind of object: created = deleted + cannotDelete + left, each row. */
  kinds?: KindAccount[];
}

export interface ServiceGuestSummary {
  created: number;
  deleted: number;
  deletableLeft: number;
  undeletable: number;
  retries: number;
  retryWaitSeconds: number;
}

export interface KindAccount {
  service: string;
  kind: string;
  created: number;
  deleted: number;
  /** Kept: the API offers no operation that deletes it. */
  cannotDelete: number;
  /** Deletable and still there (npm run sandbox:cleanup deletes it). */
  left: number;
}

/** Each creation and what became of it, a deletion undoing one creation (one object may be created twice): the counts add up. */
function standing(events: GuestEvent[]): { alive: Created[]; deleted: Created[] } {
  const open = new Map<string, number[]>();
  const undone = new Set<number>();
  events.forEach((e, i) => {
    if (e.event === 'created') open.set(key(e), [...(open.get(key(e)) ?? []), i]);
    else if (e.event === 'deleted') {
      const first = open.get(key(e))?.shift();
      if (first !== undefined) undone.add(first);
    }
  });
  const created = events.flatMap((e, i) => (e.event === 'created' ? [{ e, i }] : []));
  return {
    alive: created.filter((c) => !undone.has(c.i)).map((c) => c.e),
    deleted: created.filter((c) => undone.has(c.i)).map((c) => c.e),
  };
}

/** What the ledger says: created, deleted, still there (per service and per kind), and the 429s waited out. */
export function summarise(events: GuestEvent[]): GuestSummary {
  const services: Record<string, ServiceGuestSummary> = {};
  const kinds = new Map<string, KindAccount>();
  const of = (service: string) =>
    (services[service] ??= { created: 0, deleted: 0, deletableLeft: 0, undeletable: 0, retries: 0, retryWaitSeconds: 0 });
  const kindOf = (e: { service: string; kind: string }) => {
    const k = `${e.service}\u0000${e.kind}`;
    if (!kinds.has(k)) kinds.set(k, { service: e.service, kind: e.kind, created: 0, deleted: 0, cannotDelete: 0, left: 0 });
    return kinds.get(k)!;
  };
  for (const e of events) {
    if (e.event === 'created') {
      of(e.service).created++;
      kindOf(e).created++;
    } else if (e.event === 'retry') {
      of(e.service).retries++;
      of(e.service).retryWaitSeconds += e.waitedSeconds;
    }
  }
  const { alive, deleted } = standing(events);
  for (const e of deleted) {
    of(e.service).deleted++;
    kindOf(e).deleted++;
  }
  const leftBehind = alive.map((e) => ({ service: e.service, kind: e.kind, id: e.id, deletable: Boolean(e.undo) }));
  for (const l of leftBehind) {
    of(l.service)[l.deletable ? 'deletableLeft' : 'undeletable']++;
    kindOf(l)[l.deletable ? 'left' : 'cannotDelete']++;
  }
  const all = Object.values(services);
  const sum = (f: keyof ServiceGuestSummary) => all.reduce((n, s) => n + s[f], 0);
  const tenths = (n: number) => Math.round(n * 10) / 10;
  for (const s of all) s.retryWaitSeconds = tenths(s.retryWaitSeconds);
  return {
    created: sum('created'),
    deleted: sum('deleted'),
    leftBehind,
    retries: sum('retries'),
    retryWaitSeconds: tenths(sum('retryWaitSeconds')),
    services,
    kinds: [...kinds.values()],
  };
}

type Creating = Extract<GuestEvent, { event: 'creating' }>;

/** The creations whose answer never reached the ledger (a run killed while they were in flight): found by their name, or their delete. */
export function unanswered(events: GuestEvent[]): Creating[] {
  const closed = new Set(events.flatMap((e) => ((e.event === 'created' && e.ref) || e.event === 'unmade' ? [e.ref] : [])));
  return events.filter((e): e is Creating => e.event === 'creating' && !closed.has(e.ref)).reverse();
}

/** The deletable objects a ledger still holds, newest first (delete what was made last first). */
export function undoable(events: GuestEvent[]): Created[] {
  return standing(events)
    .alive.filter((e) => Boolean(e.undo))
    .reverse();
}
