// Checker: every value of every response compared with the run's sensitive inputs (card numbers,
// security codes, SSNs, account numbers, partner secrets, app keys, tokens), wherever it sits:
// a member the checks know, a new or renamed one, a nested list, a text body. The client's
// sensitiveEchoConformance knows the values the suite sent under sensitive member names; this
// checker is given the run's inputs by the spec, tokens included (sent as a header the client does
// not take for a secret), and compares values regardless of member names (seed 000: only panBin
// and panLastFour; seed 002: SSN last four only, keys, secrets and tokens never returned).
import { SentValues, type SensitiveKind, type SensitiveValue } from '../../secrets/sensitive.js';
import type { ProbeAnswer, Violations } from './probe.js';

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
  findIn(body: unknown, text = ''): { at: string; kind: SensitiveKind }[] {
    const index = new SentValues(this.values);
    const short = this.values.filter((v) => v.value.length < 7);
    const found: { at: string; kind: SensitiveKind }[] = [];
    const walk = (node: unknown, at: string) => {
      if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${at}/${i}`));
      else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`);
      else if (typeof node === 'string' || typeof node === 'number') {
        const value = String(node);
        for (const s of index.longIn(value)) found.push({ at: at || '/', kind: s.kind });
        // A short value counts only as a whole string (a number 123 is an amount as often as a code).
        if (typeof node === 'string')
          for (const s of short) if (value.replace(/[ -]/g, '') === s.value) found.push({ at: at || '/', kind: s.kind });
      }
    };
    if (body !== undefined) walk(body, '');
    else for (const s of index.longIn(text)) found.push({ at: 'text', kind: s.kind });
    return found;
  }
}

/** Records a violation for each sensitive input an answer carries (the value itself is never written). */
export function checkAnswer(inputs: SensitiveInputs, answer: ProbeAnswer, violations: Violations): void {
  if (answer.status === undefined) return;
  for (const hit of inputs.findIn(answer.body, answer.text ?? '')) {
    violations.add(
      answer.probe.operation.operationId,
      answer.probe.object,
      `a ${hit.kind} input in clear at ${hit.at}`,
      'no sensitive input returned',
    );
  }
}
