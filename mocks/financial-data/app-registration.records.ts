// App registrations as the API shows them (seed 002, Endpoints - App registration; provider 1.35.0 App, AppStatuses,
// InstitutionResponse) and what app-registration.ts's seams carry, for its faults.
// States are the mock's (the seed shows none): P when submitted and after each modification (provider 1.35.0 AppRegistrationStatus),
// A with a lifelong applicationId one virtual day later, registered with every institution but the last (pending, status false).
import { createHash } from 'node:crypto';
import type { Answered, Exchanged, Refused } from './input.js';
import type { Customer, FdState, Registration } from './state.js';

export const APPROVAL_DELAY_S = 86_400;
export const iso = (s: number) => new Date(s * 1000).toISOString().replace(/\.000Z$/, 'Z');

/** A UUID-shaped applicationId derived from the registration (deterministic). */
export const applicationIdOf = (r: Registration) => {
  const h = createHash('sha1').update(`${r.partnerId}:${r.preAppId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/** Approval on the virtual clock, applied when a registration is read. */
export function settle(r: Registration, nowS: number): Registration {
  if (r.pendingSinceS !== undefined && !r.rejected && nowS - r.pendingSinceS >= APPROVAL_DELAY_S) {
    r.approvedS = r.pendingSinceS + APPROVAL_DELAY_S;
    r.modifiedS = r.approvedS;
    r.pendingSinceS = undefined;
    r.applicationId ??= applicationIdOf(r);
  }
  return r;
}

export const statusOf = (r: Registration) => (r.rejected ? 'R' : r.pendingSinceS === undefined ? 'A' : 'P');
/** The note of a registration: the reason of a rejected one (provider 1.35.0 AppRegistrationStatus R), Approved once approved. */
const noteOf = (r: Registration) => (r.rejected ? { note: r.rejected.note } : r.approvedS !== undefined ? { note: 'Approved' } : {});

/** Every registration of the world, settled; those of one partner. */
export const allRegistrations = (world: FdState, nowS: number) => [...world.appRegistrations.apps.values()].map((r) => settle(r, nowS));
export const registrationsOf = (world: FdState, partnerId: string | undefined, nowS: number) =>
  allRegistrations(world, nowS).filter((r) => r.partnerId === partnerId);

/** A new registration, pending from now. */
export const newRegistration = (preAppId: number, partnerId: string, body: Record<string, any>, nowS: number): Registration => ({
  preAppId,
  partnerId,
  fields: { ...body },
  firstName: body.appName,
  submittedS: nowS,
  modifiedS: nowS,
  pendingSinceS: nowS,
});

/** The approved application of the partner with that applicationId (any partner's when partnerId is null). */
export function approvedApp(world: FdState, partnerId: string | undefined | null, applicationId: string): Registration | undefined {
  return [...world.appRegistrations.apps.values()].find(
    (r) => r.applicationId === applicationId && (partnerId === null || r.partnerId === partnerId) && r.approvedS !== undefined,
  );
}

export interface InstitutionRow {
  inst: FdState['institutions'][number];
  registered: boolean;
}

/** The institutions an approved application is registered with (the last one still pending). */
export function institutionsOf(world: FdState, r: Registration): InstitutionRow[] {
  if (r.approvedS === undefined) return [];
  return world.institutions.map((inst, i, list) => ({ inst, registered: i < list.length - 1 }));
}

/** A registration as getApplications lists it. */
export const applicationView = (r: Registration) => ({
  preAppId: r.preAppId,
  ...(r.applicationId ? { applicationId: r.applicationId } : {}),
  status: statusOf(r),
  name: r.fields.appName,
  scopes: 'Account Info',
  ...noteOf(r),
  createdDate: iso(r.submittedS),
  modifiedDate: iso(r.modifiedS),
  submittedDate: iso(r.submittedS),
});

/** A registration as the deprecated v2 status read gives it. */
export const statusView = (world: FdState, r: Registration) => ({
  partnerId: r.partnerId,
  preAppId: String(r.preAppId),
  appName: r.fields.appName,
  submittedDate: r.submittedS,
  modifiedDate: r.modifiedS,
  status: statusOf(r),
  ...(r.applicationId ? { applicationId: r.applicationId } : {}),
  ...noteOf(r),
  ...(r.approvedS !== undefined ? { scopes: 'Account Info' } : {}),
  institutionDetails: institutionsOf(world, r).map(({ inst, registered }) => ({
    id: Number(inst.id),
    decryptionKeyActivated: registered,
    createdDate: r.approvedS!,
    lastModifiedDate: r.approvedS!,
    status: registered,
  })),
});

/** An institution registration as getRegisteredInstitutions lists it. */
export const institutionView = (r: Registration, { inst, registered }: InstitutionRow) => ({
  institutionId: Number(inst.id),
  institutionName: inst.name,
  status: registered,
  createdDate: iso(r.approvedS!),
  modifiedDate: iso(r.approvedS!),
});

/** getApplications' filters (provider 1.35.0: each exact, applied together). */
export type ListCriteria = { pre_app_id?: number; application_id?: string; name?: string; status?: string };
/** Whether a registration passes getApplications' filters, one of them left out when `except` names it. */
export function listMatch(c: ListCriteria, r: Registration, except?: keyof ListCriteria): boolean {
  const keeps: Record<keyof ListCriteria, boolean> = {
    pre_app_id: c.pre_app_id === undefined || r.preAppId === c.pre_app_id,
    application_id: c.application_id === undefined || r.applicationId === c.application_id,
    name: c.name === undefined || r.fields.appName === c.name,
    status: c.status === undefined || statusOf(r) === c.status,
  };
  return Object.entries(keeps).every(([k, kept]) => k === except || kept);
}

/** The v2 status read's filters: exact, the dates at or after (assumption FD-APP-STATUS-DATES). */
export type StatusCriteria = {
  preAppId?: string;
  applicationId?: string;
  status?: string;
  appName?: string;
  submittedDate?: number;
  modifiedDate?: number;
};
export function statusMatch(c: StatusCriteria, r: Registration, except?: keyof StatusCriteria): boolean {
  const keeps: Record<keyof StatusCriteria, boolean> = {
    preAppId: c.preAppId === undefined || String(r.preAppId) === c.preAppId,
    applicationId: c.applicationId === undefined || r.applicationId === c.applicationId,
    status: c.status === undefined || statusOf(r) === c.status,
    appName: c.appName === undefined || r.fields.appName === c.appName,
    submittedDate: c.submittedDate === undefined || r.submittedS >= c.submittedDate,
    modifiedDate: c.modifiedDate === undefined || r.modifiedS >= c.modifiedDate,
  };
  return Object.entries(keeps).every(([k, kept]) => k === except || kept);
}

/** A page of a list as paging.ts cuts it. */
export interface Page<T> {
  found: number;
  displaying: number;
  moreAvailable: boolean;
  slice: T[];
}

export interface Exchange extends Exchanged {
  /** The query as sent, parameters the contract does not declare included. */
  query: Record<string, unknown>;
  nowS: number;
  /** The default page size of the operation's list (the contract's). */
  pageSize: number;
  /** ModifyAppRegistration: the registration the path names (whoever's), and it when it is the caller's; its status before. */
  found?: Registration;
  r?: Registration;
  before?: string;
  /** getApplications: the query parameters it does not know. */
  unknown?: string[];
  /** The paged lists: the page asked for (start, limit). */
  paging?: { start?: number; limit?: number };
  /** The list readers: their filters, the registrations looked in, those kept, the page cut. */
  criteria?: ListCriteria;
  statusCriteria?: StatusCriteria;
  scope?: Registration[];
  matches?: Registration[];
  page?: Page<Registration>;
  /** GetAppRegistrationStatus: its page size, page number and where its page starts. */
  size?: number;
  pageNumber?: number;
  pageFrom?: number;
  /** getRegisteredInstitutions: the application, its institution registrations, those the filter keeps, the page cut. */
  app?: Registration;
  all?: InstitutionRow[];
  rows?: InstitutionRow[];
  rowsPage?: Page<InstitutionRow>;
  /** SetCustomerAppID: the caller's customer the path names. */
  customer?: Customer;
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step =
  | 'fields'
  | 'registration'
  | 'params'
  | 'start'
  | 'status'
  | 'limit'
  | 'scope'
  | 'match'
  | 'found'
  | 'page'
  | 'sunset'
  | 'app'
  | 'institution'
  | 'customer'
  | 'application';

/** A refusal: the front's error body, or the provider's coded one ({code, status, message, user_message}) with `userMessage`. */
export interface Refusal extends Refused {
  code?: number | string;
  userMessage?: string;
}

/** The provider's coded refusals of the list readers (provider 1.35.0 400 and 404 examples). */
export const coded = (status: number, code: string, userMessage: string): Refusal => ({
  status,
  code,
  message: status === 404 ? 'Resource Not Found' : 'Bad Request',
  userMessage,
});
export const NO_APPLICATIONS = 'No registered partner applications found.';

/** A modification: the registration changed, the details kept (none: not saved), whether it awaits approval again, its applicationId. */
export type Change = { op: 'modify'; r: Registration; fields?: Record<string, any>; pending: boolean; applicationId?: string };

/** An answer as sent: a success's status and body, or a refusal. */
export interface Answer extends Answered {
  refusal?: Refusal;
}

export type AppSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: never };
