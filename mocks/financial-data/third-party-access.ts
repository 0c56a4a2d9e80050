// Third-party access keys and customer authorization details (seed 002, Endpoints - App
// registration and third-party access). Keys: generated (200: a signed consent receipt), updated
// (200, same receipt id), revoked (204; then gone: 404). The receipt names the customer and its
// accounts by pseudo identifiers (provider 1.35.0 ThirdPartyAccessKeyReceiptData). Authorization
// details read the linked logins (state.ts): an OAuth login (not legacy, or migrated) answers
// its period; a legacy one is a 404 with code 3003. Which authorizations predate the endpoint (3004)
// is this mock's choice: the logins at FinBank Profiles - B (102105), whose OAuth grants the mock
// treats as older than the endpoint. Rules: schemas/financial-data/rules/app-registration.yaml.
import { createHash, createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route, sendError, type FdContext, type Input } from './middleware.js';
import { DAY_S, planInstitutions } from './portfolio.js';
import { accountsOfLogin, findAccount, findCustomer, type AccessKey } from './state.js';

/** Institution whose OAuth authorizations the mock dates before the endpoint (3004). */
export const PREDATING_INSTITUTION_ID = '102105';
const AUTHORIZATION_DAYS = 365;

const isoMs = (ms: number) => new Date(ms).toISOString();
const digits = (text: string, n: number) =>
  BigInt(`0x${createHash('sha256').update(text).digest('hex').slice(0, 16)}`)
    .toString()
    .padStart(n, '7')
    .slice(0, n);

export function registerAccess(app: FastifyInstance, ctx: FdContext): void {
  const { state: world, faults, clock } = ctx;
  const state = () => world.accessKeys;

  /** The error of this resource's 404s with a code (provider 1.35.0 examples: code, status, message, user_message). */
  const coded = (reply: FastifyReply, status: number, code: string, userMessage: string) => {
    return reply.code(status).send({ code, status: String(status), message: 'Resource Not Found.', user_message: userMessage });
  };

  /** 404 / 400 checks shared by generate and update; undefined when the body may be granted. */
  const refusal = (body: any, partnerId: string | undefined, op: 'generate' | 'update' = 'generate'): [number, string] | undefined => {
    if (!findCustomer(world, body.customerId, partnerId) && !faults.has('accesskey-customer-unchecked'))
      return [404, 'Customer not found.'];
    for (const p of body.products) {
      // The faults look the account up alone (any owner), or not at all.
      const loose = faults.has('accesskey-account-unchecked') || faults.has('accesskey-customer-unchecked');
      // i6-accesskey-update-account-other-customer: the update checks only that the account is the partner's.
      const anyOfPartner = () => {
        const a = op === 'update' && faults.has('i6-accesskey-update-account-other-customer') ? world.accounts.get(p.accountId) : undefined;
        return a && findCustomer(world, a.customerId, partnerId) ? a : undefined;
      };
      const account = loose
        ? world.accounts.get(p.accountId)
        : // accesskey-generate-account-id-trimmed: generation looks each account id up trimmed.
          (findAccount(
            world,
            body.customerId,
            op === 'generate' && faults.has('accesskey-generate-account-id-trimmed') ? String(p.accountId).trim() : p.accountId,
            partnerId,
          ) ?? anyOfPartner());
      // Blind fault blind-accesskey-first-account-checked-only: the products after the first go unchecked.
      if (
        !account &&
        !faults.has('accesskey-account-unchecked') &&
        !(faults.has('blind-accesskey-first-account-checked-only') && body.products.indexOf(p) > 0)
      )
        return [404, `Account ${p.accountId} not found for the customer`];
      // Assumption FD-ACCESSKEY-PERIOD: the period ends after it starts.
      const start = Date.parse(p.accessPeriod.startTime);
      const end = Date.parse(p.accessPeriod.endTime);
      const after = faults.has('blind-accesskey-period-minute-precision')
        ? Math.floor(end / 60_000) > Math.floor(start / 60_000)
        : // i8-accesskey-period-compared-as-text: generation compares the two date-times as text.
          // accesskey-update-period-compared-as-text: the update compares them as text.
          (op === 'generate' && faults.has('i8-accesskey-period-compared-as-text')) ||
            (op === 'update' && faults.has('accesskey-update-period-compared-as-text'))
          ? String(p.accessPeriod.endTime) > String(p.accessPeriod.startTime)
          : // i22-accesskey-update-period-zone-ignored: the update compares the wall times, their offsets dropped.
            op === 'update' && faults.has('i22-accesskey-update-period-zone-ignored')
            ? Date.parse(String(p.accessPeriod.endTime).slice(0, 19) + 'Z') >
              Date.parse(String(p.accessPeriod.startTime).slice(0, 19) + 'Z')
            : end > start;
      // Fault accesskey-update-period-equal-accepted: the update alone lets a period end when it starts.
      const equalAccepted =
        faults.has('accesskey-period-equal-accepted') || (op === 'update' && faults.has('accesskey-update-period-equal-accepted'));
      const ok = faults.has('accesskey-period-unchecked') || (equalAccepted ? end >= start : after);
      if (!ok) return [400, 'accessPeriod.endTime must be after startTime'];
    }
    return undefined;
  };

  /** The signed receipt (provider 1.35.0 ThirdPartyAccessKeyReceiptData): pseudo ids, never the real ones. */
  const receipt = (key: AccessKey, op: 'generate' | 'update' = 'generate') => {
    // i6-accesskey-pseudo-account-id-zero-padded: the "pseudo" id is the real one padded with zeros.
    const pseudo = (id: string) =>
      faults.has('accesskey-real-account-id')
        ? id
        : faults.has('i6-accesskey-pseudo-account-id-zero-padded')
          ? id.padStart(19, '0')
          : digits(`${key.receiptId}:account:${id}`, 19);
    const body = key.body;
    const products = faults.has('accesskey-products-dropped')
      ? []
      : body.products.map((p: any, i: number) => ({
          ...p,
          // i19-accesskey-update-later-products-real-account: the update's receipt names the later products by their real ids.
          accountId:
            op === 'update' && i > 0 && faults.has('i19-accesskey-update-later-products-real-account') ? p.accountId : pseudo(p.accountId),
        }));
    // Blind fault: the generation's receipt lists the products without their periods.
    if (op === 'generate' && faults.has('blind-accesskey-generate-periods-dropped')) for (const p of products) delete p.accessPeriod;
    const timestamp = isoMs(clock.nowMs());
    const content = {
      profile: 3,
      version: '1',
      receiptId: key.receiptId,
      customerId:
        faults.has('accesskey-real-customer-id') || (op === 'update' && faults.has('blind-accesskey-update-real-customer-id'))
          ? key.customerId
          : digits(`${key.receiptId}:customer:${key.customerId}`, 19),
      partnerId: body.partnerId,
      products,
      ...(body.provenance ? { provenance: body.provenance } : {}),
      timestamp,
    };
    const signature = createHmac('sha256', state().signingKey).update(JSON.stringify(content)).digest('base64');
    return {
      data: [
        { receipt: content, ...(faults.has('accesskey-no-proof') ? {} : { proof: { signature, keyId: 'mock-signing-key-1', timestamp } }) },
      ],
    };
  };

  route(app, ctx, 'GenerateThirdPartyAccessKey', ({ body, partner }: Input, reply: FastifyReply) => {
    const refused = refusal(body, partner?.id);
    if (refused) return sendError(ctx, reply, refused[0], refused[1]);
    const s = state();
    // i35-fd-accesskey-generate-revives-revoked: a new key for a customer whose key was revoked brings that receipt back to life.
    const revokedBefore = faults.has('i35-fd-accesskey-generate-revives-revoked')
      ? [...s.keys.values()].find((k) => k.revoked && k.partnerId === partner?.id && k.customerId === body.customerId)
      : undefined;
    if (revokedBefore) {
      revokedBefore.revoked = false;
      revokedBefore.body = body;
      return reply.code(200).send(receipt(revokedBefore));
    }
    const receiptId = `cr_${createHash('sha256')
      .update(`${partner?.id}:${++s.seq}:${clock.nowMs()}`)
      .digest('base64url')
      .replace(/[-_]/g, 'x')
      .slice(0, 30)}`;
    const key: AccessKey = { receiptId, partnerId: partner!.id, customerId: body.customerId, body, revoked: false };
    s.keys.set(receiptId, key);
    return reply.code(200).send(receipt(key));
  });

  /** A live key of the partner (a revoked one is gone), or undefined. */
  const liveKey = (id: string, partnerId?: string, revokeTwice = false) => {
    const key = state().keys.get(id);
    if (!key || key.partnerId !== partnerId) return undefined;
    return key.revoked && !revokeTwice ? undefined : key;
  };

  route(app, ctx, 'UpdateThirdPartyAccessKey', ({ path, body, partner }: Input, reply: FastifyReply) => {
    // Blind faults: a revoked key still updatable; an unknown id upserted.
    // i14-accesskey-update-other-partner: the key found by its receipt id alone, and the body judged for the key's own partner.
    const foreign = faults.has('i14-accesskey-update-other-partner') ? state().keys.get(path.consentReceiptId) : undefined;
    const key =
      liveKey(path.consentReceiptId, partner?.id, faults.has('blind-accesskey-revoked-key-updatable')) ??
      (foreign && !foreign.revoked ? foreign : undefined) ??
      // i8-accesskey-update-id-case-folded: the receipt id looked up without case.
      (faults.has('i8-accesskey-update-id-case-folded')
        ? [...state().keys.values()].find(
            (k) => k.receiptId.toLowerCase() === String(path.consentReceiptId).toLowerCase() && k.partnerId === partner?.id && !k.revoked,
          )
        : undefined) ??
      (faults.has('blind-accesskey-unknown-update-upserts') && !state().keys.has(path.consentReceiptId)
        ? { receiptId: path.consentReceiptId, partnerId: partner!.id, customerId: body.customerId, body, revoked: false }
        : undefined);
    // i27-accesskey-update-revoked-400: an update of a revoked key answered as a bad request, not 404.
    const revokedKey = state().keys.get(path.consentReceiptId);
    // i31-fd-accesskey-revoked-update-answers-old-receipt: an update of a revoked key answered 200 with the receipt as it was (a cached copy).
    if (
      !key &&
      faults.has('i31-fd-accesskey-revoked-update-answers-old-receipt') &&
      revokedKey?.revoked &&
      revokedKey.partnerId === partner?.id
    )
      return reply.code(200).send(receipt(revokedKey, 'update'));
    if (!key && faults.has('i27-accesskey-update-revoked-400') && revokedKey?.revoked && revokedKey.partnerId === partner?.id)
      return sendError(ctx, reply, 400, 'The consent receipt was revoked.');
    if (!key) return sendError(ctx, reply, faults.has('accesskey-unknown-400') ? 400 : 404, 'Consent receipt not found.');
    // Independent fault: the update's periods are not checked (each is read as open-ended).
    const refused = refusal(
      faults.has('i2-accesskey-update-period-unchecked')
        ? {
            ...body,
            products: body.products.map((p: any) => ({ ...p, accessPeriod: { ...p.accessPeriod, endTime: '9999-12-31T23:59:59Z' } })),
          }
        : body,
      faults.has('i14-accesskey-update-other-partner') ? key.partnerId : partner?.id,
      'update',
    );
    // i30-fd-accesskey-refused-update-revokes-key: the update revokes the old receipt before judging the new one; a refused update leaves the key revoked.
    if (refused && faults.has('i30-fd-accesskey-refused-update-revokes-key')) key.revoked = true;
    if (refused) return sendError(ctx, reply, refused[0], refused[1]);
    if (faults.has('blind-accesskey-unknown-update-upserts')) state().keys.set(key.receiptId, key);
    if (faults.has('blind-accesskey-update-appends-products') && !faults.has('accesskey-update-not-saved'))
      body.products = [...key.body.products, ...body.products];
    // i7-accesskey-update-start-time-day-start: each period start stored at the beginning of its UTC day.
    if (faults.has('i7-accesskey-update-start-time-day-start'))
      body.products = body.products.map((p: any) => ({
        ...p,
        accessPeriod: { ...p.accessPeriod, startTime: `${String(p.accessPeriod.startTime).slice(0, 10)}T00:00:00Z` },
      }));
    // i34-fd-accesskey-update-answers-previous-products: the update's answer built from the receipt before the change (the new one is stored).
    const before = faults.has('i34-fd-accesskey-update-answers-previous-products') ? receipt({ ...key }, 'update') : undefined;
    if (!faults.has('accesskey-update-not-saved')) {
      key.body = body;
      key.customerId = body.customerId;
    }
    if (faults.has('accesskey-update-new-id')) {
      const fresh = { ...key, receiptId: `${key.receiptId.slice(0, -4)}upd${state().seq++ % 10}` };
      state().keys.set(fresh.receiptId, fresh);
      return reply.code(200).send(receipt(fresh, 'update'));
    }
    // i13-accesskey-update-answer-first-product-only: the update's answer lists only the first product.
    if (faults.has('i13-accesskey-update-answer-first-product-only')) {
      const answer = receipt(key, 'update');
      return reply.code(200).send({
        data: answer.data.map((d) => ({ ...d, receipt: { ...d.receipt, products: d.receipt.products.slice(0, 1) } })),
      });
    }
    if (before) return reply.code(200).send(before);
    return reply.code(200).send(receipt(key, 'update'));
  });

  route(app, ctx, 'RevokeThirdPartyAccessKey', ({ path, partner }: Input, reply: FastifyReply) => {
    const foreign = state().keys.get(path.consentReceiptId);
    const key =
      liveKey(path.consentReceiptId, partner?.id, faults.has('accesskey-revoke-twice-204')) ??
      (faults.has('i2-accesskey-revoke-other-partner') && foreign && !foreign.revoked ? foreign : undefined) ??
      // accesskey-revoke-id-case-folded: the receipt id looked up without case.
      (faults.has('accesskey-revoke-id-case-folded')
        ? [...state().keys.values()].find(
            (k) => k.receiptId.toLowerCase() === String(path.consentReceiptId).toLowerCase() && k.partnerId === partner?.id && !k.revoked,
          )
        : undefined);
    // i29-fd-accesskey-revoke-unknown-403: revoking a consent receipt that does not exist answered 403, not 404.
    // i33-fd-accesskey-revoke-foreign-204: another partner's live consent receipt answered 204 (left live).
    if (!key && foreign && !foreign.revoked && foreign.partnerId !== partner?.id && faults.has('i33-fd-accesskey-revoke-foreign-204'))
      return reply.code(204).send();
    if (!key && faults.has('i29-fd-accesskey-revoke-unknown-403'))
      return sendError(ctx, reply, 403, 'Not allowed to revoke this consent receipt.');
    // i37-fd-accesskey-revoke-foreign-404-but-revoked: another partner's receipt is refused 404 yet revoked.
    if (!key && foreign && foreign.partnerId !== partner?.id && faults.has('i37-fd-accesskey-revoke-foreign-404-but-revoked'))
      foreign.revoked = true;
    if (!key) return sendError(ctx, reply, faults.has('accesskey-unknown-400') ? 400 : 404, 'Consent receipt not found.');
    if (!faults.has('accesskey-revoke-noop')) key.revoked = true;
    // Model fault: the consents are revoked per customer, every key of the customer with this one.
    if (faults.has('model-accesskey-revoke-all-of-customer'))
      for (const other of state().keys.values())
        if (other.partnerId === key.partnerId && other.customerId === key.customerId) other.revoked = true;
    // i28-fd-accesskey-revoke-answered-200: the revocation answered 200 with the revoked receipt, not 204.
    if (faults.has('i28-fd-accesskey-revoke-answered-200')) return reply.code(200).send(receipt(key));
    return reply.code(204).send();
  });

  // --- Authorization details (seed 002: OAuth only; 3003 legacy connection, 3004 details unavailable)
  route(app, ctx, 'getCustomerAuthorizationDetails', ({ path, partner }: Input, reply: FastifyReply) => {
    const id = Number(path.institution_login_id);
    const login = world.logins.get(id);
    // Blind fault: another partner's login is served.
    const customer =
      login && findCustomer(world, login.customerId, faults.has('blind-authdetails-other-partner-login') ? undefined : partner?.id);
    // i23-authdetails-deleted-customer-login-served: the login of a deleted customer still answered from the login store.
    const orphan =
      faults.has('i23-authdetails-deleted-customer-login-served') && login !== undefined && !world.customers.has(login.customerId);
    if (!login || (!customer && !orphan)) {
      if (faults.has('authdetails-unknown-login-served'))
        return {
          institutionLoginId: id,
          authorizationStartDate: isoMs(clock.nowMs()),
          authorizationEndDate: isoMs(clock.nowMs() + DAY_S * 1000),
        };
      // provider 1.35.0 example: 3003 "Institution Login Id is not found".
      return coded(reply, 404, '3003', 'Institution Login Id is not found');
    }
    const legacy = login.legacy && !(login.migrated && !faults.has('authdetails-migrated-still-legacy'));
    if (legacy && !faults.has('authdetails-legacy-served'))
      return coded(reply, 404, faults.has('blind-authdetails-legacy-3004') ? '3004' : '3003', 'Institution Login Id is not found');
    if (login.institutionId === PREDATING_INSTITUTION_ID) {
      return coded(
        reply,
        faults.has('blind-authdetails-predating-400') ? 400 : 404,
        faults.has('authdetails-unavailable-3003') ? '3003' : '3004',
        'Institution Login Id details are not found',
      );
    }
    // The authorization was granted when the login was linked (its accounts' createdDate).
    const linkedS = accountsOfLogin(world, id)[0]?.createdDate ?? clock.nowEpochSeconds();
    const endS =
      faults.has('authdetails-end-before-start') ||
      // seeded-fam24-authdetails-login-short-of-account-period-reversed: a login with fewer accounts than it was linked with ends before it starts.
      (faults.has('seeded-fam24-authdetails-login-short-of-account-period-reversed') &&
        !login.legacy &&
        accountsOfLogin(world, id).length < (planInstitutions().find((p) => p.institutionId === login.institutionId)?.accounts ?? 0))
        ? linkedS - DAY_S
        : // i19-authdetails-migrated-login-period-empty: a migrated login's authorization period ends when it starts.
          faults.has('i19-authdetails-migrated-login-period-empty') && login.legacy && login.migrated
          ? linkedS
          : linkedS + AUTHORIZATION_DAYS * DAY_S;
    return {
      institutionLoginId: faults.has('authdetails-wrong-login-id') ? id + 1 : id,
      authorizationStartDate: faults.has('blind-authdetails-start-epoch-text')
        ? String(linkedS)
        : // i32-fd-authdetails-start-eastern-with-z: the start written from US Eastern wall-clock time, still marked Z.
          faults.has('i32-fd-authdetails-start-eastern-with-z')
          ? isoMs((linkedS - 5 * 3600) * 1000)
          : isoMs(linkedS * 1000),
      // i36-fd-authdetails-end-from-read-time: the end date counted from the time of the read, so it moves with every read.
      authorizationEndDate: isoMs(
        (faults.has('i36-fd-authdetails-end-from-read-time') ? clock.nowEpochSeconds() + (endS - linkedS) : endS) * 1000,
      ),
    };
  });
}
