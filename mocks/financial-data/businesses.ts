// Businesses (seed 002, Endpoints - Businesses; Limits: 1 business per customer). Success is a
// 200; the seed documents only 404 and 409 for these operations. Shapes (provider 1.35.0): the
// record carries `businessId` and ISO dates without a zone; the two GET operations answer an
// array holding the one business, the POST and PUT the record itself.
import type { FastifyInstance } from 'fastify';
import { route, sendError, type FdContext, type Input } from './middleware.js';
import { findCustomer, type Business } from './state.js';

export function registerBusinesses(app: FastifyInstance, ctx: FdContext) {
  const { state: world, faults, clock } = ctx;
  const isoNoZone = () => new Date(clock.nowMs()).toISOString().slice(0, 19); // provider: NoZoneDateTime
  const own = (b: Business) => ({ businessId: b.id, createdDate: b.createdDate, modifiedDate: b.modifiedDate });
  // The record's id and dates are the mock's own, whatever the body sent (FD-OBJ-READ-ONLY); the fault lets the body's win.
  const view = (b: Business) => (faults.has('business-read-only-members-stored') ? { ...own(b), ...b.fields } : { ...b.fields, ...own(b) });
  /** What AddBusinessDetails stores; the fault drops the optional members (url, email, type, taxId). */
  const addedFields = (body: Record<string, unknown>) => {
    // Fault: a storage column of 100 characters, shorter than NewBusiness.name's maxLength.
    // seeded-business-add-name-hyphen-spaced: the name stored with its hyphens written as spaces.
    if (faults.has('seeded-business-add-name-hyphen-spaced') && typeof body.name === 'string')
      return { ...body, name: body.name.replace(/-/g, ' ') };
    if (faults.has('telling-business-add-name-cut') && typeof body.name === 'string') return { ...body, name: body.name.slice(0, 100) };
    if (!faults.has('business-add-drops-optional')) return { ...body };
    const { url: _u, email: _e, type: _t, taxId: _x, ...kept } = body;
    return kept;
  };
  /** i8-business-by-customer-shows-added-fields: the fields of each business as added. */
  const addedCopies = new Map<string, Record<string, unknown>>();
  /** i12-business-by-customer-stale-after-update: each business as it was before an update made while that fault is on. */
  const beforeUpdate = new Map<string, Record<string, unknown>>();
  const customerOf = ({ path, partner }: Input) => findCustomer(world, path.customer_id, partner?.id);
  // A business is its partner's, whether or not its customer is still there (seed 002, Errors 404:
  // another partner's object is not found for the caller; FD-OBJ-AFTER-DELETE). The fault keeps the
  // old reading: ownership through the customer, which a deleted customer no longer tells.
  const byId = ({ path, partner }: Input) => {
    const b = world.businesses.get(path.business_id);
    if (!b || !partner) return b;
    if (faults.has('business-owner-lost-with-customer')) {
      const owner = world.customers.get(b.customerId);
      return !owner || owner.partnerId === partner.id ? b : undefined;
    }
    return b.partnerId === partner.id ? b : undefined;
  };

  route(app, ctx, 'AddBusinessDetails', (input, reply) => {
    const customer = customerOf(input);
    if (!customer) return sendError(ctx, reply, 404, 'Customer not found');
    // Blind fault: uniqueness keyed on (customer, business name) instead of the customer alone.
    const sameKey = (b: Business) =>
      b.customerId === customer.id && (!faults.has('blind-business-unique-by-name') || b.fields.name === input.body.name);
    const mine = [...(world.businessesOf.get(customer.id) ?? [])].map((id) => world.businesses.get(id)!);
    const existing = mine.some(sameKey);
    // i28-fd-business-second-replaces: a second business of the customer replaces the first, answered 200, not 409.
    if (existing && faults.has('i28-fd-business-second-replaces')) {
      const first = mine.find(sameKey)!;
      first.fields = addedFields(input.body);
      first.modifiedDate = isoNoZone();
      return view(first);
    }
    if (existing && !faults.has('duplicate-business-accepted')) {
      // i26-business-refused-second-overwrites-name: the refused second business still renames the one on record (written before the uniqueness check).
      if (faults.has('i26-business-refused-second-overwrites-name') && typeof input.body.name === 'string')
        for (const b of mine) b.fields = { ...b.fields, name: input.body.name };
      // i33-fd-business-second-add-400: a customer's second business answered 400, not 409.
      if (faults.has('i33-fd-business-second-add-400')) return sendError(ctx, reply, 400, 'The customer already has a business');
      // i38-fd-business-refused-add-touches-modified: the refused second business still re-dates the one on record.
      if (faults.has('i38-fd-business-refused-add-touches-modified')) for (const b of mine) b.modifiedDate = isoNoZone();
      return sendError(ctx, reply, 409, 'The customer already has a business');
    }
    const now = isoNoZone();
    const business: Business = {
      id: world.nextId(),
      customerId: customer.id,
      partnerId: customer.partnerId,
      fields: addedFields(input.body),
      createdDate: now,
      modifiedDate: now,
    };
    // i3-business-add-url-lowercased: the add path alone stores the url lower-cased (the update keeps it).
    // seeded-fam26b-business-add-city-angles-escaped: a new business's address city stored with < and > as &lt; and &gt;.
    const addedAddress = business.fields.address as Record<string, unknown> | undefined;
    if (faults.has('seeded-fam26b-business-add-city-angles-escaped') && typeof addedAddress?.city === 'string')
      business.fields = {
        ...business.fields,
        address: { ...addedAddress, city: addedAddress.city.replace(/</g, '&lt;').replace(/>/g, '&gt;') },
      };
    if (faults.has('i3-business-add-url-lowercased') && typeof business.fields.url === 'string')
      business.fields = { ...business.fields, url: business.fields.url.toLowerCase() };
    // i6-business-add-taxid-leading-zeros-dropped: the add path stores taxId through a number.
    if (
      faults.has('i6-business-add-taxid-leading-zeros-dropped') &&
      typeof business.fields.taxId === 'string' &&
      /^\d+$/.test(business.fields.taxId)
    )
      business.fields = { ...business.fields, taxId: String(Number(business.fields.taxId)) };
    // i8-business-by-customer-shows-added-fields: a copy of the fields as added (kept while that fault is on).
    if (faults.has('i8-business-by-customer-shows-added-fields')) addedCopies.set(business.id, { ...business.fields });
    world.businesses.set(business.id, business);
    world.businessesOf.set(customer.id, (world.businessesOf.get(customer.id) ?? new Set()).add(business.id));
    // i31-fd-business-add-answers-201: a new business answered 201 Created, not the documented 200.
    if (faults.has('i31-fd-business-add-answers-201')) return reply.code(201).send(view(business));
    // i32-fd-business-add-answered-201: the creation answered 201 Created, not the 200 the contract lists.
    if (faults.has('i32-fd-business-add-answered-201')) return reply.code(201).send(view(business));
    return view(business);
  });
  route(app, ctx, 'GetBusinessByCustomer', (input, reply) => {
    // i14-business-by-customer-other-partner: the by-customer read finds the customer whatever its partner.
    const customer =
      customerOf(input) ?? (faults.has('i14-business-by-customer-other-partner') ? world.customers.get(input.path.customer_id) : undefined);
    // Fault: the customer-addressed route still answers once the customer is deleted.
    const owner = customer?.id ?? (faults.has('deleted-customer-business-path') ? input.path.customer_id : undefined);
    const firstId = owner ? [...(world.businessesOf.get(owner) ?? [])][0] : undefined;
    const business = firstId ? world.businesses.get(firstId) : undefined;
    // i26-business-by-customer-none-200-empty: a customer without a business answered 200 with an empty list, not 404.
    if (!business && customer && faults.has('i26-business-by-customer-none-200-empty')) return [];
    if (!business) return sendError(ctx, reply, 404, 'Business not found');
    if (faults.has('i12-business-by-customer-stale-after-update') && beforeUpdate.has(business.id)) return [beforeUpdate.get(business.id)];
    const copy = faults.has('i8-business-by-customer-shows-added-fields') ? addedCopies.get(business.id) : undefined;
    const shown: Record<string, unknown> = copy ? { ...copy, ...own(business) } : view(business);
    if (faults.has('i2-business-by-customer-email-lowercased') && typeof shown.email === 'string') shown.email = shown.email.toLowerCase();
    // i21-business-by-customer-url-path-lowercased: the by-customer read answers the url lower-cased, its path too.
    if (faults.has('i21-business-by-customer-url-path-lowercased') && typeof shown.url === 'string') shown.url = shown.url.toLowerCase();
    // i24-business-by-customer-name-accents-stripped: the by-customer read answers the name without its accents.
    if (faults.has('i24-business-by-customer-name-accents-stripped') && typeof shown.name === 'string')
      shown.name = shown.name.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    // i15-business-by-customer-modified-date-now: the by-customer read dates the last change at the time of the read.
    // i29-fd-business-by-customer-phone-country-plus: the by-customer read writes the phone's country code with a plus sign.
    const phone = shown.phoneNumber as { countryCode?: unknown } | undefined;
    if (
      faults.has('i29-fd-business-by-customer-phone-country-plus') &&
      typeof phone?.countryCode === 'string' &&
      !phone.countryCode.startsWith('+')
    )
      shown.phoneNumber = { ...phone, countryCode: `+${phone.countryCode}` };
    if (faults.has('i15-business-by-customer-modified-date-now')) shown.modifiedDate = isoNoZone();
    // i38-fd-business-by-customer-listed-twice: the by-customer read joins the business twice (once per address row).
    if (faults.has('i38-fd-business-by-customer-listed-twice')) return [shown, { ...shown }];
    return [shown];
  });
  route(app, ctx, 'UpdateBusiness', (input, reply) => {
    // i3-business-update-other-partner: the update finds the business by its id alone.
    const business =
      byId(input) ?? (faults.has('i3-business-update-other-partner') ? world.businesses.get(input.path.business_id) : undefined);
    // i27-business-update-other-partner-404-but-applied: another partner's business is refused 404 but its fields are replaced.
    const foreignBusiness = world.businesses.get(input.path.business_id);
    if (!business && foreignBusiness && faults.has('i27-business-update-other-partner-404-but-applied'))
      foreignBusiness.fields = { ...input.body };
    // i36-fd-business-update-unknown-200: an unknown business id is answered 200 with the body echoed (an upsert that stores nothing).
    if (!business && !foreignBusiness && faults.has('i36-fd-business-update-unknown-200'))
      return reply.code(200).send({ ...input.body, businessId: input.path.business_id });
    // i38-fd-business-update-unknown-400: an unknown business id answered 400, not 404.
    if (!business && faults.has('i38-fd-business-update-unknown-400')) return sendError(ctx, reply, 400, 'Invalid business id');
    if (!business) return sendError(ctx, reply, 404, 'Business not found');
    // i10-business-update-answer-stale: the update answers the record as it was before the update.
    const before = faults.has('i10-business-update-answer-stale') ? view(business) : undefined;
    if (faults.has('i12-business-by-customer-stale-after-update') && !beforeUpdate.has(business.id))
      beforeUpdate.set(business.id, view(business));
    if (!faults.has('business-update-ignored')) {
      const previous = business.fields;
      business.fields = faults.has('business-update-ignores-address')
        ? { ...input.body, address: business.fields.address }
        : { ...input.body };
      // i20-business-update-url-trailing-slash-added: the update stores the url with a slash added at its end.
      if (
        faults.has('i20-business-update-url-trailing-slash-added') &&
        typeof business.fields.url === 'string' &&
        !business.fields.url.endsWith('/')
      )
        business.fields = { ...business.fields, url: `${business.fields.url}/` };
      // Fault: the name stored trimmed.
      // i7-business-update-personally-liable-kept: the update keeps the personallyLiable value added.
      if (faults.has('i7-business-update-personally-liable-kept') && previous.personallyLiable !== undefined)
        business.fields.personallyLiable = previous.personallyLiable;
      // seeded-business-update-type-apostrophe-stripped: the update stores the business type without its apostrophes.
      if (faults.has('seeded-business-update-type-apostrophe-stripped') && typeof business.fields.type === 'string')
        business.fields.type = business.fields.type.replace(/'/g, '');
      if (faults.has('model-business-update-trims-name') && typeof business.fields.name === 'string')
        business.fields.name = business.fields.name.trim();
      // Fault: the update path trims the name and collapses its inner spaces.
      if (faults.has('telling-business-update-name-spaces-collapsed') && typeof business.fields.name === 'string')
        business.fields.name = business.fields.name.trim().replace(/\s+/g, ' ');
      // i5-business-update-taxid-dashes-stripped: the update path stores taxId without its dashes.
      if (faults.has('i5-business-update-taxid-dashes-stripped') && typeof business.fields.taxId === 'string')
        business.fields = { ...business.fields, taxId: business.fields.taxId.replace(/-/g, '') };
      // i17-business-update-phone-country-plus: an update stores the phone's country calling code with a plus sign.
      const phone = business.fields.phoneNumber as Record<string, unknown> | undefined;
      if (faults.has('i17-business-update-phone-country-plus') && typeof phone?.countryCode === 'string')
        business.fields = { ...business.fields, phoneNumber: { ...phone, countryCode: `+${phone.countryCode}` } };
      // i21-business-update-name-ampersand-escaped: the update stores the name HTML-escaped (& as &amp;).
      // i23-business-update-phone-spaces-removed: an update stores the phone number without its spaces.
      if (faults.has('i23-business-update-phone-spaces-removed') && typeof phone?.phoneNo === 'string')
        business.fields = { ...business.fields, phoneNumber: { ...phone, phoneNo: phone.phoneNo.replace(/ /g, '') } };
      if (faults.has('i21-business-update-name-ampersand-escaped') && typeof business.fields.name === 'string')
        business.fields = { ...business.fields, name: business.fields.name.replace(/&/g, '&amp;') };
      // i33-fd-business-update-phone-flattened: an updated phoneNumber stored as one string.
      const updatedPhone = business.fields.phoneNumber as Record<string, unknown> | undefined;
      if (faults.has('i33-fd-business-update-phone-flattened') && typeof updatedPhone === 'object' && updatedPhone !== null)
        business.fields = {
          ...business.fields,
          phoneNumber: `+${String(updatedPhone.countryCode ?? '')} ${String(updatedPhone.phoneNo ?? '')}`,
        };
      business.modifiedDate = isoNoZone();
      // i34-fd-business-update-modified-date-kept: an update leaves modifiedDate at the business's creation.
      if (faults.has('i34-fd-business-update-modified-date-kept')) business.modifiedDate = business.createdDate;
      // i27-business-update-modified-date-eastern: the update dates the change in US Eastern wall time (five hours behind), without a zone.
      if (faults.has('i27-business-update-modified-date-eastern'))
        business.modifiedDate = new Date(clock.nowMs() - 5 * 3600_000).toISOString().slice(0, 19);
      // i13-business-update-moves-created-date: the update re-dates the business's creation.
      if (faults.has('i13-business-update-moves-created-date')) business.createdDate = business.modifiedDate;
    }
    // seeded-prop-business-update-answer-created-now: the answer dates the business's creation at the update; the store keeps its date.
    if (!before && faults.has('seeded-prop-business-update-answer-created-now'))
      return { ...view(business), createdDate: business.modifiedDate };
    // i25-business-update-answer-email-dropped: the update answers the record without its e-mail address (stored all the same).
    if (!before && faults.has('i25-business-update-answer-email-dropped')) {
      const { email: _email, ...rest } = view(business) as Record<string, unknown>;
      return rest;
    }
    // i38-fd-business-update-answer-modified-ahead: the update answers a modifiedDate a minute later than the one it stores.
    if (!before && faults.has('i38-fd-business-update-answer-modified-ahead'))
      return { ...view(business), modifiedDate: new Date(clock.nowMs() + 60_000).toISOString().slice(0, 19) };
    return before ?? view(business);
  });
  /** i4-business-by-id-cached: the first answer of GetBusinessById per business (kept while that fault is on). */
  const readCache = new Map<string, Record<string, unknown>>();
  route(app, ctx, 'GetBusinessById', (input, reply) => {
    // i10-business-by-id-other-partner: the by-id read finds the business by its id alone.
    const business =
      byId(input) ?? (faults.has('i10-business-by-id-other-partner') ? world.businesses.get(input.path.business_id) : undefined);
    if (business && faults.has('i4-business-by-id-cached')) {
      if (!readCache.has(business.id)) readCache.set(business.id, view(business));
      return [readCache.get(business.id)];
    }
    // i25-business-by-id-phone-country-dropped: the by-id read answers the phone number without its country calling code.
    const phoneShown = business?.fields.phoneNumber as Record<string, unknown> | undefined;
    if (business && faults.has('i25-business-by-id-phone-country-dropped') && phoneShown?.countryCode !== undefined) {
      const { countryCode: _cc, ...phoneRest } = phoneShown;
      return [{ ...view(business), phoneNumber: phoneRest }];
    }
    // i14-business-by-id-name-trimmed: the by-id read trims the name and collapses its inner spaces.
    if (business && faults.has('i14-business-by-id-name-trimmed')) {
      const shown: Record<string, unknown> = view(business);
      return [typeof shown.name === 'string' ? { ...shown, name: shown.name.trim().replace(/\s+/g, ' ') } : shown];
    }
    if (business && faults.has('i11-business-by-id-url-trailing-slash-dropped')) {
      const shown: Record<string, unknown> = view(business);
      return [typeof shown.url === 'string' ? { ...shown, url: shown.url.replace(/\/+$/, '') } : shown];
    }
    // i17-business-by-id-postal-code-zip5: the by-id read cuts a ZIP+4 postal code to its first five digits.
    const address = business?.fields.address as Record<string, unknown> | undefined;
    if (business && faults.has('i17-business-by-id-postal-code-zip5') && typeof address?.postalCode === 'string')
      return [{ ...view(business), address: { ...address, postalCode: address.postalCode.slice(0, 5) } }];
    // i18-business-by-id-name-html-escaped: the by-id read escapes the name for HTML.
    const named: Record<string, unknown> | undefined = business ? view(business) : undefined;
    if (named && faults.has('i18-business-by-id-name-html-escaped') && typeof named.name === 'string')
      return [
        {
          ...named,
          name: named.name
            .replace(/&/g, '&amp;')
            .replace(/'/g, '&#39;')
            .replace(/"/g, '&quot;')
            .replace(/</g, '&lt;')
            .replace(/>/g, '&gt;'),
        },
      ];
    // i22-business-by-id-ampersand-as-and: the by-id read writes an ampersand in the name as "and".
    if (named && faults.has('i22-business-by-id-ampersand-as-and') && typeof named.name === 'string' && named.name.includes('&'))
      return [{ ...named, name: named.name.replace(/\s*&\s*/g, ' and ') }];
    // i23-business-by-id-country-uppercased: the by-id reader writes the address's country code in upper case.
    if (business && faults.has('i23-business-by-id-country-uppercased') && typeof address?.country === 'string')
      return [{ ...view(business), address: { ...address, country: address.country.toUpperCase() } }];
    // i38-fd-business-by-id-dates-zoned: the by-id read writes its dates with a UTC zone designator.
    if (business && faults.has('i38-fd-business-by-id-dates-zoned'))
      return [{ ...view(business), createdDate: `${business.createdDate}Z`, modifiedDate: `${business.modifiedDate}Z` }];
    return business ? [view(business)] : sendError(ctx, reply, 404, 'Business not found');
  });
}
