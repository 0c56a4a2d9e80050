// The preflight plan of each service on a sandbox (helpers/target/preflight.ts): a call the contract must
// answer with neither 401/403, 404 nor 5xx when the target is configured right, and an unknown path.
// Plain functions of the configuration, shared by the global setup (which stops the run when every
// configured service is stopped) and the services' fixtures (which skip a stopped service's checks).
import { loadContract } from '../contract/contract.js';
import { securityHeader } from '../contract/facts.js';
import { probe, type PreflightPlan, type ProbeAnswer } from './preflight.js';
import { signRequest } from '../auth/oauth1.js';
import { cardTargetFromEnv } from './card-enrollment.js';
import { configuredFdHeaderNames, fdTargetFromEnv } from './financial-data.js';
import { installmentsTargetFromEnv } from './installments.js';

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };
const UNKNOWN_PATH = '/contract-suite-preflight/no-such-path';

export async function preflightPlan(service: string): Promise<PreflightPlan> {
  switch (service) {
    case 'card-enrollment': {
      // An empty enrollment, which the contract refuses with 400.
      const target = await cardTargetFromEnv();
      const contract = await loadContract(service);
      const headers = { ...JSON_HEADERS, [securityHeader(contract, 'ApiKeyAuth').name]: target.apiKey };
      const enroll = contract.operation('putCard');
      return {
        service, baseUrlEnv: 'CARD_BASE_URL', credentials: 'CARD_API_KEY',
        valid: () => probe(`${target.baseURL}${enroll.path}`, { method: enroll.method, headers, body: '{}' }),
        unknown: () => probe(`${target.baseURL}${UNKNOWN_PATH}`, { method: 'GET', headers }),
      };
    }
    case 'installments': {
      // A signed empty merchant search, which the contract refuses with 400.
      const target = await installmentsTargetFromEnv();
      const signed = (method: string, url: string, body?: string) =>
        probe(url, { method, body, headers: { ...JSON_HEADERS, authorization: signRequest(target.signer, method, url, body) } });
      return {
        service, baseUrlEnv: 'INSTALLMENTS_BASE_URL', credentials: 'INSTALLMENTS_CONSUMER_KEY and the signing key',
        valid: () => signed('POST', `${target.baseURL}/merchants/searches`, '{}'),
        unknown: () => signed('GET', `${target.baseURL}${UNKNOWN_PATH}`),
      };
    }
    case 'financial-data': {
      // CreateToken with the configured partner: one call per run, so at most one failed
      // authentication counts towards the lock of five (seed 002, Authentication).
      const target = fdTargetFromEnv();
      const contract = await loadContract(service);
      const names = configuredFdHeaderNames(contract);
      const headers = { ...JSON_HEADERS, [names.appKey]: target.appKey };
      const token = contract.operation('CreateToken');
      return {
        service, baseUrlEnv: 'FD_BASE_URL', credentials: 'FD_APP_KEY, FD_PARTNER_ID and FD_PARTNER_SECRET',
        valid: () => probe(`${target.baseURL}${token.path}`, { method: token.method, headers, body: JSON.stringify(target.partner) }),
        unknown: () => probe(`${target.baseURL}${UNKNOWN_PATH}`, { method: 'GET', headers }),
        refusal: (answer: ProbeAnswer) => {
          // provider 1.35.0: "Missing parameter (Finicity-App-Key)": the target wants other header names.
          const asked = /Missing parameter \(([A-Za-z0-9-]+)\)/.exec(answer.text)?.[1];
          return asked && asked.toLowerCase() !== names.appKey.toLowerCase()
            ? `the target asks for header ${asked}, the suite sends ${names.appKey}: set FD_HEADER_NAMES=provider or FD_APP_KEY_HEADER`
            : undefined;
        },
      };
    }
    default:
      throw new Error(`no preflight plan for service ${service}`);
  }
}
