// Redaction of card data and secrets before anything reaches a report, trace, log or console (docs/conventions.md, Secrets and
// card data): sensitive keys, PAN-shaped digit runs, and the exact values of the secrets the suite knows, wherever they appear.
import { Needles } from './needles.js';
import { namesPattern, oncePerName, SENSITIVE_NAMES, sentSoFar } from './sensitive.js';
import { echoedCount, isEchoed, noteEchoed, withoutEchoed } from './sent-ledger.js';

// Every name the echo search treats as sensitive (sensitive.ts), and those only redacted (never sent back, never reported).
// Private JWK members (d, p, q, dp, dq, qi) are keys only inside a JWK; elsewhere those names are rare.
const SENSITIVE_KEY = namesPattern([
  ...Object.values(SENSITIVE_NAMES).flat(),
  ...['pans', 'taxid', 'governmentid', 'token', 'accesstoken', 'refreshtoken', 'authorization'],
  ...['oauth_signature', 'signature', 'signingkey', 'privatekey', 'encryptedcard', 'encryptedvalue', 'd', 'p', 'q', 'dp', 'dq', 'qi'],
]);
/** Whether a member or header name is sensitive. */
const isSensitiveKey = oncePerName((key) => SENSITIVE_KEY.test(key));
// Financial data (seed 002, payments data): realAccountNumber / accountNumber are full account numbers
// (ACH details v1, v3 payment instructions, the bundle, loan details); taxId / governmentId are a holder's
// SSN or TIN and identity document numbers (owner details v3).

/** Keys whose value is a full account number: once seen, the number is blanked wherever else it appears. */
const ACCOUNT_NUMBER_KEY = /^(realaccountnumber|accountnumber|account_number)$/i;

/** Whether a member name is an account number's. */
const isAccountNumberKey = oncePerName((key) => ACCOUNT_NUMBER_KEY.test(key));
/** Whether a member name is an account number's display (at most its last digits, shown). */
const isDisplayKey = oncePerName((key) => /^accountnumberdisplay$/i.test(key));

// Indexed (helpers/secrets/needles.ts): a long-lived worker knows thousands of them.
const known = new Needles();

/** Registers a secret (app key, token) to be blanked wherever it appears: here, and through the run's ledger (result-redaction.ts). */
export function registerSecret(value: string | undefined | null): void {
  if (!value || value.length < 4 || known.has(value)) return;
  known.add(value);
  noteEchoed(value);
}

function maskPan(digits: string): string {
  return `${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

/** Each text's redaction, kept while the known secrets stay (the same values recur answer after answer); bounded (most ids seen once). */
const redactedTexts = new Map<string, string>();
let redactedWith = 0;
/** The longest text kept (a member's value, a header, a URL; not a whole body). */
const MAX_KEPT_TEXT = 512;

/** Redacts one string: known secrets, compact JWEs, PAN-like digit runs, SSNs. */
export function redactText(text: string): string {
  const knowing = known.size + echoedCount();
  if (redactedWith !== knowing) {
    redactedTexts.clear();
    redactedWith = knowing;
  }
  if (text.length > MAX_KEPT_TEXT) return redactOnce(text);
  let out = redactedTexts.get(text);
  if (out === undefined) {
    out = redactOnce(text);
    if (redactedTexts.size >= 20_000) redactedTexts.clear();
    redactedTexts.set(text, out);
  }
  return out;
}

function redactOnce(text: string): string {
  let out = known.replaceIn(text, '[REDACTED]');
  // A value a target echoed (a security code, an account number), wherever it stands alone.
  out = withoutEchoed(out, '[REDACTED]');
  // Each pattern below needs a digit, a dot, a colon or an equals sign: most texts have none, and skip the five passes.
  if (!MAY_MATCH.test(out)) return out;
  out = out.replace(/\b[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\b/g, '[JWE]');
  out = out.replace(/(?<![0-9])[0-9]{12,19}(?![0-9])/g, (m) => maskPan(m));
  out = out.replace(/(?<![0-9])[0-9]{3}-[0-9]{2}-[0-9]{4}(?![0-9])/g, '***-**-****');
  // A request's credentials as Playwright's call log prints them ("- authorization: OAuth ..."), and an OAuth 1.0a signature.
  out = out.replace(CREDENTIAL_HEADER_LINE, (_m, name: string) => `${name}: [REDACTED]`);
  out = out.replace(/(oauth_signature=")[^"]*"/g, '$1[REDACTED]"');
  return out;
}

const MAY_MATCH = /[0-9.:=]/;

const CREDENTIAL_HEADER_LINE =
  /\b(authorization|finicity-app-key|finicity-app-token|x-openapi-clientid|proxy-authorization):[ \t]*[^\r\n]+/gi;

/** Registers the account numbers under an account-number key, blanked in any later text too (too short for the PAN net). */
function learnAccountNumbers(value: unknown, key?: string): void {
  if (key && isAccountNumberKey(key) && (typeof value === 'string' || typeof value === 'number')) {
    const s = String(value);
    if (/^[0-9A-Za-z-]{6,}$/.test(s)) registerSecret(s);
    return;
  }
  // A display showing more than the last four digits (provider 1.35.0 accountNumberDisplay) is blanked in every process.
  if (key && isDisplayKey(key) && (typeof value === 'string' || typeof value === 'number')) {
    for (const [run] of String(value).matchAll(/[0-9]{5,}/g)) {
      known.add(run);
      noteEchoed(run);
    }
    return;
  }
  if (Array.isArray(value)) value.forEach((v) => learnAccountNumbers(v, key));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) learnAccountNumbers(v, k);
}

/** Deep copy of a JSON value with every sensitive member masked. */
export function redact<T>(value: T, key?: string): T {
  if (key === undefined) learnAccountNumbers(value);
  return redactValue(value, key);
}

function redactValue<T>(value: T, key?: string): T {
  // A marker the client wrote ("[REDACTED: full PAN echoed]") says more than a mask: keep it.
  if (typeof value === 'string' && value.startsWith('[REDACTED')) return value;
  if (typeof value === 'number' && Number.isInteger(value) && echoedCount() && isEchoed(String(value))) return '[REDACTED]' as unknown as T;
  if (key && isSensitiveKey(key) && value !== null && value !== undefined && typeof value !== 'object') {
    const s = String(value);
    const masked = /^[0-9]{12,19}$/.test(s) ? maskPan(s) : '[REDACTED]';
    return masked as unknown as T;
  }
  if (Array.isArray(value)) return value.map((v) => redactValue(v, key && isSensitiveKey(key) ? key : undefined)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactValue(v, k);
    return out as T;
  }
  // A member whose whole value is a security code this worker sent, whatever its name: no report keeps it (PCI DSS).
  if (typeof value === 'string' && sentSoFar().hasShort && sentSoFar().shortAs(value, 'security code').length)
    return '[REDACTED]' as unknown as T;
  if (typeof value === 'string') return redactText(value) as unknown as T;
  return value;
}

/** Header map with sensitive headers masked. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k] = isSensitiveKey(k) ? '[REDACTED]' : redactText(v);
  return out;
}

const SENSITIVE_PAIR =
  /(["']?)(primaryAccountNumber|cardSecurityCode|securityCode|cvc|cvv|ssn|partnerSecret|newPartnerSecret|password|token|apiKey|pan|realAccountNumber|accountNumber|taxId|governmentId)\1(\s*[:=]\s*)(["'])([^"']*)\4/gi;

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** A message without its ANSI colour codes (a terminal's, never a report's). */
export const withoutAnsi = (text: string): string => text.replace(ANSI, '');

/** Redacts free text that may hold JSON-ish key/value pairs (error messages, counterexamples). */
export function redactMessage(text: string): string {
  return redactText(text.replace(SENSITIVE_PAIR, (_m, q, k, sep, q2) => `${q}${k}${q}${sep}${q2}[REDACTED]${q2}`));
}

/** A check's output reaches every reporter before the first could mask it (result-redaction.ts): masked in the worker's writer. */
function maskOutput(stream: NodeJS.WriteStream): void {
  const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
  stream.write = ((chunk: unknown, ...rest: unknown[]) =>
    write(typeof chunk === 'string' ? redactMessage(chunk) : chunk, ...rest)) as typeof stream.write;
}
// A Playwright worker (an IPC channel, a worker index); a command a worker spawns inherits the index without the channel.
if (process.env.TEST_WORKER_INDEX && process.send && !(globalThis as { outputMasked?: boolean }).outputMasked) {
  (globalThis as { outputMasked?: boolean }).outputMasked = true;
  [process.stdout, process.stderr].forEach(maskOutput);
}
