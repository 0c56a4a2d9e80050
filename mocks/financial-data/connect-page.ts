// The Connect web flow of the sandbox stand-in. Provider Test the APIs page: in the sandbox, accounts are added to a testing customer
// only through Connect: search "FinBank", pick a test institution, sign in (user demo, password go; invalid_user is refused with
// error 103); a testing customer holds at most x-limits sandboxAccountsPerCustomer accounts.
// A generate operation (connect.ts) opens a session and answers https://<host:port>/connect/<token>?<query>: TLS on the stand-in's own
// port because the contract's ConnectLink must be https. The token names the session; it lives two hours, as the link's ttl says.
// Plain HTML, no script: a search box (GET), a form (POST: select#institution name institutionId, input#username, input#password,
// button#connect-submit); the answer carries #connect-result "linked" ("Accounts added: N" in #connect-message) or "error".
// Choices where the provider document is silent:
// - Offered: the FinBank institutions the portfolio holds accounts at (101732, 102105); not FinBank Billable (102168, no test
//   profile) nor the legacy Harbor Savings login (the page documents only FinBank sign-ins).
// - Lite Connect offers its request's institution, Fix Connect its login's; micro-entry verification and Connect Transfer add no
//   account and have no form. Signing in again adds nothing ("Accounts added: 0").
// - The 20-account limit holds for every stand-in customer (stated for testing customers; others cannot reach test institutions).
// - 200 shown or added; 400 a foreign form or a session type without sign-in; 401 wrong credentials; 403 past the limit; 404 an
//   unknown link or customer; 410 an expired link.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FdContext, FdStandIn } from './middleware.js';
import { historyDays, linkInstitution, planInstitutions } from './portfolio.js';
import { findCustomer, linkedData, type ConnectSession as Session, type Institution } from './state.js';
import { sandboxLimits } from './stand-in-limits.js';

/** Provider Test the APIs page: the sign-in profile that succeeds. */
export const TEST_USERNAME = 'demo';
export const TEST_PASSWORD = 'go';
/** The ttl of a link (connect.ts: two hours). */
const SESSION_MS = 2 * 3600_000;
/** Sessions kept at most: the oldest go first (a stand-in runs for hours, not for ever). */
const MAX_SESSIONS = 10_000;
/** Session types whose flow signs in to an institution (connect.ts FLOWS). */
const SIGN_IN_TYPES = new Set(['aggregation', 'lite', 'fix', 'jointBorrower']);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 2rem auto; padding: 0 1rem; color: #1b1b1b; }
label { display: block; margin-top: 1rem; font-weight: 600; }
input, select, button { font: inherit; padding: .4rem; margin-top: .25rem; }
input, select { width: 100%; box-sizing: border-box; }
button { margin-top: 1.25rem; }
.note { color: #555; font-size: .9rem; }
#connect-result { font-weight: 700; }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
}

/** Registers the Connect pages; answers the function that opens a session and makes its link (FdStandIn.connectLink). */
export function registerConnectPages(app: FastifyInstance, ctx: FdContext): FdStandIn['connectLink'] {
  const { state: world, clock } = ctx;
  const sessions = world.connectSessions;
  const finbanks = (): Institution[] => {
    const planned = new Set(
      planInstitutions()
        .filter((p) => !p.legacy)
        .map((p) => p.institutionId),
    );
    return world.institutions.filter((i) => i.name.includes('FinBank') && planned.has(i.id));
  };
  /** The institutions a session offers: all FinBank ones, or the one Lite / Fix Connect names. */
  const offered = (session: Session): Institution[] => {
    const only =
      session.type === 'fix' && session.institutionLoginId !== undefined
        ? (world.logins.get(Number(session.institutionLoginId))?.institutionId ?? '')
        : session.type === 'lite'
          ? session.institutionId
          : undefined;
    return finbanks().filter((i) => only === undefined || i.id === only);
  };

  /** The origin the stand-in answers on, with the scheme of the link. */
  const host = (): string => {
    const address = app.server.address();
    if (!address || typeof address === 'string') return '127.0.0.1';
    return address.family === 'IPv6' ? `[${address.address}]:${address.port}` : `${address.address}:${address.port}`;
  };

  const connectLink: FdStandIn['connectLink'] = (scheme, params, { partnerId, customerId, type, body }) => {
    const token = randomBytes(18).toString('base64url');
    if (sessions.size >= MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
    sessions.set(token, {
      partnerId,
      customerId,
      type,
      expiresMs: clock.nowMs() + SESSION_MS,
      institutionId: type === 'lite' && body?.institutionId !== undefined ? String(body.institutionId) : undefined,
      institutionLoginId: type === 'fix' && body?.institutionLoginId !== undefined ? String(body.institutionLoginId) : undefined,
    });
    return `${scheme}://${host()}/connect/${token}?${params.toString()}`;
  };

  const send = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // Nothing but this page's own inline style; the form posts only back here.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'")
      .send(html);
  const result = (reply: FastifyReply, status: number, outcome: 'linked' | 'error', message: string, token?: string) =>
    send(
      reply,
      status,
      page(
        'FinBank Connect',
        [
          `<p>Result: <span id="connect-result">${outcome}</span></p>`,
          `<p id="connect-message">${escapeHtml(message)}</p>`,
          token ? `<p><a id="connect-again" href="/connect/${escapeHtml(token)}">Connect another institution</a></p>` : '',
        ].join('\n'),
      ),
    );

  /** The live session of the path, or the error page already sent. */
  const sessionOf = (token: string, reply: FastifyReply): Session | undefined => {
    const session = sessions.get(token);
    if (!session) {
      result(reply, 404, 'error', 'This Connect link is unknown. Ask for a new link.');
      return undefined;
    }
    if (clock.nowMs() >= session.expiresMs) {
      sessions.delete(token);
      result(reply, 410, 'error', 'This Connect link has expired. Ask for a new link.');
      return undefined;
    }
    return session;
  };

  app.get('/connect/:token', { config: { rateLimit: false } }, async (req, reply) => {
    const { token } = req.params as { token: string };
    const session = sessionOf(token, reply);
    if (!session) return reply;
    if (!SIGN_IN_TYPES.has(session.type)) {
      return send(
        reply,
        200,
        page(
          'FinBank Connect',
          `<p id="connect-notice">This ${escapeHtml(session.type)} session adds no accounts: the sandbox stand-in offers only the sign-in to a test institution.</p>`,
        ),
      );
    }
    const query = req.query as Record<string, unknown>;
    const search = typeof query.search === 'string' ? query.search.trim() : '';
    const institutions = offered(session).filter((i) => i.name.toLowerCase().includes(search.toLowerCase()));
    const options = institutions.map((i) => `<option value="${escapeHtml(i.id)}">${escapeHtml(i.name)}</option>`).join('\n');
    return send(
      reply,
      200,
      page(
        'FinBank Connect',
        `
<p class="note">Sandbox stand-in: sign in to a FinBank test institution to add its accounts.</p>
<form method="get" action="/connect/${escapeHtml(token)}" role="search">
<label for="search">Search institutions</label>
<input id="search" name="search" type="search" value="${escapeHtml(search)}" placeholder="FinBank">
<button id="connect-search" type="submit">Search</button>
</form>
${
  institutions.length === 0
    ? '<p id="connect-notice">No test institution matches.</p>'
    : `<form method="post" action="/connect/${escapeHtml(token)}">
<label for="institution">Institution</label>
<select id="institution" name="institutionId" required>
${options}
</select>
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="off" required>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="off" required>
<button id="connect-submit" type="submit">Sign in</button>
</form>`
}
`,
      ),
    );
  });

  app.post('/connect/:token', { config: { rateLimit: false } }, async (req, reply) => {
    const { token } = req.params as { token: string };
    const session = sessionOf(token, reply);
    if (!session) return reply;
    if (!SIGN_IN_TYPES.has(session.type)) return result(reply, 400, 'error', `This ${session.type} session has no sign-in.`);
    const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
    const institutionId = form.get('institutionId') ?? '';
    const username = form.get('username');
    const password = form.get('password');
    if (!institutionId || username === null || password === null)
      return result(reply, 400, 'error', 'The form needs an institution, a username and a password.', token);
    const institution = offered(session).find((i) => i.id === institutionId);
    if (!institution) return result(reply, 400, 'error', 'That institution is not offered in this session.', token);
    const customerId = session.customerId;
    const customer = findCustomer(world, customerId, session.partnerId);
    if (!customer) return result(reply, 404, 'error', 'The customer of this link no longer exists.');
    if (username !== TEST_USERNAME || password !== TEST_PASSWORD) {
      // Provider Test the APIs page: a refused test sign-in is error 103, invalid credentials.
      return result(
        reply,
        401,
        'error',
        'Error 103: invalid credentials. The username or password was not accepted; no account was added.',
        token,
      );
    }
    const existing = linkedData(world, customer.id);
    if (existing.logins.some((l) => l.institutionId === institution.id)) {
      return result(reply, 200, 'linked', `Accounts added: 0. ${institution.name} is already connected for this customer.`, token);
    }
    const adding = planInstitutions().find((p) => p.institutionId === institution.id)?.accounts ?? 0;
    const limit = ctx.standIn?.accountsPerCustomer ?? sandboxLimits(ctx.contract).accountsPerCustomer;
    if (existing.accounts.length + adding > limit) {
      return result(
        reply,
        403,
        'error',
        `Refused: the customer has ${existing.accounts.length} accounts and ${institution.name} would add ${adding}; a customer holds at most ${limit} accounts. No account was added.`,
        token,
      );
    }
    const added = linkInstitution(world, customer.id, institution.id, clock.nowEpochSeconds(), historyDays(ctx.contract));
    return result(reply, 200, 'linked', `Accounts added: ${added.accounts.length} at ${institution.name}.`, token);
  });
  return connectLink;
}
