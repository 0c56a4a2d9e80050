// Covers: helpers/client/guest/shared-state.ts (a state the run's workers share on a sandbox, held
// shared or alone across processes). Another process's hold is written into the lock file as that
// process would (the runner's pid, alive while the test runs): an alone hold waits for it, and so
// does a shared one while another holds alone; a hold of a process that is gone is dropped; a
// process holding a state alone writes it itself without waiting; a hold not had in time is one
// error naming the holder.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../../fixtures/self.js';
import { hold, holdAlone, holds, holdsAlone } from '../../helpers/client/guest/shared-state.js';

const file = (state: string) => path.resolve('reports', '.raw', process.env.SUITE_RUN_ID ?? 'default', 'states', `${state}.json`);
const other = process.ppid;
const write = (state: string, content: unknown) => {
  fs.mkdirSync(path.dirname(file(state)), { recursive: true });
  fs.writeFileSync(file(state), JSON.stringify(content));
};
const after = (ms: number) => new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), ms));

test('a state held shared by another process is held alone only once that process lets it go', async () => {
  const state = `self-alone-${process.pid}-${Date.now()}`;
  write(state, { shared: { [other]: 1 }, waiting: {} });
  const order: string[] = [];
  const alone = holdAlone([state], 'the self test', async () => {
    order.push('alone');
    expect(holdsAlone(state), 'held alone inside').toBe(true);
  });
  expect(await Promise.race([alone.then(() => 'held' as const), after(300)]), 'waits for the other process').toBe('waited');
  // A waiting alone holder goes first: the other process's new shared hold would wait (it is marked waiting).
  expect(JSON.parse(fs.readFileSync(file(state), 'utf8')).waiting, 'marked waiting').toHaveProperty(String(process.pid));
  order.push('released by the other');
  write(state, { shared: {}, waiting: JSON.parse(fs.readFileSync(file(state), 'utf8')).waiting });
  await alone;
  expect(order).toEqual(['released by the other', 'alone']);
  expect(holds(state), 'nothing held after').toBe(false);
  fs.rmSync(file(state), { force: true });
});

test('a state held alone by another process is held shared only once it is let go; a holder that is gone holds nothing', async () => {
  const state = `self-shared-${process.pid}-${Date.now()}`;
  write(state, { shared: {}, alone: { pid: other, count: 1, what: 'a check of another worker' }, waiting: {} });
  const shared = hold([state], 'shared', 'a call in flight');
  expect(await Promise.race([shared.then(() => 'held' as const), after(300)]), 'waits for the alone holder').toBe('waited');
  write(state, { shared: {}, waiting: {} });
  const release = await shared;
  expect(holds(state) && !holdsAlone(state), 'held shared').toBe(true);
  await release();
  // A process that no longer exists (a worker ended by a time-out) holds nothing.
  write(state, { shared: {}, alone: { pid: 2 ** 22 + 12_345, count: 1, what: 'a gone worker' }, waiting: {} });
  await (await hold([state], 'shared', 'a call in flight'))();
  fs.rmSync(file(state), { force: true });
});

test('a process holding a state alone writes it without waiting, and the hold is released as the check ends', async () => {
  const state = `self-reentrant-${process.pid}-${Date.now()}`;
  await holdAlone([state], 'a window', async () => {
    const release = await hold([state], 'shared', 'its own write');
    await release();
    expect(holdsAlone(state), 'still held alone after its own write').toBe(true);
  });
  expect(JSON.parse(fs.readFileSync(file(state), 'utf8')), 'nothing left held').toEqual({ shared: {}, waiting: {} });
  fs.rmSync(file(state), { force: true });
});
