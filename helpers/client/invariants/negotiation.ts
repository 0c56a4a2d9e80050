// Property (*-PROP-ACCEPT, RFC 9110 section 12.5.1): each valid Accept selecting an offered type is served that type, one admitting
// none the contract's 406; where two types are equally acceptable either is taken (the server's choice).
import { type Contract, deref, type Operation } from '../../contract/contract.js';
import type { Violations } from '../security/probe.js';

export const ACCEPT = 'accept';

/** One media range of an Accept header: its type and subtype (lower case) and its weight. */
interface MediaRange {
  type: string;
  subtype: string;
  q: number;
}

/** The media ranges of an Accept header (RFC 9110 12.5.1: `type/subtype *( OWS ";" OWS parameter ) [ weight ]`). */
function mediaRangesOf(accept: string): MediaRange[] {
  const out: MediaRange[] = [];
  for (const part of accept.split(',')) {
    const [range, ...params] = part.split(';').map((p) => p.trim());
    const [type, subtype] = range.toLowerCase().split('/');
    if (!type || !subtype) continue;
    const weight = params.find((p) => /^q\s*=/i.test(p));
    out.push({ type, subtype, q: weight ? Number(weight.split('=')[1]) : 1 });
  }
  return out;
}

/** The weight an Accept gives a media type: its most specific matching range's (section 12.5.1), 0 where none. */
function qualityOf(mediaType: string, ranges: readonly MediaRange[]): number {
  const [type, subtype] = mediaType.toLowerCase().split('/');
  const exact = ranges.filter((r) => r.type === type && r.subtype === subtype);
  const family = ranges.filter((r) => r.type === type && r.subtype === '*');
  const any = ranges.filter((r) => r.type === '*' && r.subtype === '*');
  const most = [exact, family, any].find((m) => m.length);
  return most ? Math.max(...most.map((r) => r.q)) : 0;
}

/** The offered media types an Accept prefers: those of the highest weight above 0 (ties all kept), none when it admits none. */
function selectedBy(accept: string, offered: readonly string[]): string[] {
  const ranges = mediaRangesOf(accept);
  const weights = offered.map((t) => qualityOf(t, ranges));
  const best = Math.max(0, ...weights);
  return best > 0 ? offered.filter((_, i) => weights[i] === best) : [];
}

/** An Accept this property sends: what it is, and the offered types it allows in answer (none: the 406). */
interface AcceptForm {
  how: string;
  accept: string;
  allowed: string[];
}

/** A type/subtype in another case (`Application/JSON`): section 8.3.1, case-insensitive. */
const otherCase = (t: string) => {
  const [type, subtype] = t.split('/');
  return `${type.charAt(0).toUpperCase()}${type.slice(1)}/${subtype.toUpperCase()}`;
};

/** A type no operation offers, listed before the offered one so a target reading only the first range shows. */
const NOT_OFFERED = 'text/x-not-offered';

/** A small covering set of Accept forms for `offered`: per type the forms selecting it, `*\/*` alone, and one admitting none. */
export function acceptFormsOf(offered: readonly string[]): AcceptForm[] {
  const forms: AcceptForm[] = [];
  const add = (how: string, accept: string) => {
    const allowed = selectedBy(accept, offered);
    if (!forms.some((f) => f.accept === accept)) forms.push({ how, accept, allowed });
  };
  for (const t of offered) {
    const family = `${t.split('/')[0]}/*`;
    const charset = /[/+]json$|^text\//i.test(t) ? '; charset=utf-8' : '';
    add(`${t} alone`, t);
    add(`${t} in another case, with parameters, after a type not offered`, `${NOT_OFFERED};q=0.9, ${otherCase(t)}${charset}; q=0.5`);
    const sole = (accept: string) => selectedBy(accept, offered).join() === t;
    add(`${family} for ${t}`, sole(family) ? family : `${family};q=0.5, ${t}`);
    if (offered.length === 1) add(`*/* for ${t}`, '*/*');
    for (const u of offered.filter((x) => x !== t)) add(`${t} of the higher q, listed after ${u}`, `${u};q=0.4, ${t}`);
    // A lower-q wildcard after a type not offered: admitted (section 12.5.1: 406 only when none is).
    add(`${family} of a lower q, after a type not offered`, `${NOT_OFFERED}, ${family};q=0.2`);
  }
  add('*/* of a lower q, after a type not offered', `${NOT_OFFERED};q=0.8, */*;q=0.1`);
  if (offered.length > 1) add('*/*, any offered type', '*/*');
  add('no offered type', `text/html, application/xml;q=0.9`);
  return forms;
}

/** An operation whose success answer declares media types, as this property reads it. */
export interface Negotiated {
  operation: Operation;
  /** The 2xx status declaring the media types. */
  status: string;
  offered: string[];
  /** Whether the contract lets the target answer any offered type whatever the Accept (`x-media-either`). */
  either: boolean;
  /** Whether each call is charged (`x-billable`): a guest does not repeat it once per form. */
  billable: boolean;
  /** Whether the contract states a 406 for an Accept admitting none. */
  notAcceptable: boolean;
}

/** Every operation whose 2xx answer declares at least one media type, with what the contract says of its Accept. */
export function negotiatedOf(contract: Contract): Negotiated[] {
  const out: Negotiated[] = [];
  for (const operation of contract.operations.values()) {
    const ok = Object.values(operation.responses).find((x) => /^2/.test(x.status));
    const r = Object.values(operation.responses).find((x) => /^2/.test(x.status) && x.contentTypes.length);
    const refusal = operation.responses['406'];
    // A bodiless success under a stated 406 (a 202) produces its 406's types (provider 2.0.0: "Only application/json").
    const offered = r?.contentTypes ?? (ok && refusal?.contentTypes.length ? refusal.contentTypes : undefined);
    if (!offered || !ok) continue;
    const status = (r ?? ok).status;
    const rawOp = contract.document.paths?.[operation.path]?.[operation.method.toLowerCase()];
    const raw = deref(contract.document, rawOp?.responses?.[status]);
    out.push({
      operation,
      status,
      offered: offered.map((t) => t.toLowerCase()),
      either: raw?.['x-media-either'] === true,
      billable: rawOp?.['x-billable'] === true,
      notAcceptable: operation.responses['406'] !== undefined,
    });
  }
  return out;
}

/** What is wrong with an answer to one Accept form, or undefined: the status and the media type it must have. */
export function acceptProblem(
  n: Negotiated,
  form: AcceptForm,
  res: { status: number; headers: Record<string, string> },
): string | undefined {
  const mediaType = (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (!form.allowed.length) return n.notAcceptable && res.status !== 406 ? `${res.status} ${mediaType || '(no body)'}, not 406` : undefined;
  const allowed = n.either ? n.offered : form.allowed;
  if (!/^2/.test(String(res.status))) return `${res.status}, not a 2xx`;
  const declared = n.operation.responses[String(res.status)]?.contentTypes ?? [];
  if (declared.length && !allowed.includes(mediaType))
    return `${res.status} ${mediaType || '(no Content-Type)'}, not ${allowed.join(' or ')}`;
  return undefined;
}

/** Judges one Accept form's answer and records what is wrong with it, received beside documented. */
export function judgeAccept(
  violations: Violations,
  n: Negotiated,
  form: AcceptForm,
  res: { status: number; headers: Record<string, string> },
): void {
  const problem = acceptProblem(n, form, res);
  if (problem)
    violations.add(
      n.operation.operationId,
      `Accept: ${form.accept} (${form.how})`,
      problem,
      form.allowed.length
        ? `${n.either ? n.offered.join(' or ') : form.allowed.join(' or ')} (RFC 9110 12.5.1; the contract's ${n.status} media types)`
        : '406 (the contract states it for an Accept admitting none)',
    );
}
