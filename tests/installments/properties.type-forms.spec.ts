// Covers: every operation's typed members sent in another form of the same value the contract refuses
// (helpers/client/invariants/type-forms.ts): refused with a documented 4xx (IN-TYPE-FORMS); every body sent whole in
// another JSON type (IN-ERR-CONTRACT).
import { expect, OPERATIONS, rules, test, underRule } from '../../fixtures/installments.js';
import type { CallOptions } from '../../helpers/client/client.js';
import { objectIdsOf } from '../../helpers/contract/object-ids.js';
import type { LiveOf } from '../../helpers/client/invariants/optional-ids.js';
import { kindOfKey } from '../../helpers/secrets/sensitive.js';
import { WHOLE_BODY } from '../../helpers/client/invariants/type-forms.js';
import { parameterRules } from '../../helpers/contract/rules.js';
import { checkOptionalIdsOf, checkTypeFormsOf, checkValidFormsOf } from '../shared/type-forms.js';

/** The operations the suite calls (notifyPlan is the issuer's side). */
const CALLED = () => OPERATIONS.filter((id) => id !== 'notifyPlan');
const NO_PAN = { leftOut: 'needs a card the target offers installments for (INSTALLMENTS_ELIGIBLE_PAN)' };
/** The rules stating what a parameter means on an operation (Rule.parameters), by `<operationId> <parameter>`. */
const PARAMETER_RULES = parameterRules('installments');

test(
  'every typed parameter and body member takes only its type’s own form: another form of the same value is refused @provider',
  rules('IN-TYPE-FORMS', 'IN-PARAM-FORMS', 'IN-ERR-REQUEST-ID', 'IN-ERR-CONTRACT:refuse', 'IN-FMT-CODES:refuse', 'IN-FMT-UUID:refuse'),
  async ({ inst, instApi, instReq, instContract }) => {
    const violations = await checkTypeFormsOf(
      instApi,
      'IN-TYPE-FORMS',
      CALLED().map((id) => instContract.operation(id)),
      async (op) => {
        if (op.operationId === 'savePlan' && !inst.eligiblePan) return NO_PAN;
        const operationId = op.operationId as ReturnType<typeof CALLED>[number];
        // A plan is made from a selection of a fresh offer: the sample's own selection names none the target made.
        const sampled = operationId === 'savePlan' ? await instReq.selectionCall(instApi) : await instReq.sampleCall(operationId);
        // A decision uses its plan up: each case decides a plan of its own, made through checkout.
        return { sampled, fresh: () => instReq.ownCall(instApi, operationId) };
      },
      undefined,
      // Each body the contract types an object (provider 2.0.0 request schemas), sent whole as an array holding it, as a JSON
      // string, a number, null and true: a request the contract refuses, refused with a documented 4xx (IN-ERR-CONTRACT).
      'IN-ERR-CONTRACT',
    );
    const wholeBody = (v: { object: string }) => v.object.startsWith(`body ${WHOLE_BODY} `);
    underRule(
      test.info(),
      'IN-ERR-CONTRACT',
      () =>
        expect(
          violations.list
            .filter(wholeBody)
            .map((v) => `${v.operationId} (${v.object}): Received: ${v.received} / Documented: ${v.documented}`),
          'a body sent whole in another JSON type refused',
        ).toEqual([]),
      violations.list.find(wholeBody)?.operationId,
    );
    // A parameter whose refusal a rule of the catalogue states (Rule.parameters: request_id, IN-ERR-REQUEST-ID, provider 2.0.0
    // InvalidRequestIdError) is filed under that rule; another query, path or header text has no grammar in the documents:
    // refused only by this catalogue's decision (IN-PARAM-FORMS).
    const parameterOf = (v: { object: string }) => /^(?:[^:=]*: )?(?:query|path|header) ([^ ]+) /.exec(v.object)?.[1];
    // The rule states a value that is no integer of the parameter's format (past its range); another spelling of one (a
    // leading zero, a sign, a fraction of zero) is the catalogue's decision, IN-PARAM-FORMS, as for every parameter.
    const stated = (v: { operationId: string; object: string }) =>
      /one past the \w+ range/.test(v.object) ? PARAMETER_RULES.get(`${v.operationId} ${parameterOf(v)}`)?.id : undefined;
    // A body member's near miss taken where the member's own format rule states its form (Currency: ISO 4217, three capitals,
    // IN-FMT-CODES): filed under that rule alone (type-forms.ts formRule); the rest under the property's rule.
    const body = violations.list.filter((v) => parameterOf(v) === undefined && !wholeBody(v));
    for (const own of new Set(body.flatMap((v) => v.rule ?? [])))
      underRule(
        test.info(),
        own,
        () =>
          expect(
            body
              .filter((v) => v.rule === own)
              .map((v) => `${v.operationId} (${v.object}): Received: ${v.received} / Documented: ${v.documented}`),
            `a near miss of a member whose form ${own} states`,
          ).toEqual([]),
        body.find((v) => v.rule === own)?.operationId,
      );
    expect(
      body.filter((v) => v.rule === undefined),
      violations.describe(),
    ).toEqual([]);
    for (const rule of new Set(violations.list.flatMap((v) => stated(v) ?? [])))
      underRule(
        test.info(),
        rule,
        () =>
          expect(
            violations.list
              .filter((v) => stated(v) === rule)
              .map((v) => `${v.operationId} (${v.object}): Received: ${v.received} / Documented: ${v.documented}`),
            `a parameter refused as ${rule} states`,
          ).toEqual([]),
        violations.list.find((v) => stated(v) === rule)?.operationId,
      );
    // The text forms of a query, path or header value (sync=TRUE, limit=+5) are IN-PARAM-FORMS's alone: IN-TYPE-FORMS states
    // the written forms of a JSON body's members (RFC 8259), which a parameter's text does not have. Filed with the operation
    // of the first one taken, so the certification names where it broke.
    const unstated = violations.list.filter((v) => parameterOf(v) !== undefined && !stated(v));
    underRule(
      test.info(),
      'IN-PARAM-FORMS',
      () =>
        expect(
          unstated.map((v) => `${v.operationId} (${v.object}): Received: ${v.received} / Documented: ${v.documented}`),
          'another text of a parameter value refused',
        ).toEqual([]),
      unstated[0]?.operationId,
    );
  },
);

/** A sensitive member, the encrypted card: sent as sampled. */
const sensitive = (at: string) => kindOfKey(at.split('.').at(-1)!) !== undefined || /encrypt|sensitive/i.test(at);

test(
  'every form the contract allows of each parameter and body member is accepted, on every operation that takes it @provider',
  rules('IN-VALID-FORMS', 'IN-VALID-ACCEPTED', 'IN-FMT-UUID:accept'),
  async ({ inst, instApi, instReq, instContract }) => {
    const violations = await checkValidFormsOf(
      instApi,
      'IN-VALID-FORMS',
      CALLED().map((id) => instContract.operation(id)),
      async (op) => {
        const operationId = op.operationId as ReturnType<typeof CALLED>[number];
        // The ids and references an operation names are the target's own objects: sent as sampled.
        const ids = new Set(objectIdsOf(instContract, op).ids.map((id) => id.at));
        // A selection's members bound to the offer are sent as sampled (provider 2.0.0, POST /plans: "without any changes").
        const offered = (at: string) =>
          operationId === 'savePlan' && /^(merchant|transaction|planInstallmentInformation|schedulePayments)\./.test(at);
        const keep = (at: string) => ids.has(at.replace(/\.\d+(?=\.|$)/g, '')) || /[a-z]Ids?$/.test(at) || sensitive(at) || offered(at);
        if (operationId === 'savePlan' && !inst.eligiblePan) return NO_PAN;
        // A selection names an offer the service made: a fresh offers call's first, for each form.
        const sampled: CallOptions =
          operationId === 'savePlan' ? await instReq.selectionCall(instApi) : await instReq.sampleCall(operationId);
        // A decision uses its plan up: each form decides a plan of its own, made through checkout.
        return { sampled, keep, fresh: () => instReq.ownCall(instApi, operationId, sampled) };
      },
      // Each operation's valid call (a selection of a fresh offer, the offers of the eligible card, every sample a builder makes
      // valid) answered its success, an operation without a form of its own too: refused, IN-VALID-ACCEPTED is broken.
      { accepted: 'IN-VALID-ACCEPTED' },
    );
    violations.expectNone();
  },
);

test(
  'every optional member naming another object takes the caller’s own: the write is accepted and links that object @provider',
  rules('IN-OPTIONAL-IDS'),
  async ({ instApi, instReq }) => {
    // The caller's own PAN list, its cards deregistered when the check ends (no operation deletes a list).
    const registered: CallOptions[] = [];
    const register = async () => {
      const call = await instReq.sampleCall('registerPans');
      registered.push(call);
      return call;
    };
    const made = await instApi.call('registerPans', await register());
    expect(made.status, 'a PAN list of the caller (registered by name)').toBe(200);
    const live: Record<string, string> = { panList: String(made.body.panList.panListId) };
    const liveOf: LiveOf = (id) =>
      live[id.resource] ? { value: live[id.resource] } : { leftOut: `no live ${id.resource} of the caller the harness makes` };
    const violations = await checkOptionalIdsOf(
      instApi,
      'IN-OPTIONAL-IDS',
      (op) => (op.operationId === 'registerPans' ? register : { leftOut: 'no sample of it is sent by the suite (the issuer’s side)' }),
      liveOf,
    ).finally(async () => {
      for (const call of registered) {
        const { panListName: _, ...cards } = call.body as Record<string, unknown>;
        await instApi.call('deregisterPans', { body: { ...cards, panListId: live.panList } });
      }
    });
    violations.expectNone();
  },
);
