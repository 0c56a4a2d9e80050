// Each service's sandbox preflight plan (preflight.ts): a call answered neither 401/403, 404 nor 5xx when configured right,
// and an unknown path; for the global setup, fixtures and `npm run doctor` (readiness.ts).
import { requireEnv } from '../../config/config.js';
import { ValueError, type Env, type Problem } from '../../config/env-schema.js';
import { loadContract } from '../../contract/contract.js';
import { fdHeaderNames, securityHeader, type FdHeaderNames, type HeaderNaming } from '../../contract/facts.js';
import { excerpt, probe, type PreflightPlan, type ProbeAnswer } from '../preflight.js';
import { configuredEncryptionKey, encryptionKeyVariable } from '../keys.js';
import { enrollmentCulprit, JSON_HEADERS, wholeEnrollment } from './holdings.js';
import { signRequest } from '../../auth/oauth1.js';
import { fdTargetFromEnv, fdTokenRequest } from '../financial-data.js';
import { signingCredentials, signingKeyVariable } from '../installments.js';

const UNKNOWN_PATH = '/contract-suite-preflight/no-such-path';

/** The target asks another app key header: the setting sending it (an FD_HEADER_NAMES naming from `namings`, or the header). */
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
      // A whole enrollment (sandbox/holdings.ts): a 200 proves the API key, client id, service id and encryption key at once;
      // without a key (its own line follows) an empty one, refused 400, still judges the base URL and API key.
      const baseURL = requireEnv('CARD_BASE_URL', env);
      const contract = await loadContract(service);
      const headers = { ...JSON_HEADERS, [securityHeader(contract, 'ApiKeyAuth').name]: requireEnv('CARD_API_KEY', env) };
      const enroll = contract.operation('putCard');
      const serviceId = requireEnv('CARD_SERVICE_ID', env)[0];
      const key = await configuredEncryptionKey('CARD', env).then(
        (k) => k.key,
        (error) => {
          if (error instanceof ValueError) return undefined;
          throw error;
        },
      );
      const whole = key
        ? await wholeEnrollment(contract, env, { srcClientId: requireEnv('CARD_SRC_CLIENT_ID', env), serviceId }, key)
        : undefined;
      const keyVariable = encryptionKeyVariable('CARD', env);
      return {
        service,
        baseUrlEnv: 'CARD_BASE_URL',
        baseURL,
        credentials: 'CARD_API_KEY',
        validCall: `${enroll.method} ${enroll.path}`,
        valid: () => probe(`${baseURL}${enroll.path}`, { method: enroll.method, headers, body: JSON.stringify(whole ?? {}) }),
        unknown: () => probe(`${baseURL}${UNKNOWN_PATH}`, { method: 'GET', headers }),
        // reference A2: a known key naming another client's srcClientId is 403 (origin not validated).
        refusal: (answer) =>
          whole && answer.status === 403
            ? {
                variable: 'CARD_SRC_CLIENT_ID',
                expected: 'a srcClientId registered to CARD_API_KEY',
                found: `403 to a whole enrollment${excerpt(answer.text)}`,
              }
            : undefined,
        ...(whole
          ? {
              whole: {
                proves: `CARD_SRC_CLIENT_ID, CARD_SERVICE_ID and ${keyVariable}`,
                problem: (answer: ProbeAnswer) =>
                  answer.status === 200
                    ? undefined
                    : {
                        variable: enrollmentCulprit(answer.text, env, { serviceId, receipt: false }),
                        expected: 'a client, service id and encryption key the target takes in a whole enrollment',
                        found: `${answer.status} to a whole enrollment${excerpt(answer.text)}`,
                      },
              },
            }
          : {}),
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
      const login = await fdTokenRequest(env);
      const { contract, names } = login;
      const namings = { seed: fdHeaderNames(contract, 'seed'), provider: fdHeaderNames(contract, 'provider') };
      return {
        service,
        baseUrlEnv: 'FD_BASE_URL',
        baseURL: target.baseURL,
        credentials: 'FD_APP_KEY, FD_PARTNER_ID and FD_PARTNER_SECRET',
        validCall: 'CreateToken',
        valid: () => probe(login.url, login.init),
        unknown: () => probe(`${target.baseURL}${UNKNOWN_PATH}`, { method: 'GET', headers: login.init.headers }),
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
