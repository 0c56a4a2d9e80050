// The partner token cache (seed 002, Authentication): "A single token should be reused. Its age is
// tracked, and a new one is generated when it is older than 90 minutes." The clock is injected, so
// on the mock the cache follows the mock's virtual clock and the renewal is testable in seconds.
import { registerSecret } from '../secrets/redact.js';

export const TOKEN_RENEW_AFTER_MS = 90 * 60 * 1000; // seed 002, Limits: renew after 90 minutes
export const TOKEN_VALID_MS = 2 * 60 * 60 * 1000; // seed 002, Limits: valid 2 hours

export interface TokenCacheOptions {
  /** Asks the target for a new token (CreateToken); the only source of tokens. */
  create: () => Promise<string>;
  /** Current time in milliseconds (the mock's virtual clock, or Date.now on a sandbox). */
  now: () => number;
  renewAfterMs?: number;
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

  /** The cached token, renewed first when it is older than 90 minutes. */
  async get(): Promise<string> {
    const age = this.age();
    if (this.token !== undefined && age !== undefined && age < (this.options.renewAfterMs ?? TOKEN_RENEW_AFTER_MS)) return this.token;
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
