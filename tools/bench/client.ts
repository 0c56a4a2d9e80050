// The client's per-call cost for `npm run bench`: the same calls, one after the other, through a
// bare Playwright APIRequestContext (fetch, status, parse the JSON) and through the suite's
// OperationClient (helpers/client/client.ts: contract checks, coverage, the redacted exchange attached).
// Sides alternate in small batches after a warm-up, so a burst of load from elsewhere on the
// machine falls on both.
import { request, type APIRequestContext, type TestInfo } from '@playwright/test';
import { setGlobalTestRuntime, MessageTestRuntime } from 'allure-js-commons/sdk/runtime';
import type { Authorizer } from '../../helpers/auth/authorizer.js';
import { OperationClient } from '../../helpers/client/client.js';
import { loadContract, type Contract, type Operation } from '../../helpers/contract/contract.js';
import { signRequest } from '../../helpers/auth/oauth1.js';
import { registerSecret } from '../../helpers/secrets/redact.js';
import { serviceProfile } from '../../helpers/contract/services.js';
import { targetAt } from '../../helpers/target/mock-control.js';
import { suiteConfig } from '../../helpers/config/config.js';
import { newCustomer } from '../../fixtures/examples/financial-data.js';
import type { BenchAuth, ClientCall, ServicePlan } from './server.js';
import { median } from '../report.js';

const BATCH = 20;

/** What a Playwright test hands the client: annotations and attach, kept in memory (the IPC to the runner is not part of the figure). */
class BenchTestInfo {
  annotations: { type: string; description?: string }[] = [];
  attachments: { name: string; body: Buffer }[] = [];
  async attach(name: string, options: { body?: string | Buffer; contentType?: string }): Promise<void> {
    this.attachments.push({ name, body: Buffer.from(options.body ?? '') });
  }
}

let currentTest = new BenchTestInfo();

class BenchAllureRuntime extends MessageTestRuntime {
  async sendMessage(message: unknown): Promise<void> {
    await currentTest.attach('Allure Metadata', {
      body: Buffer.from(JSON.stringify(message), 'utf8'),
      contentType: 'application/vnd.allure.message+json',
    });
  }
}

function authorizer(auth: BenchAuth): Authorizer {
  return auth.kind === 'oauth1'
    ? ({ method, url, body }) => ({ authorization: signRequest(auth.credentials, method, url, body) })
    : () => auth.headers;
}

interface Prepared {
  operation: Operation;
  method: string;
  url: string;
  /** Bodies of the calls, one per call (the same text when the body does not change). */
  bodies: (string | undefined)[];
}

function prepare(contract: Contract, baseURL: string, call: ClientCall, count: number): Prepared {
  const op = contract.operationOf(call.operationId);
  const resolved = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(call.path?.[name] ?? ''));
  const url = new URL(baseURL.replace(/\/$/, '') + resolved);
  for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, String(v));
  const fixed = call.body === undefined ? undefined : JSON.stringify(call.body);
  const bodies = Array.from({ length: count }, () => (call.newCustomerBody ? JSON.stringify(newCustomer()) : fixed));
  return { operation: op, method: op.method, url: url.toString(), bodies };
}

export interface ClientFigures {
  service: string;
  label: string;
  calls: number;
  /** Median milliseconds per call. */
  bareMs: number;
  clientMs: number;
  /** clientMs / bareMs */
  ratio: number;
  /** Calls whose answer was not 2xx (either side) or that the client's checks refused. */
  failures: number;
  /** Names of the checks that refused answers, if any (never their messages: they quote bodies). */
  refusedBy: string[];
}

async function compareCall(
  bare: APIRequestContext,
  playwrightRequest: APIRequestContext,
  contract: Contract,
  plan: ServicePlan,
  call: ClientCall,
  calls: number,
): Promise<ClientFigures> {
  const warmup = Math.min(BATCH, calls);
  const prepared = prepare(contract, plan.client.baseURL, call, 2 * (calls + warmup));
  const authorize = authorizer(plan.client.auth);
  const profile = serviceProfile(plan.service);
  let next = 0;
  let failures = 0;
  const refusedBy = new Set<string>();

  const bareCall = async () => {
    const body = prepared.bodies[next++];
    // Timed from the credentials on, as the client's call is (an OAuth signature costs either way).
    const started = performance.now();
    let headers: Record<string, string> = {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    };
    headers = {
      ...headers,
      ...(await authorize({ operation: prepared.operation, method: prepared.method, url: prepared.url, headers, body })),
    };
    const response = await bare.fetch(prepared.url, {
      method: prepared.method,
      headers,
      data: body === undefined ? undefined : Buffer.from(body),
      failOnStatusCode: false,
      maxRedirects: 0,
    });
    const text = await response.text();
    if (text) JSON.parse(text);
    const elapsed = performance.now() - started;
    if (!response.ok()) failures++;
    return elapsed;
  };
  const clientCall = async () => {
    const body = prepared.bodies[next++];
    // A new test per call, as in the suite: every call records its story, coverage and attachment.
    currentTest = new BenchTestInfo();
    const client = new OperationClient({
      request: playwrightRequest,
      contract,
      profile,
      // The run's kind of target, as the suite's fixtures give it.
      target: targetAt(plan.client.baseURL, suiteConfig().target),
      testInfo: currentTest as unknown as TestInfo,
      authorize,
    });
    const started = performance.now();
    try {
      const response = await client.callOperation(contract.operationOf(call.operationId), {
        path: call.path,
        query: call.query,
        rawBody: body,
      });
      if (response.status < 200 || response.status > 299) failures++;
    } catch (error) {
      failures++;
      refusedBy.add((error as { check?: string }).check ?? (error as Error).name);
    }
    return performance.now() - started;
  };

  // Warm-up (not counted), then alternating batches.
  for (let i = 0; i < warmup; i++) {
    await bareCall();
    await clientCall();
  }
  failures = 0;
  refusedBy.clear();
  const bareTimes: number[] = [];
  const clientTimes: number[] = [];
  while (bareTimes.length < calls) {
    const n = Math.min(BATCH, calls - bareTimes.length);
    for (let i = 0; i < n; i++) bareTimes.push(await bareCall());
    for (let i = 0; i < n; i++) clientTimes.push(await clientCall());
  }
  const bareMs = median(bareTimes);
  const clientMs = median(clientTimes);
  return {
    service: plan.service,
    label: call.label,
    calls,
    bareMs,
    clientMs,
    ratio: clientMs / bareMs,
    failures,
    refusedBy: [...refusedBy],
  };
}

export async function compareClient(plans: ServicePlan[], calls: number): Promise<ClientFigures[]> {
  setGlobalTestRuntime(new BenchAllureRuntime());
  // Two contexts made alike: one for the bare calls, one under the client.
  const bare = await request.newContext();
  const underClient = await request.newContext();
  const figures: ClientFigures[] = [];
  try {
    for (const plan of plans) {
      // Redaction masks the credentials by value, as the fixtures register them.
      plan.client.secrets.forEach(registerSecret);
      const contract = await loadContract(plan.service);
      for (const call of plan.client.calls) figures.push(await compareCall(bare, underClient, contract, plan, call, calls));
    }
  } finally {
    await bare.dispose();
    await underClient.dispose();
  }
  return figures;
}
