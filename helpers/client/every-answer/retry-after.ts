// Property: a Retry-After an answer of 503 or 429 carries is a delay in whole seconds or an HTTP date (RFC 9110, section 10.2.3:
// `Retry-After = HTTP-date / delay-seconds`; a sender generates the date as IMF-fixdate, section 5.6.7). Seed 000, Errors gives
// the 503 a Retry-After with the estimated recovery time; judged at the choke point on every such answer of every check, before
// the answer's declared headers, so its breach is filed under the rule stating it, never the check's own.
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

export const RETRY_AFTER: PropertyChecker<Answered> = {
  property: 'retry-after-form',
  rules: { 'card-enrollment': 'CE-ERR-UNAVAILABLE' },
  unjudged: 'the answer carries no Retry-After',
  check: 'retryAfterConformance',
  received: 'a Retry-After in neither of its forms',
  documented: 'Retry-After is delay-seconds (whole seconds) or an HTTP date (IMF-fixdate), RFC 9110 section 10.2.3',
  applies: ({ exchange }) => JUDGED.has(exchange.status) && RETRY_AFTER.rules[exchange.operation.service] !== undefined,
  judge: ({ exchange }): Verdict => {
    const value = exchange.headers['retry-after'];
    if (value === undefined) return { judged: false, problems: [] };
    return {
      judged: true,
      problems: retryAfterForm(String(value))
        ? []
        : [`its Retry-After ${JSON.stringify(value)} is neither a delay in seconds nor an HTTP date`],
    };
  },
};
