// Property (IN-PROP-SIGNATURE-WHOLE; reference, Transport and auth: oauth1Signature): each signed operation is accepted signed over
// what is sent, and answered 401 once per part RFC 5849 section 3.4.1 puts in the base string signed otherwise than sent (the query,
// a parameter, 3.4.1.3; the method, 3.4.1.1; the body hash; the path recased, 3.4.1.2).
import type { Contract, Operation } from '../../contract/contract.js';
import { signRequest, type SigningCredentials } from '../../auth/oauth1.js';
import type { Authorizer } from '../../auth/authorizer.js';
import type { ServiceName } from '../../contract/operations.js';
import type { ApiResponse, CallOptions, OperationClient } from '../client.js';
import { verdictLine } from './kit.js';
import type { Violations } from '../security/probe.js';
import { caseSwapped } from '../security/value-forms.js';

export const SIGNATURE_WHOLE = 'signature-whole';

/** The security schemes of a contract that sign the request: an Authorization header carrying an OAuth `oauth_signature`. */
export function signingSchemesOf(contract: Contract): string[] {
  const schemes = Object.entries<Record<string, unknown>>(contract.document.components?.securitySchemes ?? {});
  return schemes
    .filter(
      ([, s]) => s.in === 'header' && String(s.name).toLowerCase() === 'authorization' && /oauth_signature/.test(String(s.description)),
    )
    .map(([name]) => name);
}

/** Every operation whose every security alternative names a signing scheme. */
export function signedOperationsOf(contract: Contract): Operation[] {
  const signing = new Set(signingSchemesOf(contract));
  return [...contract.operations.values()].filter(
    (op) => op.security.length > 0 && op.security.every((alt) => alt.some((s) => signing.has(s))),
  );
}

/** The name of the query parameter the check adds to every request (one no operation declares). */
const ADDED = 'signedProbe';

/** A part of the request signed otherwise than it is sent. */
interface Alteration {
  how: string;
  /** The part of the request it alters, where a rule of its own may state it (`body`: the body hash, RFC 5849 extension). */
  part?: 'body';
  /** The method, URL and body the signature is computed over, from those sent. */
  signed: (sent: { method: string; url: string; body: string | undefined }) => { method: string; url: string; body: string | undefined };
}

const withUrl = (url: string, edit: (u: URL) => void) => {
  const u = new URL(url);
  edit(u);
  return u.toString();
};

/** The parts RFC 5849 section 3.4.1 signs, each altered once; another body only for an operation taking one. */
export function alterationsOf(op: Operation): Alteration[] {
  const out: Alteration[] = [
    { how: 'the whole query left out of the signature', signed: (r) => ({ ...r, url: r.url.split('?')[0] }) },
    {
      how: `a query parameter (${ADDED}) added after signing`,
      signed: (r) => ({ ...r, url: withUrl(r.url, (u) => u.searchParams.delete(ADDED)) }),
    },
    {
      how: 'a query parameter removed after signing',
      signed: (r) => ({ ...r, url: withUrl(r.url, (u) => u.searchParams.append(`${ADDED}Removed`, '1')) }),
    },
    {
      how: `a query parameter (${ADDED}) changed after signing`,
      signed: (r) => ({ ...r, url: withUrl(r.url, (u) => u.searchParams.set(ADDED, '2')) }),
    },
    { how: 'signed as another method', signed: (r) => ({ ...r, method: r.method === 'POST' ? 'PUT' : 'POST' }) },
    {
      how: 'the path signed in another case',
      signed: (r) => ({ ...r, url: withUrl(r.url, (u) => (u.pathname = caseSwapped(u.pathname))) }),
    },
  ];
  if (op.requestBody)
    out.push({
      how: 'signed over another body (the body hash names another body)',
      part: 'body',
      signed: (r) => ({ ...r, body: `${r.body ?? ''} ` }),
    });
  return out;
}

/** Signs what `alteration` makes of the request, and sends the request as it is. */
export const signedOtherwise =
  (credentials: SigningCredentials, alteration: Alteration): Authorizer =>
  ({ method, url, body }) => {
    const s = alteration.signed({ method, url, body });
    return { authorization: signRequest(credentials, s.method, s.url, s.body) };
  };

/** Sends one call signed as sent (not 401 nor 403, else left out), then each alteration: 401 (the same 4xx as sent: not judged). */
export async function checkSignatureWhole<S extends ServiceName>(
  api: OperationClient<S>,
  op: Operation,
  call: CallOptions,
  credentials: SigningCredentials,
  violations: Violations,
  /** The catalogue's rule stating a part alone (the body hash: `<S>-AUTH-BODY-HASH`), its violations filed under it. */
  partRules: Partial<Record<NonNullable<Alteration['part']>, string>> = {},
): Promise<{ sent: number; leftOut?: string }> {
  const sentCall: CallOptions = { ...call, query: { ...call.query, [ADDED]: '1' } };
  const send = (auth?: Authorizer): Promise<ApiResponse | string> =>
    api.callOperation(op, auth ? { ...sentCall, auth } : sentCall).catch(verdictLine(api));
  let sent = 0;
  const altered: [Alteration, ApiResponse | string][] = [];
  // The altered calls first: each is refused and changes nothing, so the call signed as sent meets the object as sampled.
  for (const alteration of alterationsOf(op)) {
    altered.push([alteration, await send(signedOtherwise(credentials, alteration))]);
    sent++;
  }
  const control = await send();
  sent++;
  const controlStatus = typeof control === 'string' ? undefined : control.status;
  if (controlStatus === undefined || controlStatus === 401 || controlStatus === 403)
    return { sent, leftOut: `signed as sent (its query with ${ADDED}=1), it is answered ${controlStatus ?? control}` };
  for (const [alteration, res] of altered) {
    if (typeof res !== 'string' && (res.status === 401 || res.status === 429)) continue;
    if (typeof res !== 'string' && res.status === controlStatus && controlStatus >= 400) continue;
    violations.add(
      op.operationId,
      `${op.method} with ${alteration.how}`,
      typeof res === 'string' ? res : `answered ${res.status} (signed as sent: ${controlStatus})`,
      '401: the signature does not cover the request sent (RFC 5849 3.4.1; reference, Transport and auth)',
      alteration.part ? partRules[alteration.part] : undefined,
    );
  }
  return { sent };
}
