// Faults that answer the OAuth 1.0a consumer key in clear, in a member no documented answer has (reference/installments.md, Transport
// and auth: credentials, not data; IN-OBJ-SENSITIVE), at the kit's reply seam: no behaviour module knows them.
import { assumption, faultCatalogue, withMember, type Reply } from '../kit/faults.js';
import { fault } from './fault-builders.js';

/** The consumer key of the request's OAuth Authorization header (its oauth_consumer_key parameter). */
const consumerKey = (x: Reply): string | undefined => {
  const match = /oauth_consumer_key="?([^",\s]+)/.exec(String(x.headers.authorization ?? ''));
  return match ? decodeURIComponent(match[1]) : undefined;
};

export const SENSITIVE_ECHO_FAULTS = faultCatalogue([
  fault('in-obj-sensitive-consumer-key-in-plan', {
    rule: 'IN-OBJ-SENSITIVE: getPlan answers the consumer key that signed the call in a member of its own, requestedBy',
    ...assumption,
    reply: (x: Reply, body: string) => {
      const key = x.operationId === 'getPlan' && x.status < 300 ? consumerKey(x) : undefined;
      return key === undefined ? body : withMember(body, 'requestedBy', key);
    },
  }),
]);
