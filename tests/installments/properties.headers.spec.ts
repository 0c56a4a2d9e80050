// Covers: every header an answer carries back comes back as sent (IN-PROP-HEADER-ECHO; provider 2.0.0, the
// Correlation-Id parameter and response header; reference, Headers), on each operation's success and refusals.
import { expect, rules, test } from '../../fixtures/installments.js';
import { echoedHeadersOf, HEADER_ECHO, headerEchoOperations } from '../../helpers/client/invariants/headers.js';
import { ContractViolation } from '../../helpers/contract/checks.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { countRule, tally } from '../shared/property.js';

test(
  'every header an answer echoes comes back as sent, on the success and each refusal of every operation taking it @assumption',
  rules('IN-PROP-HEADER-ECHO', 'IN-ECHO-CORRELATION'),
  async ({ inst, instApi, instReq, instContract }) => {
    const { violations, checked, exceptions, file } = tally(HEADER_ECHO);
    const applies = headerEchoOperations(instContract);
    const judged: string[] = [];
    for (const op of applies) {
      const { operationId } = op;
      if (operationId === 'savePlan' && !inst.eligiblePan) {
        file(operationId, 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)');
        continue;
      }
      // A selection names an offer the service made: a fresh offers answer's first offer.
      const valid: CallOptions =
        operationId === 'savePlan' ? await instReq.selectionCall(instApi) : await instReq.sampleCall(operationId as 'approvedOffers');
      // The call as sampled names no header the property sends: the client gives each a telling value of its own.
      const headers = Object.fromEntries(
        Object.entries(valid.headers ?? {}).filter(
          ([k]) => !echoedHeadersOf(instContract, op).some((e) => e.parameter.name.toLowerCase() === k.toLowerCase()),
        ),
      );
      const calls: [string, CallOptions][] = [
        ['its valid call', { ...valid, headers }],
        // A repeated call (provider 2.0.0 approvedOffers: every answer carries the Correlation-Id of its own request): the same
        // call again, with a telling value of its own, so that an id kept from the first exchange (of the card, the plan) shows.
        ['its valid call again', { ...valid, headers }],
        ...(op.responses['400']
          ? [['a body that is not JSON', { ...valid, headers, body: undefined, rawBody: '{"broken": ' }] as [string, CallOptions]]
          : []),
        ...(op.responses['401'] ? [['no signature', { ...valid, headers, auth: false }] as [string, CallOptions]] : []),
        // A header the service makes when none is sent (x-made-when-absent; provider 2.0.0 approvedOffers CorrelationIdParameter):
        // the valid call and a refusal sent without it, each answer declaring it judged to carry one (IN-ECHO-CORRELATION).
        ...echoedHeadersOf(instContract, op)
          .filter((e) => e.parameter.madeWhenAbsent)
          .flatMap(({ parameter }): [string, CallOptions][] => {
            const none = { ...headers, [parameter.name]: undefined };
            return [
              [`its valid call sent no ${parameter.name}`, { ...valid, headers: none }],
              ...(op.responses['400']
                ? [
                    [
                      `a body that is not JSON sent no ${parameter.name}`,
                      { ...valid, headers: none, body: undefined, rawBody: '{"broken": ' },
                    ] as [string, CallOptions],
                  ]
                : []),
            ];
          }),
      ];
      for (const [what, call] of calls) {
        const res: { status: number } | unknown = await instApi.callOperation(op, call).catch((error: unknown) => error);
        // The client's own echo check throws: a finding of this operation; another of its checks is not this property's. It is
        // filed under the rule the catalogue files the echo check under on this operation (IN-ECHO-CORRELATION on approvedOffers,
        // where the provider states the echo), else this property's.
        if (res instanceof ContractViolation && res.check === 'requestHeaderEchoConformance') {
          const rule = res.rules[0] ?? 'IN-PROP-HEADER-ECHO';
          violations.add(
            operationId,
            `${what} (${rule})`,
            res.message.split('\n')[0]!,
            res.message.includes('for a call sent none') ? 'one the service makes' : 'the value sent',
            rule,
          );
        } else if (res instanceof Error) throw res;
        else judged.push(`${operationId} ${what} ${(res as { status: number }).status}`);
      }
      checked.push(operationId);
    }
    test.info().annotations.push({ type: 'answers judged', description: judged.join('; ') });
    countRule(HEADER_ECHO, 'IN-PROP-HEADER-ECHO', { applies: applies.map((op) => op.operationId), checked, exceptions });
    expect(applies.length, 'operations taking a header an answer echoes').toBeGreaterThan(0);
    violations.expectNone();
  },
);
