// A property's count on the running check (helpers/client/property-counts.ts), its service the one its
// rule's catalogue prefix names: the head every property spec repeated, written once.
import { test } from '@playwright/test';
import { countProperty, type PropertyCount, type PropertyException } from '../../helpers/client/property-counts.js';
import { Violations } from '../../helpers/client/security/probe.js';

const SERVICE_OF: Record<string, string> = { CE: 'card-enrollment', IN: 'installments', FD: 'financial-data' };

/** Counts `property` under `rule` on the running check: the operations it applies to, checked, and left out with their reason. */
export function countRule(
  property: string,
  rule: string,
  { exceptions = [], ...count }: Pick<PropertyCount, 'applies' | 'checked'> & Partial<Pick<PropertyCount, 'exceptions'>>,
): void {
  const service = SERVICE_OF[rule.split('-')[0]!];
  if (!service) throw new Error(`property ${property}: rule ${rule} names no service by its prefix`);
  countProperty(test.info(), { property, service, rule, ...count, exceptions });
}

/** A property's working lists: violations, checked, left out with reasons; `file` files an operation either way. */
export const tally = (property: string) => {
  const checked: string[] = [];
  const exceptions: PropertyException[] = [];
  const file = (operationId: string, leftOut?: string) =>
    void (leftOut ? exceptions.push({ operationId, reason: leftOut }) : checked.push(operationId));
  return { violations: new Violations(property), checked, exceptions, file };
};

/** Notes what a check covered on the running test (`checker-coverage`). */
export const noteCoverage = (description: string): void => void test.info().annotations.push({ type: 'checker-coverage', description });
