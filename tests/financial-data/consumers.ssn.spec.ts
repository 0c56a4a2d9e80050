// Covers: CreateConsumer, GetConsumerForCustomer, GetConsumer, ModifyConsumer - reference,
// Consumers: records show only the last four SSN digits, in every response that carries one. Checked
// on the creation answer, both readers, and again after a modification sends a new SSN; with and
// without hyphens. The client separately fails any response echoing a full SSN sent
// (sensitiveEchoConformance). Assertions print lengths and booleans, never an SSN.
import { expect, expectSsnLastFour, newConsumer, rules, test } from '../../fixtures/financial-data.js';

for (const [what, first, second] of [
  ['plain', '999601111', '999602222'],
  ['hyphenated', '999-60-4444', '999603333'],
] as const) {
  test(
    `shows only the last four SSN digits (${what}) on creation, through both readers, and after a new SSN @assumption`,
    rules(
      'FD-CONS-SSN-LAST-FOUR@consumer-created',
      'FD-CONS-SSN-LAST-FOUR@consumer-by-customer',
      'FD-CONS-SSN-LAST-FOUR@consumer-by-id',
      'FD-SENSITIVE-ECHO',
    ),
    async ({ fdApi, createCustomer }) => {
      const customerId = await createCustomer();
      const created = await fdApi.call('CreateConsumer', { path: { customerId }, body: newConsumer({ ssn: first }) });
      expect(created.status).toBe(201);
      // provider 1.35.0: CreatedConsumer carries no SSN; if a target adds one, it is masked too.
      if (created.body.ssn !== undefined) expectSsnLastFour(created.body.ssn, first, 'in the creation answer');
      const consumerId = created.body.id;
      const read = async (ssn: string, when: string) => {
        const byCustomer = await fdApi.call('GetConsumerForCustomer', { path: { customerId } });
        const byId = await fdApi.call('GetConsumer', { path: { consumerId } });
        expectSsnLastFour(byCustomer.body.ssn, ssn, `by customer ${when}`);
        expectSsnLastFour(byId.body.ssn, ssn, `by id ${when}`);
      };
      await read(first, 'after creation');
      expect((await fdApi.call('ModifyConsumer', { path: { consumerId }, body: { ssn: second } })).status).toBe(204);
      await read(second, 'after a new SSN');
    },
  );
}
