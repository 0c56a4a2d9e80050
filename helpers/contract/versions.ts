// A service's contract versions and their own files, every version's fact read here. The base is the seed's
// (schemas/<service>/openapi.yaml, its ledger and provider facts beside it); a later one is a folder
// schemas/<service>/versions/<version>/ (docs/version-bump.md): `overlay.yaml`, `rules.yaml`, `deviations.yaml`, `provider-facts.json`.
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config/config.js';

/** The folder of the services' contracts and their catalogues. */
export const SCHEMAS = path.resolve(import.meta.dirname, '..', '..', 'schemas');

/** The variable choosing a service's contract version (a service without one has its base version only). */
export const VERSION_VARIABLES: Readonly<Record<string, string>> = { 'financial-data': 'FD_CONTRACT_VERSION' };
/** The variable choosing the version the embedded mock plays (default: the contract's). */
export const MOCK_VERSION_VARIABLES: Readonly<Record<string, string>> = { 'financial-data': 'FD_MOCK_VERSION' };

/** The files a version keeps of its own. */
type VersionFile = 'overlay.yaml' | 'rules.yaml' | 'rule-paths.yaml' | 'deviations.yaml' | 'provider-facts.json';

const baseVersions = new Map<string, string>();

/** The seed's version of a service's contract: info.version of schemas/<service>/openapi.yaml (its `info:` block alone is read). */
export function baseVersion(service: string): string {
  let version = baseVersions.get(service);
  if (version === undefined) {
    const text = fs.readFileSync(path.join(SCHEMAS, service, 'openapi.yaml'), 'utf8');
    const info = /^info:\n(?:[ \t].*\n|\n)*/m.exec(text)?.[0] ?? '';
    version = /^[ \t]+version:[ \t]*['"]?([^'"\s]+)/m.exec(info)?.[1] ?? 'unknown';
    baseVersions.set(service, version);
  }
  return version;
}

const versionLists = new Map<string, readonly string[]>();

/**
 * Every version: the base, then each folder under schemas/<service>/versions/; read once per process (the conflicts ask it
 * on every answer: a listing each time cost about 0.7 s of a worker's CPU).
 */
export function contractVersions(service: string): string[] {
  let versions = versionLists.get(service);
  if (versions === undefined) {
    const folder = path.join(SCHEMAS, service, 'versions');
    const later = fs.existsSync(folder)
      ? fs
          .readdirSync(folder, { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => e.name)
          .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
      : [];
    versions = [baseVersion(service), ...later];
    versionLists.set(service, versions);
  }
  return [...versions];
}

function pick(service: string, variable: string | undefined, env: NodeJS.ProcessEnv, fallback: () => string): string {
  const value = variable ? env[variable]?.trim() : undefined;
  if (!value) return fallback();
  const known = contractVersions(service);
  if (!known.includes(value))
    throw new ConfigError(`${variable}=${value} is not a version of the ${service} contract: one of ${known.join(', ')}`);
  return value;
}

/** The contract version a run certifies for a service: its variable (FD_CONTRACT_VERSION), else the base version. */
export const chosenVersion = (service: string, env: NodeJS.ProcessEnv = process.env): string =>
  pick(service, VERSION_VARIABLES[service], env, () => baseVersion(service));

/** The version the embedded mock of a service plays: its variable (FD_MOCK_VERSION), else the contract's. */
export const mockVersion = (service: string, env: NodeJS.ProcessEnv = process.env): string =>
  pick(service, MOCK_VERSION_VARIABLES[service], env, () => chosenVersion(service, env));

/** Whether `version` is the base version of the service's contract. */
export const isBaseVersion = (service: string, version: string): boolean => version === baseVersion(service);

/** The folder holding a version's own files: schemas/<service> for the base, schemas/<service>/versions/<version> otherwise. */
export const versionFolder = (service: string, version: string = baseVersion(service)): string =>
  isBaseVersion(service, version) ? path.join(SCHEMAS, service) : path.join(SCHEMAS, service, 'versions', version);

/** A file of a version's own (`overlay.yaml` exists for a later version only). */
export const versionFile = (service: string, name: VersionFile, version: string = baseVersion(service)): string =>
  path.join(versionFolder(service, version), name);
