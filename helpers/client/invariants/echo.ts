// Property: every value the caller sent comes back as sent, wherever the contract says it is echoed
// or stored: a member of the request body that the writer's answer, or the read of what it made right
// after, shows at the same place, shows it byte for byte: no sign, unit, case, spacing or precision
// changed (the catalogue's *-PROP-ECHO-AS-SENT). The body is made to tell first (tellingBody): each
// free-text member mixed case with two inner spaces, each digit string with a leading zero, each
// amount signed with cents, each only where the contract's request schema still accepts it.
import type { Violations } from '../security/probe.js';
import { addJudged, leavesUnder, objectIn, type WriteOutcome } from './after-write.js';
import { leavesOf } from './kit.js';
import type { Contract, Json } from '../../contract/contract.js';
import { bodyLeaves } from './type-forms.js';

export const ECHO_AS_SENT = 'echo-as-sent';

const setAt = (root: unknown, steps: string[], value: unknown): unknown => {
  const copy = structuredClone(root) as Record<string, unknown>;
  let node = copy as Record<string, unknown>;
  for (const step of steps.slice(0, -1)) node = node[step] as Record<string, unknown>;
  node[steps.at(-1)!] = value;
  return copy;
};

/** Values of a leaf that tell a changed sign, case, spacing, leading zero or precision apart from the value sent, most telling first. */
function tellingValues(value: unknown, member: string, joiner: string): unknown[] {
  if (typeof value === 'number')
    return Number.isInteger(value) ? [] : [-Math.abs(Math.trunc(value)) - 0.05, Math.abs(Math.trunc(value)) + 0.1, -0.07];
  if (typeof value !== 'string' || value === '') return [];
  if (/^[0-9]+$/.test(value)) return [`0${value.slice(1)}`, `00${value.slice(2)}`];
  // Letters in alternating case, where a pattern takes either case (a hex id): a case folded on the way tells.
  const alternating = [...value].map((c, i) => (i % 2 ? c.toLowerCase() : c.toUpperCase())).join('');
  const word = member.replace(/[^A-Za-z]/g, '').slice(0, 8) || 'Value';
  // The longest form, where a pattern takes an optional part before the value (a prefix joined by any
  // character, as SrcCorrelationId's, seed 000): the value's own first eight characters joined by
  // `joiner`; a prefix dropped, recased or joined otherwise on the way tells.
  const lengthened = value.length >= 8 ? [`${value.slice(0, 8).toLowerCase()}${joiner}${alternating}`] : [];
  return [
    `Tq  ${word}  MiXed`,
    `Tq ${word} MiXed`,
    `${value.slice(0, 1).toUpperCase()}${value.slice(1).toLowerCase()}  Tq`,
    ...lengthened,
    ...(alternating !== value ? [alternating] : []),
  ];
}

/** Codes a telling body tries for a coded member (a non-US country, a language other than English), each kept only where the contract takes it. */
const TELLING_CODES: Record<string, string[]> = {
  'iso-3166-alpha-2': ['NZ', 'DE', 'JP'],
  'iso-639-1': ['fr', 'de', 'ja'],
};

/**
 * The values other than the sampled one that an enum or coded member of a request body takes, by the
 * leaf's dotted path (tellingBody's `others`): an enum's other values from its last (the rarer
 * direction or type, never the default or first a target might fill in), a code of a stated standard
 * (a country, a language) another code of it. A target that writes its default or first value in place
 * of the one sent then shows it.
 */
export function otherValues(contract: Contract, schema: Json | undefined, body: unknown): Map<string, unknown[]> {
  const out = new Map<string, unknown[]>();
  if (!schema || body === undefined) return out;
  for (const leaf of bodyLeaves(contract, schema, body)) {
    const values = Array.isArray(leaf.schema.enum)
      ? [...leaf.schema.enum].reverse().filter((v) => v !== leaf.value && v !== leaf.schema.default)
      : (TELLING_CODES[leaf.schema.format] ?? []).filter((v) => v !== leaf.value);
    if (values.length) out.set(leaf.at.replace(/\//g, '.'), values);
  }
  return out;
}

/** The characters a lengthened value's prefix is joined by, one per telling body (`tellingBody`'s `joiner`): a target may treat each apart. */
export const JOINERS = ['-', '.'] as const;

/**
 * The sample body with each leaf set to a telling value the contract accepts (`valid`: the request
 * validator), one at a time; `keep` names leaves left as sampled (ids, sensitive values, enums);
 * `joiner` joins a lengthened value's prefix (JOINERS).
 */
export function tellingBody(
  body: unknown,
  valid: (body: unknown) => boolean,
  keep: (path: string, value: unknown) => boolean,
  joiner: string = JOINERS[0],
  others: ReadonlyMap<string, unknown[]> = new Map(),
): unknown {
  let out = body;
  for (const [p, v] of leavesOf(body)) {
    if (!p || keep(p, v)) continue;
    const steps = p.split('.');
    for (const candidate of [...(others.get(p) ?? []), ...tellingValues(v, steps.at(-1)!, joiner)]) {
      const next = setAt(out, steps, candidate);
      if (valid(next)) {
        out = next;
        break;
      }
    }
  }
  return out;
}

/**
 * Where an answer shows a sent leaf: at the same place, and in the masked view of an object it was
 * sent in (seed 000: maskedConsumer of consumer, maskedCard of the card), one step renamed `masked...`.
 * The members a mask hides are named `masked...` themselves (maskedFirstName, maskedMobileNumber): a
 * leaf under one of them is never read as its source, so only what the view shows in clear is compared.
 */
export function shownAt(path: string): string[] {
  const steps = path.split('.');
  const out = [path];
  for (let i = 0; i < steps.length - 1; i++)
    if (/^[a-z]/.test(steps[i]))
      out.push([...steps.slice(0, i), `masked${steps[i][0].toUpperCase()}${steps[i].slice(1)}`, ...steps.slice(i + 1)].join('.'));
  return out;
}

/**
 * Every sent leaf the answer or the read right after shows at the same place, or in clear in the
 * masked view of the object it was sent in (shownAt), must read as sent: a violation names the
 * writer, where it was shown and the member. `sealed` gives what a write's body carries sealed, by
 * the name the contract gives it (the card inside encryptedCard).
 */
export function checkEchoAsSent(
  outcomes: readonly WriteOutcome[],
  violations: Violations,
  skip: (path: string) => boolean = () => false,
  sealed: (o: WriteOutcome) => Record<string, unknown> | undefined = () => undefined,
): string[] {
  const checked: string[] = [];
  for (const o of outcomes) {
    const body = o.probe.call.body;
    if (body === undefined || typeof o.status !== 'number' || o.status >= 300) continue;
    checked.push(o.probe.writer.operationId);
    addJudged(o, violations);
    // What the body carries sealed (the card inside encryptedCard, seed 000) is sent too, under the name the contract gives it.
    const sent = leavesOf({ ...(body as object), ...sealed(o) });
    const shown: { where: string; leaves: Map<string, unknown> }[] = [];
    if (o.answer && typeof o.answer === 'object') shown.push({ where: 'its answer', leaves: leavesOf(o.answer) });
    if (o.read)
      shown.push({ where: `${o.read.reader.operationId} right after`, leaves: leavesUnder(o.read.body, objectIn(o.read.body, o.answer)) });
    for (const [p, v] of sent) {
      if (!p || skip(p) || (typeof v !== 'string' && typeof v !== 'number')) continue;
      for (const s of shown)
        for (const at of shownAt(p)) {
          if (!s.leaves.has(at) || s.leaves.get(at) === v) continue;
          violations.add(
            o.probe.writer.operationId,
            s.where,
            `${at}: ${JSON.stringify(s.leaves.get(at))}, sent ${JSON.stringify(v)}${at === p ? '' : ` as ${p}`}`,
            'the value as sent',
          );
        }
    }
  }
  return checked;
}
