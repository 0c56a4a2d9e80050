// Redaction of card data and secrets before anything reaches a report, a trace, a log or the
// console (DESIGN.md, convention 11). Three nets: sensitive keys, PAN-shaped digit runs, and the
// exact values of secrets the suite knows (keys, tokens, partner secrets) wherever they appear.

const SENSITIVE_KEY = /^(primaryaccountnumber|pan|pans|accountnumber|account_number|realaccountnumber|cardsecuritycode|securitycode|cvc|cvv|cvv2|ssn|partnersecret|newpartnersecret|secret|password|token|accesstoken|refreshtoken|apikey|api_key|appkey|authorization|x-openapi-clientid|[a-z0-9]+-app-key|[a-z0-9]+-app-token|oauth_signature|privatekey|encryptedcard|encryptedvalue|d|p|q|dp|dq|qi)$/i;
// Private JWK members (d, p, q, dp, dq, qi) are keys only inside a JWK; elsewhere those names are rare.
// `<vendor>-App-Key` / `-App-Token`: the seed's Partner-* names and the provider's Finicity-* names alike.

const known = new Set<string>();

/** Registers a secret value (app key, token, partner secret) to be blanked wherever it appears. */
export function registerSecret(value: string | undefined | null): void {
  if (value && value.length >= 4) known.add(value);
}

function maskPan(digits: string): string {
  return `${'*'.repeat(Math.max(0, digits.length - 4))}${digits.slice(-4)}`;
}

/** Redacts one string: known secrets, compact JWEs, PAN-like digit runs, SSNs. */
export function redactText(text: string): string {
  let out = text;
  for (const secret of known) if (out.includes(secret)) out = out.split(secret).join('[REDACTED]');
  out = out.replace(/\b[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\b/g, '[JWE]');
  out = out.replace(/(?<![0-9])[0-9]{12,19}(?![0-9])/g, (m) => maskPan(m));
  out = out.replace(/(?<![0-9])[0-9]{3}-[0-9]{2}-[0-9]{4}(?![0-9])/g, '***-**-****');
  return out;
}

/** Deep copy of a JSON value with every sensitive member masked. */
export function redact<T>(value: T, key?: string): T {
  // A marker the client wrote ("[REDACTED: full PAN echoed]") says more than a mask: keep it.
  if (typeof value === 'string' && value.startsWith('[REDACTED')) return value;
  if (key && SENSITIVE_KEY.test(key) && value !== null && value !== undefined && typeof value !== 'object') {
    const s = String(value);
    const masked = /^[0-9]{12,19}$/.test(s) ? maskPan(s) : '[REDACTED]';
    return masked as unknown as T;
  }
  if (Array.isArray(value)) return value.map((v) => redact(v, key && SENSITIVE_KEY.test(key) ? key : undefined)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redact(v, k);
    return out as T;
  }
  if (typeof value === 'string') return redactText(value) as unknown as T;
  return value;
}

/** Header map with sensitive headers masked. */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k] = SENSITIVE_KEY.test(k) ? '[REDACTED]' : redactText(v);
  return out;
}

const SENSITIVE_PAIR = /(["']?)(primaryAccountNumber|cardSecurityCode|securityCode|cvc|cvv|ssn|partnerSecret|newPartnerSecret|password|token|apiKey|pan|accountNumber)\1(\s*[:=]\s*)(["'])([^"']*)\4/gi;

/** Redacts free text that may hold JSON-ish key/value pairs (error messages, counterexamples). */
export function redactMessage(text: string): string {
  return redactText(text.replace(SENSITIVE_PAIR, (_m, q, k, sep, q2) => `${q}${k}${q}${sep}${q2}[REDACTED]${q2}`));
}
