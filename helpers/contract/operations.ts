// The operations of each service as the compiler sees them: ids, path parameters and request bodies
// from the types generated from the contract (helpers/contract/generated/, `npm run types:generate`),
// so that a misspelled operation id, path parameter or body field is a compile error where the
// client is called, not a run-time "no operation" or a check that sent the wrong field.
import type { operations as CardEnrollment } from './generated/card-enrollment.generated.js';
import type { operations as FinancialDataBase } from './generated/financial-data.generated.js';
import type { operations as FinancialData142 } from './generated/financial-data-1.42.0.generated.js';
import type { operations as Installments } from './generated/installments.generated.js';

/**
 * Financial data's operations of every version the suite certifies (helpers/contract/versions.ts):
 * the base contract's, and those only a later version adds (typed as it declares them). An operation
 * of a later version is called only by the checks of that version (fixtures/financial-data.ts, sinceVersion).
 */
type FinancialData = FinancialDataBase & Omit<FinancialData142, keyof FinancialDataBase>;

interface ServiceOperations {
  'card-enrollment': CardEnrollment;
  installments: Installments;
  'financial-data': FinancialData;
}

export type ServiceName = keyof ServiceOperations;

/** The operation ids of a service's contract (of every service by default). */
export type OperationId<S extends ServiceName = ServiceName> = S extends ServiceName ? Extract<keyof ServiceOperations[S], string> : never;

export type InstallmentsOperationId = OperationId<'installments'>;
export type FdOperationId = OperationId<'financial-data'>;

type OperationOf<S extends ServiceName, Id> = S extends ServiceName
  ? Id extends keyof ServiceOperations[S]
    ? ServiceOperations[S][Id]
    : never
  : never;

/** The JSON request body the contract declares for an operation; never when it declares none. */
export type RequestBody<S extends ServiceName, Id> =
  OperationOf<S, Id> extends { requestBody?: infer R } ? (R extends { content: { 'application/json': infer B } } ? B : never) : never;

/** The path parameters of an operation, by name. */
export type PathParameters<S extends ServiceName, Id> =
  OperationOf<S, Id> extends { parameters: { path?: infer P } } ? ([P] extends [never] ? never : P) : never;

type Scalar = string | number | boolean | null;

/**
 * What a check may send as a request body: only fields the contract declares, at every depth (a
 * misspelled name in a written body is a compile error), none of them required and each with any
 * value, because the checks send missing fields, wrong types and out-of-range values on purpose.
 * A field the contract does not declare is sent on purpose through a body built as a value
 * (`const body: Record<string, unknown>`), never by accident in a literal.
 */
export type BodyInput<T> = [T] extends [never] ? unknown : Loose<T>;
type Loose<T> = T extends readonly (infer E)[]
  ? readonly (Loose<E> | Scalar | readonly unknown[])[]
  : T extends object
    ? { [K in keyof T]?: Loose<T[K]> | Scalar | readonly unknown[] }
    : unknown;
