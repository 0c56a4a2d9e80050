// Property: an answer of 500 (an internal failure) carries the error body documented for it: seed 000, Errors gives the 500 the
// status value INTERNAL and a sample body of code 500, status INTERNAL and a message only (the contract's InternalError, of the
// error body). Judged at the choke point on every 500 of every check, before the answer's schema, so a 500 body off that form
// (a web framework's default body: statusCode, error, message) is filed under the rule stating it (card enrollment's
// CE-ERR-INTERNAL), not the answer forms (CE-RESP-FORMS states the enrollment's own objects). That its code is the answer's HTTP
// status is the error-status property's (CE-PROP-ERROR-STATUS); a 500 to a call sent as valid is that call's failed step,
// noted under the rule the call was sent to judge or the documented success (valid-calls.ts noteIfStepFailed).
import { bodyProblem } from './retry-after.js';
import type { Answered, PropertyChecker, Verdict } from './checker.js';

/** Per service: the rule stating its internal failure's body, and the error status value the documents give a 500. */
const STATED: Readonly<Record<string, { rule: string; member: string; value: string }>> = {
  // seed 000, Errors: 500 | INTERNAL | Internal failure; sample body has code 500, status INTERNAL and a message only.
  'card-enrollment': { rule: 'CE-ERR-INTERNAL', member: 'status', value: 'INTERNAL' },
};

export const INTERNAL: PropertyChecker<Answered> = {
  property: 'internal-error-form',
  rules: Object.fromEntries(Object.entries(STATED).map(([service, s]) => [service, s.rule])),
  unjudged: 'the answer is no 500',
  check: 'internalErrorConformance',
  received: 'an internal failure answer off its documented form',
  documented: 'the error body the contract documents for a 500 (seed 000, Errors 500: status INTERNAL and a message)',
  applies: ({ exchange }) => exchange.status === 500 && STATED[exchange.operation.service] !== undefined,
  judge: (answered): Verdict => {
    const { member, value } = STATED[answered.exchange.operation.service]!;
    const body = answered.exchange.body as Record<string, unknown> | undefined;
    const problems: string[] = [];
    const schema = answered.exchange.text.length ? bodyProblem(answered) : 'no error body';
    if (schema) problems.push(schema);
    if (body && typeof body === 'object' && body[member] !== value)
      problems.push(`its ${member} ${JSON.stringify(body[member])} is not ${value}`);
    return { judged: true, problems };
  },
};
