// The shape every credential scheme plugs into the choke point with (helpers/client/client.ts):
// it sees the request about to be sent and answers the headers to add.
import type { Operation } from '../contract/contract.js';

interface SignableRequest {
  /** The contract's operation being called (its security alternatives say which credentials it takes). */
  operation: Operation;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Adds credentials to a request about to be sent (API key, OAuth 1.0a signature, token...). */
export type Authorizer = (request: SignableRequest) => Promise<Record<string, string>> | Record<string, string>;
