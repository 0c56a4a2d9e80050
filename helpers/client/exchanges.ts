// The report of a test's exchanges (helpers/client/README.md, one call in order, step 9): each kept redacted, numbered in call
// order (the number a violation carries), up to 30 plus every failing one, a body over 16 KB kept as its head; attached once as
// the test ends, as one JSON array, with its operations as Allure stories.
import type { TestInfo } from '@playwright/test';
import * as allure from 'allure-js-commons';
import type { Exchange } from '../contract/checks.js';
import type { Operation } from '../contract/contract.js';
import { redact, redactHeaders, redactText } from '../secrets/redact.js';
import { EXCHANGES_ATTACHMENT } from './annotations.js';

const MAX_ATTACHMENTS_PER_TEST = 30;
/** The longest request or response body a test's report keeps whole, in characters. */
const MAX_KEPT_BODY_CHARS = 16 * 1024;

/** A test's exchanges (redacted) and operations called, attached once as it ends (attachExchanges), not once per call. */
const kept = new WeakMap<
  TestInfo,
  { stories: Set<string>; exchanges: { exchange: string; call: number; operationId: string; at: string; failed?: string }[]; calls: number }
>();

/** The exchanges kept so far for a test (redacted, in call order), each named `METHOD /path -> status`, as its report will hold them. */
export function keptExchanges(testInfo: TestInfo): { exchange: string; text: string }[] {
  return (kept.get(testInfo)?.exchanges ?? []).map((e) => ({ exchange: e.exchange, text: JSON.stringify(e, null, 2) }));
}

/** Attaches a test's exchanges as one JSON array (call order), and its labels with its stories (operations called) in one message. */
export async function attachExchanges(testInfo: TestInfo, labels: { name: string; value: string }[] = []): Promise<void> {
  const mine = kept.get(testInfo);
  kept.delete(testInfo);
  const stories = [...(mine?.stories ?? [])].map((value) => ({ name: allure.LabelName.STORY, value }));
  if (labels.length || stories.length) await allure.labels(...labels, ...stories);
  // One exchange a line, not indented: a third less to send to the runner, write and scan for leaks than indented JSON.
  if (mine?.exchanges.length)
    await testInfo.attach(EXCHANGES_ATTACHMENT, {
      body: `[\n${mine.exchanges.map((e) => JSON.stringify(e)).join(',\n')}\n]`,
      contentType: 'application/json',
    });
}

/** Keeps one exchange for the test's report (redacted), numbered in its call order; returns its number (undefined outside a test). */
export function keepExchange(
  testInfo: TestInfo | undefined,
  op: Operation,
  sent: { url: string; headers: Record<string, string>; body?: string; json?: unknown },
  exchange: Exchange,
  /** The named check this exchange failed (the certification shows it as the failure's evidence). */
  failed: string | undefined,
  answeredAt: number,
): number | undefined {
  if (!testInfo) return undefined;
  const mine = kept.get(testInfo) ?? { stories: new Set<string>(), exchanges: [], calls: 0 };
  kept.set(testInfo, mine);
  mine.stories.add(op.operationId);
  // Numbered in the test's call order, also past the kept ones: a violation names its exchange by it.
  const call = ++mine.calls;
  if (mine.exchanges.length >= MAX_ATTACHMENTS_PER_TEST && !failed) return call;
  // A body past the limit is kept as the head of its redacted text: every byte costs the run (sent, written, scanned for leaks).
  const head = (text: string) =>
    text.length > MAX_KEPT_BODY_CHARS
      ? `${text.slice(0, MAX_KEPT_BODY_CHARS)}... (${text.length - MAX_KEPT_BODY_CHARS} more characters not kept)`
      : text;
  // `json`: the text as the call parsed it already (undefined: not parsed, or not JSON).
  const parseOrText = (t: string | undefined, json: unknown) => {
    if (t === undefined || t === '') return undefined;
    const parsed = json ?? jsonOf(t);
    if (parsed === undefined) return head(redactText(t));
    const redacted = redact(parsed);
    return t.length > MAX_KEPT_BODY_CHARS ? head(JSON.stringify(redacted)) : redacted;
  };
  const record = {
    request: {
      method: op.method,
      url: redactText(sent.url),
      headers: redactHeaders(sent.headers),
      body: parseOrText(sent.body, sent.json),
    },
    response: { status: exchange.status, headers: redactHeaders(exchange.headers), body: parseOrText(exchange.text, exchange.body) },
  };
  mine.exchanges.push({
    exchange: `${op.method} ${op.path} -> ${exchange.status}`,
    call,
    operationId: op.operationId,
    // An ISO instant, not epoch ms: the run's redaction takes a long run of digits for an account number.
    at: new Date(answeredAt).toISOString(),
    ...(failed ? { failed } : {}),
    ...record,
  });
  return call;
}

/** A text's JSON value; undefined for none, an empty text or one that is not JSON. */
export function jsonOf(text: string | undefined): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
