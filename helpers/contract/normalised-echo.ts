// No text the suite sent comes back altered by a normalisation, whatever member carries it: no seed lets a provider change
// the text it records (seed 000: an enrollment answers the request's names and descriptors; seed 001: a merchant's and a
// plan's details as submitted; seed 002, Resources: the record carries the values sent). The net under the answer judges,
// for members no judge pairs: a string of a 2xx answer equal to a text sent in the test once case, white space, accents,
// HTML escaping, percent-encoding and end punctuation are set aside, but not byte for byte, was normalised by the target.
//
// Only telling texts are followed (fixtures/arbitraries/telling.ts): six characters or more with white space, a non-ASCII
// letter, an HTML-special or URL-encoded character (#, %, ?), which enums, ids, codes, dates and digits never hold. E-mail
// addresses and URLs are left out (case-blind domains: RFC 5321 2.4, RFC 3986 6.2.2.1); only writers' bodies count, not
// queries or searches (a criterion in another form finds the value as stored: no echo).
import type { TestInfo } from '@playwright/test';
import { ContractViolation, type Exchange } from './checks.js';
import type { Operation } from './contract.js';
import { redact } from '../secrets/redact.js';
import { walkMembers } from '../secrets/sensitive.js';

const CAN_TELL = /\s|[^ -~]|[&<>"'#%?]/;
/**
 * Members a document defines as a normalisation of what was sent, never judged as an echo: provider 1.35.0
 * Categorization.normalizedPayeeName (from the description and memo) and .bestRepresentation (those combined and tidied).
 */
const NORMALISED_BY_DEFINITION = new Set(['normalizedPayeeName', 'bestRepresentation']);
const NOT_FOLLOWED = /^[^\s@]+@[^\s@]+$|^[a-z][a-z0-9+.-]*:\/\//i;
const MIN_LENGTH = 6;
/** A reader that takes its criteria in a body (postMerchantMidSearches, a routing-number lookup). */
const SEARCH = /search|lookup|query|find/i;
/** Bounds that keep the check cheap on a large list answer. */
const MAX_SENT = 2_000;
const URL_SENT = /^[a-z][a-z0-9+.-]*:\/\//i;
const MAX_LEAVES = 20_000;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#34': '"', nbsp: ' ' };

/** Percent-encoded runs decoded (a URL encoder's %23 for '#', %20 for a space); a run that is no UTF-8 left as it is. */
const percentDecoded = (text: string) =>
  text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });

/** The text with case, white space, accents, HTML escaping, percent-encoding and end punctuation (period, comma, quotes) set aside. */
function canonical(text: string): string {
  // Printable ASCII without white space, '%' or '&' (ids, codes, dates, most names): nothing to
  // decode, unescape or fold but the case and the punctuation at its ends, the same form by fewer passes.
  if (PLAIN.test(text)) return text.toLowerCase().replace(/^[.,;:!?'"]+|[.,;:!?'"]+$/g, '');
  return percentDecoded(text)
    .replace(/&(amp|lt|gt|quot|apos|#39|#34|nbsp);/gi, (_m, name: string) => ENTITIES[name.toLowerCase()])
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s.,;:!?'"]+|[\s.,;:!?'"]+$/g, '');
}

const PLAIN = /^[!-$'-~]*$/;

const followed = (s: string) => s.length >= MIN_LENGTH && CAN_TELL.test(s) && !NOT_FOLLOWED.test(s.trim());

interface SentTexts {
  exact: Set<string>;
  /** canonical form -> a text sent with that form */
  byCanonical: Map<string, string>;
}

// Per test (a sandbox's data is shared with other workers and runs), so every client of the test adds to the same texts.
const sentByTest = new WeakMap<TestInfo, SentTexts>();

/** Notes the texts of a request body sent in this test. */
export function noteSentTexts(testInfo: TestInfo | undefined, operation: Operation, body: unknown): void {
  if (!testInfo || body === undefined) return;
  // A search's criteria may be echoed as sent, never followed (see above).
  const search = SEARCH.test(operation.operationId) || SEARCH.test(operation.path);
  let sent = sentByTest.get(testInfo);
  if (!sent) sentByTest.set(testInfo, (sent = { exact: new Set(), byCanonical: new Map() }));
  const walk = (node: unknown, depth: number) => {
    if (depth > 8) return;
    if (typeof node === 'string') {
      // Past the cap only URLs are still noted (the built-URL property tells a URL sent from one built).
      if (sent.exact.size >= MAX_SENT && !(URL_SENT.test(node) && sent.exact.size < 10 * MAX_SENT)) return;
      sent.exact.add(node);
      if (!search && followed(node)) sent.byCanonical.set(canonical(node), node);
    } else if (Array.isArray(node)) node.forEach((n) => walk(n, depth + 1));
    else if (node && typeof node === 'object') Object.values(node).forEach((n) => walk(n, depth + 1));
  };
  walk(body, 0);
}

/** Every text the request bodies of this test sent, as sent (none outside a test). */
export const sentTextsOf = (testInfo: TestInfo | undefined): ReadonlySet<string> =>
  (testInfo && sentByTest.get(testInfo)?.exact) || new Set();

/** Throws when a 2xx answer carries a text sent in this test altered only as `canonical` sets aside. */
export function normalisedEchoConformance(exchange: Exchange, testInfo: TestInfo | undefined): void {
  const { operation, status, body } = exchange;
  if (!testInfo || status < 200 || status >= 300 || body === null || typeof body !== 'object') return;
  const sent = sentByTest.get(testInfo);
  if (!sent || sent.byCanonical.size === 0) return;
  const found: string[] = [];
  let leaves = 0;
  // The member names down to the current node: a path is written only for a finding, not for every member.
  const path: string[] = [];
  const visit = (node: unknown, key: string | undefined): boolean => {
    if (found.length >= 3 || ++leaves > MAX_LEAVES) return false;
    if (typeof node === 'string') {
      if (node.length < MIN_LENGTH - 1 || sent.exact.has(node) || NORMALISED_BY_DEFINITION.has(key ?? '')) return true;
      const source = sent.byCanonical.get(canonical(node));
      if (source !== undefined)
        found.push(
          `${path.map((k) => `/${k}`).join('') || '/'}: ${JSON.stringify(redact(node, key))} / sent ${JSON.stringify(redact(source, key))}`,
        );
    }
    return true;
  };
  walkMembers(body, path, visit);
  if (found.length === 0) return;
  throw new ContractViolation(
    'normalisedEchoConformance',
    `${operation.method} ${operation.path} (${operation.operationId}) ${status}: Received: ${found.join('; ')} / Documented: each text as it was sent, byte for byte (these differ from it only in case, white space, accents, HTML escaping, percent-encoding or the punctuation at its ends)`,
    exchange,
  );
}
