// The partner token cache (seed 002, Authentication): "A single token should be reused. Its age is tracked, and a new one is
// generated when it is older than" x-limits tokenRenewAfterSeconds; the clock injected (the mock's virtual one in tests).
import type { Contract } from '../contract/contract.js';
import { limitOf } from '../contract/facts.js';
import { registerSecret } from '../secrets/redact.js';

/** A token's lifetime and the age at which the cache renews it, in ms (the contract's x-limits). */
export function tokenAges(contract: Contract): { validMs: number; renewAfterMs: number } {
  return { validMs: limitOf(contract, 'tokenLifetimeSeconds') * 1000, renewAfterMs: limitOf(contract, 'tokenRenewAfterSeconds') * 1000 };
}

interface TokenCacheOptions {
  /** Asks the target for a new token (CreateToken); the only source of tokens. */
  create: () => Promise<string>;
  /** Current time in milliseconds (the mock's virtual clock, or Date.now on a sandbox). */
  now: () => number;
  /** Age at which a token is renewed (tokenAges(contract).renewAfterMs). */
  renewAfterMs: number;
}

export class TokenCache {
  private token?: string;
  private issuedAt = 0;
  private pending?: Promise<string>;
  /** How many tokens this cache has created (the reuse rule is checked with it). */
  created = 0;

  constructor(private readonly options: TokenCacheOptions) {}

  /** Age of the cached token in ms (undefined when there is none). */
  age(): number | undefined {
    return this.token === undefined ? undefined : this.options.now() - this.issuedAt;
  }

  /** The cached token, renewed first when it has reached the renewal age. */
  async get(): Promise<string> {
    const age = this.age();
    if (this.token !== undefined && age !== undefined && age < this.options.renewAfterMs) return this.token;
    // One creation at a time, even when several calls ask together.
    this.pending ??= this.renew().finally(() => (this.pending = undefined));
    return this.pending;
  }

  private async renew(): Promise<string> {
    const issuedAt = this.options.now();
    const token = await this.options.create();
    registerSecret(token);
    this.token = token;
    this.issuedAt = issuedAt;
    this.created++;
    return token;
  }

  /** Forgets the token (e.g. after the target was told to revoke it). */
  clear(): void {
    this.token = undefined;
  }
}
