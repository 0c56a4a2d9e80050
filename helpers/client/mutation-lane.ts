// The batched mutation run (`npm run mutation -- --targeted`): one worker runs many faults' specs in turn (a process per fault
// starts in about 1.5 s of a core). tools/mutation/lanes.ts writes a proxy spec per fault; before a test the lane fixture
// (fixtures/base.ts) rebuilds every worker value on a fresh mock with that fault, specs holding forwarding proxies (usePerFault).
// A failing check marks its fault caught, its remaining checks skipped and the failure expected, so the worker is not restarted.
// Outside this mode (MUTATION_LANE_DIR unset) usePerFault serves a plain worker fixture.
import fs from 'node:fs';
import path from 'node:path';
import type { TestInfo } from '@playwright/test';
import { suiteConfig } from '../config/config.js';
import { asShared } from './mutant-coverage.js';

/** One Playwright project per service of a phase: its proxies, and whether only @smoke tests run. */
export interface LaneProject {
  name: string;
  testDir: string;
  smokeOnly: boolean;
}

/** What tools/mutation/lanes.ts writes next to the proxies. */
export interface LaneManifest {
  /** Proxy file stem ('0042') -> the fault it runs. */
  faults: Record<string, string>;
  projects: LaneProject[];
}

export const laneDir = (): string | undefined => process.env.MUTATION_LANE_DIR || undefined;

/** What a lane's records (caught, times) are keyed by: the service and the fault, as services share fault ids (error-body-wrong-shape). */
export const laneKey = (service: string, fault: string): string => `${service}.${fault}`;

const manifests = new Map<string, LaneManifest>();
function readManifest(dir: string): LaneManifest {
  if (!manifests.has(dir)) manifests.set(dir, JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as LaneManifest);
  return manifests.get(dir)!;
}

/** The fault a test runs under: its proxy file's stem (`<service>/0042.spec.ts`), looked up in the manifest. */
export function faultOfTest(dir: string, testInfo: Pick<TestInfo, 'titlePath'>): string {
  const stem = path.basename(testInfo.titlePath[0] ?? '').replace(/\.spec\.ts$/, '');
  const fault = readManifest(dir).faults[stem];
  if (fault === undefined) throw new Error(`mutation lane: no fault for proxy '${testInfo.titlePath[0]}'`);
  return fault;
}

/** The projects in a mutation lane, not fully parallel: a proxy's tests stay in one worker, switching faults once per proxy. */
export function laneProjects(dir: string) {
  return readManifest(dir).projects.map((p) => ({
    name: p.name,
    testDir: p.testDir,
    fullyParallel: false,
    ...(p.smokeOnly ? { grep: /@smoke/ } : {}),
  }));
}

/** Adds a check's time (fault switch included) to its lane's (laneKey). */
export function recordTime(dir: string, key: string, ms: number, switchMs: number): void {
  fs.appendFileSync(path.join(dir, `times-${process.pid}.jsonl`), `${JSON.stringify([key, Math.round(ms), Math.round(switchMs)])}\n`);
}

const caughtFile = (dir: string, key: string) => path.join(dir, 'caught', `${key}.json`);

/** Whether the lane's fault is caught, so its later checks skip (never under MUTATION_LANE_EVERY). */
export function isCaught(dir: string, key: string): boolean {
  return !everyCheck() && fs.existsSync(caughtFile(dir, key));
}

/** MUTATION_LANE_EVERY=<file>: a caught fault's later checks run too, each failure a JSON line (fault, spec file, title). */
const everyFile = (): string | undefined => process.env.MUTATION_LANE_EVERY || undefined;
const everyCheck = (): boolean => everyFile() !== undefined;

/** Marks the lane's fault (laneKey) caught by this failing check; the first check to fail is the one kept. */
export function recordFailure(dir: string, key: string, entry: { title: string; file: string; status: string }): void {
  const every = everyFile();
  if (every) fs.appendFileSync(every, `${JSON.stringify([key, entry.file, entry.title])}\n`);
  fs.mkdirSync(path.join(dir, 'caught'), { recursive: true });
  try {
    fs.writeFileSync(caughtFile(dir, key), JSON.stringify(entry), { flag: 'wx' });
  } catch {
    // Already caught by another check (the other worker may have been first).
  }
}

/** The worker's fault (the lane fixture sets it before the test's fixtures are built). */
let current: string | undefined;

/** The faults a worker starts its mock with: MOCK_FAULTS, or in a mutation lane the current fault. */
export function mockFaults(): string[] {
  if (laneDir() === undefined) return suiteConfig().mockFaults;
  return current ? [current] : [];
}

interface Entry {
  build: () => Promise<Built<object>>;
  built?: Built<object>;
  error?: unknown;
}
interface Built<T> {
  value: T;
  close?: () => Promise<void>;
}
const entries: Entry[] = [];

async function buildEntry(entry: Entry): Promise<void> {
  entry.built = undefined;
  entry.error = undefined;
  try {
    entry.built = await entry.build();
  } catch (error) {
    // Surfaces in the first check that touches the value, as a failing worker fixture would.
    entry.error = error;
  }
}

async function closeEntry(entry: Entry): Promise<void> {
  const built = entry.built;
  entry.built = undefined;
  // A fault may break a close (a receiver that never drained); the next fault starts afresh anyway.
  await built?.close?.().catch(() => undefined);
}

/** Switches the worker to `fault`: closes every value built under the last one and builds it again under this one. */
export async function switchFault(fault: string): Promise<void> {
  if (current === fault) return;
  current = fault;
  for (const entry of [...entries].reverse()) await closeEntry(entry);
  for (const entry of entries) await buildEntry(entry);
}

/** The key a forwarding proxy answers with the value it forwards to now: the one built under the current fault (builtValue). */
const BUILT = Symbol('the worker value built under the current fault');

/**
 * The value a worker fixture built: in a mutation lane the one behind its forwarding proxy now, elsewhere the value itself. A
 * memory of what a target answered is keyed by it: the proxy outlives each fault's fresh mock, so a memory keyed by the proxy
 * would hold an earlier mock's answers (an identity's profile, a card's reference) and judge the next mock's by them.
 */
export const builtValue = <T extends object>(value: T): T => (Reflect.get(value, BUILT) as T | undefined) ?? value;

/** A proxy that forwards everything to the entry's current value (or throws its build error). */
function forward(entry: Entry): object {
  const target = (): object => {
    if (entry.built) return entry.built.value;
    throw entry.error instanceof Error ? entry.error : new Error(`worker value not built: ${String(entry.error)}`);
  };
  return new Proxy(
    {},
    {
      get: (_t, key) => {
        if (key === BUILT) return target();
        const value = Reflect.get(target(), key);
        // Methods run with the real object as `this`, so private state and getters keep working.
        return typeof value === 'function' ? value.bind(target()) : value;
      },
      set: (_t, key, value) => Reflect.set(target(), key, value),
      has: (_t, key) => Reflect.has(target(), key),
      ownKeys: () => Reflect.ownKeys(target()),
      getOwnPropertyDescriptor: (_t, key) => {
        const d = Reflect.getOwnPropertyDescriptor(target(), key);
        return d ? { ...d, configurable: true } : undefined;
      },
      getPrototypeOf: () => Reflect.getPrototypeOf(target()),
      deleteProperty: (_t, key) => Reflect.deleteProperty(target(), key),
      defineProperty: (_t, key, d) => Reflect.defineProperty(target(), key, d),
    },
  );
}

/** Serves a worker fixture built on the mock once; in a mutation lane, built again per fault behind a forwarding proxy. */
export async function usePerFault<T extends object>(use: (value: T) => Promise<void>, build: () => Promise<Built<T>>): Promise<void> {
  if (laneDir() === undefined) {
    // Shared by every later test of the worker: counted as no test's (helpers/client/mutant-coverage.ts).
    const built = await asShared(build);
    await use(built.value);
    await asShared(async () => built.close?.());
    return;
  }
  const entry: Entry = { build };
  entries.push(entry);
  await buildEntry(entry);
  await use(forward(entry) as T);
  await closeEntry(entry);
  entries.splice(entries.indexOf(entry), 1);
}
