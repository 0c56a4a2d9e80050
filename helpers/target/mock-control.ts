// Client of a mock's /__mock/ control surface (reset, virtual clock, faults, deliveries).
// Only ever built for TARGET=mock: in sandbox mode there is no control surface to reach.
import { configOf, requireEnv, suiteConfig } from '../config/config.js';
import type { Env } from '../config/env-schema.js';
import { listedOperations } from '../contract/served.js';
import { mockVersion } from '../contract/versions.js';
import type { ClientSettings, ClientTarget } from '../client/client.js';

/** What a check may do to a target beyond calling it: faults, the clock, the control surface (a mock's, never a sandbox's). */
type Capability = 'faults' | 'clock' | 'control';

/** What every service's target says of itself: its kind, where it is, the run's settings its client acts on, what a check may do to it. */
export interface TargetBase<C extends MockControl = MockControl> extends ClientTarget {
  has(capability: Capability): boolean;
  control?: C;
}

const settingsOf = new WeakMap<Env, ClientSettings>();

/** The settings of the run's configuration (or of `env`) a client acts on, read once per environment. */
export function clientSettings(env: Env = suiteConfig().env): ClientSettings {
  const known = settingsOf.get(env);
  if (known) return known;
  const config = env === suiteConfig().env ? suiteConfig() : configOf(env);
  // The mock's version read as it was before the client was given it: from the process's environment unless another is given.
  const versionsFrom = env === suiteConfig().env ? undefined : env;
  const settings: ClientSettings = {
    listedOperations: listedOperations(env),
    customerQuota: config.sandboxCustomerQuota,
    mockFaults: config.mockFaults,
    mockVersion: (service) => mockVersion(service, versionsFrom),
  };
  settingsOf.set(env, settings);
  return settings;
}

/** A client's target at a base URL (a self test's, a tool's, the sandbox set-up's): a mock unless told, the run's settings. */
export const targetAt = (baseURL: string, kind: ClientTarget['kind'] = 'mock', env?: Env): ClientTarget => ({
  kind,
  baseURL,
  settings: clientSettings(env),
});

/** A mock's: every capability, through its control surface. */
export const mockTarget = <C extends MockControl>(baseURL: string, control: C) => ({
  ...targetAt(baseURL, 'mock'),
  kind: 'mock' as const,
  has: () => true,
  control,
});

/** A sandbox's: none, at the base URL its variable holds. */
export const sandboxTarget = (variable: string, env: Env) => ({
  ...targetAt(requireEnv<string>(variable, env), 'sandbox', env),
  kind: 'sandbox' as const,
  has: () => false,
});

/** `Id`: the mock's fault ids, named by the spec's fixture (mocks sit beside helpers/), so a misspelled one is a compile error. */
export class MockControl<Id extends string = string> {
  constructor(readonly origin: string) {}

  /** Calls so far that may change the mock's world (clock, faults): a remembering judge (FdAnswerJudge) forgets when it moves. */
  changes = 0;

  /** Of those, the calls that may take back what happened (a reset, faults, the clock set to any instant, earlier too): the clock
   * moved on keeps every event past, so the date of one read before it must read the same after it (FD-EVENT-DATE-FIXED). */
  rewinds = 0;

  /** The surface's answer, as the method calling it declares (the mock's control routes, mocks/kit/app.ts). */
  protected async send<T>(method: string, path: string, body?: unknown): Promise<T> {
    if (method !== 'GET') this.changes++;
    if (method !== 'GET' && path !== '/clock/advance') this.rewinds++;
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
