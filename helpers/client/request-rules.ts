// Every request the suite sends as valid is valid by the documents' whole text (schemas, and rules stated in prose or an error
// example): on the mocks the client judges each request answered with a success against the rules below (each citing its
// statement), so one no document allows fails `npm test`, not a real sandbox. Not judged with mock faults on (lenient).
import type { TestInfo } from '@playwright/test';
import type { Contract, Operation } from '../contract/contract.js';
import { luhnValid } from '../config/luhn.js';
import { sensitiveValuesIn } from '../secrets/sensitive.js';

/** One request as sent: its body and headers, and the plaintexts the suite encrypted into it. */
interface SentRequest {
  operation: Operation;
  body: unknown;
  headers: Record<string, string>;
  plaintexts: unknown[];
}

interface RequestRule {
  id: string;
  /** The statement it rests on. */
  cite: string;
  /** What is wrong with the request, or undefined. */
  problem(request: SentRequest, contract: Contract): string | undefined;
}

export const REQUEST_RULES: readonly RequestRule[] = [
  {
    id: 'request-schema',
    cite: "the contract's request schema of the operation (seed field tables; the provider's schemas, descriptions and error examples written as keywords)",
    problem({ operation, body }, contract) {
      if (body === undefined) return undefined;
      const validate = contract.requestValidatorOf(operation.operationId);
      if (!validate || validate(body)) return undefined;
      return (validate.errors ?? [])
        .slice(0, 3)
        .map((e) => `${e.instancePath || '/'} ${e.message}`)
        .join('; ');
    },
  },
  {
    id: 'card-data-encrypted',
    cite: "provider 2.0.0 (installments): sensitiveData is what Mastercard obtains by decrypting 'encryptedValue', and every Plain example notes that the client needs to encrypt sensitiveData (x-mastercard-api-encrypted); POST /plans: the merchant name is encrypted with the card",
    problem({ operation, body }, contract) {
      const schema = operation.requestBody?.schema ? contract.resolveSchema(operation.requestBody.schema) : undefined;
      const plaintext = schema?.properties?.encryptedValue?.['x-plaintext-schema'];
      if (plaintext === undefined) return undefined;
      if ((body as Record<string, unknown> | undefined)?.sensitiveData !== undefined)
        return 'card data in clear `sensitiveData` instead of the encrypted `encryptedValue`';
      // A member the plaintext carries, sent in clear at the same place (a plan's merchant.name).
      const clear = sealedMembers(contract, contract.componentSchema(plaintext)).filter(
        (at) => at.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], body) !== undefined,
      );
      return clear.length
        ? `${clear.map((at) => at.join('.')).join(', ')} in clear, which the encrypted plaintext (${plaintext}) carries`
        : undefined;
    },
  },
  {
    id: 'card-number-check-digit',
    cite: 'provider 2.0.0 (installments) Pan: every pan is validated against the Luhn algorithm; reference card-enrollment A3',
    problem({ body, plaintexts }) {
      const pans = [body, ...plaintexts].flatMap((v) => sensitiveValuesIn(v)).filter((s) => s.kind === 'PAN');
      const bad = pans.filter((p) => /^[0-9]+$/.test(p.value) && !luhnValid(p.value));
      return bad.length
        ? `${bad.length} card number(s) failing the check digit (${bad.map((p) => `${p.value.length} digits`).join(', ')})`
        : undefined;
    },
  },
];

/** The paths of the scalar members a plaintext schema declares (through its objects; its arrays' items not followed). */
function sealedMembers(contract: Contract, node: unknown, at: string[] = []): string[][] {
  const schema = contract.resolveSchema(node) as { properties?: Record<string, unknown> } | undefined;
  if (!schema?.properties) return at.length ? [at] : [];
  return Object.entries(schema.properties).flatMap(([key, child]) => {
    const resolved = contract.resolveSchema(child) as { type?: unknown; properties?: unknown } | undefined;
    return resolved?.type === 'array' ? [] : sealedMembers(contract, child, [...at, key]);
  });
}

/** Judges a request the mock accepted; throws naming the rule and statement it breaks; counted in the `request-rules` annotation. */
export function judgeSentRequest(request: SentRequest, contract: Contract, testInfo: TestInfo | undefined): void {
  const broken = REQUEST_RULES.map((rule) => [rule, rule.problem(request, contract)] as const).filter(([, p]) => p !== undefined);
  if (testInfo) noteJudged(testInfo);
  if (broken.length)
    throw new Error(
      `the suite sent ${request.operation.method} ${request.operation.path} (${request.operation.operationId}) as valid, and the documents refuse it: ${broken
        .map(([rule, p]) => `${rule.id} (${rule.cite}): ${p}`)
        .join('; ')}`,
    );
}

export const REQUEST_RULES_ANNOTATION = 'request-rules';
const judgedIn = new WeakMap<TestInfo, { type: string; description: string }>();

/** One annotation per test, counting the requests judged in it. */
function noteJudged(testInfo: TestInfo): void {
  let note = judgedIn.get(testInfo);
  if (!note) {
    note = { type: REQUEST_RULES_ANNOTATION, description: '0' };
    testInfo.annotations.push(note);
    judgedIn.set(testInfo, note);
  }
  note.description = String(Number(note.description) + 1);
}
