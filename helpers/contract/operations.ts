// Each service's operations as the compiler sees them (helpers/contract/generated/, `npm run types:generate`): a misspelled
// operation id, path parameter or body field is a compile error where the client is called.
import type { operations as CardEnrollment } from './generated/card-enrollment.generated.js';
import type { operations as FinancialDataBase } from './generated/financial-data.generated.js';
import type { operations as FinancialData142 } from './generated/financial-data-1.42.0.generated.js';
import type { operations as Installments } from './generated/installments.generated.js';

/**
 * Financial data's operations of every certified version (versions.ts): the base's and those a later version adds, called
 * only by that version's checks (fixtures/financial-data/target.ts, hasOperation).
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
 * A body a check may send: only declared fields at every depth (a typo is a compile error), none required, any value (checks
 * break them on purpose); an undeclared field only through a body built as a value (`Record<string, unknown>`).
 */
export type BodyInput<T> = [T] extends [never] ? unknown : Loose<T>;
type Loose<T> = T extends readonly (infer E)[]
  ? readonly (Loose<E> | Scalar | readonly unknown[])[]
  : T extends object
    ? { [K in keyof T]?: Loose<T[K]> | Scalar | readonly unknown[] }
    : unknown;
