// The run ledger of a guest on a sandbox: every object the suite created, every deletion, every
// 429 it waited out. One file per process under the run's folder (like the coverage records), so
// that workers, a restarted worker, the global teardown and `npm run sandbox:cleanup` after an
// interrupted run all read the same account of what is still there.
import fs from 'node:fs';
import path from 'node:path';

export type GuestEvent =
  | {
      event: 'created';
      service: string;
      kind: string;
      id?: string;
      operationId: string;
      undo?: { operationId: string; path: Record<string, string | number> };
      quota?: boolean;
      at: string;
    }
  | { event: 'deleted'; service: string; kind: string; id?: string; at: string }
  | { event: 'retry'; service: string; operationId: string; waitedSeconds: number; at: string };

const RAW = () => path.resolve(process.cwd(), 'reports', '.raw');
const runDir = (runId = process.env.SUITE_RUN_ID ?? 'default') => path.join(RAW(), runId);

/** Notes an event in this process's file of the run (this run by default; the cleanup names an older one). */
export function logGuest(event: GuestEvent, runId?: string): void {
  const dir = runDir(runId);
  fs.mkdirSync(dir, { recursive: true });
  fs.appendFileSync(path.join(dir, `guest-${process.pid}.jsonl`), `${JSON.stringify(event)}\n`);
}

/** The events of one run (this run's by default). */
export function readGuestLog(runId?: string): GuestEvent[] {
  return readGuestEvents(runDir(runId));
}

/** The events this process noted in its own file of the run: what a check itself did, whatever other workers do beside it. */
export function readOwnGuestLog(): GuestEvent[] {
  return eventsOfFile(path.join(runDir(), `guest-${process.pid}.jsonl`));
}

/**
 * A run's ledger put beside its blob report (CI), so that `npm run merge` of runs made elsewhere (a
 * job per service) states what they created, deleted and left, and the 429s they waited out.
 */
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

const key = (e: { service: string; kind: string; id?: string }) => `${e.service}\u0000${e.kind}\u0000${e.id}`;

export interface GuestSummary {
  created: number;
  deleted: number;
  /** Created and not deleted: deletable ones (with their undo) and those the API cannot delete. */
  leftBehind: { service: string; kind: string; id?: string; deletable: boolean }[];
  retries: number;
  retryWaitSeconds: number;
  /** The same account per service, so that a table per service and the run's line are one count. */
  services?: Record<string, ServiceGuestSummary>;
}

export interface ServiceGuestSummary {
  created: number;
  deleted: number;
  deletableLeft: number;
  undeletable: number;
  retries: number;
  retryWaitSeconds: number;
}

/** What the ledger says: created, deleted, still there, and the 429s waited out. */
export function summarise(events: GuestEvent[]): GuestSummary {
  const alive = new Map<string, Extract<GuestEvent, { event: 'created' }>>();
  const services: Record<string, ServiceGuestSummary> = {};
  const of = (service: string) =>
    (services[service] ??= { created: 0, deleted: 0, deletableLeft: 0, undeletable: 0, retries: 0, retryWaitSeconds: 0 });
  for (const e of events) {
    const s = of(e.service);
    if (e.event === 'created') {
      s.created++;
      alive.set(key(e), e);
    } else if (e.event === 'deleted') {
      if (alive.delete(key(e))) s.deleted++;
    } else {
      s.retries++;
      s.retryWaitSeconds += e.waitedSeconds;
    }
  }
  const leftBehind = [...alive.values()].map((e) => ({ service: e.service, kind: e.kind, id: e.id, deletable: Boolean(e.undo) }));
  for (const l of leftBehind) of(l.service)[l.deletable ? 'deletableLeft' : 'undeletable']++;
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
  };
}

/** The deletable objects a ledger still holds, newest first (delete what was made last first). */
export function undoable(events: GuestEvent[]): Extract<GuestEvent, { event: 'created' }>[] {
  const deletedKeys = new Set(
    events.filter((e) => e.event === 'deleted').map((e) => key(e as { service: string; kind: string; id?: string })),
  );
  return events
    .filter((e): e is Extract<GuestEvent, { event: 'created' }> => e.event === 'created' && Boolean(e.undo) && !deletedKeys.has(key(e)))
    .reverse();
}
