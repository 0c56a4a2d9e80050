// The one shape of a property checker (docs/properties.md): what it judges, the property's name and the catalogue rule its
// violations are filed under per service, and how a violation reads. The choke point runs the checkers of this room on every
// answer through it (helpers/client/answer-checks.ts, runChecker): each counted once per check and operation, judged or left
// out with a reason (helpers/client/property-counts.ts), its problems one ContractViolation
// `[check] operationId status: Received <received>: <problems> / Documented: <documented>` citing the service's rule.
import type { TestInfo } from '@playwright/test';
import type { Exchange } from '../../contract/checks.js';
import type { Contract } from '../../contract/contract.js';

/** What a checker found on one input: judged (the property could be read there) or left out with why; its problems, each a sentence. */
export interface Verdict {
  judged: boolean;
  /** Why nothing was judged (judged false); the checker's `unjudged` where it gives none. */
  reason?: string;
  problems: string[];
}

/** A property checker: its name, its rules, how its violation reads, and its judgement of one input. */
export interface PropertyChecker<In> {
  /** The property's name, one per checker (`error-agrees-with-status`): its counts are filed under it. */
  property: string;
  /** Its catalogue rule, per service (a service without one is not judged). */
  rules: Readonly<Record<string, string>>;
  /** The reason an input it could not judge is left out with, where its verdict gives none. */
  unjudged: string;
  /** The check its violation names, and what the violation says was received and what is documented. */
  check: string;
  received: string;
  documented: string;
  /** Whether the property applies to this input at all (false: neither judged nor counted). */
  applies(input: In): boolean;
  judge(input: In): Verdict;
}

/** What a checker run on every answer is given: the contract judged against, the check the answer belongs to, the exchange. */
export interface Answered {
  contract: Contract;
  /** The running check (undefined outside one): a checker remembering earlier answers keeps them per check. */
  testInfo: TestInfo | undefined;
  exchange: Exchange;
  /** What was sent: the request body as given (its JWEs as sealed), the path parameters, and the target's base URL (ids are kept per target). */
  sent?: { body: unknown; path?: Record<string, unknown>; target: string };
}
