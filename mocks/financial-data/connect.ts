// Connect, the hosted flows (seed 002, Endpoints - Connect (hosted flows)): nine operations
// that generate a session link (full, lite, fix, e-mail, joint borrower, micro-entry verification,
// the two Connect Transfer flows) and the experiences of an application. The link is deterministic
// (the virtual clock and the request) and names the customer; the SSN a body may carry is never put
// in it. Reads customers, consumers and linked logins of the world (findLogin). Errors in the
// {code, message} body (reference, Error bodies). Rules: schemas/financial-data/rules/connect.yaml.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { route, sendError, type FdContext, type Input } from './middleware.js';
import { findCustomer, findLogin, type ConnectSeams } from './state.js';
import type { FdOperationId } from '../../helpers/contract/operations.js';

/**
 * The application whose experiences the mock knows (fixtures/examples/fd-samples/connect.ts names
 * it too, for the specs: a sandbox sets FD_EXPERIENCE_APP_NAME).
 */
export const EXPERIENCE_APP_NAME = 'FinBank Lending';
/** provider 1.35.0 Experiences: id (UUID), appName, productCode. A second application, so that the list is per application. */
const EXPERIENCES = [
  { id: '3f1c2a40-5b6d-4e7f-8a9b-0c1d2e3f4a51', appName: EXPERIENCE_APP_NAME, productCode: ['VOA', 'VOI'] },
  { id: '3f1c2a40-5b6d-4e7f-8a9b-0c1d2e3f4a52', appName: EXPERIENCE_APP_NAME, productCode: ['AO', 'ACH'] },
  { id: '3f1c2a40-5b6d-4e7f-8a9b-0c1d2e3f4a53', appName: 'FinBank Payroll', productCode: ['VOIE'] },
];
const GUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;
const TWO_HOURS_MS = 2 * 3600_000;

type Who = { customerId?: string; consumerId?: string };

interface Flow {
  operationId: FdOperationId;
  /** The session type the link carries (provider 1.35.0 example links: type=lite, transferBillPaySwitch...). */
  type: string;
  /** The customers (and consumers) the body names; the first is the one the link opens for. */
  who: (body: any) => Who[];
  email?: boolean;
}

const single = (b: any): Who[] => [{ customerId: b.customerId, consumerId: b.consumerId }];
const borrowers = (b: any): Who[] => {
  const list = (b.borrowers ?? []) as { customerId: string; consumerId: string; type: string }[];
  // The primary borrower first: the session opens for that customer.
  const primary = (x: { type: string }) => x.type === 'primary';
  return [...list.filter(primary), ...list.filter((x) => !primary(x))];
};

const FLOWS: Flow[] = [
  { operationId: 'GenerateConnectUrl', type: 'aggregation', who: single },
  { operationId: 'GenerateLiteConnectUrl', type: 'lite', who: single },
  { operationId: 'GenerateFixConnectUrl', type: 'fix', who: single },
  { operationId: 'SendConnectEmail', type: 'aggregation', who: single, email: true },
  { operationId: 'GenerateJointBorrowerConnectUrl', type: 'jointBorrower', who: borrowers },
  { operationId: 'SendJointBorrowerConnectEmail', type: 'jointBorrower', who: borrowers, email: true },
  {
    operationId: 'VerifyMicroEntryMicrodeposit',
    type: 'microEntryVerify',
    who: (b) => (b.customerId ? [{ customerId: b.customerId }] : []),
  },
  { operationId: 'GenerateTransferBillPaySwitchUrl', type: 'transferBillPaySwitch', who: single },
  { operationId: 'GenerateTransferDepositSwitchUrl', type: 'transferDepositSwitch', who: single },
];

export function registerConnect(app: FastifyInstance, ctx: FdContext): void {
  const { state: world, faults, clock } = ctx;
  const seams = faults.seams<ConnectSeams>('connect');
  const fail = (reply: FastifyReply, status: number, message: string) => sendError(ctx, reply, status, message);
  // Blind fault: the Lite link is reused per partner within its two hours, whoever it is for.
  const liteLinks = world.faultMemory.liteLinks;

  /** The link: HTTPS, the customer and partner, the virtual time, a signature over the rest (FD-CONNECT-URL). */
  const link = (flow: Flow, partnerId: string, customerId: string | undefined, body: any) => {
    const nowMs = clock.nowMs();
    const params = new URLSearchParams();
    // i9-connect-fix-link-without-customer: the Fix link built from the institution login alone.
    const customerDropped =
      faults.has('connect-link-without-customer') || (flow.type === 'fix' && faults.has('i9-connect-fix-link-without-customer'));
    if (customerId && !customerDropped) params.set('customerId', customerId);
    params.set('origin', 'url');
    params.set('partnerId', partnerId);
    params.set('timestamp', String(nowMs));
    params.set('ttl', String(nowMs + TWO_HOURS_MS));
    params.set('type', flow.type);
    if (body.language) params.set('language', body.language);
    if (body.experience) params.set('experience', body.experience);
    // Fault: the consumer's SSN is carried in the link (FD-CONNECT-SSN-SECRET).
    const ssn = body.optionalConsumerInfo?.ssn ?? body.borrowers?.find((b: any) => b.optionalConsumerInfo)?.optionalConsumerInfo?.ssn;
    if (ssn && faults.has('connect-ssn-in-link')) params.set('ssn', ssn);
    // Blind fault: the joint borrower's SSN pre-fills the co-borrower's payroll step through the link.
    const jointSsn = body.borrowers?.find((b: any) => b.type !== 'primary' && b.optionalConsumerInfo)?.optionalConsumerInfo?.ssn;
    if (jointSsn && faults.has('blind-connect-joint-ssn-in-link')) params.set('jointBorrowerSsn', jointSsn);
    params.set('signature', createHash('sha256').update(params.toString()).digest('hex'));
    const scheme = faults.has('connect-link-http') ? 'http' : 'https';
    // Stand-in mode (mocks/stand-in.ts): the link opens the stand-in's own Connect page, where a
    // person signs in to a FinBank institution (provider Test the APIs page: accounts are added
    // only through Connect), with the same query (customer, partner, type...).
    if (ctx.standIn) return ctx.standIn.connectLink(scheme, params, { partnerId, customerId, type: flow.type, body });
    return `${scheme}://connect.example.com/?${params.toString()}`;
  };

  /** The refusal of a request, or undefined (checks in the order a partner would fix them). */
  const refusal = (flow: Flow, input: Input, body: any): { status: number; message: string; code?: string } | undefined => {
    const partnerId = input.partner!.id;
    // FD-CONNECT-PARTNER (assumption): the partnerId of the body is the caller's.
    if (
      body.partnerId !== undefined &&
      body.partnerId !== partnerId &&
      !faults.has('connect-partner-unchecked') &&
      !(flow.type.startsWith('transfer') && faults.has('blind-connect-transfer-partner-unchecked'))
    ) {
      return { status: 400, message: 'partnerId does not match the calling partner' };
    }
    const who = flow.who(body);
    for (const [index, w] of who.entries()) {
      if (w.customerId === undefined) continue;
      // FD-CONNECT-CUSTOMER (provider 1.35.0 example 10010).
      const skip =
        faults.has('connect-customer-unchecked') ||
        (index > 0 && faults.has('connect-joint-second-borrower-unchecked')) ||
        (flow.operationId === 'VerifyMicroEntryMicrodeposit' && faults.has('connect-microentry-customer-unchecked'));
      // A borrower left unchecked by a fault is not looked at at all (nor its consumer).
      if (skip) continue;
      // Blind fault: the bill pay switch link takes a customer of any partner.
      const anyPartner =
        (flow.operationId === 'GenerateTransferBillPaySwitchUrl' && faults.has('blind-connect-bill-pay-other-partner-customer')) ||
        // rt2-connect-microentry-customer-other-partner: the micro-entry flow looks the customer up across partners.
        (flow.operationId === 'VerifyMicroEntryMicrodeposit' && faults.has('rt2-connect-microentry-customer-other-partner')) ||
        // i19-connect-lite-other-partner-customer: the lite flow looks the customer up among every partner's.
        (flow.operationId === 'GenerateLiteConnectUrl' && faults.has('i19-connect-lite-other-partner-customer')) ||
        // rt2-connect-joint-url-coborrower-other-partner: the joint link looks the co-borrower up across partners.
        (index > 0 &&
          flow.operationId === 'GenerateJointBorrowerConnectUrl' &&
          faults.has('rt2-connect-joint-url-coborrower-other-partner'));
      if (!findCustomer(world, w.customerId, anyPartner ? undefined : partnerId))
        return { status: 400, message: 'Customer ID does not exist or does not belong to this partner' };
      // FD-CONNECT-CONSUMER (assumption): a consumer of another customer is refused. A consumerId
      // the mock has no record of passes: provider 1.35.0 states no refusal for it (ConsumerId only
      // points at Create Consumer; no 400 example names a consumer), and the provider's published
      // client sends its document's example consumer id with any customer, expecting 200.
      const owner = w.consumerId === undefined ? undefined : world.consumers.get(w.consumerId)?.customerId;
      if (
        owner !== undefined &&
        owner !== w.customerId &&
        !faults.has('connect-consumer-unchecked') &&
        !(flow.operationId === 'SendConnectEmail' && faults.has('blind-connect-email-consumer-any-existing')) &&
        // i9-connect-lite-consumer-unchecked: the Lite flow does not check whose consumer it is.
        !(flow.operationId === 'GenerateLiteConnectUrl' && faults.has('i9-connect-lite-consumer-unchecked')) &&
        !(flow.operationId === 'GenerateJointBorrowerConnectUrl' && faults.has('connect-joint-url-consumer-any-customer')) &&
        // rt2-connect-joint-email-coborrower-consumer-unchecked: the joint e-mail checks the primary's consumer only.
        !(
          index > 0 &&
          flow.operationId === 'SendJointBorrowerConnectEmail' &&
          faults.has('rt2-connect-joint-email-coborrower-consumer-unchecked')
        )
      ) {
        return { status: 400, message: 'consumerId is not the consumer of that customer' };
      }
    }
    // FD-CONNECT-EXPERIENCE: default or one of the experiences. provider 1.35.0 leaves the field an
    // open string in its schema; its 400 example 10010 refuses a value that is neither default nor
    // a GUID (answered here; the fault accepts any form).
    const experience = body.experience as string | undefined;
    if (
      experience !== undefined &&
      experience !== 'default' &&
      !GUID.test(experience) &&
      !faults.has('connect-experience-format-unchecked')
    ) {
      return { status: 400, message: '"experience" must be a valid GUID' };
    }
    // Blind fault: the joint-borrower e-mail (experience required) wants a real experience GUID, not default.
    if (
      experience === 'default' &&
      flow.operationId === 'SendJointBorrowerConnectEmail' &&
      faults.has('blind-connect-joint-email-default-experience-refused')
    ) {
      return { status: 400, message: '"experience" must be a valid GUID' };
    }
    if (experience !== undefined && experience !== 'default' && GUID.test(experience)) {
      // rt2-connect-experience-guid-first-group: an experience recognised by the first group of its GUID.
      const same = (id: string) =>
        faults.has('rt2-connect-experience-guid-first-group')
          ? id.split('-')[0].toLowerCase() === experience.split('-')[0].toLowerCase()
          : id.toLowerCase() === experience.toLowerCase();
      const known = EXPERIENCES.some((e) => same(e.id));
      if (
        (!known &&
          !faults.has('connect-experience-unknown-accepted') &&
          !(flow.operationId === 'VerifyMicroEntryMicrodeposit' && faults.has('blind-connect-microentry-experience-unknown-accepted')) &&
          // rt2-connect-lite-experience-unknown-accepted: the Lite flow takes a GUID of no experience.
          !(flow.operationId === 'GenerateLiteConnectUrl' && faults.has('rt2-connect-lite-experience-unknown-accepted'))) ||
        (known && faults.has('connect-experience-known-refused'))
      ) {
        return { status: 400, message: '"experience" must be a valid GUID of one of your experiences' };
      }
    }
    // provider 1.35.0 IsWebView: a web view needs the redirect URI it lands on (the 400's missing field, 10010).
    if (body.isWebView === true && body.redirectUri === undefined)
      return { status: 400, message: 'redirectUri is required when isWebView is true', code: '10010' };
    if (body.language === 'fr' && faults.has('connect-french-refused')) return { status: 400, message: 'language fr is not supported' };
    // i26-connect-lite-spanish-refused: the Lite flow refuses Spanish (its language list holds en and fr only).
    if (body.language === 'es' && flow.operationId === 'GenerateLiteConnectUrl' && faults.has('i26-connect-lite-spanish-refused'))
      return { status: 400, message: 'language es is not supported by Lite connect' };
    if (body.optionalConsumerInfo && faults.has('connect-ssn-refused'))
      return { status: 400, message: 'optionalConsumerInfo is not accepted' };
    if (body.optionalConsumerInfo && flow.operationId === 'SendConnectEmail' && faults.has('blind-connect-email-ssn-refused'))
      return { status: 400, message: 'optionalConsumerInfo is not supported by the e-mail flow' };
    // FD-CONNECT-FIX-LOGIN (seed 002: 404): the login is one of that customer's.
    if (flow.operationId === 'GenerateFixConnectUrl') {
      // Blind fault: the member check moved into the handler, with a message that names nothing.
      if (body.institutionLoginId === undefined && faults.has('blind-connect-fix-missing-login-generic-message'))
        return { status: 400, message: 'Bad request' };
      const loginId = String(body.institutionLoginId);
      const own = findLogin(world, body.customerId, loginId, partnerId);
      const anyLogin = world.logins.get(Number(loginId));
      const found = faults.has('connect-fix-login-unchecked') || own || (anyLogin && faults.has('connect-fix-other-customer-login'));
      // i36-fd-connect-fix-legacy-login-404: a legacy (non-OAuth) login of the customer is answered 404 as if it did not exist.
      if (own?.legacy && faults.has('i36-fd-connect-fix-legacy-login-404'))
        return { status: 404, message: 'Customer does not have any accounts associated with institutionLoginId.' };
      if (!found)
        return {
          status:
            faults.has('connect-fix-unknown-400') || (anyLogin && faults.has('blind-connect-fix-other-customer-login-400')) ? 400 : 404,
          message: 'Customer does not have any accounts associated with institutionLoginId.',
        };
    }
    // FD-CONNECT-JOINT-EMAIL: one address is enough (the fault asks for two).
    if (
      flow.operationId === 'SendJointBorrowerConnectEmail' &&
      faults.has('connect-joint-email-one-refused') &&
      !String(body.email?.to ?? '').includes(',')
    ) {
      return { status: 400, message: 'at least two e-mail addresses are required' };
    }
    return undefined;
  };

  for (const flow of FLOWS) {
    route(app, ctx, flow.operationId, (input, reply) => {
      const body = input.body ?? {};
      const refused = refusal(flow, input, body);
      if (refused) return sendError(ctx, reply, refused.status, refused.message, refused.code);
      // Blind fault: the joint-borrower session opens for the first borrower listed, primary or not.
      const firstListed = flow.who === borrowers && faults.has('blind-connect-joint-link-first-listed-borrower');
      let url = link(flow, input.partner!.id, firstListed ? body.borrowers?.[0]?.customerId : flow.who(body)[0]?.customerId, body);
      if (flow.type === 'lite' && faults.has('blind-connect-lite-link-reused-per-partner')) {
        const cached = liteLinks.get(input.partner!.id);
        if (cached && clock.nowMs() < cached.untilMs) url = cached.url;
        else liteLinks.set(input.partner!.id, { url, untilMs: clock.nowMs() + TWO_HOURS_MS });
      }
      // i4-connect-ssn-in-prefill-member: the full Connect answer names the SSN it was given.
      // i33-fd-connect-fix-link-plain-http: the fix flow's link served over plain http.
      if (flow.operationId === 'GenerateFixConnectUrl' && faults.has('i33-fd-connect-fix-link-plain-http'))
        url = url.replace(/^https:/, 'http:');
      const ssn = body.optionalConsumerInfo?.ssn;
      if (!flow.email && flow.operationId === 'GenerateConnectUrl' && ssn && faults.has('i4-connect-ssn-in-prefill-member'))
        return reply.code(200).send({ link: url, prefill: { ssn } });
      if (!flow.email) {
        const answer = seams.answer({ operationId: flow.operationId, body }, { status: 200, body: { link: url } });
        return reply.code(answer.status).send(answer.body);
      }
      // FD-CONNECT-EMAIL: the e-mail as sent (the fault puts the default subject in its place).
      const emailConfig = {
        ...body.email,
        ...(faults.has('connect-email-subject-default') ? { subject: 'Verify your Financial Information' } : {}),
        // Blind fault: the single e-mail goes out from the platform's no-reply sender, whatever was asked.
        ...(flow.operationId === 'SendConnectEmail' && faults.has('blind-connect-email-from-noreply')
          ? { from: 'noreply@connect.example.com' }
          : {}),
        // i20-connect-email-subject-entities-escaped: the single e-mail answers its subject HTML-escaped.
        ...(flow.operationId === 'SendConnectEmail' &&
        faults.has('i20-connect-email-subject-entities-escaped') &&
        typeof body.email?.subject === 'string'
          ? { subject: body.email.subject.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') }
          : {}),
        // seeded-fam25-joint-email-institution-name-entities-escaped: the joint e-mail answers institutionName HTML-escaped.
        ...(flow.operationId === 'SendJointBorrowerConnectEmail' &&
        faults.has('seeded-fam25-joint-email-institution-name-entities-escaped') &&
        typeof body.email?.institutionName === 'string'
          ? {
              institutionName: body.email.institutionName
                .replace(/&/g, '&amp;')
                .replace(/</g, '&lt;')
                .replace(/>/g, '&gt;')
                .replace(/"/g, '&quot;'),
            }
          : {}),
        // i7-connect-email-to-lowercased: the single e-mail answers the address in lower case.
        ...(flow.operationId === 'SendConnectEmail' && faults.has('i7-connect-email-to-lowercased') && typeof body.email?.to === 'string'
          ? { to: body.email.to.toLowerCase() }
          : {}),
        // connect-email-consumer-info-in-config: the consumer information sent copied into the e-mail configuration.
        // i19-connect-email-signature-blank-lines-dropped: the signature answered without its empty lines.
        ...(flow.operationId === 'SendConnectEmail' &&
        faults.has('i19-connect-email-signature-blank-lines-dropped') &&
        Array.isArray(body.email?.signature)
          ? { signature: body.email.signature.filter((line: unknown) => String(line).trim() !== '') }
          : {}),
        // seeded-fam24-joint-email-signature-lines-trimmed: the joint e-mail's signature lines answered trimmed.
        ...(flow.operationId === 'SendJointBorrowerConnectEmail' &&
        faults.has('seeded-fam24-joint-email-signature-lines-trimmed') &&
        Array.isArray(body.email?.signature)
          ? { signature: body.email.signature.map((line: unknown) => String(line).trim()) }
          : {}),
        ...(flow.operationId === 'SendConnectEmail' && faults.has('connect-email-consumer-info-in-config') && body.optionalConsumerInfo
          ? { consumer: { customerId: body.customerId, ...body.optionalConsumerInfo } }
          : {}),
        // rt2-connect-joint-email-from-lowercased: the joint e-mail answers its sender in lower case.
        ...(flow.operationId === 'SendJointBorrowerConnectEmail' &&
        faults.has('rt2-connect-joint-email-from-lowercased') &&
        typeof body.email?.from === 'string'
          ? { from: body.email.from.toLowerCase() }
          : {}),
        // rt-connect-joint-email-subject-trimmed: the joint e-mail answers its subject trimmed.
        ...(flow.operationId === 'SendJointBorrowerConnectEmail' &&
        faults.has('rt-connect-joint-email-subject-trimmed') &&
        typeof body.email?.subject === 'string'
          ? { subject: body.email.subject.trim() }
          : {}),
        // i9-connect-joint-email-ssn-in-config: the borrowers' consumer information copied into the e-mail configuration.
        ...(flow.operationId === 'SendJointBorrowerConnectEmail' &&
        faults.has('i9-connect-joint-email-ssn-in-config') &&
        Array.isArray(body.borrowers)
          ? { borrowers: body.borrowers.map((b: any) => ({ customerId: b.customerId, ...(b.optionalConsumerInfo ?? {}) })) }
          : {}),
      };
      return reply.code(200).send({ link: url, emailConfig });
    });
  }

  // provider 1.42.0: an experience copied for an indirect partner (200 with a new id); an id that
  // is none of the partner's experiences is refused as the Connect flows refuse it (400).
  if (ctx.contract.operations.has('CreateConnectExperience'))
    route(app, ctx, 'CreateConnectExperience', (input, reply) => {
      const source = EXPERIENCES.find((e) => e.id.toLowerCase() === String(input.path.experience_id).toLowerCase());
      if (!source) return fail(reply, 400, '"experience_id" must be the GUID of one of your experiences');
      const h = createHash('sha1').update(`${source.id}:${input.body.indirectPartnerId}`).digest('hex');
      return { experienceId: `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}` };
    });

  // FD-CONNECT-EXPERIENCES: by application name (required: the middleware checks only what is sent).
  route(app, ctx, 'GetAllExperience', (input, reply) => {
    const appName = input.query.appName as string | undefined;
    if (appName === undefined && !faults.has('connect-experiences-app-optional')) return fail(reply, 400, 'Missing parameter (appName)');
    // rt2-connect-experiences-app-name-prefix: the application name matched as a prefix.
    const named = (name: string) =>
      faults.has('rt2-connect-experiences-app-name-prefix') ? name.startsWith(String(appName)) : name === appName;
    const mine = EXPERIENCES.filter((e) => appName === undefined || named(e.appName));
    if (mine.length === 0 && !faults.has('connect-experiences-unknown-app-empty'))
      return fail(reply, 404, 'The requested experience could not be found for the external app name.');
    // Blind fault: only the first of the product codes asked for filters.
    const codes =
      input.query.productCode === undefined
        ? undefined
        : String(input.query.productCode)
            .split(',')
            .slice(0, faults.has('blind-connect-experiences-filter-first-code-only') ? 1 : undefined);
    const kept =
      codes && !faults.has('connect-experiences-filter-ignored')
        ? mine.filter((e) =>
            // i35-fd-connect-experiences-every-code-asked: an experience kept only when every one of its product codes was asked for.
            e.productCode[faults.has('i35-fd-connect-experiences-every-code-asked') ? 'every' : 'some']((c) =>
              // rt2-connect-experiences-product-code-prefix: a code kept when it begins with one asked for.
              faults.has('rt2-connect-experiences-product-code-prefix') ? codes.some((q) => c.startsWith(q)) : codes.includes(c),
            ),
          )
        : mine;
    return reply.code(200).send(kept);
  });
}
