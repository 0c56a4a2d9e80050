// Connect components (seed 002, Endpoints - Connect components): OAuth URLs and login
// forms of an institution for a customer (an optional configuration applied), reconnections of an
// institution login (201 with a login form, or 203 with a multi-factor challenge when the login's
// institution asks one: the `mfa` flag of portfolio.ts accounts), and the partner's configurations,
// each returned only to the partner that owns it. Errors in the provider's
// {"Errors": {"Error": [...]}} body (reference, Error bodies): the routes live in their own Fastify
// context whose onSend hook rewrites what the shared front (security, validation) answers.
// Rules: schemas/financial-data/rules/connect-components.yaml.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { rewriteFrontError, route, sendError, type FdContext, type Input } from './middleware.js';
import { accountsOfLogin, findCustomer, findLogin, type Configuration } from './state.js';

/** provider 1.35.0 examples: 10010 invalid request, 10022-10026 credentials, 4041 not found. */
function reasonCode(status: number, description: string): string {
  if (status === 404) return '4041';
  if (status !== 401) return '10010';
  if (/missing/i.test(description)) return /token/i.test(description) ? '10024' : '10026';
  return /expired/i.test(description) ? '10023' : '10022';
}

/** The provider's error body of these operations (provider 1.35.0 GoldStandardErrorMessage). */
function errorBody(status: number, description: string) {
  return {
    Errors: {
      Error: [
        {
          Source: 'Connect-Components',
          ReasonCode: reasonCode(status, description),
          Description: description,
          Recoverable: false,
          Details: description,
        },
      ],
    },
  };
}

export function registerConnectComponents(app: FastifyInstance, ctx: FdContext): void {
  const { state: world, faults } = ctx;
  const state = () => world.connectComponents;
  /** A deterministic UUID (the n-th of this world). */
  const uuid = (kind: string) => {
    const h = createHash('sha1')
      .update(`connect-components:${kind}:${++state().seq}`)
      .digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
  /** FD-COMPONENTS-ERROR-SHAPE: this module's error sender; the fault answers the default {code, message}. */
  const fail = (reply: FastifyReply, status: number, description: string) =>
    faults.has('components-error-default-shape')
      ? sendError(ctx, reply, status, description)
      : reply.code(status).send(errorBody(status, description));

  /** The calling partner's live configuration (FD-COMPONENTS-CONFIG-OWNER, FD-COMPONENTS-CONFIG-DELETE). */
  const findConfiguration = (id: string, partnerId: string, use: 'read' | 'delete' | 'apply'): Configuration | undefined => {
    const c = state().configurations.get(id);
    if (!c) return undefined;
    // i29-fd-components-config-deleted-still-applied: a deleted configuration is still applied to login forms and OAuth URLs.
    if (
      c.deleted &&
      !(use === 'read' && faults.has('components-config-delete-still-readable')) &&
      !(use === 'apply' && faults.has('i29-fd-components-config-deleted-still-applied'))
    )
      return undefined;
    const ownerSkipped =
      faults.has('components-config-owner-unchecked') || (use === 'delete' && faults.has('components-config-delete-other-partner'));
    return c.partnerId === partnerId || ownerSkipped ? c : undefined;
  };
  /** The configurations created without aoRequired (read only by i9-components-config-list-ao-default-true and i19-components-config-by-id-ao-true-with-classification). */
  const aoUnset = new WeakSet<Configuration>();
  const view = (c: Configuration) => ({
    id: c.id,
    ...(c.filterAccounts ? { filterAccounts: c.filterAccounts } : {}),
    ...(c.accountClassificationType ? { accountClassificationType: c.accountClassificationType } : {}),
    aoRequired: c.aoRequired,
  });

  /** The refusals an OAuth URL or a login form share: institution (404), customer and configuration (400). */
  const sessionRefusal = (input: Input, which: 'oauth' | 'form'): { status: number; description: string } | undefined => {
    const institutionKnown = world.institutions.some((i) => i.id === String(input.path.institution_id));
    const institutionSkipped = faults.has(
      which === 'oauth' ? 'components-oauth-institution-unchecked' : 'components-login-form-institution-unchecked',
    );
    // Blind fault: the login form answers an unknown institution with a 400, like a bad body.
    if (!institutionKnown && !institutionSkipped)
      return {
        status: which === 'form' && faults.has('blind-components-login-form-unknown-institution-400') ? 400 : 404,
        description: 'The requested entity was not found',
      };
    // rt-components-login-form-customer-other-partner: the login form checks only that the customer exists.
    // i23-components-oauth-customer-other-partner: the OAuth URL request checks only that the customer exists.
    const anyPartner =
      (which === 'form' && faults.has('rt-components-login-form-customer-other-partner')) ||
      (which === 'oauth' && faults.has('i23-components-oauth-customer-other-partner'))
        ? undefined
        : input.partner!.id;
    if (!findCustomer(world, String(input.body.customerId), anyPartner) && !faults.has('components-customer-unchecked')) {
      return { status: 400, description: 'Customer ID does not exist or does not belong to this partner' };
    }
    const configurationId = input.body.configurationId as string | undefined;
    if (configurationId !== undefined) {
      // Blind fault: the login form looks the configuration up without its deleted flag.
      const known =
        Boolean(findConfiguration(configurationId, input.partner!.id, 'apply')) ||
        // i5-components-oauth-config-other-partner: the OAuth URL checks only that the configuration exists.
        (which === 'oauth' &&
          faults.has('i5-components-oauth-config-other-partner') &&
          state().configurations.get(configurationId)?.deleted === false) ||
        // i9-components-login-form-other-partner-config: the login form takes any partner's live configuration.
        (which === 'oauth' && faults.has('components-oauth-config-any-partner') && state().configurations.has(configurationId)) ||
        (which === 'form' &&
          faults.has('i9-components-login-form-other-partner-config') &&
          state().configurations.get(configurationId)?.deleted === false) ||
        (which === 'oauth' &&
          faults.has('i11-components-oauth-deleted-config-accepted') &&
          state().configurations.get(configurationId)?.partnerId === input.partner!.id) ||
        (which === 'form' &&
          faults.has('blind-components-login-form-deleted-config-accepted') &&
          state().configurations.get(configurationId)?.partnerId === input.partner!.id) ||
        // i26-components-oauth-config-id-case-folded: the OAuth URL request finds the partner's live configuration by its id in any case.
        (which === 'oauth' &&
          faults.has('i26-components-oauth-config-id-case-folded') &&
          [...state().configurations.values()].some(
            (c) => !c.deleted && c.partnerId === input.partner!.id && c.id.toLowerCase() === configurationId.toLowerCase(),
          ));
      if ((!known && !faults.has('components-config-unknown-accepted')) || (known && faults.has('components-config-known-refused'))) {
        return { status: 400, description: 'configurationId names no configuration of this partner' };
      }
    }
    return undefined;
  };

  const loginForm = () => ({
    id: uuid('session'),
    eventStreamId: uuid('event-stream'),
    elements: [
      { id: uuid('element'), label: 'Username', sortOrder: 0 },
      { id: uuid('element'), label: 'Password', sortOrder: 1 },
    ],
  });

  app.register(async (scope) => {
    // Errors of the shared front (401, validation 400, malformed path ids) in the provider's shape.
    scope.addHook('onSend', async (_req, reply, payload) => {
      if (faults.has('components-error-default-shape')) return payload;
      // Blind fault: the rewrite of the front's errors forgets the 401.
      if (reply.statusCode === 401 && faults.has('blind-components-401-default-shape')) return payload;
      return rewriteFrontError(reply.statusCode, payload, errorBody);
    });

    route(scope, ctx, 'post-institutions-institutionId-oauth-urls', (input, reply) => {
      const refused = sessionRefusal(input, 'oauth');
      if (refused) return fail(reply, refused.status, refused.description);
      // i19-components-oauth-session-id-per-redirect: the session id derived from the redirect URI.
      const id = faults.has('i19-components-oauth-session-id-per-redirect')
        ? createHash('sha1')
            .update(`oauth:${String(input.body.redirectURI)}`)
            .digest('hex')
            .replace(/^(.{8})(.{4}).(.{3}).(.{3})(.{12}).*$/, '$1-$2-4$3-a$4-$5')
        : uuid('session');
      // i31-fd-components-oauth-redirect-query-dropped: the OAuth URL carries the redirectURI without its query string.
      const redirect = faults.has('i31-fd-components-oauth-redirect-query-dropped')
        ? String(input.body.redirectURI ?? '').split('?')[0]
        : (input.body.redirectURI ?? '');
      const url = `https://oauth.example.com/institutions/${input.path.institution_id}/authorize?session=${id}&redirect_uri=${encodeURIComponent(redirect)}`;
      return reply.code(201).send({ id, url, eventStreamId: uuid('event-stream') });
    });

    route(scope, ctx, 'post-institutions-institutionId-login-forms', (input, reply) => {
      const refused = sessionRefusal(input, 'form');
      if (refused) return fail(reply, refused.status, refused.description);
      const form = loginForm();
      // Blind fault: the form's session id is derived from the institution and the customer (one id for every form of that pair).
      if (faults.has('blind-components-login-form-id-per-customer')) {
        const h = createHash('sha1').update(`login-form:${input.path.institution_id}:${input.body.customerId}`).digest('hex');
        form.id = `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
      }
      return reply.code(201).send(form);
    });

    // seed 002: 201, or 203 with a multi-factor challenge (Errors 203: reconnection); no 404 documented.
    /** i35-fd-components-reconnect-challenge-asked-once: the logins already answered a 203 (kept while that fault is on). */
    const challenged = new Set<number>();
    route(scope, ctx, 'post-reconnections', (input, reply) => {
      const partnerId = input.partner!.id;
      const customerId = input.path.customer_id;
      if (!findCustomer(world, customerId, partnerId) && !faults.has('components-reconnect-customer-unchecked')) {
        // Blind fault: an unknown customer in the reconnection path is a 404.
        return fail(
          reply,
          !world.customers.has(customerId) && faults.has('blind-components-reconnect-unknown-customer-404') ? 404 : 400,
          'Customer ID does not exist or does not belong to this partner',
        );
      }
      const loginId = input.path.institution_login_id;
      // The faults look the login up by id alone, whoever's it is.
      const byIdAlone = faults.has('components-reconnect-customer-unchecked') || faults.has('components-reconnect-other-customer-login');
      const login = byIdAlone ? world.logins.get(Number(loginId)) : findLogin(world, customerId, loginId, partnerId);
      // Blind fault: an institution login that does not exist at all is a 404.
      if (!login && !faults.has('components-reconnect-login-unchecked'))
        return fail(
          reply,
          faults.has('blind-components-reconnect-unknown-login-404') && !world.logins.has(Number(loginId)) ? 404 : 400,
          'institution_login_id is not an institution login of this customer',
        );
      const mfa = login ? accountsOfLogin(world, login.id).some((a) => a.mfa) : false;
      // i35-fd-components-reconnect-challenge-asked-once: a login challenged once is taken as answered; its next reconnection skips the challenge.
      const challengedBefore =
        login !== undefined && faults.has('i35-fd-components-reconnect-challenge-asked-once') && challenged.has(login.id);
      if (login && mfa && faults.has('i35-fd-components-reconnect-challenge-asked-once')) challenged.add(login.id);
      if ((mfa && !faults.has('components-reconnect-mfa-ignored') && !challengedBefore) || faults.has('components-reconnect-always-203')) {
        const challenge = {
          id: uuid('challenge'),
          prompt: 'Enter the code sent to your phone',
          mfaType: 'TFA_TEXT',
          choiceIds: [],
          eventStreamId: uuid('event-stream'),
        };
        // Blind fault: the 203 answers the challenge holder itself, not the array of them.
        return reply
          .code(203)
          .send(faults.has('blind-components-reconnect-203-object') ? { mfaChallenges: [challenge] } : [{ mfaChallenges: [challenge] }]);
      }
      return reply.code(201).send(loginForm());
    });

    route(scope, ctx, 'post-configurations', (input, reply) => {
      const body = input.body ?? {};
      const c: Configuration = {
        id: uuid('configuration'),
        partnerId: input.partner!.id,
        deleted: false,
        ...(body.filterAccounts && !faults.has('components-config-drops-filter') ? { filterAccounts: body.filterAccounts } : {}),
        ...(body.accountClassificationType ? { accountClassificationType: body.accountClassificationType } : {}),
        // provider 1.35.0 AoRequired: default false.
        aoRequired: body.aoRequired ?? faults.has('components-config-ao-default-true'),
      };
      state().configurations.set(c.id, c);
      if (
        (faults.has('i9-components-config-list-ao-default-true') ||
          faults.has('i19-components-config-by-id-ao-true-with-classification')) &&
        body.aoRequired === undefined
      )
        aoUnset.add(c);
      // seeded-fam24-components-config-created-ao-true-with-filter: the 201 shows aoRequired true with filterAccounts and none sent.
      if (faults.has('seeded-fam24-components-config-created-ao-true-with-filter') && body.filterAccounts && body.aoRequired === undefined)
        return reply.code(201).send({ ...view(c), aoRequired: true });
      // i38-fd-components-config-create-id-uppercased: the 201 answers the new id upper-cased (the store keeps it as made).
      if (faults.has('i38-fd-components-config-create-id-uppercased')) return reply.code(201).send({ ...view(c), id: c.id.toUpperCase() });
      return reply.code(faults.has('components-config-create-200') ? 200 : 201).send(view(c));
    });

    route(scope, ctx, 'get-configurations', (input, reply) => {
      const mine = [...state().configurations.values()].filter(
        (c) =>
          (c.partnerId === input.partner!.id || faults.has('components-config-owner-unchecked')) &&
          (!c.deleted || faults.has('components-config-delete-keeps-listed')),
      );
      // i28-fd-components-config-list-misses-newest: the list is read from a copy one configuration behind (the newest left out).
      if (faults.has('i28-fd-components-config-list-misses-newest') && mine.length > 0) mine.pop();
      // i36-fd-components-config-list-skips-second: the list leaves out the second configuration of the partner (a cursor advanced twice).
      if (faults.has('i36-fd-components-config-list-skips-second') && mine.length > 2) mine.splice(1, 1);
      // Blind fault: the list shows a summary without accountClassificationType.
      return reply.code(200).send(
        mine
          // i9-components-config-list-ao-default-true: the list reads an unset aoRequired as true.
          .map((c) =>
            faults.has('i9-components-config-list-ao-default-true') && aoUnset.has(c) ? { ...view(c), aoRequired: true } : view(c),
          )
          .map((v) =>
            faults.has('blind-components-config-list-drops-classification') ? { ...v, accountClassificationType: undefined } : v,
          )
          // rt-components-config-list-filter-accounts-first-only: the list keeps only the first filter.
          .map((v) =>
            faults.has('rt-components-config-list-filter-accounts-first-only') && Array.isArray(v.filterAccounts)
              ? { ...v, filterAccounts: v.filterAccounts.slice(0, 1) }
              : v,
          )
          // i12-components-config-list-ao-required-false: the list answers aoRequired false.
          .map((v) => (faults.has('i12-components-config-list-ao-required-false') ? { ...v, aoRequired: false } : v)),
      );
    });

    route(scope, ctx, 'get-configurations-configurationId', (input, reply) => {
      const c =
        findConfiguration(input.path.configuration_id, input.partner!.id, 'read') ??
        // i30-fd-components-config-by-id-any-partner: the by-id read finds a live configuration of any partner.
        (faults.has('i30-fd-components-config-by-id-any-partner')
          ? [...state().configurations.values()].find((x) => !x.deleted && x.id === input.path.configuration_id)
          : undefined) ??
        // i13-components-config-by-id-case-folded: the configuration found by its id in any case.
        (faults.has('i13-components-config-by-id-case-folded')
          ? [...state().configurations.values()].find(
              (x) =>
                !x.deleted && x.partnerId === input.partner!.id && x.id.toLowerCase() === String(input.path.configuration_id).toLowerCase(),
            )
          : undefined);
      // i34-fd-components-config-deleted-still-read: a configuration deleted by its partner is still read by id (a cache in front of the store).
      const stale =
        !c && faults.has('i34-fd-components-config-deleted-still-read')
          ? [...state().configurations.values()].find(
              (x) => x.deleted && x.id === input.path.configuration_id && x.partnerId === input.partner!.id,
            )
          : undefined;
      if (stale) return reply.code(200).send(view(stale));
      if (!c) return fail(reply, 404, 'The requested entity was not found');
      // i13-components-config-by-id-drops-filter: the by-id read leaves filterAccounts out.
      if (faults.has('i13-components-config-by-id-drops-filter')) return reply.code(200).send({ ...view(c), filterAccounts: undefined });
      // i15-components-config-by-id-classification-first-only: the by-id read keeps the first classification filter only.
      if (faults.has('i15-components-config-by-id-classification-first-only') && Array.isArray(c.accountClassificationType))
        return reply.code(200).send({ ...view(c), accountClassificationType: c.accountClassificationType.slice(0, 1) });
      // i19-components-config-by-id-ao-true-with-classification: the by-id read defaults aoRequired to true with a classification.
      if (faults.has('i19-components-config-by-id-ao-true-with-classification') && c.accountClassificationType && aoUnset.has(c))
        return reply.code(200).send({ ...view(c), aoRequired: true });
      // i38-fd-components-config-by-id-ao-required-string: the by-id read answers aoRequired as a string.
      if (faults.has('i38-fd-components-config-by-id-ao-required-string'))
        return reply.code(200).send({ ...view(c), aoRequired: String(c.aoRequired) });
      return reply.code(200).send(view(c));
    });

    route(scope, ctx, 'delete-configurations-configurationId', (input, reply) => {
      const c = findConfiguration(input.path.configuration_id, input.partner!.id, 'delete');
      if (!c) {
        const stored = state().configurations.get(input.path.configuration_id);
        // Blind fault: a second delete of the partner's own configuration is an idempotent 204.
        if (stored?.deleted && stored.partnerId === input.partner!.id && faults.has('blind-components-config-delete-idempotent'))
          return reply.code(204).send();
        // Blind fault: another partner's delete is answered 404, after the configuration was removed.
        if (
          stored &&
          !stored.deleted &&
          stored.partnerId !== input.partner!.id &&
          faults.has('blind-components-config-foreign-delete-removes')
        )
          stored.deleted = true;
        // i32-fd-components-config-foreign-delete-204: another partner's configuration deleted and answered 204.
        // i33-fd-components-config-foreign-delete-403: another partner's configuration answered 403, its existence told.
        if (
          stored &&
          !stored.deleted &&
          stored.partnerId !== input.partner!.id &&
          faults.has('i33-fd-components-config-foreign-delete-403')
        )
          return fail(reply, 403, 'The configuration belongs to another partner');
        if (stored && !stored.deleted && faults.has('i32-fd-components-config-foreign-delete-204')) {
          stored.deleted = true;
          return reply.code(204).send();
        }
        // i36-fd-components-config-delete-unknown-204: an id that never named a configuration is answered 204.
        if (!stored && faults.has('i36-fd-components-config-delete-unknown-204')) return reply.code(204).send();
        return fail(reply, 404, 'The requested entity was not found');
      }
      // i38-fd-components-config-delete-removes-oldest: the delete removes the partner's oldest live configuration, not the one named.
      const oldest = faults.has('i38-fd-components-config-delete-removes-oldest')
        ? [...state().configurations.values()].find((x) => x.partnerId === c.partnerId && !x.deleted)
        : undefined;
      (oldest ?? c).deleted = true;
      // i37-fd-components-config-delete-removes-all-of-partner: deleting one configuration deletes every configuration of its partner.
      if (faults.has('i37-fd-components-config-delete-removes-all-of-partner'))
        for (const other of state().configurations.values()) if (other.partnerId === c.partnerId) other.deleted = true;
      // i27-components-config-delete-answers-200: the delete answers 200 with the configuration removed, not 204.
      if (faults.has('i27-components-config-delete-answers-200')) return reply.code(200).send(view(c));
      return reply.code(204).send();
    });
  });
}
