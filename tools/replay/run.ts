// Runs a collection with newman (as a library, no reporter) and records each item it executes:
// the request as written and as sent, the response, and the statuses its tests expect. Requests a
// script sends (pm.sendRequest: the collection's token and set-up calls) are not items and are
// not recorded. Nothing leaves this machine: every connection to a host other than the loopback
// is refused before any lookup.
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { SdkItem, SdkRequest, SdkResponse, VariableScope } from 'newman';
import type { PostmanCollection } from './collection.js';
import { expectedStatuses, type Expected } from './expected.js';

export interface Execution {
  /** Folder names, then the item's name. */
  path: string[];
  method: string;
  /** The URL as the collection writes it: {{variables}} unresolved, :path variables replaced by the values it writes for them. */
  rawUrl: string;
  /** The item's path variables as written (`:customer_id` -> its value in the collection, '' for none). */
  pathVariables: Record<string, string>;
  /** The item's raw body as written, if any. */
  rawBody?: string;
  /** The pre-request scripts that run before it (its folders' and its own): where a script may set an id. */
  prerequest: string;
  sent?: { url: string; headers: Record<string, string>; body?: string };
  status?: number;
  responseText?: string;
  /** Why no response came (a request that could not be sent). */
  error?: string;
  expected: Expected;
  /** What failed in the item's test scripts: assertions, and errors of the script itself. */
  testFailures: string[];
}

/** What the service's replay target does while the collection runs (tools/replay/targets.ts). */
export interface RunHooks {
  /** Called before each item's scripts run, with the run's environment and globals. */
  beforeItem?: (scopes: { environment: VariableScope; globals: VariableScope }) => void;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Agents that refuse any host but the loopback (the mock and the local receiver). */
function loopbackOnly<T extends http.Agent>(agent: T): T {
  const create = (
    agent as unknown as { createConnection: (o: { host?: string; hostname?: string }, cb?: unknown) => Socket }
  ).createConnection.bind(agent);
  (agent as unknown as { createConnection: unknown }).createConnection = (
    options: { host?: string; hostname?: string },
    callback?: unknown,
  ) => {
    const host = options.hostname ?? options.host ?? '';
    if (!LOOPBACK.has(host)) throw new Error(`the replay sends nothing off this machine (host ${host})`);
    return create(options, callback);
  };
  return agent;
}

const scriptText = (exec: string[] | string | undefined) => (Array.isArray(exec) ? exec.join('\n') : (exec ?? ''));

function itemPath(item: SdkItem): string[] {
  const names = [item.name];
  // Folders up to (not including) the collection itself, which has no parent.
  for (let p = item.parent(); p && p.parent(); p = p.parent()) names.unshift(p.name);
  return names;
}

function written(request: SdkRequest): Pick<Execution, 'rawUrl' | 'pathVariables' | 'rawBody'> {
  const vars = request.url.variables?.all() ?? [];
  return {
    rawUrl: request.url.toString(),
    pathVariables: Object.fromEntries(vars.map((v) => [v.key, v.value === undefined || v.value === null ? '' : String(v.value)])),
    rawBody: request.body?.mode === 'raw' ? request.body.raw : undefined,
  };
}

/** Runs the collection; resolves with one execution per item, in run order. Newman is loaded on first use. */
export async function runCollection(
  collection: PostmanCollection,
  variables: { environment: Record<string, string>; globals?: Record<string, string> },
  hooks: RunHooks = {},
): Promise<Execution[]> {
  const { default: newman } = await import('newman');
  const values = (vars: Record<string, string> = {}) => ({
    values: Object.entries(vars).map(([key, value]) => ({ key, value, enabled: true })),
  });
  const executions: Execution[] = [];
  let current: { item: SdkItem; execution: Execution; testing: boolean } | undefined;
  return new Promise((resolve, reject) => {
    const run = newman.run(
      {
        collection,
        environment: values(variables.environment),
        globals: values(variables.globals),
        reporters: [],
        timeoutRequest: 30_000,
        timeoutScript: 30_000,
        requestAgents: { http: loopbackOnly(new http.Agent()), https: loopbackOnly(new https.Agent()) },
      },
      (error) => (error ? reject(error) : resolve(executions)),
    );
    run.on('beforeItem', (_err: unknown, o: { item: SdkItem }) => {
      const scripts = (listen: string) => o.item.events.listeners(listen).map((e) => scriptText(e.script?.exec));
      const execution: Execution = {
        path: itemPath(o.item),
        method: o.item.request.method,
        ...written(o.item.request),
        prerequest: scripts('prerequest').join('\n'),
        expected: expectedStatuses(scripts('test')),
        testFailures: [],
      };
      executions.push(execution);
      current = { item: o.item, execution, testing: false };
      hooks.beforeItem?.({ environment: run.summary.environment, globals: run.summary.globals });
    });
    // Failures of the item's test scripts only (a pre-request script's own checks are its set-up).
    run.on('beforeTest', () => {
      if (current) current.testing = true;
    });
    run.on('assertion', (err: { message?: string } | null) => {
      if (err && current?.testing) current.execution.testFailures.push(err.message ?? 'assertion failed');
    });
    run.on('script', (err: Error | null, o: { event?: { listen?: string } }) => {
      if (err && current && o.event?.listen === 'test') current.execution.testFailures.push(`${err.name}: ${err.message}`);
    });
    run.on('request', (err: Error | null, o: { item: SdkItem; request?: SdkRequest; response?: SdkResponse }) => {
      // The item's own request, not one its scripts sent (those carry an item of their own).
      if (!current || o.item?.id !== current.item.id) return;
      const { execution } = current;
      if (o.request)
        execution.sent = {
          url: o.request.url.toString(),
          headers: o.request.headers.toObject(true),
          body: o.request.body ? o.request.body.toString() : undefined,
        };
      if (err || !o.response) execution.error = err?.message ?? 'no response';
      else {
        execution.status = o.response.code;
        execution.responseText = o.response.text();
      }
    });
  });
}
