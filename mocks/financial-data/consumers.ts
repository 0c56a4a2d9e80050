// Consumers (seed 002, Endpoints - Consumers): one per customer (409), found by customer or by id,
// modified field by field (unspecified fields unchanged); it outlives its customer as owner of
// reports (seed 002, Resources). Records show only the last four SSN digits (reference).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { route, sendError, type FdContext, type Input } from './middleware.js';
import { findConsumer, findCustomer, type Consumer, type ConsumerSeams } from './state.js';

/**
 * A consumer's record (seed 002, Resources - Consumer: all fields required on a record), its SSN
 * as its last four digits. A member the consumer was created without (provider 1.42.0 requires
 * only firstName, lastName and state on creation; 1.35.0 only leaves email optional) shows as an
 * empty string, and a birthday as an empty date.
 */
export function consumerRecord(c: Consumer, ssnShown?: string) {
  const digits = String(c.fields.ssn ?? '').replace(/-/g, '');
  return {
    address: '',
    city: '',
    zip: '',
    phone: '',
    birthday: {},
    ...c.fields,
    email: c.fields.email ?? '',
    id: c.id,
    customerId: Number(c.customerId),
    createdDate: c.createdDate,
    ssn: ssnShown ?? digits.slice(-4),
  };
}

export function registerConsumers(app: FastifyInstance, ctx: FdContext) {
  const { state: world, faults, clock } = ctx;
  const seams = faults.seams<ConsumerSeams>('consumers');
  /** The fields each consumer was created with (read only by the i10 faults of the readers). */
  const createdFields = new Map<string, Record<string, unknown>>();

  const view = (c: Consumer, unmasked = false) => {
    const digits = String(c.fields.ssn ?? '').replace(/-/g, '');
    const ssn =
      faults.has('consumer-ssn-unmasked') || unmasked
        ? digits
        : faults.has('consumer-ssn-first-four')
          ? digits.slice(0, 4)
          : // i33-fd-consumer-ssn-last-five: records show the SSN's last five digits.
            faults.has('i33-fd-consumer-ssn-last-five')
            ? digits.slice(-5)
            : digits.slice(-4);
    // provider 1.35.0: customerId is an integer on consumer records (consumerRecord).
    return consumerRecord(c, ssn);
  };
  const customerOf = ({ path, partner }: Input) => findCustomer(world, path.customerId, partner?.id);
  const byId = ({ path, partner }: Input) => findConsumer(world, path.consumerId, partner?.id);
  // i5-consumer-by-id-other-partner: GetConsumer alone looks the consumer up by its id only.
  const anyById = (input: Input) =>
    byId(input) ?? (faults.has('i5-consumer-by-id-other-partner') ? findConsumer(world, input.path.consumerId, undefined) : undefined);

  route(app, ctx, 'CreateConsumer', (input, reply) => {
    // i4-consumer-create-other-partner-customer: the customer found among every partner's.
    const customer =
      customerOf(input) ??
      (faults.has('i4-consumer-create-other-partner-customer') ? world.customers.get(input.path.customerId) : undefined);
    if (!customer && !faults.has('consumer-unknown-customer-created')) return sendError(ctx, reply, 404, 'Customer not found');
    const customerId = input.path.customerId;
    const existing = world.consumerOf.has(customerId);
    if (existing && !faults.has('duplicate-consumer-accepted')) {
      const held = world.consumers.get(world.consumerOf.get(customerId)!);
      // i6-consumer-refused-create-overwrites: the refused body is merged into the consumer already there.
      if (held && faults.has('i6-consumer-refused-create-overwrites')) held.fields = { ...held.fields, ...input.body };
      // i6-consumer-409-message-names-ssn: the refusal names the consumer already there by its SSN.
      // i30-fd-consumer-create-again-201-existing: a second creation answered 201 with the consumer already there (an idempotent create), not 409.
      if (held && faults.has('i30-fd-consumer-create-again-201-existing'))
        return reply.code(201).send({ id: held.id, createdDate: held.createdDate, customerId: Number(customerId) });
      if (held && faults.has('i6-consumer-409-message-names-ssn'))
        return sendError(ctx, reply, 409, `A consumer already exists for this customer (ssn ${String(held.fields.ssn)})`);
      return sendError(ctx, reply, 409, 'A consumer already exists for this customer');
    }
    const consumer: Consumer = {
      id: randomBytes(16).toString('hex'),
      customerId,
      partnerId: input.partner?.id ?? '',
      createdDate: faults.has('blind-consumer-created-millis') ? clock.nowMs() : clock.nowEpochSeconds(),
      fields: { ...input.body },
    };
    // i3-consumer-create-email-lowercased: the creation path alone stores the e-mail in lower case.
    // i21-consumer-create-email-plus-tag-dropped: the create path stores the e-mail without its +tag.
    if (faults.has('i21-consumer-create-email-plus-tag-dropped') && typeof consumer.fields.email === 'string')
      consumer.fields.email = consumer.fields.email.replace(/\+[^@]*@/, '@');
    // i5-consumer-create-address-trimmed: the create path trims and collapses the address and city.
    if (faults.has('i5-consumer-create-address-trimmed'))
      for (const key of ['address', 'city'])
        if (typeof consumer.fields[key] === 'string') consumer.fields[key] = String(consumer.fields[key]).trim().replace(/\s+/g, ' ');
    // seeded-consumer-create-phones-leading-zeros-dropped: the create path reads the phones and the end user's zip as numbers.
    if (faults.has('seeded-consumer-create-phones-leading-zeros-dropped')) {
      const digits = (v: unknown) => (typeof v === 'string' && /^\d+$/.test(v) ? String(Number(v)) : v);
      consumer.fields.phone = digits(consumer.fields.phone);
      const endUser = consumer.fields.endUser as Record<string, unknown> | undefined;
      if (endUser) consumer.fields.endUser = { ...endUser, zip: digits(endUser.zip), phone: digits(endUser.phone) };
    }
    // seeded-consumer-create-end-user-name-hyphen-stripped: the create path stores the end user's name without its hyphens.
    const endUserSent = consumer.fields.endUser as Record<string, unknown> | undefined;
    if (faults.has('seeded-consumer-create-end-user-name-hyphen-stripped') && typeof endUserSent?.name === 'string')
      consumer.fields.endUser = { ...endUserSent, name: endUserSent.name.replace(/-/g, '') };
    // i17-consumer-create-leap-day-birthday-shifted: a birthday on 29 February stored as 1 March (a date library's non-leap year).
    const born = consumer.fields.birthday as { month?: number; dayOfMonth?: number } | undefined;
    if (faults.has('i17-consumer-create-leap-day-birthday-shifted') && born?.month === 2 && born.dayOfMonth === 29)
      consumer.fields.birthday = { ...born, month: 3, dayOfMonth: 1 };
    if (faults.has('i3-consumer-create-email-lowercased') && typeof consumer.fields.email === 'string')
      consumer.fields.email = consumer.fields.email.toLowerCase();
    world.consumers.set(consumer.id, consumer);
    createdFields.set(consumer.id, { ...consumer.fields });
    if (!existing) world.consumerOf.set(customerId, consumer.id);
    // Fault: the creation answer echoes the SSN it was sent.
    const echo = faults.has('consumer-ssn-in-creation-answer') ? { ssn: String(input.body.ssn) } : {};
    return reply.code(201).send({ id: consumer.id, createdDate: consumer.createdDate, customerId: Number(customerId), ...echo });
  });
  route(app, ctx, 'GetConsumerForCustomer', (input, reply) => {
    // Fault: the customer-addressed route still answers once the customer is deleted.
    // i3-consumer-by-customer-other-partner: this reader finds the customer among every partner's.
    const reachable =
      customerOf(input) ||
      faults.has('deleted-customer-consumer-path') ||
      (faults.has('i3-consumer-by-customer-other-partner') && world.customers.has(input.path.customerId));
    const id = reachable && world.consumerOf.get(input.path.customerId);
    // i13-consumer-of-sibling-customer: a customer without a consumer answered the partner's latest consumer.
    const sibling =
      !id && customerOf(input) && faults.has('i13-consumer-of-sibling-customer')
        ? [...world.consumers.values()].filter((c) => c.partnerId === input.partner?.id).pop()
        : undefined;
    const current = id ? world.consumers.get(id) : sibling;
    // i10-consumer-by-customer-stale-after-modify: the by-customer read serves the fields as created.
    const consumer =
      current && faults.has('i10-consumer-by-customer-stale-after-modify')
        ? { ...current, fields: createdFields.get(current.id) ?? current.fields }
        : current;
    if (!consumer) return sendError(ctx, reply, 404, 'Consumer not found');
    // Fault: this reader alone renders the zip through a number.
    // i3-consumer-identity-documents-full-ssn: the record gains an identity document holding the whole SSN.
    // i17-consumer-by-customer-ssn-stale-after-modify: the by-customer read shows the last four of the SSN the consumer was created with.
    const createdSsn = createdFields.get(consumer.id)?.ssn;
    if (faults.has('i17-consumer-by-customer-ssn-stale-after-modify') && createdSsn !== undefined)
      return { ...view(consumer), ssn: String(createdSsn).replace(/-/g, '').slice(-4) };
    if (faults.has('i3-consumer-identity-documents-full-ssn'))
      return { ...view(consumer), identityDocuments: [{ type: 'SSN', value: String(consumer.fields.ssn).replace(/-/g, '') }] };
    // i5-consumer-by-customer-ssn-last-five: this reader shows five digits of the SSN.
    if (faults.has('i5-consumer-by-customer-ssn-last-five'))
      return { ...view(consumer), ssn: String(consumer.fields.ssn).replace(/-/g, '').slice(-5) };
    // i9-consumer-by-customer-birthday-day-early: the birthday read back through US Eastern time.
    const born = consumer.fields.birthday as { year?: number; month?: number; dayOfMonth?: number } | undefined;
    if (
      faults.has('i9-consumer-by-customer-birthday-day-early') &&
      born &&
      [born.year, born.month, born.dayOfMonth].every(Number.isInteger)
    ) {
      const d = new Date(Date.UTC(born.year!, born.month! - 1, born.dayOfMonth!) - 5 * 3600_000);
      return { ...view(consumer), birthday: { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, dayOfMonth: d.getUTCDate() } };
    }
    // i16-consumer-by-customer-created-date-ms: this reader gives createdDate in milliseconds.
    if (faults.has('i16-consumer-by-customer-created-date-ms'))
      return { ...view(consumer), createdDate: Number((view(consumer) as Record<string, unknown>).createdDate) * 1000 };
    if (faults.has('i11-consumer-by-customer-suffix-dropped')) {
      const { suffix: _suffix, ...rest } = view(consumer) as Record<string, unknown>;
      return rest;
    }
    // i12-consumer-by-customer-phone-digits-only: this reader strips the phone's separators.
    if (faults.has('i12-consumer-by-customer-phone-digits-only') && typeof consumer.fields.phone === 'string')
      return { ...view(consumer), phone: consumer.fields.phone.replace(/\D/g, '') };
    // i18-consumer-by-customer-email-dropped-when-unset: a consumer created without email is read here without the member.
    if (faults.has('i18-consumer-by-customer-email-dropped-when-unset') && consumer.fields.email === undefined) {
      const { email: _email, ...rest } = view(consumer) as Record<string, unknown>;
      return rest;
    }
    // i24-consumer-by-customer-ssn-last-five: the by-customer read keeps five digits of the SSN.
    if (faults.has('i24-consumer-by-customer-ssn-last-five') && consumer.fields.ssn !== undefined)
      return { ...view(consumer), ssn: String(consumer.fields.ssn).replace(/-/g, '').slice(-5) };
    // i25-consumer-by-customer-suffix-dropped: the by-customer read leaves the name suffix out.
    if (faults.has('i25-consumer-by-customer-suffix-dropped') && consumer.fields.suffix !== undefined) {
      const { suffix: _suffix, ...rest } = view(consumer) as Record<string, unknown>;
      return rest;
    }
    // i27-consumer-by-customer-customer-id-string: the by-customer read gives customerId as a string.
    if (faults.has('i27-consumer-by-customer-customer-id-string')) return { ...view(consumer), customerId: String(consumer.customerId) };
    return faults.has('telling-consumer-by-customer-zip-as-number')
      ? { ...view(consumer), zip: String(Number(consumer.fields.zip)) }
      : view(consumer);
  });
  route(app, ctx, 'GetConsumer', (input, reply) => {
    const consumer = anyById(input);
    // Blind fault: the by-id read forgets the masking.
    if (!consumer) return sendError(ctx, reply, 404, 'Consumer not found');
    // i7-consumer-by-id-gone-after-customer-delete: the by-id read joins the customer, gone once it is deleted.
    if (faults.has('i7-consumer-by-id-gone-after-customer-delete') && !world.customers.has(consumer.customerId))
      return sendError(ctx, reply, 404, 'Consumer not found');
    // i13-consumer-by-id-stale-after-modify: the by-id read serves the fields as created.
    const served =
      faults.has('i13-consumer-by-id-stale-after-modify') && createdFields.has(consumer.id)
        ? { ...consumer, fields: createdFields.get(consumer.id)! }
        : consumer;
    const shown = view(served, faults.has('blind-ssn-full-on-get-consumer'));
    // i21-consumer-by-id-suffix-uppercased: the by-id reader answers the name suffix in upper case.
    if (faults.has('i21-consumer-by-id-suffix-uppercased') && typeof (shown as Record<string, unknown>).suffix === 'string')
      return { ...shown, suffix: String((shown as Record<string, unknown>).suffix).toUpperCase() };
    // i16-consumer-by-id-ssn-first-four: the by-id read keeps the SSN's first four digits, not its last four.
    if (faults.has('i16-consumer-by-id-ssn-first-four') && served.fields.ssn !== undefined)
      shown.ssn = String(served.fields.ssn).replace(/-/g, '').slice(0, 4);
    // i10-consumer-by-id-ssn-of-creation: the by-id read masks the SSN the consumer was created with.
    const firstSsn = createdFields.get(consumer.id)?.ssn;
    if (faults.has('i10-consumer-by-id-ssn-of-creation') && firstSsn !== undefined)
      shown.ssn = String(firstSsn).replace(/-/g, '').slice(-4);
    // i7-consumer-by-id-created-date-of-customer: the by-id read gives the customer's createdDate.
    if (faults.has('i7-consumer-by-id-created-date-of-customer') && world.customers.has(consumer.customerId))
      shown.createdDate = world.customers.get(consumer.customerId)!.createdDate;
    // i36-fd-consumer-by-id-created-date-ms: the by-id read gives createdDate in epoch milliseconds.
    if (faults.has('i36-fd-consumer-by-id-created-date-ms')) shown.createdDate = Number(shown.createdDate) * 1000;
    // i4-consumer-by-id-birthday-month-zero-based: the by-id read gives the month counted from zero.
    // i15-consumer-by-id-email-of-customer: the by-id read joins the customer and shows its email for the consumer's.
    const owner = world.customers.get(consumer.customerId);
    if (faults.has('i15-consumer-by-id-email-of-customer') && owner?.email !== undefined)
      (shown as Record<string, unknown>).email = owner.email;
    // i12-consumer-by-id-city-uppercased: this reader answers the city in upper case.
    const city = (shown as Record<string, unknown>).city;
    if (faults.has('i12-consumer-by-id-city-uppercased') && typeof city === 'string')
      (shown as Record<string, unknown>).city = city.toUpperCase();
    // i18-consumer-by-id-created-date-string: the by-id read writes createdDate as a string.
    if (faults.has('i18-consumer-by-id-created-date-string')) return { ...shown, createdDate: String(shown.createdDate) };
    const birthday = (shown as Record<string, unknown>).birthday as { month?: number; dayOfMonth?: number } | undefined;
    // seeded-consumer-by-id-leap-day-birthday-march: the by-id read renders 29 February as 1 March.
    if (faults.has('seeded-consumer-by-id-leap-day-birthday-march') && birthday?.month === 2 && birthday.dayOfMonth === 29)
      return { ...shown, birthday: { ...birthday, month: 3, dayOfMonth: 1 } };
    // i20-consumer-by-id-birthday-day-month-swapped: the by-id reader swaps day and month when the day could be a month.
    if (
      faults.has('i20-consumer-by-id-birthday-day-month-swapped') &&
      typeof birthday?.month === 'number' &&
      typeof birthday.dayOfMonth === 'number' &&
      birthday.dayOfMonth <= 12 &&
      birthday.dayOfMonth !== birthday.month
    )
      return { ...shown, birthday: { ...birthday, month: birthday.dayOfMonth, dayOfMonth: birthday.month } };
    if (faults.has('i4-consumer-by-id-birthday-month-zero-based') && typeof birthday?.month === 'number')
      return { ...shown, birthday: { ...birthday, month: birthday.month - 1 } };
    // i22-consumer-by-id-address-spaces-collapsed: the by-id read collapses the runs of spaces inside the address.
    if (faults.has('i22-consumer-by-id-address-spaces-collapsed') && typeof (shown as Record<string, unknown>).address === 'string')
      return { ...shown, address: String((shown as Record<string, unknown>).address).replace(/\s{2,}/g, ' ') };
    // i25-consumer-by-id-zip-plus-four-cut: the by-id read gives a ZIP+4 code as its first five digits.
    const zipShown = (shown as Record<string, unknown>).zip;
    if (faults.has('i25-consumer-by-id-zip-plus-four-cut') && typeof zipShown === 'string' && zipShown.length > 5)
      return { ...shown, zip: zipShown.slice(0, 5) };
    // i25-consumer-by-id-city-uppercased: the by-id read writes the city in upper case.
    if (faults.has('i25-consumer-by-id-city-uppercased') && typeof (shown as Record<string, unknown>).city === 'string')
      return { ...shown, city: String((shown as Record<string, unknown>).city).toUpperCase() };
    return shown;
  });
  const orphan = (id: string) => {
    const c = world.consumers.get(id);
    return c && !world.customers.has(c.customerId) ? c : undefined;
  };
  route(app, ctx, 'ModifyConsumer', (input, reply) => {
    // i2-consumer-modify-other-partner: the consumer found by its id alone, whoever owns it.
    const own = byId(input);
    // seed 002, Resources - Consumer: the consumer outlives its customer, so its customer is not asked for (the state seam: the consumer written).
    const consumer =
      seams.state({ operationId: 'ModifyConsumer', customerGone: own !== undefined && !world.customers.has(own.customerId) }, own) ??
      (faults.has('i2-consumer-modify-other-partner') ? world.consumers.get(input.path.consumerId) : undefined) ??
      // i8-consumer-modify-orphan-any-partner: a consumer whose customer is gone is anyone's to modify.
      (faults.has('i8-consumer-modify-orphan-any-partner') ? orphan(input.path.consumerId) : undefined);
    // i38-fd-consumer-modify-foreign-404-but-applied: another partner's consumer is refused 404 after its fields were written.
    const foreignConsumer = world.consumers.get(input.path.consumerId);
    if (!consumer && foreignConsumer && faults.has('i38-fd-consumer-modify-foreign-404-but-applied')) {
      const { ssn: _s, ...written } = input.body;
      foreignConsumer.fields = { ...foreignConsumer.fields, ...written };
    }
    if (!consumer)
      return faults.has('blind-modify-unknown-consumer-204') ? reply.code(204).send() : sendError(ctx, reply, 404, 'Consumer not found');
    // The fault blanks the names the request did not give (unspecified fields must stay unchanged).
    const cleared = faults.has('consumer-modify-clears-fields') ? { firstName: '', lastName: '' } : {};
    const { email: _email, ssn: _ssn, ...kept } = input.body;
    // i28-fd-consumer-modify-phone-clears-email: a modification naming the phone and not the e-mail address stores the address empty.
    if (faults.has('i28-fd-consumer-modify-phone-clears-email') && kept.phone !== undefined && _email === undefined) kept.email = '';
    // i22-consumer-modify-address-clears-city: a modification naming the address stores it without the city it does not name.
    if (faults.has('i22-consumer-modify-address-clears-city') && kept.address !== undefined && kept.city === undefined) kept.city = '';
    // i30-fd-consumer-modify-suffix-cleared: a modification that does not name the suffix stores it empty.
    if (faults.has('i30-fd-consumer-modify-suffix-cleared') && kept.suffix === undefined) kept.suffix = '';
    const given: Record<string, unknown> = {
      ...kept,
      ...(faults.has('consumer-modify-ignores-email')
        ? {}
        : _email !== undefined
          ? { email: faults.has('i11-consumer-modify-email-lowercased') && typeof _email === 'string' ? _email.toLowerCase() : _email }
          : {}),
      ...(faults.has('consumer-ssn-stale-after-modify') ? {} : _ssn !== undefined ? { ssn: _ssn } : {}),
      ...(faults.has('i2-consumer-modify-zip-leading-zeros') && kept.zip !== undefined ? { zip: String(Number(kept.zip)) } : {}),
    };
    // i24-consumer-modify-email-plus-tag-dropped: a modified e-mail address stored without its +tag.
    if (faults.has('i24-consumer-modify-email-plus-tag-dropped') && typeof given.email === 'string' && /\+[^@]*@/.test(given.email))
      given.email = given.email.replace(/\+[^@]*@/, '@');
    // seeded-fam25-consumer-modify-birthday-day-month-swapped: a modified birthday stored with day and month swapped when the day could be a month.
    if (faults.has('seeded-fam25-consumer-modify-birthday-day-month-swapped')) {
      const b = given.birthday as { month?: unknown; dayOfMonth?: unknown } | undefined;
      if (typeof b?.month === 'number' && typeof b.dayOfMonth === 'number' && b.dayOfMonth <= 12)
        given.birthday = { ...b, month: b.dayOfMonth, dayOfMonth: b.month };
    }
    // Fault: string values stored with their spaces collapsed and trimmed.
    // i17-consumer-modify-name-apostrophe-stripped: a modification stores the names without their apostrophes.
    if (faults.has('i17-consumer-modify-name-apostrophe-stripped'))
      for (const key of ['firstName', 'lastName']) if (typeof given[key] === 'string') given[key] = String(given[key]).replace(/'/g, '');
    // seeded-fam26b-consumer-modify-city-ampersand-escaped: a modification stores the city HTML-escaped (& as &amp;).
    if (faults.has('seeded-fam26b-consumer-modify-city-ampersand-escaped') && typeof given.city === 'string')
      given.city = given.city.replace(/&/g, '&amp;');
    if (faults.has('model-consumer-modify-normalises-spaces'))
      for (const [key, value] of Object.entries(given)) if (typeof value === 'string') given[key] = value.trim().replace(/\s+/g, ' ');
    // seeded-consumer-modify-year-end-birthday-next-year: a new birthday on 31 December stored as 1 January of the next year.
    const newBirthday = given.birthday as { year?: number; month?: number; dayOfMonth?: number } | undefined;
    if (faults.has('seeded-consumer-modify-year-end-birthday-next-year') && newBirthday?.month === 12 && newBirthday.dayOfMonth === 31)
      given.birthday = { ...newBirthday, year: Number(newBirthday.year) + 1, month: 1, dayOfMonth: 1 };
    // i5-consumer-modify-birthday-day-kept: the new birthday keeps the old day of month.
    const oldBirthday = consumer.fields.birthday as Record<string, unknown> | undefined;
    if (faults.has('i5-consumer-modify-birthday-day-kept') && given.birthday && typeof given.birthday === 'object' && oldBirthday)
      given.birthday = { ...(given.birthday as object), dayOfMonth: oldBirthday.dayOfMonth };
    // i21-consumer-modify-state-clears-city: a new state sent without a city clears the city kept.
    if (faults.has('i21-consumer-modify-state-clears-city') && given.state !== undefined && given.city === undefined) given.city = '';
    // consumer-modify-rewrites-address: one part of the address sent rewrites the whole address, the parts not sent lost.
    const addressParts = ['address', 'city', 'state', 'zip'];
    if (faults.has('consumer-modify-rewrites-address') && addressParts.some((k) => given[k] !== undefined))
      for (const k of addressParts) if (given[k] === undefined) given[k] = '';
    // i16-consumer-modify-address-uppercased: the modification stores the street address in upper case.
    if (faults.has('i16-consumer-modify-address-uppercased') && typeof given.address === 'string')
      given.address = given.address.toUpperCase();
    // i16-consumer-modify-state-lowercased: the modification stores the state code in lower case.
    if (faults.has('i16-consumer-modify-state-lowercased') && typeof given.state === 'string') given.state = given.state.toLowerCase();
    // i29-fd-consumer-modify-phone-separators-dropped: a modified phone is stored with its separators dropped.
    if (faults.has('i29-fd-consumer-modify-phone-separators-dropped') && typeof given.phone === 'string')
      given.phone = given.phone.replace(/[^0-9+]/g, '');
    // i31-fd-consumer-modify-birthday-month-zero-based: the update stores the birthday month through a zero-based month (one less).
    const zeroBased = given.birthday as { month?: unknown } | undefined;
    if (faults.has('i31-fd-consumer-modify-birthday-month-zero-based') && typeof zeroBased?.month === 'number' && zeroBased.month > 1)
      given.birthday = { ...(given.birthday as object), month: zeroBased.month - 1 };
    // i34-fd-consumer-modify-city-uppercased: a modified city stored in upper case (a postal normaliser).
    if (faults.has('i34-fd-consumer-modify-city-uppercased') && typeof given.city === 'string') given.city = given.city.toUpperCase();
    // i37-fd-consumer-modify-birthday-year-two-digits: a modified birthday stored with a two-digit year.
    const newYear = given.birthday as { year?: unknown } | undefined;
    if (faults.has('i37-fd-consumer-modify-birthday-year-two-digits') && typeof newYear?.year === 'number')
      given.birthday = { ...(given.birthday as object), year: newYear.year % 100 };
    consumer.fields = { ...consumer.fields, ...cleared, ...given };
    // i33-fd-consumer-modify-birthday-dropped-when-absent: a modify without birthday drops the stored birthday.
    if (faults.has('i33-fd-consumer-modify-birthday-dropped-when-absent') && input.body.birthday === undefined)
      delete consumer.fields.birthday;
    // i25-consumer-modify-email-clears-phone: a modification naming the e-mail address but not the phone stores the phone empty.
    if (faults.has('i25-consumer-modify-email-clears-phone') && given.email !== undefined && given.phone === undefined)
      consumer.fields.phone = '';
    // i12-consumer-modify-drops-suffix: a modification without suffix removes it.
    if (faults.has('i12-consumer-modify-drops-suffix') && given.suffix === undefined) delete consumer.fields.suffix;
    // i32-fd-consumer-modify-drops-birthday: a modification without birthday removes the one on record.
    if (faults.has('i32-fd-consumer-modify-drops-birthday') && given.birthday === undefined) delete consumer.fields.birthday;
    // i38-fd-consumer-modify-answers-200: the modification answered 200 with an empty object, not 204.
    if (faults.has('i38-fd-consumer-modify-answers-200')) return reply.code(200).send({});
    return reply.code(204).send();
  });
}
