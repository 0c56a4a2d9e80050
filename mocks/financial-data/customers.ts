// Customers (seed 002, Endpoints - Customers): add testing / active, list and search, get (with
// application data), modify, delete. Usernames are unique per partner (409).
import type { FastifyInstance } from 'fastify';
import { route, sendError, type FdContext, type Input } from './middleware.js';
import { defaultLimit, page, type Sliceable } from './paging.js';
import { testingQuotaRefusal } from './stand-in-limits.js';
import { customerCandidates, findCustomer, usernameKey, type Customer } from './state.js';
import { rangeOf } from '../../helpers/contract/facts.js';

/** A customer record; dates as digit strings, as the provider serialises them (StringUnixDate). */
export function customerView(c: Customer) {
  const view: Record<string, unknown> = { id: c.id, username: c.username, type: c.type, createdDate: String(c.createdDate) };
  for (const key of ['firstName', 'lastName', 'phone', 'email', 'applicationId'] as const) if (c[key] !== undefined) view[key] = c[key];
  return view;
}

/** Seed 002, Customers: search matches the username, or any combination of firstName and lastName. */
function matches(c: Customer, search: string, withEmail = false): boolean {
  const text = search.trim().toLowerCase();
  if (c.username.toLowerCase().includes(text)) return true;
  // i25-customers-search-matches-email: the search also looks into the e-mail address.
  if (withEmail && (c.email ?? '').toLowerCase().includes(text)) return true;
  const names = [c.firstName ?? '', c.lastName ?? ''].map((n) => n.toLowerCase());
  return text.split(/\s+/).every((word) => names.some((n) => n.includes(word)));
}

export function registerCustomers(app: FastifyInstance, ctx: FdContext) {
  const { state: world, faults, clock } = ctx;
  /** seed 002, Limits: the largest page (the contract's PageLimit); a fault serves it when no limit is asked. */
  const PAGE_MAX = rangeOf(ctx.contract, 'PageLimit').max!;
  // Blind faults: customers deleted while a "still visible" fault is on, kept for that reader.
  const ghosts = world.faultMemory.deletedCustomers;
  /** i10-customer-delete-again-204: the ids deleted while that fault is on, with their partner. */
  const deletedIds = new Map<string, string>();
  /** i11-customer-modify-after-delete-204: the ids deleted while that fault is on, with their partner. */
  const deletedForModify = new Map<string, string>();
  /** seeded-prop-modify-deleted-customer-revives: the customers deleted while that fault is on. */
  const deletedToRevive = new Map<string, Customer>();
  /** Names at creation: the fault 'app-view-stale-names' shows them in the application view after a modify. */
  const createdNames = world.faultMemory.createdNames;
  /** i12-customers-username-filter-lists-deleted: the customers deleted while that fault is on. */
  const deletedForFilter: Customer[] = [];
  /** The partner's customer of the path, or undefined (404). */
  const own = ({ path, partner }: Input) => findCustomer(world, path.customerId ?? path.customer_id, partner?.id);

  const add =
    (type: Customer['type']) =>
    ({ body, partner }: Input, reply: any) => {
      const partnerId = partner?.id ?? '';
      // i4-customer-username-unique-across-partners: the username checked against every partner's customers.
      const taken =
        world.usernames.has(usernameKey(partnerId, body.username)) ||
        (faults.has('i4-customer-username-unique-across-partners') &&
          [...world.customers.values()].some((c) => c.username === body.username));
      const checked = !(type === 'testing' && faults.has('blind-testing-duplicate-username'));
      if (taken && checked && !faults.has('duplicate-username-accepted')) {
        // Fault: the refused customer is stored all the same (listed and searched, under a new id).
        if (faults.has('refused-customer-stored')) {
          const ghost: Customer = { id: world.nextId(), partnerId, type, createdDate: clock.nowEpochSeconds(), ...pick(body) };
          world.customers.set(ghost.id, ghost);
        }
        // i26-customer-refused-duplicate-renames-existing: the refused create still writes its names onto the customer holding the username (an upsert before the unique check).
        if (faults.has('i26-customer-refused-duplicate-renames-existing')) {
          const holder = world.customers.get(world.usernames.get(usernameKey(partnerId, body.username)) ?? '');
          if (holder && body.firstName !== undefined) holder.firstName = body.firstName;
          if (holder && body.lastName !== undefined) holder.lastName = body.lastName;
        }
        // i37-fd-customer-refused-duplicate-changes-type: a refused add on the other path turns the holder of the username into that kind.
        if (faults.has('i37-fd-customer-refused-duplicate-changes-type')) {
          const holder = world.customers.get(world.usernames.get(usernameKey(partnerId, body.username)) ?? '');
          if (holder) holder.type = type;
        }
        return sendError(ctx, reply, 409, 'A customer with this username already exists');
      }
      // Stand-in mode only (stand-in-limits.ts; the plain mock has no quota: benchmarks create 50,000
      // customers): provider Test the APIs page: a partner enrolls a quota of testing customers (x-limits); a
      // deleted one frees its place. The 400 in {code, message} is our assumption: the provider
      // document names no status for this refusal.
      const overQuota = ctx.standIn && type === 'testing' ? testingQuotaRefusal(ctx, partnerId) : undefined;
      if (overQuota) return sendError(ctx, reply, 400, overQuota);
      const id = world.nextId();
      const actual = faults.has('active-created-as-testing') ? 'testing' : type;
      const customer: Customer = {
        id,
        partnerId,
        type: actual,
        createdDate: faults.has('customer-created-date-ms') ? clock.nowMs() : clock.nowEpochSeconds(),
        ...pick(body),
        // seeded-prop-active-customer-application-dropped: AddCustomer keeps no application the body names.
        ...(type === 'active' && faults.has('seeded-prop-active-customer-application-dropped') ? { applicationId: undefined } : {}),
        // seeded-customer-active-dates-from-body: AddCustomer stores the body's dates as sent.
        ...(type === 'active' && faults.has('seeded-customer-active-dates-from-body') ? ownMembersSent(body) : {}),
      };
      // seeded-fam26b-customer-create-last-name-quotes-escaped: a new customer's last name stored with its double quotes as &quot;.
      if (faults.has('seeded-fam26b-customer-create-last-name-quotes-escaped') && typeof customer.lastName === 'string')
        customer.lastName = customer.lastName.replace(/"/g, '&quot;');
      // i3-customer-phone-digits-only: the active path alone keeps the phone's digits only.
      if (type === 'active' && faults.has('i3-customer-phone-digits-only') && typeof customer.phone === 'string')
        customer.phone = customer.phone.replace(/\D/g, '');
      createdNames.set(id, { firstName: customer.firstName, lastName: customer.lastName });
      world.customers.set(id, customer);
      if (!taken) world.usernames.set(usernameKey(partnerId, body.username), id);
      // i24-customer-active-create-username-dots-dropped: the active path answers the username without its dots (stored as sent).
      const answered =
        type === 'active' && faults.has('i24-customer-active-create-username-dots-dropped')
          ? String(customer.username).replace(/\./g, '')
          : // i25-customer-testing-create-username-lowercased: the testing path answers the username in lower case (stored as sent).
            type === 'testing' && faults.has('i25-customer-testing-create-username-lowercased')
            ? String(customer.username).toLowerCase()
            : customer.username;
      return reply.code(faults.has('created-status-200') ? 200 : 201).send({
        id,
        username: answered,
        // i34-fd-customer-create-date-ms: the creation answers its date in epoch milliseconds; the record keeps seconds.
        createdDate: faults.has('i34-fd-customer-create-date-ms') ? `${String(customer.createdDate)}000` : customer.createdDate,
      });
    };
  route(app, ctx, 'AddTestingCustomer', add('testing'));
  route(app, ctx, 'AddCustomer', add('active'));

  const pageSize = defaultLimit(ctx.contract, 'GetCustomers');
  route(app, ctx, 'GetCustomers', ({ query, partner }) => {
    const asked = query.username !== undefined && !faults.has('blind-username-filter-ignored') ? String(query.username) : undefined;
    // Seeded fault: the username asked is trimmed before the lookup (provider: an exact match).
    const username = asked !== undefined && faults.has('customers-username-filter-trimmed') ? asked.trim() : asked;
    // provider 1.35.0: an empty type lists every kind of customer.
    const searched = query.search !== undefined && query.search.trim() !== '' && !faults.has('customer-search-ignored');
    // i6-customer-search-drops-type-filter: a search leaves the type filter out.
    // seeded-customers-search-later-page-type-dropped: the same on a page after the first only.
    const typeDropped =
      searched &&
      (faults.has('i6-customer-search-drops-type-filter') ||
        (faults.has('seeded-customers-search-later-page-type-dropped') && Number(query.start ?? 1) > 1));
    // i10-customers-type-ignored-with-username: with a username the type filter is dropped.
    const typeWithUsername = query.username !== undefined && faults.has('i10-customers-type-ignored-with-username');
    const type = query.type && !faults.has('type-filter-ignored') && !typeDropped && !typeWithUsername ? String(query.type) : undefined;
    const match = (c: Customer) =>
      // i32-fd-customers-search-first-word-only: a search of several words matched on its first word alone.
      faults.has('i32-fd-customers-search-first-word-only') && /\s/.test(String(query.search).trim())
        ? matches(c, String(query.search).trim().split(/\s+/)[0])
        : // i20-customers-search-names-in-order-only: a search of several words matches the names only in the order first last.
          faults.has('i20-customers-search-names-in-order-only') && /\s/.test(String(query.search).trim())
          ? c.username.toLowerCase().includes(String(query.search).trim().toLowerCase()) ||
            `${c.firstName ?? ''} ${c.lastName ?? ''}`.toLowerCase().includes(String(query.search).trim().toLowerCase())
          : matches(
              // Faults: the search reads the names the customer was created with; no name at all (a
              // search text is never empty, and no word of it is in an empty name); no last name.
              faults.has('model-search-uses-created-names')
                ? { ...c, ...createdNames.get(c.id) }
                : faults.has('search-by-name-broken')
                  ? { ...c, firstName: undefined, lastName: undefined }
                  : faults.has('blind-search-ignores-last-name')
                    ? { ...c, lastName: undefined }
                    : c,
              query.search,
              faults.has('i25-customers-search-matches-email'),
            );
    let list: Sliceable<Customer>;
    if (faults.has('blind-deleted-customer-still-listed'))
      // blind-deleted-customer-still-listed: customers deleted while it is on are still listed.
      list = [...world.customers.values(), ...ghosts].filter(
        (c) =>
          (!partner || c.partnerId === partner.id) &&
          (username === undefined || c.username === username) &&
          (type === undefined || c.type === type) &&
          (!searched || match(c)),
      );
    else {
      // The store's indexes (state.ts) give the partner's customers of that username and type, and
      // with a search only those its sequences can match, in creation order. The front has
      // answered 401 to a request without a partner's token.
      const partnerId = partner?.id ?? '';
      const candidates = customerCandidates(world, {
        partnerId,
        username,
        type,
        // i32-fd-customers-search-first-word-only: every customer read, the match below judging the first word alone.
        search: searched && !faults.has('i32-fd-customers-search-first-word-only') ? query.search : undefined,
      });
      list = !searched ? candidates : (Array.isArray(candidates) ? candidates : candidates.all()).filter(match);
      // i28-fd-customers-username-caseless: the username filter compares without case (the provider's is an exact match).
      if (faults.has('i28-fd-customers-username-caseless') && username !== undefined)
        list = [...world.customers.values()].filter(
          (c) =>
            c.partnerId === partnerId &&
            String(c.username).toLowerCase() === username.toLowerCase() &&
            (type === undefined || c.type === type) &&
            (!searched || match(c)),
        );
      // i25-customers-search-matches-email: the search reads every customer of the partner (the e-mail address is in no index).
      if (searched && faults.has('i25-customers-search-matches-email'))
        list = [...world.customers.values()].filter(
          (c) => c.partnerId === partnerId && (type === undefined || c.type === type) && match(c),
        );
    }
    // i3-customer-username-filter-case-insensitive: the username filter ignores case.
    if (username !== undefined && faults.has('i3-customer-username-filter-case-insensitive'))
      list = [...world.customers.values()].filter(
        (c) =>
          (!partner || c.partnerId === partner.id) &&
          c.username.toLowerCase() === username.toLowerCase() &&
          (type === undefined || c.type === type) &&
          (!searched || match(c)),
      );
    // i30-fd-customers-username-filter-prefix: the username filter lists every customer whose username starts with the value.
    if (faults.has('i30-fd-customers-username-filter-prefix') && username !== undefined)
      list = [...world.customers.values()].filter(
        (c) => (!partner || c.partnerId === partner.id) && c.username.startsWith(username) && (type === undefined || c.type === type),
      );
    if (!searched && faults.has('no-search-returns-none') && query.username === undefined) list = [];
    // i31-fd-customers-search-any-word: a search text of several words finds the customers matching any one of them, not all.
    // (The words are split inside the fault's condition, so that a fault-free run never computes them.)
    const words = faults.has('i31-fd-customers-search-any-word') && searched ? String(query.search).trim().toLowerCase().split(/\s+/) : [];
    if (words.length > 1)
      list = [...world.customers.values()].filter(
        (c) =>
          (!partner || c.partnerId === partner.id) &&
          (type === undefined || c.type === type) &&
          words.some((w) =>
            [c.username, c.firstName, c.lastName].some((v) =>
              String(v ?? '')
                .toLowerCase()
                .includes(w),
            ),
          ),
      );
    // i12-customers-username-filter-lists-deleted: the username filter also finds a deleted customer.
    if (username !== undefined && faults.has('i12-customers-username-filter-lists-deleted'))
      list = [
        ...list.slice(0, list.length),
        ...deletedForFilter.filter(
          (c) => (!partner || c.partnerId === partner.id) && c.username === username && !world.customers.has(c.id),
        ),
      ];
    // i7-customers-search-two-names-fixed-order: several words match only as the first name then the last name.
    if (faults.has('i7-customers-search-two-names-fixed-order') && searched && /\S\s+\S/.test(String(query.search).trim())) {
      const text = String(query.search).trim().toLowerCase().replace(/\s+/g, ' ');
      list = list
        .slice(0, list.length)
        .filter(
          (c: Customer) =>
            c.username.toLowerCase().includes(text) || `${c.firstName ?? ''} ${c.lastName ?? ''}`.toLowerCase().includes(text),
        );
    }
    // i5-customers-username-filter-prefix: the username filter matches a prefix.
    if (username !== undefined && faults.has('i5-customers-username-filter-prefix'))
      list = [...world.customers.values()].filter(
        (c) =>
          (!partner || c.partnerId === partner.id) &&
          c.username.startsWith(username) &&
          (type === undefined || c.type === type) &&
          (!searched || match(c)),
      );
    const requested = faults.has('default-limit-unapplied') && query.limit === undefined ? { ...query, limit: PAGE_MAX } : query;
    // i26-customers-limit-capped-at-default: a limit above the default page size served as the default (an undocumented cap of the list's page).
    const paged =
      faults.has('i26-customers-limit-capped-at-default') && Number(requested.limit) > pageSize
        ? { ...requested, limit: pageSize }
        : requested;
    const { slice: cut, ...counts } = page(list, paged, pageSize, faults.has('start-ignored'), faults);
    // i10-customers-start-past-end-last-page: a start past the end answers the last page again.
    const size = paged.limit ?? pageSize;
    const later = Number(paged.start ?? 1) > 1;
    const slice =
      faults.has('i10-customers-start-past-end-last-page') && cut.length === 0 && list.length > 0
        ? list.slice(Math.floor((list.length - 1) / size) * size, list.length)
        : // i25-customers-later-page-starts-one-early: a page after the first starts at the last record of the page before it.
          later && faults.has('i25-customers-later-page-starts-one-early') && cut.length > 0
          ? list.slice((Number(paged.start) - 1) * size - 1, (Number(paged.start) - 1) * size - 1 + cut.length)
          : cut;
    if (slice !== cut) counts.displaying = slice.length;
    // i16-customers-found-is-one-with-limit-one: a page of one record counts one record found.
    if (Number(paged.limit) === 1 && faults.has('i16-customers-found-is-one-with-limit-one')) counts.found = slice.length;
    // i7-customers-displaying-is-limit: displaying gives the limit, not the records of the page.
    if (faults.has('i7-customers-displaying-is-limit')) counts.displaying = paged.limit ?? pageSize;
    // i17-customers-found-zero-past-end: a page past the end of the set answers found 0.
    if (faults.has('i17-customers-found-zero-past-end') && slice.length === 0 && list.length > 0) counts.found = 0;
    // i3-customer-search-found-is-page: with search text, found counts the page only.
    if (searched && faults.has('i3-customer-search-found-is-page')) counts.found = slice.length;
    // i5-customers-search-found-counts-all-partners: found counts the matches of every partner.
    if (searched && faults.has('i5-customers-search-found-counts-all-partners'))
      counts.found = [...world.customers.values()].filter((c) => (type === undefined || c.type === type) && match(c)).length;
    // customers-search-found-counts-deleted: with search text, found still counts the partner's deleted customers it matches.
    if (searched && faults.has('customers-search-found-counts-deleted'))
      counts.found += ghosts.filter(
        (c) => (!partner || c.partnerId === partner.id) && (type === undefined || c.type === type) && match(c),
      ).length;
    // i16-customers-found-counts-deleted-unsearched: without search text, found still counts the partner's deleted customers.
    if (!searched && query.username === undefined && faults.has('i16-customers-found-counts-deleted-unsearched'))
      counts.found += ghosts.filter((c) => (!partner || c.partnerId === partner.id) && (type === undefined || c.type === type)).length;
    // i24-customers-username-type-found-zero: a username filter with a type filter counts found from the search index (none).
    if (faults.has('i24-customers-username-type-found-zero') && username !== undefined && type !== undefined) counts.found = 0;
    // i2-customers-found-ignores-type-filter: found counted before the type filter.
    if (query.type && faults.has('i2-customers-found-ignores-type-filter'))
      counts.found = (
        faults.has('blind-deleted-customer-still-listed') ? [...world.customers.values(), ...ghosts] : [...world.customers.values()]
      ).filter((c) => !partner || c.partnerId === partner.id).length;
    // Fault: moreAvailable off by one (true on an exactly full last page).
    if (searched && faults.has('i11-customers-search-more-available-last-page') && counts.displaying > 0) counts.moreAvailable = true;
    // i12-customers-type-more-available-unfiltered: under the type filter moreAvailable counts every customer of the partner.
    if (type !== undefined && faults.has('i12-customers-type-more-available-unfiltered'))
      counts.moreAvailable =
        ((paged.start ?? 1) - 1) * size + slice.length <
        [...world.customers.values()].filter((c) => !partner || c.partnerId === partner.id).length;
    // i12-customers-search-found-remaining: under a search, a later page counts from itself on.
    if (searched && faults.has('i12-customers-search-found-remaining') && (paged.start ?? 1) > 1)
      counts.found = Math.max(0, list.length - ((paged.start ?? 1) - 1) * size);
    // i21-customers-search-later-page-more-available-false: a later page of a search says no more pages follow.
    if (searched && faults.has('i21-customers-search-later-page-more-available-false') && (paged.start ?? 1) > 1)
      counts.moreAvailable = false;
    if (faults.has('more-available-off-by-one')) counts.moreAvailable = (paged.start ?? 1) * (paged.limit ?? pageSize) <= counts.found;
    // i33-fd-customers-type-displaying-is-found: filtered by type, displaying gives the size of the whole set, not of the page.
    if (faults.has('i33-fd-customers-type-displaying-is-found') && type !== undefined) counts.displaying = counts.found;
    // Fault: the list alone renders names with a capital first letter.
    const capital = (s: unknown) => (typeof s === 'string' ? s.charAt(0).toUpperCase() + s.slice(1) : s);
    const shown = faults.has('telling-customer-list-names-capitalised')
      ? slice.map((c) => ({ ...customerView(c), firstName: capital(c.firstName), lastName: capital(c.lastName) }))
      : slice.map(customerView);
    // i16-customers-list-testing-shown-active: the list reader gives a testing customer the type active.
    if (faults.has('i16-customers-list-testing-shown-active'))
      for (const c of shown as Record<string, unknown>[]) if (c.type === 'testing') c.type = 'active';
    // i10-customers-list-email-lowercased: the list reader lower-cases the e-mail address.
    if (faults.has('i10-customers-list-email-lowercased'))
      for (const c of shown as Record<string, unknown>[]) if (typeof c.email === 'string') c.email = c.email.toLowerCase();
    // seeded-fam26b-customers-list-email-dropped: the list answers each customer without its e-mail address.
    if (faults.has('seeded-fam26b-customers-list-email-dropped')) for (const c of shown as Record<string, unknown>[]) delete c.email;
    // seeded-customers-list-phone-leading-zeros-dropped: the list reads a phone of digits as a number.
    if (faults.has('seeded-customers-list-phone-leading-zeros-dropped'))
      for (const c of shown as Record<string, unknown>[])
        if (typeof c.phone === 'string' && /^\d+$/.test(c.phone)) c.phone = String(Number(c.phone));
    // i18-customers-username-list-phone-digits-only: filtered by username, the list keeps only the phone's digits.
    if (query.username !== undefined && faults.has('i18-customers-username-list-phone-digits-only'))
      for (const c of shown as Record<string, unknown>[]) if (typeof c.phone === 'string') c.phone = c.phone.replace(/\D/g, '');
    // seeded-customers-search-later-page-phone-dropped: under a search, a later page leaves the phone out.
    if (searched && (paged.start ?? 1) > 1 && faults.has('seeded-customers-search-later-page-phone-dropped'))
      for (const c of shown as Record<string, unknown>[]) delete c.phone;
    // i22-customers-username-list-first-name-trimmed: filtered by username, the list trims the first name.
    if (query.username !== undefined && faults.has('i22-customers-username-list-first-name-trimmed'))
      for (const c of shown as Record<string, unknown>[]) if (typeof c.firstName === 'string') c.firstName = c.firstName.trim();
    // i33-fd-customers-list-created-date-ms: the list reader gives createdDate in epoch milliseconds.
    if (faults.has('i33-fd-customers-list-created-date-ms'))
      for (const c of shown as Record<string, unknown>[])
        if (c.createdDate !== undefined) c.createdDate = String(Number(c.createdDate) * 1000);
    return { ...counts, customers: shown };
  });

  route(app, ctx, 'GetCustomer', (input, reply) => {
    // Seeded fault customer-read-by-id-prefix: an id that no customer has finds the partner's first customer whose id starts with it.
    const prefixed = () =>
      [...world.customers.values()].find((x) => x.partnerId === input.partner?.id && x.id.startsWith(String(input.path.customerId)));
    // i16-customer-get-id-leading-zeros: the by-id reader takes the path's id as a number (leading zeros dropped).
    const unpadded = () =>
      faults.has('i16-customer-get-id-leading-zeros') && /^0+\d/.test(String(input.path.customerId))
        ? findCustomer(world, String(input.path.customerId).replace(/^0+/, ''), input.partner?.id)
        : undefined;
    const c =
      own(input) ??
      (faults.has('customer-read-by-id-prefix') ? prefixed() : undefined) ??
      unpadded() ??
      // i18-customer-by-id-other-partner: the by-id reader alone finds the customer by its id, whoever its partner.
      (faults.has('i18-customer-by-id-other-partner') ? world.customers.get(String(input.path.customerId)) : undefined);
    if (!c) return sendError(ctx, reply, 404, 'Customer not found');
    // i5-customer-get-email-lowercased: this reader alone lower-cases the email.
    if (faults.has('i11-customer-get-active-shown-testing') && c.type === 'active') return { ...customerView(c), type: 'testing' };
    // i13-customer-by-id-last-name-trimmed: the by-id read trims the last name.
    if (faults.has('i13-customer-by-id-last-name-trimmed') && typeof c.lastName === 'string')
      return { ...customerView(c), lastName: c.lastName.trim() };
    if (faults.has('i12-customer-by-id-username-lowercased')) return { ...customerView(c), username: c.username.toLowerCase() };
    // i15-customer-by-id-created-date-now: the by-id read dates the customer at the time of the read.
    if (faults.has('i15-customer-by-id-created-date-now')) return { ...customerView(c), createdDate: String(clock.nowEpochSeconds()) };
    if (faults.has('i5-customer-get-email-lowercased') && typeof c.email === 'string')
      return { ...customerView(c), email: c.email.toLowerCase() };
    // i25-customer-by-id-phone-spaces-removed: the by-id read gives the phone without its spaces.
    if (faults.has('i25-customer-by-id-phone-spaces-removed') && typeof c.phone === 'string' && c.phone.includes(' '))
      return { ...customerView(c), phone: c.phone.replace(/ /g, '') };
    // i22-customer-by-id-phone-plus-dropped: the by-id read drops the plus sign before an international phone number.
    if (faults.has('i22-customer-by-id-phone-plus-dropped') && typeof c.phone === 'string' && c.phone.startsWith('+'))
      return { ...customerView(c), phone: c.phone.slice(1) };
    // Fault: the record carries the partner's latest token in a member no check knows (a credential is never data).
    if (faults.has('customer-record-carries-token')) {
      const latest = [...world.tokens].filter(([, t]) => t.partnerId === c.partnerId).pop()?.[0];
      return { ...customerView(c), lastSession: latest };
    }
    // i17-customer-get-email-plus-tag-dropped: the by-id read gives an e-mail address without its +tag.
    if (faults.has('i17-customer-get-email-plus-tag-dropped') && typeof c.email === 'string' && /\+[^@]*@/.test(c.email))
      return { ...customerView(c), email: c.email.replace(/\+[^@]*@/, '@') };
    // i27-customer-read-created-date-ms: the single-customer read dates the customer in epoch milliseconds.
    // i29-fd-customer-get-username-lowercased: the customer read by id answers its username in lower case.
    if (faults.has('i29-fd-customer-get-username-lowercased') && typeof c.username === 'string')
      return { ...customerView(c), username: c.username.toLowerCase() };
    if (faults.has('i27-customer-read-created-date-ms')) return { ...customerView(c), createdDate: String(Number(c.createdDate) * 1000) };
    // i34-fd-customer-read-type-uppercased: the single-customer reader writes the customer's type in upper case (the lists keep it).
    if (faults.has('i34-fd-customer-read-type-uppercased')) return { ...customerView(c), type: c.type.toUpperCase() };
    return customerView(c);
  });
  /** i35-fd-customer-app-data-first-application-cached: the application first answered per customer (kept while that fault is on). */
  const appDataRead = new Map<string, string>();
  route(app, ctx, 'GetCustomerWithAppData', (input, reply) => {
    const ghost = () =>
      faults.has('blind-deleted-customer-app-data')
        ? ghosts.find((g) => g.id === input.path.customerId && (!input.partner || g.partnerId === input.partner.id))
        : undefined;
    // i5-customer-app-data-other-partner: this reader finds the customer by its id alone.
    const c =
      own(input) ?? ghost() ?? (faults.has('i5-customer-app-data-other-partner') ? world.customers.get(input.path.customerId) : undefined);
    if (!c) return sendError(ctx, reply, 404, 'Customer not found');
    // provider 1.35.0: the body requires the application and both names, so a customer without an
    // application is a 404 (its examples: "No registered partner applications found").
    if (!c.applicationId) return sendError(ctx, reply, 404, 'No registered partner applications found');
    // i35-fd-customer-app-data-first-application-cached: the reader answers the application it found the first time it read the customer.
    if (faults.has('i35-fd-customer-app-data-first-application-cached') && !appDataRead.has(c.id)) appDataRead.set(c.id, c.applicationId);
    const appShown = faults.has('i35-fd-customer-app-data-first-application-cached') ? appDataRead.get(c.id)! : c.applicationId;
    const app = faults.has('app-data-missing') ? {} : { applicationId: appShown, applicationName: `Application ${appShown}` };
    const names = faults.has('app-view-stale-names') ? (createdNames.get(c.id) ?? c) : c;
    // i4-customer-app-data-created-date-ms: this reader alone gives createdDate in milliseconds.
    const created = faults.has('i4-customer-app-data-created-date-ms') ? { createdDate: String(c.createdDate * 1000) } : {};
    // i10-customer-app-data-phone-digits-only: the application view keeps only the phone's digits.
    const phone =
      faults.has('i10-customer-app-data-phone-digits-only') && typeof c.phone === 'string' ? { phone: c.phone.replace(/\D/g, '') } : {};
    // i13-customer-app-data-username-uppercased: the application view upper-cases the username.
    const username = faults.has('i13-customer-app-data-username-uppercased') ? { username: c.username.toUpperCase() } : {};
    // i21-customer-app-data-first-name-capitalised: the application view writes the first name with a capital initial.
    const capital =
      faults.has('i21-customer-app-data-first-name-capitalised') && typeof names.firstName === 'string'
        ? { firstName: names.firstName.charAt(0).toUpperCase() + names.firstName.slice(1) }
        : {};
    // i25-customer-app-data-email-dropped: the application view leaves the e-mail address out.
    const view = customerView(c);
    if (faults.has('i25-customer-app-data-email-dropped')) delete view.email;
    return {
      ...view,
      firstName: names.firstName ?? '',
      lastName: names.lastName ?? '',
      ...app,
      ...created,
      ...phone,
      ...username,
      ...capital,
      // i32-fd-customer-app-data-type-active: the application view names every customer active.
      ...(faults.has('i32-fd-customer-app-data-type-active') ? { type: 'active' } : {}),
    };
  });
  route(app, ctx, 'ModifyCustomer', (input, reply) => {
    // i3-customer-modify-other-partner: the modification finds the customer by its id alone.
    // i10-customer-modify-id-prefix: an id missing its last characters modifies the customer whose id starts with it.
    const byPrefix = () =>
      faults.has('i10-customer-modify-id-prefix')
        ? [...world.customers.values()].find((x) => x.partnerId === input.partner?.id && x.id.startsWith(String(input.path.customerId)))
        : undefined;
    const c =
      own(input) ?? (faults.has('i3-customer-modify-other-partner') ? world.customers.get(input.path.customerId) : undefined) ?? byPrefix();
    if (
      !c &&
      faults.has('i11-customer-modify-after-delete-204') &&
      deletedForModify.get(String(input.path.customerId)) === input.partner?.id
    )
      return reply.code(204).send();
    // seeded-prop-modify-deleted-customer-revives: the refused modification puts the deleted customer back, renamed.
    const revived =
      !c && faults.has('seeded-prop-modify-deleted-customer-revives') ? deletedToRevive.get(String(input.path.customerId)) : undefined;
    if (revived && revived.partnerId === input.partner?.id)
      world.customers.set(revived.id, {
        ...revived,
        ...(typeof input.body.firstName === 'string' ? { firstName: input.body.firstName } : {}),
        ...(typeof input.body.lastName === 'string' ? { lastName: input.body.lastName } : {}),
      });
    if (!c) return sendError(ctx, reply, 404, 'Customer not found');
    // i5-customer-disputed-firstname-only-allowed: the dispute checked only when lastName is sent.
    const disputeSkipped = faults.has('i5-customer-disputed-firstname-only-allowed') && input.body.lastName === undefined;
    if (c.disputed && !faults.has('disputed-modify-allowed') && !disputeSkipped) {
      // i30-fd-customer-disputed-modify-refused-after-write: the names are written before the dispute check refuses the change.
      if (faults.has('i30-fd-customer-disputed-modify-refused-after-write')) {
        if (typeof input.body.firstName === 'string') c.firstName = input.body.firstName;
        if (typeof input.body.lastName === 'string') c.lastName = input.body.lastName;
      }
      return sendError(ctx, reply, 403, 'The customer has a disputed statement');
    }
    // i17-customer-modify-accents-folded: a modification stores the names with their accents taken off.
    // seeded-customer-modify-name-apostrophe-stripped: a modification stores the names without their apostrophes.
    const tidy = (sent: string, name = faults.has('seeded-customer-modify-name-apostrophe-stripped') ? sent.replace(/'/g, '') : sent) =>
      faults.has('i2-customer-modify-names-trimmed')
        ? name.replace(/\s+/g, ' ').trim()
        : faults.has('i17-customer-modify-accents-folded')
          ? name.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
          : name;
    if (!faults.has('modify-customer-ignored')) {
      // i4-customer-modify-replaces-missing-name: the record replaced, so a name not sent is cleared.
      if (faults.has('i4-customer-modify-replaces-missing-name')) {
        if (input.body.firstName === undefined) c.firstName = '';
        if (input.body.lastName === undefined) c.lastName = '';
      }
      // i9-customer-modify-clears-phone: the record rewritten from the body, the phone lost.
      if (faults.has('i9-customer-modify-clears-phone')) c.phone = undefined;
      // i16-customer-modify-firstname-lowercased: the modification stores the first name in lower case.
      if (input.body.firstName !== undefined)
        c.firstName = faults.has('i16-customer-modify-firstname-lowercased')
          ? tidy(input.body.firstName).toLowerCase()
          : tidy(input.body.firstName);
      if (input.body.lastName !== undefined && !faults.has('blind-modify-customer-ignores-last-name'))
        c.lastName = tidy(input.body.lastName);
      // i31-fd-customer-modify-lastname-hyphen-as-space: the update stores a hyphenated last name with a space in place of each hyphen.
      if (faults.has('i31-fd-customer-modify-lastname-hyphen-as-space') && typeof input.body.lastName === 'string' && c.lastName)
        c.lastName = c.lastName.replace(/-/g, ' ');
      // i25-customer-modify-last-name-cut-at-20: the modification writes the last name to a 20-character column.
      if (
        faults.has('i25-customer-modify-last-name-cut-at-20') &&
        typeof input.body.lastName === 'string' &&
        typeof c.lastName === 'string'
      )
        c.lastName = c.lastName.slice(0, 20);
      // i24-customer-modify-last-name-hyphen-spaced: a modified last name stored with its hyphens as spaces.
      if (
        faults.has('i24-customer-modify-last-name-hyphen-spaced') &&
        typeof input.body.lastName === 'string' &&
        typeof c.lastName === 'string'
      )
        c.lastName = c.lastName.replace(/-/g, ' ');
      // i34-fd-customer-modify-firstname-capitalised: a modified first name stored with its first letter upper-cased.
      if (
        faults.has('i34-fd-customer-modify-firstname-capitalised') &&
        typeof input.body.firstName === 'string' &&
        typeof c.firstName === 'string'
      )
        c.firstName = c.firstName.charAt(0).toUpperCase() + c.firstName.slice(1);
      // Filed again under its new names (the search index of state.ts).
      world.customers.set(c.id, c);
    }
    // i28-fd-customer-modify-answered-200: the modification answered 200 with the customer, not 204.
    if (faults.has('i28-fd-customer-modify-answered-200'))
      return reply.code(200).send({ id: c.id, firstName: c.firstName, lastName: c.lastName });
    return reply.code(204).send();
  });
  route(app, ctx, 'DeleteCustomer', (input, reply) => {
    // i4-customer-delete-other-partner: the delete finds the customer by its id alone.
    const c = own(input) ?? (faults.has('i4-customer-delete-other-partner') ? world.customers.get(input.path.customerId) : undefined);
    // i10-customer-delete-again-204: a customer this partner already deleted is deleted "again" with 204.
    if (!c && faults.has('i10-customer-delete-again-204') && deletedIds.get(String(input.path.customerId)) === input.partner?.id)
      return reply.code(204).send();
    // i27-customer-delete-other-partner-404-but-deleted: another partner's customer is refused 404 but deleted all the same.
    const elsewhere =
      !c && faults.has('i27-customer-delete-other-partner-404-but-deleted') ? world.customers.get(input.path.customerId) : undefined;
    if (elsewhere) {
      world.customers.delete(elsewhere.id);
      if (world.usernames.get(usernameKey(elsewhere.partnerId, elsewhere.username)) === elsewhere.id)
        world.usernames.delete(usernameKey(elsewhere.partnerId, elsewhere.username));
    }
    // i38-fd-customer-delete-unknown-400: an unknown customer id on delete answered 400, not 404.
    if (!c && faults.has('i38-fd-customer-delete-unknown-400')) return sendError(ctx, reply, 400, 'Invalid customer id');
    if (!c) return sendError(ctx, reply, 404, 'Customer not found');
    if (faults.has('i10-customer-delete-again-204')) deletedIds.set(c.id, c.partnerId);
    if (faults.has('i11-customer-modify-after-delete-204')) deletedForModify.set(c.id, c.partnerId);
    if (faults.has('seeded-prop-modify-deleted-customer-revives')) deletedToRevive.set(c.id, c);
    if (faults.has('i12-customers-username-filter-lists-deleted')) deletedForFilter.push(c);
    if (!faults.has('delete-not-effective')) {
      world.customers.delete(c.id);
      // i34-fd-customer-delete-keeps-username: the deleted customer's username stays reserved (a new customer of that name is 409).
      if (world.usernames.get(usernameKey(c.partnerId, c.username)) === c.id && !faults.has('i34-fd-customer-delete-keeps-username'))
        world.usernames.delete(usernameKey(c.partnerId, c.username));
    }
    if (
      faults.has('blind-deleted-customer-still-listed') ||
      faults.has('blind-deleted-customer-app-data') ||
      faults.has('customers-search-found-counts-deleted') ||
      faults.has('i16-customers-found-counts-deleted-unsearched')
    )
      ghosts.push(c);
    if (faults.has('consumer-deleted-with-customer')) {
      for (const [id, consumer] of world.consumers) if (consumer.customerId === c.id) world.consumers.delete(id);
      world.consumerOf.delete(c.id);
    }
    // i29-fd-customer-delete-username-still-taken: the deleted customer's username stays in the index, so a new customer cannot take it.
    if (faults.has('i29-fd-customer-delete-username-still-taken')) world.usernames.set(usernameKey(c.partnerId, c.username), c.id);
    // i26-customer-delete-answers-200-with-id: the delete answers 200 with the id it removed (a generic DELETE handler), not 204.
    if (faults.has('i26-customer-delete-answers-200-with-id')) return reply.code(200).send({ id: c.id });
    return reply.code(204).send();
  });
}

/** The record's dates as a body sends them (seeded-customer-active-dates-from-body). */
function ownMembersSent(body: Record<string, any>): Partial<Customer> {
  const out: Record<string, unknown> = {};
  for (const name of ['createdDate', 'lastModifiedDate']) if (body[name] !== undefined) out[name] = body[name];
  return out as Partial<Customer>;
}

function pick(body: Record<string, any>) {
  const { username, firstName, lastName, phone, email, applicationId } = body;
  return { username, firstName, lastName, phone, email, applicationId };
}
