// Client of a mock's /__mock/ control surface (reset, virtual clock, faults, deliveries).
// Only ever built for TARGET=mock: in sandbox mode there is no control surface to reach.
import { requireEnv } from '../config/config.js';
import type { Env } from '../config/env-schema.js';

/** What a check may do to a target beyond calling it: faults, the clock, the control surface (a mock's, never a sandbox's). */
type Capability = 'faults' | 'clock' | 'control';

/** What every service's target says of itself: its kind, where it is, what a check may do to it. */
export interface TargetBase<C extends MockControl = MockControl> {
  kind: 'mock' | 'sandbox';
  baseURL: string;
  has(capability: Capability): boolean;
  control?: C;
}

/** A mock's: every capability, through its control surface. */
export const mockTarget = <C extends MockControl>(baseURL: string, control: C) => ({
  kind: 'mock' as const,
  baseURL,
  has: () => true,
  control,
});

/** A sandbox's: none, at the base URL its variable holds. */
export const sandboxTarget = (variable: string, env: Env) => ({
  kind: 'sandbox' as const,
  baseURL: requireEnv<string>(variable, env),
  has: () => false,
});

/** `Id`: the mock's fault ids, named by the spec's fixture (mocks sit beside helpers/), so a misspelled one is a compile error. */
export class MockControl<Id extends string = string> {
  constructor(readonly origin: string) {}

  /** Calls so far that may change the mock's world (clock, faults): a remembering judge (FdAnswerJudge) forgets when it moves. */
  changes = 0;

  /** The surface's answer, as the method calling it declares (the mock's control routes, mocks/kit/app.ts). */
  protected async send<T>(method: string, path: string, body?: unknown): Promise<T> {
    if (method !== 'GET') this.changes++;
    const response = await fetch(`${this.origin}/__mock${path}`, {
      method,
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`mock control ${method} ${path}: ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  }

  reset(): Promise<void> {
    return this.send('POST', '/reset');
  }

  advanceClock(seconds: number): Promise<{ now: string }> {
    return this.send('POST', '/clock/advance', { seconds });
  }

  /**
   * Sets the virtual clock to an instant (ISO 8601 with a zone, or epoch ms), earlier than today too;
   * `frozen`: the clock stands still there until advanced (an edge reached to the millisecond) or reset.
   */
  setClock(at: string | number, options: { frozen?: boolean } = {}): Promise<{ now: string }> {
    return this.send('POST', '/clock/set', options.frozen ? { at, frozen: true } : { at });
  }

  setFaults(faults: Id[]): Promise<{ faults: string[] }> {
    return this.send('PUT', '/faults', { faults });
  }

  /** The outbound calls the mock made, each a record of its request (mocks/kit/deliveries.ts). */
  deliveries(): Promise<Record<string, unknown>[]> {
    return this.send('GET', '/deliveries');
  }

  state(): Promise<{ faults: string[]; now: string }> {
    return this.send('GET', '/state');
  }
}
