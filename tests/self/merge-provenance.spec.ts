// Covers: one certification over runs made apart (a CI job per service, `npm run merge`): the target
// and host each run recorded in its project's metadata are what the merged certification names, not
// the merging process's own settings; each run's guest ledger, put beside its blob report, is
// summarised over all of them, so the merged page states what the runs created, deleted and left.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test/reporter';
import { expect, test } from '../../fixtures/self.js';
import { keepGuestLogWithBlob, logGuest, readGuestEvents, summarise } from '../../helpers/client/guest/guest-log.js';
import { runTarget } from '../../helpers/verdict/provenance.js';

const config = (projects: { name: string; metadata?: Record<string, unknown> }[]) => ({ projects }) as unknown as FullConfig;

test('a merged run names the target and hosts its runs recorded, not the merging process', () => {
  const merged = runTarget(
    config([
      { name: 'card-enrollment', metadata: { target: 'sandbox', targetHost: 'https://cards.example' } },
      { name: 'financial-data', metadata: { target: 'sandbox', targetHost: 'https://fd.example' } },
      { name: 'self', metadata: { target: 'mock' } },
    ]),
    ['card-enrollment', 'financial-data', 'self'],
  );
  expect(merged.target).toBe('sandbox');
  expect(merged.hosts['card-enrollment']).toBe('https://cards.example');
  expect(merged.hosts['financial-data']).toBe('https://fd.example');
  // Runs of another kind (an older blob without metadata): this process's settings, the mocks here.
  expect(runTarget(config([{ name: 'installments' }]), ['installments']).target).toBe('mock');
  // Services certified apart against a mock and a sandbox: judged as the sandbox is (the guest's rules).
  const mixed = config([
    { name: 'card-enrollment', metadata: { target: 'mock', targetHost: 'embedded mock' } },
    { name: 'installments', metadata: { target: 'sandbox', targetHost: 'https://inst.example' } },
  ]);
  expect(runTarget(mixed, ['card-enrollment', 'installments']).target).toBe('sandbox');
});

test("each run's guest ledger kept beside its blob report is summarised over all the runs in a merge", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'merge-guest-'));
  const cwd = process.cwd();
  try {
    process.chdir(root);
    const blob = path.join(root, 'blob-report');
    fs.mkdirSync(blob);
    const at = new Date().toISOString();
    logGuest({ event: 'created', service: 'card-enrollment', kind: 'enrolled card', id: 'c1', operationId: 'enrollCard', at }, 'run-a');
    logGuest({ event: 'retry', service: 'card-enrollment', operationId: 'enrollCard', waitedSeconds: 2, at }, 'run-a');
    keepGuestLogWithBlob(blob, 'run-a');
    const undo = { operationId: 'DeleteCustomer', path: { customerId: 'f1' } };
    logGuest({ event: 'created', service: 'financial-data', kind: 'customer', id: 'f1', operationId: 'AddCustomer', undo, at }, 'run-b');
    logGuest({ event: 'deleted', service: 'financial-data', kind: 'customer', id: 'f1', at }, 'run-b');
    keepGuestLogWithBlob(blob, 'run-b');
    expect(fs.readdirSync(blob).sort()).toEqual(['guest-run-a.jsonl', 'guest-run-b.jsonl']);
    const g = summarise(readGuestEvents(blob));
    expect({ created: g.created, deleted: g.deleted, retries: g.retries, retryWaitSeconds: g.retryWaitSeconds }).toEqual({
      created: 2,
      deleted: 1,
      retries: 1,
      retryWaitSeconds: 2,
    });
    expect(g.leftBehind).toEqual([{ service: 'card-enrollment', kind: 'enrolled card', id: 'c1', deletable: false }]);
  } finally {
    process.chdir(cwd);
    fs.rmSync(root, { recursive: true, force: true });
  }
});
