// What connect-components.ts's seams carry, apart so its faults name them without importing the shared front.
import type { FdOperationId } from '../../helpers/contract/operations.js';
import type { Answered, Input } from './input.js';
import type { Configuration, FdState, InstitutionLogin } from './state.js';

export interface Exchange {
  /** The operation; 'front' for an error of the shared front (security, validation) these routes answer. */
  op: FdOperationId | 'front';
  input: Input;
  world: FdState;
  partnerId: string;
  /** The configuration the body or path names (the 'configuration' step), and the one stored under that id, whoever's. */
  configuration?: Configuration;
  stored?: Configuration;
  /** Reconnection: the institution login of the path (the 'login' step) and whether it asks a challenge (the 'mfa' step). */
  login?: InstitutionLogin;
  mfa?: boolean;
  /** The list of configurations (the 'list' step). */
  list?: Configuration[];
}

/** The steps of the judgement, in the order an operation takes those it has. */
export type Step = 'institution' | 'customer' | 'configuration' | 'login' | 'mfa' | 'list';

/** A refusal: its status and description. */
export interface Refusal {
  status: number;
  description: string;
}

/** What a write changes: the configuration created; the configurations a delete removes. */
export type Change = { kind: 'create'; configuration: Configuration } | { kind: 'delete'; removed: Configuration[] };

/** An answer as sent: a success's body, or a refusal (`error`) written in the provider's shape or, `defaultShape`, the shared front's. */
export interface Answer extends Answered {
  error?: string;
  defaultShape?: boolean;
}

export type ComponentsSeams = { x: Exchange; step: Step; refusal: Refusal; change: Change; answer: Answer; delivery: never };

/** A configuration as the API shows it (provider 1.35.0 Configuration). */
export const configurationView = (c: Configuration) => ({
  id: c.id,
  ...(c.filterAccounts ? { filterAccounts: c.filterAccounts } : {}),
  ...(c.accountClassificationType ? { accountClassificationType: c.accountClassificationType } : {}),
  aoRequired: c.aoRequired,
});

/** A deterministic UUID from a hex digest. */
export const uuidOf = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
