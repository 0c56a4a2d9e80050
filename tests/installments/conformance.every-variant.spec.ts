// Covers: every request the contract refuses (helpers/client/negative.ts) under every variant of the request it defines
// (provider 2.0.0: encrypted card data, enum and boolean values) is refused with a documented 4xx.
import {
  OPERATIONS as ALL_OPERATIONS,
  expect,
  loadContract,
  panLengthRefusalWrong,
  rules,
  test,
  unregisteredPan,
  type CallOptions,
} from '../../fixtures/installments.js';
import { negativeCases, refusalStatuses } from '../../fixtures/negative.js';
import { callKey, firstOfEach } from '../../helpers/client/call-key.js';
import { problemsUnder } from '../../helpers/client/annotations.js';
import { ruleBrokenBy } from '../../helpers/contract/rules.js';

/** A valid plaintext of each card data schema the contract names (each confirmed by that schema below). */
const PLAINTEXTS: Record<string, () => unknown> = {
  PanListSensitiveData: () => ({ pans: [{ pan: unregisteredPan() }] }),
  OffersSensitiveData: () => ({ consumer: { primaryAccountNumber: unregisteredPan() } }),
  PlanSensitiveData: () => ({ consumer: { primaryAccountNumber: unregisteredPan() } }),
};
/** Cases that only swap a member's JSON type (null, a number, an array): the schema's type, which no variant forks; conformance.negative sends them once. */
const TYPE_ONLY = /: (null \(empty|a number where|an array where|an object where|text where|a fraction where)/;

/** The values of an enum, or of a pattern that lists its values (`^(?:PENDING|COMPLETED|ERROR)$`, provider 2.0.0 EffectuationStatus). */
function valuesOf(schema: Record<string, any>): (string | number | boolean)[] {
  if (schema.type === 'boolean') return [true, false];
  if (Array.isArray(schema.enum)) return schema.enum;
  const listed = /^\^\(\?:([A-Z0-9_]+(?:\|[A-Z0-9_]+)+)\)\$$/.exec(String(schema.pattern ?? ''));
  return listed ? listed[1].split('|') : [];
}

/** Whether the contract defines a variant of the operation's request (see variantsOf): a card form, an enum or boolean query parameter, an enum body member. */
function declaresVariants(contract: Awaited<ReturnType<typeof loadContract>>, operationId: (typeof ALL_OPERATIONS)[number]): boolean {
  const op = contract.operation(operationId);
  const bodySchema = op.requestBody?.schema ? contract.resolveSchema(op.requestBody.schema) : undefined;
  const props = Object.values((bodySchema?.properties ?? {}) as Record<string, any>);
  return (
    op.parameters.some((p) => p.in === 'query' && valuesOf(contract.resolveSchema(p.schema)).length > 0) ||
    props.some((m) => m['x-plaintext-schema'] !== undefined || valuesOf(contract.resolveSchema(m)).length > 0)
  );
}

// The operations whose request the contract varies (the readers' requests hold ids only).
const contract = await loadContract('installments');
const OPERATIONS = ALL_OPERATIONS.filter((operationId) => operationId !== 'notifyPlan' && declaresVariants(contract, operationId));

type Fx = Parameters<Parameters<typeof test>[2]>[0];
interface Variant {
  name: string;
  call: CallOptions;
  /** The member the variant sets: its own cases are the enum's or the form's checks, not this one's. */
  member: string;
  /** For the encrypted form: the plaintext schema whose refusals are sent encrypted. */
  plaintext?: { schema: string; valid: unknown };
}

/** The variants of an operation's request, read from the contract (see the file's head). */
async function variantsOf({ instReq, instContract }: Pick<Fx, 'instReq' | 'instContract'>, operationId: (typeof OPERATIONS)[number]) {
  const op = instContract.operation(operationId);
  const sample = (await instReq.sampleCall(operationId)) as CallOptions;
  const out: Variant[] = [];
  const body = sample.body as Record<string, unknown> | undefined;
  const bodySchema = op.requestBody?.schema ? instContract.resolveSchema(op.requestBody.schema) : undefined;
  const props = (bodySchema?.properties ?? {}) as Record<string, any>;
  const schemaName = props.encryptedValue?.['x-plaintext-schema'] as string | undefined;
  if (body && schemaName) {
    const valid = PLAINTEXTS[schemaName]?.();
    expect(valid !== undefined && instContract.component(schemaName)(valid), `a valid ${schemaName} plaintext`).toBe(true);
    const { encryptedValue: _e, ...rest } = body;
    out.push({
      name: 'card data encrypted',
      call: { ...sample, body: { ...rest, ...(await instReq.sensitive(valid)) } },
      member: 'encryptedValue',
      plaintext: { schema: schemaName, valid },
    });
  }
  for (const p of op.parameters) {
    const schema = instContract.resolveSchema(p.schema);
    const values = valuesOf(schema);
    if (p.in !== 'query' || values.length === 0) continue;
    const { [p.name]: _v, ...query } = (sample.query ?? {}) as Record<string, string | number | boolean | undefined>;
    for (const v of values)
      out.push({ name: `query ${p.name}=${String(v)}`, call: { ...sample, query: { ...query, [p.name]: v } }, member: p.name });
    out.push({ name: `query without ${p.name}`, call: { ...sample, query }, member: p.name });
  }
  if (body && !Array.isArray(body))
    for (const [member, memberSchema] of Object.entries(props)) {
      for (const v of valuesOf(instContract.resolveSchema(memberSchema)))
        out.push({ name: `body ${member} ${String(v)}`, call: { ...sample, body: { ...body, [member]: v } }, member });
    }
  return out;
}

/** Undefined when the call is refused with one of `refusals`; else what it answered (a status, or the contract its answer broke). */
async function refusedOrWhy(send: () => Promise<{ status: number }>, refusals: number[]): Promise<string | undefined> {
  try {
    const res = await send();
    return refusals.includes(res.status) ? undefined : `Received ${res.status} / Documented refusal: ${refusals.join(' or ')}`;
  } catch (error) {
    return `the answer broke the contract: ${(error as Error).message.split('\n')[0]}`;
  }
}

for (const operationId of OPERATIONS) {
  test(
    `${operationId} refuses every request the contract refuses under every variant of its request (card form, enum and boolean members) @provider`,
    rules('IN-ERR-CONTRACT:refuse', 'IN-VARIANT-EVERY-RULE'),
    async ({ instApi, instReq, instContract }) => {
      const variants = await variantsOf({ instReq, instContract }, operationId);
      expect(variants.length, `the request variants of ${operationId}`).toBeGreaterThan(0);
      const op = instContract.operation(operationId);
      const refusals = refusalStatuses(op).filter((s) => s !== 404);
      const wrong: string[] = [];
      let stated: string | undefined;
      let sent = 0;
      // Cases that make the same request (bytes and authorizer) are sent once.
      const firstRequest = firstOfEach((call: CallOptions) => callKey(op, call));
      for (const v of variants) {
        const own = new RegExp(`^(body /${v.member}(/|:)|query ${v.member}:)`);
        const cases = negativeCases(instContract, op, v.call).filter((c) => !TYPE_ONLY.test(c.name) && !own.test(c.name));
        for (const c of cases) {
          if (!firstRequest(c.call)) continue;
          sent++;
          // Sent as a negative case (CallOptions.negative): a success is this case's breach, not the taken answer's echoes.
          const answer = await refusedOrWhy(
            () => instApi.callOperation(op, { ...c.call, negative: true }),
            [...refusals, ...(c.also ?? [])],
          );
          // A case taken (2xx) breaks what its member's rule states (its pattern, length, enum: ruleBrokenBy), as the
          // negative cases' own check files it (helpers/client/negative.ts runNegativeCases): the first such is filed under it.
          if (answer && !stated && /^Received 2\d\d /.test(answer)) stated = ruleBrokenBy('installments', operationId, c.name);
          if (answer) wrong.push(`${v.name}, ${c.name}: ${answer}`);
        }
        if (!v.plaintext) continue;
        const plaintextOp = {
          operationId: `${operationId}:plaintext`,
          parameters: [],
          responses: {},
          requestBody: { required: true, schema: instContract.componentSchema(v.plaintext.schema) },
        } as unknown as typeof op;
        for (const c of negativeCases(instContract, plaintextOp, { body: v.plaintext.valid })) {
          if (c.call.body === undefined || TYPE_ONLY.test(c.name)) continue;
          const call = { ...v.call, body: { ...(v.call.body as object), ...(await instReq.sensitive(c.call.body)) } };
          sent++;
          // A list's card off its pattern: 400, or a 200 counting it failed as the provider's example shows (IN-DEVIATION-PAN-LENGTH-COUNTED).
          const answer = /^body \/pans\/\d+\/pan:/.test(c.name)
            ? await instApi
                .callOperation(op, call)
                .then((res) => panLengthRefusalWrong(instApi, res, 1))
                .catch((error: Error) => `the answer broke the contract: ${error.message.split('\n')[0]}`)
            : await refusedOrWhy(() => instApi.callOperation(op, call), refusals);
          if (answer) wrong.push(`${v.name}, plaintext ${c.name}: ${answer}`);
        }
      }
      test.info().annotations.push({ type: 'variant cases', description: `${sent} requests over ${variants.length} variants` });
      expect(sent, 'refusals sent under the variants').toBeGreaterThan(0);
      if (stated) problemsUnder(stated, wrong, operationId);
      expect(wrong, `every rule of ${operationId} under every variant`).toEqual([]);
    },
  );
}
