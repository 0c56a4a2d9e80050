// The refusal codes a contract ties to their conditions and to their response's status: `x-codes: { member, conditions }`
// (seed 000, Errors; provider 1.35.0, the micro-deposit verification's and authorization details' examples). Read by the
// refusal-codes property (invariants/refusal-codes.ts: each condition provoked) and error-status (every-answer/error-status.ts).
import { type Contract, deref, type Json } from './contract.js';

/** One refusal condition of an operation, as its response's `x-codes` states it. */
export interface CodedCondition {
  operationId: string;
  /** The HTTP status of the response the table sits on. */
  status: number;
  /** The body member that carries the code (`code`, `status`). */
  member: string;
  /** The condition in words, as the contract's table gives it. */
  condition: string;
  /** The codes this condition may carry, the one it names first (as strings: a code may be a number or a string). */
  codes: string[];
  /** A mandatory request member (dotted) left out. */
  missing?: string;
  /** A request member naming an entity, set to a new value of its own format. */
  unresolved?: string;
  /** A member sent with its check digit wrong (dotted; `card.`: the encrypted Card), built by the spec's harness. */
  checkDigit?: string;
  /**
   * Members of the valid call set to provoke it (`query.<name>`, `path.<name>`, `body.<dotted>`): a value, null to leave it out,
   * or `{ from: <member>, days: n }`, that member's valid value moved n days (epoch seconds).
   */
  with?: Record<string, unknown>;
  /** The state the object is brought to before the call, and the values the call sends. */
  state?: string;
  send?: 'right' | 'wrong';
  /** The catalogue rule stating this condition's refusal, where one alone does: a finding of its code is filed there. */
  rule?: string;
}

/** Every coded refusal condition of a contract: each operation's responses carrying `x-codes`. */
export function codedConditionsOf(contract: Contract): CodedCondition[] {
  const out: CodedCondition[] = [];
  for (const op of contract.operations.values()) {
    for (const status of Object.keys(op.responses)) {
      const table = deref(contract.document, contract.document.paths?.[op.path]?.[op.method.toLowerCase()]?.responses?.[status])?.[
        'x-codes'
      ];
      if (!table?.member || !Array.isArray(table.conditions)) continue;
      for (const c of table.conditions as Json[])
        out.push({
          operationId: op.operationId,
          status: Number(status),
          member: String(table.member),
          condition: String(c.condition),
          codes: (c.codes as unknown[]).map(String),
          ...(c.missing ? { missing: String(c.missing) } : {}),
          ...(c.unresolved ? { unresolved: String(c.unresolved) } : {}),
          ...(c.checkDigit ? { checkDigit: String(c.checkDigit) } : {}),
          ...(c.with && typeof c.with === 'object' ? { with: { ...c.with } } : {}),
          ...(c.state ? { state: String(c.state) } : {}),
          ...(c.send ? { send: c.send === 'wrong' ? ('wrong' as const) : ('right' as const) } : {}),
          ...(c.rule ? { rule: String(c.rule) } : {}),
        });
    }
  }
  return out;
}
