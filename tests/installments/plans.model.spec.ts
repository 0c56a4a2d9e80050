// Covers: the plan operations (seed 001, Endpoints and States; provider 2.0.0; reference, Flows - checkout) in random
// sequences against the reference model (fixtures/models/installments/plans.model.ts).
import { citing, plansModel, rules, runModel, test, skipWithout } from '../../fixtures/installments.js';

skipWithout('eligiblePan');

test(
  'every sequence of plan and approval calls answers as the plans model says @property',
  rules(
    'IN-STATUS-PLAN-CREATED',
    'IN-FMT-UUID:accept',
    'IN-ECHO-PLAN',
    // The offers chosen and the plans read back, their schedules against their totalAmount (the client's answer judge).
    'IN-VAL-OFFER-AMOUNTS',
    ...citing('IN-STATUS-SYNC', '@sync', '@async'),
    ...citing('IN-STATE-DECISION', '@sync', '@async', '@approval-status', '@plan'),
    'IN-ECHO-CALLBACK',
    'IN-ENUM-DECISION:accept',
    'IN-ENUM-REJECTCODE:accept',
    'IN-LIM-REJECTDETAIL:accept',
    'IN-STATE-APPROVAL-PLAN',
    'IN-STATUS-PLAN-UNKNOWN',
    'IN-AUTH-FORBIDDEN',
    'IN-STATE-PAN-ELIGIBLE:accept@encrypted',
    'IN-PROP-ECHO-AS-SENT',
    // Two plans of one provider declined with reasons of their own: each read with its own decline's reason (a decline writing
    // its reason onto the other plan is this rule's breach, provider 2.0.0 InstallmentPlan.rejectReasonCode).
    'IN-REQ-PLAN-REJECT-REASON',
    // Judged by the client on every answer (helpers/client/every-answer/unique-ids.ts): two offers transactions, two plan ids.
    'IN-PROP-UNIQUE-ID',
  ),
  async ({ instModelTarget }, testInfo) => {
    await runModel({
      commands: plansModel.planCommands(),
      scenarios: plansModel.planScenarios(),
      setup: async () => ({ model: plansModel.newPlansModel(), real: instModelTarget }),
      teardown: plansModel.tearDownPlansModel,
      testInfo,
    });
  },
);
