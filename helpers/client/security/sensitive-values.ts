// Checker: every response value compared with the run's sensitive inputs (tokens included) wherever it sits, whatever its name
// (seed 000: only panBin and panLastFour; seed 002: SSN last four only, keys, secrets and tokens never returned).
import type { Contract, Json, Operation } from '../../contract/contract.js';
import { kindOfKey, scalars, SentValues, type SensitiveKind, type SensitiveValue } from '../../secrets/sensitive.js';
import type { CallOptions } from '../client.js';
import { noteEchoed } from '../../secrets/sent-ledger.js';
import type { ProbeAnswer, Violations } from './probe.js';
import { walkSchema } from '../../contract/schema-walk.js';

export const SENSITIVE_VALUES = 'sensitive-values';

/** A run's sensitive inputs, by kind; short ones (a security code) count as whole string values only. */
export class SensitiveInputs {
  private readonly values: SensitiveValue[] = [];

  add(kind: SensitiveKind, ...values: (string | undefined)[]): this {
    for (const v of values)
      if (v && v.length >= 3) this.values.push({ kind, value: v.replace(/^([0-9][0-9 -]*[0-9])$/, (d) => d.replace(/[ -]/g, '')) });
    return this;
  }

  get size(): number {
    return this.values.length;
  }

  /** Where a body (any JSON) or a text carries one of the inputs: `[json pointer, kind]` pairs. */
  findIn(body: unknown, text = ''): { at: string; kind: SensitiveKind; wrongMask?: boolean }[] {
    const index = new SentValues(this.values);
    const short = this.values.filter((v) => v.value.length < 7);
    const masked = this.values.filter((v) => VISIBLE[v.kind] && /^[0-9]{7,}$/.test(v.value));
    // A card number's digits in one run longer than the masked forms allow, the whole number aside (found above).
    const runs = this.values.filter((v) => v.kind === 'PAN' && /^[0-9]{14,}$/.test(v.value));
    const holdsRun = (value: string, pan: string) => {
      if (value.includes(pan) || rangeBoundOf(value, pan)) return false;
      for (let i = 0; i + PAN_RUN <= pan.length; i++) if (value.includes(pan.slice(i, i + PAN_RUN))) return true;
      return false;
    };
    const found: { at: string; kind: SensitiveKind; wrongMask?: boolean }[] = [];
    // Found in clear: redacted from now on wherever it stands, in every process of the run (helpers/secrets/sent-ledger.ts).
    const echoed = (s: SensitiveValue, at: string) => {
      noteEchoed(s.value);
      found.push({ at: at || '/', kind: s.kind });
    };
    for (const { at, value: node } of body !== undefined ? scalars(body) : []) {
      const value = String(node);
      for (const s of index.longIn(value)) echoed(s, at);
      // A short value counts only as a whole string (a number 123 is an amount as often as a code).
      if (typeof node === 'string') for (const s of short) if (value.replace(/[ -]/g, '') === s.value) echoed(s, at);
      if (typeof node === 'string')
        for (const s of masked) if (wronglyMasked(value, s)) found.push({ at: at || '/', kind: s.kind, wrongMask: true });
      if (typeof node === 'string' && /[0-9]{10}/.test(value))
        for (const s of runs) if (holdsRun(value, s.value)) found.push({ at: at || '/', kind: s.kind, wrongMask: true });
    }
    if (body === undefined) for (const s of index.longIn(text)) echoed(s, 'text');
    return found;
  }
}

/** The digits a masked value may show: an SSN's or account number's last four (seed 002), a card's first six and last four (seed 000). */
const VISIBLE: Partial<Record<SensitiveKind, (i: number, length: number) => boolean>> = {
  SSN: (i, n) => i >= n - 4,
  'account number': (i, n) => i >= n - 4,
  PAN: (i, n) => i < 6 || i >= n - 4,
};

/** The shortest run of a card number's digits showing one masked forms hide (seed 000, MaskedCard: panBin and panLastFour). */
const PAN_RUN = 10;

/** Whether a string of digits is a bound of an account range holding the card: the card's leading digits, then only 0s or only
 * 9s (provider 2.0.0, Registration.accountRange, an AccountRangeView: the answer carries the range its cards lie in). */
function rangeBoundOf(value: string, pan: string): boolean {
  let k = 0;
  while (k < value.length && value[k] === pan[k]) k++;
  return /^[0-9]+$/.test(value) && /^(0+|9+)$/.test(value.slice(k));
}

/** Whether a string is an input masked wrongly: its length, partly masked, its own digits elsewhere, one where its kind allows none. */
export function wronglyMasked(value: string, input: SensitiveValue): boolean {
  const visible = VISIBLE[input.kind];
  const v = value.replace(/[ -]/g, '');
  if (!visible || v.length !== input.value.length || !/[*xX#•]/.test(v)) return false;
  let shownWrongly = false;
  for (let i = 0; i < v.length; i++) {
    if (/[*xX#•]/.test(v[i])) continue;
    if (v[i] !== input.value[i]) return false;
    if (!visible(i, v.length)) shownWrongly = true;
  }
  return shownWrongly;
}

/** Records a violation for each sensitive input an answer carries (the value itself is never written). */
export function checkAnswer(inputs: SensitiveInputs, answer: ProbeAnswer, violations: Violations): void {
  if (answer.status === undefined) return;
  for (const hit of inputs.findIn(answer.body, answer.text ?? '')) {
    violations.add(
      answer.probe.operation.operationId,
      answer.probe.object,
      hit.wrongMask
        ? `a ${hit.kind} input masked wrongly (more than the kind may show) at ${hit.at}`
        : `a ${hit.kind} input in clear at ${hit.at}`,
      'no sensitive input returned',
    );
  }
}

/** The dotted paths of the sensitive members a request body declares (`borrowers[].optionalConsumerInfo.ssn`), by kind. */
function sensitiveMembersOf(contract: Contract, op: Operation): { at: string; kind: SensitiveKind }[] {
  const out = new Map<string, SensitiveKind>();
  // A list is marked (`borrowers[]`): its elements get the member, none is made; a sensitive member is not walked below.
  const visit = (_s: Json, at: string[]) => {
    const kind = at.length ? kindOfKey(at.at(-1)!) : undefined;
    if (kind) out.set(at.join('.').replaceAll('.[]', '[]'), kind);
    return !kind;
  };
  walkSchema(contract, op.requestBody?.schema, visit, { depth: 4, items: '[]', branches: true });
  return [...out].map(([at, kind]) => ({ at, kind }));
}

/** The call with every sensitive member its body declares and lacks set to the run's value of that kind (no list grown). */
export function withSensitiveMembers(
  contract: Contract,
  op: Operation,
  call: CallOptions,
  values: Partial<Record<SensitiveKind, string>>,
): CallOptions {
  const members = sensitiveMembersOf(contract, op).filter((m) => values[m.kind] !== undefined);
  if (!members.length || (call.body !== undefined && (typeof call.body !== 'object' || Array.isArray(call.body)))) return call;
  const body = structuredClone(call.body ?? {}) as Record<string, unknown>;
  const set = (node: unknown, steps: string[], value: string): void => {
    if (Array.isArray(node)) return node.forEach((n) => set(n, steps, value));
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const [step, ...rest] = steps;
    const first = step.replace(/\[\]$/, '');
    if (!rest.length) {
      if (record[first] === undefined) record[first] = value;
      return;
    }
    if (record[first] === undefined && step.endsWith('[]')) return;
    if (record[first] === undefined) record[first] = {};
    set(record[first], rest, value);
  };
  for (const m of members) set(body, m.at.split('.'), values[m.kind]!);
  return { ...call, body };
}
