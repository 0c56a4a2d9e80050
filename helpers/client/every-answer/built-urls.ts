// Property: a URL the service builds percent-encodes what it places in it (RFC 3986 section 2; 2.1: "%" starts an octet;
// 3.4: a query value's "&", "=", "+" or "#"), else it reads back as another value; every 2xx URL member is judged at the
// client's choke point, a URL the caller sent and sees whole being the echo property's.
import { type Contract, type Json, type Operation, refName } from '../../contract/contract.js';
import type { Answered, PropertyChecker, Verdict } from './checker.js';
import { sentTextsOf } from '../../contract/normalised-echo.js';

/** A member whose name says it holds a URL (`connectUrl`, `redirectUri`, `link`, `href`). */
const URL_NAME = /(?:url|uri|link|href)$/i;
const URL_FORMATS = new Set(['uri', 'url', 'iri', 'uri-reference', 'iri-reference']);
/** RFC 3986 section 2: the characters a URI may hold as they are (unreserved, reserved, and "%" of an encoded octet). */
const OUTSIDE_RFC3986 = /[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/u;
/** A "%" that does not start an encoded octet (RFC 3986 section 2.1). */
const BARE_PERCENT = /%(?![0-9A-Fa-f]{2})/;
/** The characters a value placed in a query must carry encoded (a delimiter of the query, or none of RFC 3986's). */
const NEEDS_ENCODING = /[^A-Za-z0-9\-._~:/?@!$'()*,;]/u;
/** An absolute URL (RFC 3986 section 3: a scheme, then "//" and an authority). */
const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\/[^\s/?#]+/i;
/** Sent texts shorter than this are not followed inside a URL (a short one may be there by chance). */
const MIN_SENT = 6;

const membersCache = new WeakMap<Contract, Map<string, string[]>>();

/** The names of the members an operation's 2xx answers declare as a URL (empty: the property does not apply). */
export function urlMembersOf(contract: Contract, op: Operation): string[] {
  const known = membersCache.get(contract) ?? new Map<string, string[]>();
  membersCache.set(contract, known);
  const cached = known.get(op.operationId);
  if (cached) return cached;
  const found = new Set<string>();
  const seen = new Set<string>();
  const walk = (node: Json, name: string | undefined, depth: number) => {
    if (!node || typeof node !== 'object' || depth > 14) return;
    const ref = refName(node);
    if (ref) {
      const key = `${ref} ${name ?? ''}`;
      if (seen.has(key)) return;
      seen.add(key);
      return walk(contract.componentSchema(ref), name, depth + 1);
    }
    const type = Array.isArray(node.type) ? node.type : [node.type];
    if (name && type.includes('string') && (URL_FORMATS.has(String(node.format)) || URL_NAME.test(name))) found.add(name);
    for (const [member, sub] of Object.entries<Json>(node.properties ?? {})) walk(sub, member, depth + 1);
    for (const sub of [node.items, node.additionalProperties, ...(node.allOf ?? []), ...(node.anyOf ?? []), ...(node.oneOf ?? [])])
      if (sub && typeof sub === 'object') walk(sub, sub === node.items ? name : undefined, depth + 1);
  };
  for (const [status, response] of Object.entries(op.responses))
    if (/^2/.test(status)) for (const schema of Object.values(response.schemas ?? {})) walk(schema as Json, undefined, 0);
  const out = [...found].sort();
  known.set(op.operationId, out);
  return out;
}

/** Every [where, value] of an absolute URL in the answer; a non-URL text under a URL member is the caller's. */
function urlsIn(body: unknown): [string, string][] {
  const out: [string, string][] = [];
  const walk = (node: unknown, at: string, depth: number) => {
    if (depth > 14 || out.length > 50) return;
    if (typeof node === 'string') {
      if (ABSOLUTE.test(node)) out.push([at || '/', node]);
    } else if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${at}/${i}`, depth + 1));
    else if (node && typeof node === 'object')
      for (const [k, v] of Object.entries(node as Record<string, unknown>)) walk(v, `${at}/${k}`, depth + 1);
  };
  walk(body, '', 0);
  return out;
}

const shown = (text: string) => JSON.stringify(text.length > 120 ? `${text.slice(0, 117)}...` : text);

/** Judges one 2xx answer: each URL not sent here holds only what RFC 3986 lets a URI hold, and no sent text needing encoding raw. */
export function builtUrlsOf(answer: { operation: Operation; body: unknown }, sent: ReadonlySet<string>): Verdict {
  const urls = urlsIn(answer.body).filter(([, v]) => v !== '' && !sent.has(v));
  if (!urls.length)
    return { judged: false, problems: [], reason: 'its answers held no URL the target built (each one a URL the caller sent, or none)' };
  const telling = [...sent].filter((s) => s.length >= MIN_SENT && NEEDS_ENCODING.test(s));
  const problems: string[] = [];
  for (const [at, url] of urls) {
    const outside = OUTSIDE_RFC3986.exec(url);
    if (outside) problems.push(`${at}: ${shown(url)} holds ${JSON.stringify(outside[0])} unencoded (RFC 3986 section 2)`);
    else if (BARE_PERCENT.test(url)) problems.push(`${at}: ${shown(url)} holds a "%" that starts no encoded octet (RFC 3986 section 2.1)`);
    for (const s of telling)
      if (url.indexOf(s) > 0)
        problems.push(`${at}: ${shown(url)} carries the text sent ${shown(s)} raw, not percent-encoded (RFC 3986 section 3.4)`);
  }
  return { judged: true, problems: [...new Set(problems)] };
}

/**
 * The property, its catalogue rule per service, judged on every 2xx answer of an operation declaring a URL member (the texts the
 * check sent are not judged as built: helpers/contract/normalised-echo.ts sentTextsOf); an answer without a URL the target built
 * is left out.
 */
export const BUILT_URLS: PropertyChecker<Answered> = {
  property: 'built-urls-encoded',
  rules: { 'card-enrollment': 'CE-PROP-URL-ENCODED', installments: 'IN-PROP-URL-ENCODED', 'financial-data': 'FD-PROP-URL-ENCODED' },
  unjudged: 'no URL the target built',
  check: 'builtUrlConformance',
  received: 'a URL holding a value not percent-encoded',
  documented: 'a URL the service builds percent-encodes what it places in it (RFC 3986)',
  applies: ({ contract, exchange: { operation, status } }) =>
    status >= 200 && status < 300 && Boolean(BUILT_URLS.rules[operation.service]) && urlMembersOf(contract, operation).length > 0,
  judge: ({ testInfo, exchange }) => builtUrlsOf(exchange, sentTextsOf(testInfo)),
};
