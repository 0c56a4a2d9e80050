// Property: every value the caller sent comes back as sent, wherever the contract says it is echoed
// or stored: a member of the request body that the writer's answer, or the read of what it made right
// after, shows at the same place, shows it byte for byte: no sign, unit, case, spacing or precision
// changed (the catalogue's *-PROP-ECHO-AS-SENT). The body is made to tell first (tellingBody): each
// free-text member mixed case with two inner spaces, each digit string with a leading zero, each
// amount signed with cents, each only where the contract's request schema still accepts it.
import type { Violations } from '../security/probe.js';
import { addJudged, leavesUnder, objectIn, type WriteOutcome } from './after-write.js';
import { leavesOf } from './kit.js';

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
): unknown {
  let out = body;
  for (const [p, v] of leavesOf(body)) {
    if (!p || keep(p, v)) continue;
    const steps = p.split('.');
    for (const candidate of tellingValues(v, steps.at(-1)!, joiner)) {
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
 * Every sent leaf the answer or the read right after shows at the same place must read as sent: a
 * violation names the writer, where it was shown and the member.
 */
export function checkEchoAsSent(
  outcomes: readonly WriteOutcome[],
  violations: Violations,
  skip: (path: string) => boolean = () => false,
): string[] {
  const checked: string[] = [];
  for (const o of outcomes) {
    const body = o.probe.call.body;
    if (body === undefined || typeof o.status !== 'number' || o.status >= 300) continue;
    checked.push(o.probe.writer.operationId);
    addJudged(o, violations);
    const sent = leavesOf(body);
    const shown: { where: string; leaves: Map<string, unknown> }[] = [];
    if (o.answer && typeof o.answer === 'object') shown.push({ where: 'its answer', leaves: leavesOf(o.answer) });
    if (o.read)
      shown.push({ where: `${o.read.reader.operationId} right after`, leaves: leavesUnder(o.read.body, objectIn(o.read.body, o.answer)) });
    for (const [p, v] of sent) {
      if (!p || skip(p) || (typeof v !== 'string' && typeof v !== 'number')) continue;
      for (const s of shown) {
        if (!s.leaves.has(p) || s.leaves.get(p) === v) continue;
        violations.add(
          o.probe.writer.operationId,
          s.where,
          `${p}: ${JSON.stringify(s.leaves.get(p))}, sent ${JSON.stringify(v)}`,
          'the value as sent',
        );
      }
    }
  }
  return checked;
}
