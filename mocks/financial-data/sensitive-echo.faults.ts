// Faults that answer a credential of the request (token, app key, secret) in clear, in a member no documented answer has (seed 002,
// Authentication: credentials, never data; FD-OBJ-SENSITIVE), at the kit's reply seam: no behaviour module knows them.
import { faultCatalogue, faultWriter, withMember, type Reply, type SeamTypes } from '../kit/faults.js';

/** The value of the request header whose name ends so (`-app-token`: the seed's Partner-* and the provider's Finicity-* names alike). */
const header = (x: Reply, suffix: string): string | undefined => {
  const name = Object.keys(x.headers).find((n) => n.endsWith(suffix));
  const value = name === undefined ? undefined : x.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** A fault adding `member` with `value(x)` to the answers of one operation that succeeded. */
const echoIn = (operationId: string, member: string, value: (x: Reply) => unknown) => ({
  reply: (x: Reply, body: string) => {
    const v = x.operationId === operationId && x.status < 300 ? value(x) : undefined;
    return v === undefined ? body : withMember(body, member, v);
  },
});

const fault = faultWriter<SeamTypes>('FD');
/** Each fault here echoes a credential: FD-SENSITIVE-ECHO beside the rule its text opens with. */
const ECHO = ['FD-SENSITIVE-ECHO'];

export const SENSITIVE_ECHO_FAULTS = faultCatalogue([
  fault('fd-obj-sensitive-token-in-customer', {
    rule: "FD-OBJ-SENSITIVE: GetCustomer answers the caller's token (the Finicity-App-Token it was sent) in a member of its own, requestToken",
    rules: ECHO,
    ...echoIn('GetCustomer', 'requestToken', (x) => header(x, '-app-token')),
  }),
  fault('fd-obj-sensitive-app-key-in-customers', {
    rule: "FD-OBJ-SENSITIVE: GetCustomers answers the caller's app key (the Finicity-App-Key it was sent) in a member of its own, requestedWith",
    rules: ECHO,
    ...echoIn('GetCustomers', 'requestedWith', (x) => header(x, '-app-key')),
  }),
  fault('fd-obj-sensitive-secret-in-institution', {
    rule: "FD-OBJ-SENSITIVE: GetInstitution answers the partner secret its caller's token was issued for, in a member of its own (partnerCredential, not partnerSecret)",
    rules: ECHO,
    reply: (x: Reply, body: string, issued: Record<string, string>) => {
      // The secret each token was issued for, as CreateToken was sent it and answered.
      if (x.operationId === 'CreateToken' && x.status < 300) {
        const token = /"token"\s*:\s*"([^"]+)"/.exec(body)?.[1];
        const secret = (x.body as { partnerSecret?: unknown } | undefined)?.partnerSecret;
        if (token && typeof secret === 'string') issued[token] = secret;
        return body;
      }
      const secret = x.operationId === 'GetInstitution' && x.status < 300 ? issued[header(x, '-app-token') ?? ''] : undefined;
      return secret === undefined ? body : withMember(body, 'partnerCredential', secret);
    },
  }),
]);
