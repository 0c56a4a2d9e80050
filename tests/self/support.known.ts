// Builders the suite's own tests share: a folder of a test's own, a loopback server, a rule of a made-up catalogue.
import { spawn, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, TestInfo } from '@playwright/test';
import { OperationClient, type ClientDeps } from '../../helpers/client/client.js';
import { loadContract } from '../../helpers/contract/contract.js';
import type { ServiceName } from '../../helpers/contract/operations.js';
import { serviceProfile } from '../../helpers/contract/services.js';
import { targetAt } from '../../helpers/target/mock-control.js';
import type { Rule } from '../../helpers/contract/rules.js';
import type { Certification, ServiceVerdict } from '../../helpers/verdict/model.js';
import type { TestOutcome } from '../../helpers/verdict/coverage-report.js';
import { expect } from '../../fixtures/self.js';

/** Runs `run` in a new folder of the system's temporary folder, removed after it whatever happens. */
export async function inTempDir<T>(prefix: string, run: (dir: string) => T | Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  try {
    return await run(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** An HTTP server on a free loopback port, answering with `handler`. */
export async function loopback(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const s = http.createServer(handler).listen(0, '127.0.0.1');
  await new Promise((resolve) => s.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(s.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => s.close(() => resolve())),
  };
}

/** A process started with its output (stdout and stderr, as they come) collected: its exit code (null when a signal ended it) and output. */
export function spawnCollect(command: string, args: string[], options: SpawnOptions): Promise<{ code: number | null; output: string }> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, output })));
}

/** A rule of a made-up catalogue: its id as its text, a seed rule cited as `c`, unless told otherwise. */
export const testRule = (id: string, kind: Rule['kind'], operations = ['op'], more: Partial<Rule> = {}): Rule => ({
  id,
  text: id,
  kind,
  source: 'seed',
  cite: 'c',
  operations,
  ...more,
});

/** A check's outcome in a made-up run: in file `f`, untagged, unless told. */
export const outcomeOf = (project: string, title: string, status: TestOutcome['status'], more: Partial<TestOutcome> = {}): TestOutcome => ({
  project,
  title,
  file: 'f',
  tags: [],
  status,
  ...more,
});

/** A command's refusal of bad input: exit 2, and one line saying `message`. */
export function expectOneErrorLine(run: { code: number | null; output: string }, message: string): void {
  expect(run.code, run.output).toBe(2);
  expect(run.output.trim().split('\n')).toHaveLength(1);
  expect(run.output).toContain(message);
}

/** A masked card as card enrollment answers it, every member the contract requires of its form. */
export const MASKED_CARD = {
  srcDigitalCardId: '0f8fad5b-d9cb-469f-a165-70867728950e',
  panBin: '520473',
  panLastFour: '4792',
  dateOfCardCreated: '2026-11-21T07:00:00.000Z',
  digitalCardData: { status: 'ACTIVE' },
};

/** The parts of a TestInfo a client given one reads, for a client called outside a check of its service: its notes go to `annotations`. */
export const clientTestInfo = (project: string, annotations: { type: string; description?: string }[]): TestInfo =>
  ({ annotations, tags: [], attach: async () => undefined, skip: () => undefined, project: { name: project } }) as unknown as TestInfo;

/** Runs `use` with a server, mock or stand-in once started, closed after it whatever happens. */
export async function closing<R extends { close: () => unknown }, T>(started: Promise<R>, use: (r: R) => T | Promise<T>): Promise<T> {
  const r = await started;
  try {
    return await use(r);
  } finally {
    await r.close();
  }
}

/** A service's verdict in a made-up certification: PASS, nothing counted, failed, met or covered unless told. */
export const serviceVerdictOf = (service: string, more: Partial<ServiceVerdict> = {}): ServiceVerdict => ({
  service,
  title: service,
  contractVersion: '1',
  verdict: 'PASS',
  ...{
    seed: { passed: 0, failed: 0, skipped: 0 },
    provider: { passed: 0, failed: 0, skipped: 0 },
    assumption: { passed: 0, failed: 0, skipped: 0 },
  },
  coverage: { exercised: 0, documented: 0 },
  ...{ failures: [], conflicts: [], skippedReasons: {}, rules: [] },
  ...more,
});

/** A made-up certification of a mock run of `services`: PASS, no check counted, unless told. */
export const certificationOf = (services: ServiceVerdict[], more: Partial<Certification> = {}): Certification => ({
  target: 'mock',
  generatedAt: '',
  verdict: 'PASS',
  checks: { selected: 0, run: 0, skipped: 0 },
  services,
  ...more,
});

/**
 * A self test's client of one service at a loopback target (a mock's kind unless told), built as the fixtures build the
 * suite's: the service's contract and profile, the target given whole (the client reads no configuration); `more` adds a
 * check's testInfo, an authorizer, a guest's options.
 */
export async function selfClient(
  request: APIRequestContext,
  service: ServiceName,
  baseURL: string,
  more: Partial<ClientDeps> = {},
  kind: 'mock' | 'sandbox' = 'mock',
): Promise<OperationClient> {
  return new OperationClient({
    request,
    contract: await loadContract(service),
    profile: serviceProfile(service),
    target: targetAt(baseURL, kind),
    ...more,
  });
}
