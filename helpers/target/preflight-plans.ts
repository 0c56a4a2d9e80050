// The preflight plan of each service on a sandbox (helpers/target/preflight.ts): a call the contract must
// answer with neither 401/403, 404 nor 5xx when the target is configured right, and an unknown path.
// Plain functions of the environment given, shared by the global setup, the services' fixtures
// and `npm run doctor` (helpers/target/readiness.ts).
import { requireEnv } from '../config/config.js';
import type { Env, Problem } from '../config/env-schema.js';
import { loadContract } from '../contract/contract.js';
import { fdHeaderNames, securityHeader, type FdHeaderNames, type HeaderNaming } from '../contract/facts.js';
import { excerpt, probe, type PreflightPlan, type ProbeAnswer } from './preflight.js';
import { signRequest } from '../auth/oauth1.js';
import { configuredFdHeaderNames, fdTargetFromEnv } from './financial-data.js';
import { signingCredentials, signingKeyVariable } from './installments.js';

const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json' };
const UNKNOWN_PATH = '/contract-suite-preflight/no-such-path';

/**
 * The target asks for another app key header than the suite sends: the setting that makes the
 * suite send it (a naming of FD_HEADER_NAMES, whose names `namings` gives from the contract, or
 * the header itself).
 */
export function headerNameProblem(asked: string, names: FdHeaderNames, env: Env, namings: Record<HeaderNaming, FdHeaderNames>): Problem {
  const set = Object.entries(namings).find(([, s]) => s.appKey.toLowerCase() === asked.toLowerCase())?.[0];
  const overridden = Boolean(env.FD_APP_KEY_HEADER);
  const fix = overridden
    ? `set FD_APP_KEY_HEADER=${asked}${set ? ` (or unset it: FD_HEADER_NAMES=${set} sends it)` : ''}`
    : set
      ? `set FD_HEADER_NAMES=${set}`
      : `set FD_APP_KEY_HEADER=${asked} (and FD_APP_TOKEN_HEADER to the target's token header)`;
  return {
    variable: overridden ? 'FD_APP_KEY_HEADER' : 'FD_HEADER_NAMES',
    expected: 'the header names the target asks for',
    found: `the suite sends ${names.appKey}, the target asks for ${asked}`,
    fix,
  };
}

export async function preflightPlan(service: string, env: Env): Promise<PreflightPlan> {
  switch (service) {
    case 'card-enrollment': {
      // An empty enrollment, which the contract refuses with 400; the key in the contract's header.
      const baseURL = requireEnv('CARD_BASE_URL', env);
      const contract = await loadContract(service);
      const headers = { ...JSON_HEADERS, [securityHeader(contract, 'ApiKeyAuth').name]: requireEnv('CARD_API_KEY', env) };
      const enroll = contract.operation('putCard');
      return {
        service,
        baseUrlEnv: 'CARD_BASE_URL',
        baseURL,
        credentials: 'CARD_API_KEY',
        validCall: `${enroll.method} ${enroll.path}`,
        valid: () => probe(`${baseURL}${enroll.path}`, { method: enroll.method, headers, body: '{}' }),
        unknown: () => probe(`${baseURL}${UNKNOWN_PATH}`, { method: 'GET', headers }),
      };
    }
    case 'installments': {
      // A signed empty merchant search, which the contract refuses with 400.
      const baseURL = requireEnv('INSTALLMENTS_BASE_URL', env);
      requireEnv('INSTALLMENTS_CONSUMER_KEY', env);
      const signer = signingCredentials('INSTALLMENTS', env)!;
      const signed = (method: string, url: string, body?: string) =>
        probe(url, { method, body, headers: { ...JSON_HEADERS, authorization: signRequest(signer, method, url, body) } });
      return {
        service,
        baseUrlEnv: 'INSTALLMENTS_BASE_URL',
        baseURL,
        credentials: `INSTALLMENTS_CONSUMER_KEY and ${signingKeyVariable('INSTALLMENTS', env)}`,
        validCall: 'POST /merchants/searches',
        valid: () => signed('POST', `${baseURL}/merchants/searches`, '{}'),
        unknown: () => signed('GET', `${baseURL}${UNKNOWN_PATH}`),
      };
    }
    case 'financial-data': {
      // CreateToken with the configured partner: one call per run, so at most one failed
      // authentication counts towards the lock (seed 002, Authentication).
      const target = fdTargetFromEnv(env);
      const contract = await loadContract(service);
      const names = configuredFdHeaderNames(contract, env);
      const namings = { seed: fdHeaderNames(contract, 'seed'), provider: fdHeaderNames(contract, 'provider') };
      const headers = { ...JSON_HEADERS, [names.appKey]: target.appKey };
      const token = contract.operation('CreateToken');
      return {
        service,
        baseUrlEnv: 'FD_BASE_URL',
        baseURL: target.baseURL,
        credentials: 'FD_APP_KEY, FD_PARTNER_ID and FD_PARTNER_SECRET',
        validCall: 'CreateToken',
        valid: () => probe(`${target.baseURL}${token.path}`, { method: token.method, headers, body: JSON.stringify(target.partner) }),
        unknown: () => probe(`${target.baseURL}${UNKNOWN_PATH}`, { method: 'GET', headers }),
        refusal: (answer: ProbeAnswer) => {
          // provider 1.35.0: "Missing parameter (Finicity-App-Key)": the target wants other header names.
          const asked = /Missing parameter \(([A-Za-z0-9-]+)\)/.exec(answer.text)?.[1];
          if (asked && asked.toLowerCase() !== names.appKey.toLowerCase()) return headerNameProblem(asked, names, env, namings);
          // A refusal that names the app key header is about the app key, not the partner.
          if (answer.text.toLowerCase().includes(`(${names.appKey.toLowerCase()})`))
            return {
              variable: 'FD_APP_KEY',
              expected: 'an app key the target accepts',
              found: `${answer.status} to CreateToken${excerpt(answer.text)}`,
            };
          return undefined;
        },
      };
    }
    default:
      throw new Error(`no preflight plan for service ${service}`);
  }
}
