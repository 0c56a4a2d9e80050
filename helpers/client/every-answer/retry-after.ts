// Property: an answer of 503 or 429 (a temporary unavailability, too many requests) takes the form documented for it: its body the
// error body the contract documents for that status (seed 000, Errors gives the 503 its shape; the provider's Card API 1.0.0
// attaches it to putCard: an error body with its message), and a Retry-After it carries a delay in whole seconds or an HTTP date
// (RFC 9110, section 10.2.3: `Retry-After = HTTP-date / delay-seconds`; a sender generates the date as IMF-fixdate, section
// 5.6.7). Judged at the choke point on every such answer of every check, before the answer's schema and declared headers, so its
// breach is filed under the rule stating it (card enrollment's CE-ERR-UNAVAILABLE), never the answer forms' nor the check's own.
import { ContractViolation, responseSchemaConformance } from '../../contract/checks.js';
import type { Answered, PropertyChecker, Verdict } from './checker.js';

const DELAY_SECONDS = /^[0-9]+$/;
// RFC 9110, section 5.6.7: IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
const IMF_FIXDATE =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), [0-9]{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [0-9]{4} [0-9]{2}:[0-9]{2}:[0-9]{2} GMT$/;

/** The statuses whose Retry-After is judged: unavailability (503) and too many requests (429), RFC 9110 section 10.2.3. */
const JUDGED = new Set([429, 503]);

/** Whether a Retry-After value is in one of RFC 9110's two forms (an IMF-fixdate that names a real instant). */
export function retryAfterForm(value: string): boolean {
  if (DELAY_SECONDS.test(value)) return true;
  if (!IMF_FIXDATE.test(value)) return false;
  const at = new Date(value);
  return !Number.isNaN(at.getTime()) && at.toUTCString() === value;
}

/** The schema check's finding on the body, without its place (the violation names operation and status): undefined when none. */
export function bodyProblem({ contract, exchange }: Answered): string | undefined {
  try {
    responseSchemaConformance(contract, exchange);
    return undefined;
  } catch (error) {
    if (!(error instanceof ContractViolation)) throw error;
    const found = /Received:? (.*?)(?: \/ Documented: .*)?$/s.exec(error.message)?.[1] ?? error.message;
    return `its error body is not the one documented for the status: ${found}`;
  }
}

export const UNAVAILABLE: PropertyChecker<Answered> = {
  property: 'unavailable-answer-form',
  rules: { 'card-enrollment': 'CE-ERR-UNAVAILABLE' },
  unjudged: 'the answer carries no body and no Retry-After',
  check: 'unavailableConformance',
  received: 'an unavailability answer off its documented form',
  documented:
    'the error body the contract documents for the status (its required members, a message among them) and a Retry-After, where given, of delay-seconds (whole seconds) or an HTTP date (IMF-fixdate), RFC 9110 section 10.2.3',
  applies: ({ exchange }) => JUDGED.has(exchange.status) && UNAVAILABLE.rules[exchange.operation.service] !== undefined,
  judge: (answered): Verdict => {
    const value = answered.exchange.headers['retry-after'];
    const body = answered.exchange.text.length ? bodyProblem(answered) : undefined;
    if (value === undefined && !answered.exchange.text.length) return { judged: false, problems: [] };
    return {
      judged: true,
      problems: [
        ...(body ? [body] : []),
        ...(value === undefined || retryAfterForm(String(value))
          ? []
          : [`its Retry-After ${JSON.stringify(value)} is neither a delay in seconds nor an HTTP date`]),
      ],
    };
  },
};
