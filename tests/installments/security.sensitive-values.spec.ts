// Covers: no answer value is a sensitive input (provider 2.0.0: panLastFour at most; reference/installments.md, Transport
// and auth: the key signs), by helpers/client/security/sensitive-values.ts and card-shown.ts.
import { loadContract, rules, test, type InstallmentsOperationId, skipWithout } from '../../fixtures/installments.js';
import { cardShownIn } from '../../helpers/client/security/card-shown.js';
import { checkAnswer, SENSITIVE_VALUES, SensitiveInputs } from '../../helpers/client/security/sensitive-values.js';
import { runProbes, Violations, type Probe } from '../../helpers/client/security/probe.js';

const contract = await loadContract('installments');

skipWithout('eligiblePan');

test(
  'no answer of any operation carries a sensitive input of the run in clear, in any member',
  rules('IN-OBJ-SENSITIVE'),
  async ({ inst, instApi, instReq }) => {
    // The card the PAN list operations send, known to the check (their sample's is drawn unseen).
    const listed = instReq.listPan();
    const cards = [inst.eligiblePan!, listed];
    const inputs = new SensitiveInputs()
      .add('PAN', ...cards)
      .add('key', inst.signer.consumerKey)
      .add('secret', inst.signer.signingKey);
    const { planId } = await instReq.createPlan(instApi);
    const probes: Probe[] = [];
    for (const operation of contract.operations.values()) {
      // The issuer's endpoint is the issuer's, not the service's (notifications.issuer.spec.ts judges it).
      if (operation.operationId === 'notifyPlan') continue;
      const call = await instReq.sampleCall(operation.operationId as InstallmentsOperationId);
      if (operation.parameters.some((p) => p.name === 'plan_id')) call.path = { plan_id: planId };
      // The approval of the plan made, so that its answer is one about the card's plan, not a 400.
      if (operation.operationId === 'planApproval') call.body = { ...(call.body as object), planId };
      if (operation.operationId === 'registerPans' || operation.operationId === 'deregisterPans')
        call.body = { ...(call.body as object), ...(await instReq.pansOf(listed)) };
      probes.push({
        operation,
        call,
        object:
          operation.parameters.some((p) => p.name === 'plan_id') || operation.operationId === 'planApproval'
            ? `plan ${planId}`
            : 'its sample',
        documented: Object.keys(operation.responses).map(Number),
      });
    }
    const violations = new Violations(SENSITIVE_VALUES);
    await runProbes(instApi, probes, violations, undefined, (answer) => {
      checkAnswer(inputs, answer, violations);
      // The masked forms only: a digit run may be an echoed account range's; ten or more is judged above.
      if (answer.status !== undefined)
        for (const { at, form } of cards.flatMap((card) => cardShownIn(answer.body, card)).filter((f) => f.form !== 'digit run'))
          violations.add(answer.probe.operation.operationId, answer.probe.object, `the card ${form} at ${at}`, 'panLastFour at most');
    });
    test.info().annotations.push({
      type: 'security-coverage',
      description: `installments ${SENSITIVE_VALUES}: ${probes.length} of ${contract.operations.size} operations' answers compared with ${inputs.size} sensitive inputs (notifyPlan is the issuer's)`,
    });
    violations.expectNone();
  },
);
