// What the financial data specs know of a target (the mock's fixture, or .env): where, the app key, the partner and a spare
// one for destructive checks, known institutions, the clock its tokens age by.
import { fdHeaderChoice, requireEnv, suiteConfig } from '../config/config.js';
import { loadContract, type Contract } from '../contract/contract.js';
import { fdHeaderNames, type FdHeaderNames } from '../contract/facts.js';
import { readValue, type Env } from '../config/env-schema.js';
import { MockControl, mockTarget, sandboxTarget, type TargetBase } from './mock-control.js';
import { registerSecret } from '../secrets/redact.js';

/** The security header names a run sends (FD_HEADER_NAMES and the overrides of `env`, over the contract's names). */
export function configuredFdHeaderNames(contract: Contract, env: Env = suiteConfig().env): FdHeaderNames {
  const { naming, overrides } = fdHeaderChoice(env);
  return fdHeaderNames(contract, naming, overrides);
}

export interface PartnerCredentials {
  partnerId: string;
  partnerSecret: string;
}

/** The kit's control surface plus the financial data mock's own: lifting a partner lock. */
export class FdMockControl<Id extends string = string> extends MockControl<Id> {
  unlockPartner(partnerId: string): Promise<void> {
    return this.send('POST', '/partners/unlock', { partnerId });
  }

  /** Links the customer's deterministic portfolio (mocks/financial-data/portfolio.ts) and returns it. */
  linkAccounts(customerId: string): Promise<LinkedPortfolio> {
    return this.send('POST', `/customers/${encodeURIComponent(customerId)}/link`);
  }

  /** Links one more login with a checking account that holds no transaction, and returns it. */
  linkEmptyAccount(customerId: string): Promise<LinkedPortfolio> {
    return this.send('POST', `/customers/${encodeURIComponent(customerId)}/link-empty-account`);
  }

  /** The two amounts deposited into a micro-entry account, in dollars (the mock's harness route; no part of the contract). */
  async microAmounts(accountId: string): Promise<number[]> {
    return (await this.send<{ amounts: number[] }>('GET', `/micro-entries/${encodeURIComponent(accountId)}`)).amounts;
  }

  /** Puts a customer under a security freeze, or lifts it (PSI generation and reports answer 403). */
  securityFreeze(customerId: string, frozen = true): Promise<void> {
    return this.send('POST', `/customers/${encodeURIComponent(customerId)}/security-freeze`, { frozen });
  }

  /** Rejects a pending app registration with its reason (the mock's harness route; a provider's review does it on a sandbox). */
  rejectRegistration(preAppId: number, note: string): Promise<void> {
    return this.send('POST', `/app-registrations/${preAppId}/reject`, { note });
  }

  /** Decides how a report still in progress ends (mocks/financial-data/reports/store.ts): success by default. */
  reportOutcome(reportId: string, status: 'success' | 'failure'): Promise<void> {
    return this.send('POST', `/reports/${encodeURIComponent(reportId)}/outcome`, { status });
  }
}

/** A linked customer's logins and accounts as the mock's control surface describes them. */
export interface LinkedPortfolio {
  logins: { id: number; institutionId: string; legacy: boolean }[];
  accounts: {
    id: string;
    institutionLoginId: number;
    institutionId: string;
    type: string;
    status: string;
    mfa: boolean;
    createdDate: number;
    numberLast4: string;
  }[];
}

export interface FdTarget extends TargetBase<FdMockControl> {
  appKey: string;
  partner: PartnerCredentials;
  /** A partner other checks never use: the lock and secret-change checks run on it. */
  sparePartner?: PartnerCredentials;
  /** The target's time in ms (the mock's virtual clock; the wall clock on a sandbox). */
  now: () => number;
  /** A customer with a disputed statement (ModifyCustomer 403), when the target has one. */
  disputedCustomerId?: string;
  /** The mock's listener of outbound calls (a receiver routed behind a public HTTPS origin); none on a sandbox. */
  listener?: { receiver: import('../client/receiver.js').Receiver; publicOrigin: string };
  /** A sandbox customer already linked to institution logins (FD_LINKED_CUSTOMER_ID); the mock links per test. */
  linkedCustomerId?: string;
  /** A sandbox whose Connect page the suite may complete in chromium (FD_CONNECT_IN_BROWSER: the stand-in's); the mock links through its control surface. */
  connectInBrowser?: boolean;
  institutions: {
    branded: string;
    unbranded?: string;
    routingNumber: string;
    /** Every routing number the target maps, with the ids of its institutions (the mock's world; unknown on a sandbox). */
    routingMap?: Record<string, string[]>;
    /** A merchant the target finds by id; without it (FD_LOCATION_ID_VALUE unset) that check skips. */
    location?: { idType: string; idValue: string };
  };
}

export interface FdMockWorldView {
  appKeys: string[];
  partners: Map<string, { id: string; secret: string }>;
  customers: Map<string, { id: string; disputed?: boolean }>;
  institutions: { id: string; routingNumbers: string[]; branding?: unknown }[];
  locations: { idType: string; idValue: string }[];
}

export function fdTargetFromMock(mock: {
  baseURL: string;
  origin: string;
  world: FdMockWorldView;
  now: () => number;
  listener?: FdTarget['listener'];
}): FdTarget {
  const { world } = mock;
  const [partner, spare] = [...world.partners.values()].map((p) => ({ partnerId: p.id, partnerSecret: p.secret }));
  world.appKeys.forEach(registerSecret);
  [partner, spare].forEach((p) => registerSecret(p.partnerSecret));
  const branded = world.institutions.find((i) => i.branding)!;
  return {
    ...mockTarget(mock.baseURL, new FdMockControl(mock.origin)),
    appKey: world.appKeys[0],
    partner,
    sparePartner: spare,
    now: mock.now,
    listener: mock.listener,
    disputedCustomerId: [...world.customers.values()].find((c) => c.disputed)?.id,
    institutions: {
      branded: branded.id,
      unbranded: world.institutions.find((i) => !i.branding)?.id,
      routingNumber: branded.routingNumbers[0],
      routingMap: world.institutions.reduce<Record<string, string[]>>((map, i) => {
        for (const rn of i.routingNumbers) (map[rn] ??= []).push(i.id);
        return map;
      }, {}),
      location: { idType: world.locations[0].idType, idValue: world.locations[0].idValue },
    },
  };
}

export function fdTargetFromEnv(env: Env = suiteConfig().env): FdTarget {
  const secret = (name: string) => {
    const value = requireEnv<string>(name, env);
    registerSecret(value);
    return value;
  };
  const read = (name: string) => readValue<string>(name, env);
  const spareId = read('FD_SPARE_PARTNER_ID');
  const spare =
    spareId && read('FD_SPARE_PARTNER_SECRET') ? { partnerId: spareId, partnerSecret: secret('FD_SPARE_PARTNER_SECRET') } : undefined;
  const locationValue = read('FD_LOCATION_ID_VALUE');
  return {
    ...sandboxTarget('FD_BASE_URL', env),
    appKey: secret('FD_APP_KEY'),
    partner: { partnerId: requireEnv('FD_PARTNER_ID', env), partnerSecret: secret('FD_PARTNER_SECRET') },
    sparePartner: spare,
    now: () => Date.now(),
    disputedCustomerId: read('FD_DISPUTED_CUSTOMER_ID'),
    linkedCustomerId: read('FD_LINKED_CUSTOMER_ID'),
    connectInBrowser: read('FD_CONNECT_IN_BROWSER') === 'true',
    institutions: {
      // Required where the product includes an operation reading them (env-schema.ts `for`; the preflight says so first).
      branded: read('FD_INSTITUTION_ID') ?? '',
      unbranded: read('FD_UNBRANDED_INSTITUTION_ID'),
      routingNumber: read('FD_ROUTING_NUMBER') ?? '',
      location: locationValue ? { idType: read('FD_LOCATION_ID_TYPE') ?? 'EIN', idValue: locationValue } : undefined,
    },
  };
}

/** The raw CreateToken request of a partner (the configured one unless named), for the logins outside the client (preflight, sweep, quota). */
export async function fdTokenRequest(env: Env, partner = fdTargetFromEnv(env).partner) {
  const target = fdTargetFromEnv(env);
  const contract = await loadContract('financial-data');
  const names = configuredFdHeaderNames(contract, env);
  const op = contract.operation('CreateToken');
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', [names.appKey]: target.appKey };
  return { url: `${target.baseURL}${op.path}`, init: { method: op.method, headers, body: JSON.stringify(partner) }, names, contract };
}
