// Institutions (seed 002, Endpoints - Institutions): search (200 with an empty list when nothing matches), certified and RSSD
// variants, by id, branding (404 when none), routing numbers (9 digits; no match 404) and merchant location matches (at most the
// contract's maxItems). provider 1.35.0 shapes: integer ids, `requestedDate` on certified lists, matches under `locationMatches`.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { judgeThrough, route, sendError, type FdContext, type Input } from './middleware.js';
import { defaultLimit, pageOf } from './paging.js';
import type { FdOperationId } from '../../helpers/contract/operations.js';
import type { Institution } from './state.js';
import { sizeOf } from '../../helpers/contract/facts.js';
import { frozenRecord, sendList } from '../kit/json.js';
import {
  certifiedRecord,
  fullRecord,
  locationView,
  rssdRecord,
  searchMatches,
  type Answer,
  type Exchange,
  type InstitutionSeams,
  type Refusal,
  type Step,
} from './institutions.records.js';

const NAME_SET = ['merchantName', 'streetAddress', 'city', 'stateProvinceRegion', 'postalCode'];
const LISTS = ['GetInstitutions', 'GetCertifiedInstitutions', 'GetCertifiedInstitutionsWithRSSD', 'GetInstitutionsByRoutingNumber'];

export function registerInstitutions(app: FastifyInstance, ctx: FdContext) {
  const { state: world, clock } = ctx;
  const seams = ctx.faults.seams<InstitutionSeams>('institutions');
  // seed 002, Limits: location matches (the contract's LocationMatches maxItems).
  const MAX_LOCATION_MATCHES = sizeOf(ctx.contract, 'LocationMatches', 'locationMatches').max!;
  // Serialized once per institution (the catalogue never changes): a list writes their text (kit/json.ts) instead of serializing again.
  const once = <T extends object>(build: (i: Institution) => T) => {
    const built = new WeakMap<Institution, T>();
    return (i: Institution): T => {
      let record = built.get(i);
      if (!record) built.set(i, (record = frozenRecord(build(i))));
      return record;
    };
  };
  const full = once(fullRecord);
  const certified = once(certifiedRecord);
  const withRssd = once(rssdRecord);
  const refused = (status: number, message: string, code?: string): Refusal => ({ status, message, code });

  const judge: Record<Step, (x: Exchange) => Refusal | undefined> = {
    // seed 002, Institutions: search, each product type; provider 1.35.0: supported countries (`*` by default, either case; US catalogue).
    search: (x) => {
      const text = x.input.query.search?.trim().toLowerCase();
      x.search = text || undefined;
      x.keep = { search: (i) => x.search === undefined || searchMatches(i, x.search), type: () => true, countries: true };
      return undefined;
    },
    type: (x) => {
      const type = x.input.query.type;
      x.types = type
        ? String(type)
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean)
        : [];
      x.keep!.type = (i) => x.types!.every((t) => i.products[t] === true);
      return undefined;
    },
    countries: (x) => {
      const countries = String(x.input.query.supportedCountries ?? '*')
        .toUpperCase()
        .split(',');
      x.keep!.countries = countries.includes('*') || countries.includes('US');
      return undefined;
    },
    list: (x) => {
      const { search, type, countries } = x.keep!;
      x.list = countries ? world.institutions.filter((i) => search(i) && type(i)) : [];
      return undefined;
    },
    // seed 002, Errors 404: the institution of the path's id.
    institution: (x) => {
      x.institution = world.institutions.find((i) => i.id === x.input.path.institutionId);
      return x.institution ? undefined : refused(404, 'Institution not found');
    },
    // seed 002, Institutions: branding is a 404 when the institution has none.
    branding: (x) => {
      x.branding = x.institution!.branding;
      return x.branding ? undefined : refused(404, 'No branding for this institution');
    },
    // seed 002, Institutions: every institution holding the routing number, 404 when none does.
    routing: (x) => {
      x.found = world.institutions.filter((i) => i.routingNumbers.includes(x.input.path.routing_number));
      return x.found.length ? undefined : refused(404, 'No institution for this routing number');
    },
    // provider 1.35.0, the lookup's 400 examples: neither set whole is data missing (10020), both at once an invalid combination (10030).
    'location-parameter-sets': (x) => {
      const { query } = x.input;
      const byId = query.idType !== undefined && query.idValue !== undefined;
      const byName = NAME_SET.every((k) => query[k] !== undefined && query[k] !== '');
      if (!byId && !byName)
        return refused(400, 'give idType and idValue, or merchantName, streetAddress, city, stateProvinceRegion and postalCode', '10020');
      return byId && byName ? refused(400, 'give idType and idValue, or the merchant name and address, not both', '10030') : undefined;
    },
    // seed 002, Institutions: the identifier pair's locations, else the merchant name's (anywhere, any case) at the postal code; none: 404.
    location: (x) => {
      const { query } = x.input;
      const name = String(query.merchantName ?? '').toLowerCase();
      x.matches = world.locations.filter((l) =>
        query.idType !== undefined && query.idValue !== undefined
          ? l.idType === query.idType && l.idValue === query.idValue
          : name !== '' && l.merchantName.toLowerCase().includes(name) && l.postalCode === query.postalCode,
      );
      return x.matches.length ? undefined : refused(404, 'No matching location');
    },
  };

  const judged = judgeThrough(seams, judge);
  /** An operation: its exchange, then the handler's answer through the seam (a list's records written as kit/json.ts writes them). */
  const on = (operationId: FdOperationId, steps: Step[], handler: (x: Exchange) => Answer) =>
    route(app, ctx, operationId, (input: Input, reply: FastifyReply) => {
      const x: Exchange = { op: operationId, input, world, contract: ctx.contract, nowS: clock.nowEpochSeconds() };
      const refusal = judged(x, steps);
      if (refusal) return sendError(ctx, reply, refusal.status, refusal.message, refusal.code);
      const sent = seams.answer(x, handler(x));
      reply.code(sent.status);
      if (sent.body === undefined) return reply.send();
      if (!LISTS.includes(operationId)) return reply.send(sent.body);
      const { institutions, ...head } = sent.body;
      return sendList(reply, head, 'institutions', institutions);
    });

  const listing = (operationId: FdOperationId, shape: (i: Institution) => object, dateName: 'createdDate' | 'requestedDate') =>
    on(operationId, ['search', 'type', 'countries', 'list'], (x) => {
      const { slice, ...counts } = pageOf(x.list!, x.input.query, defaultLimit(ctx.contract, operationId), ctx.faults);
      return { status: 200, body: { ...counts, [dateName]: x.nowS, institutions: slice.map(shape) } };
    });
  listing('GetInstitutions', full, 'createdDate');
  listing('GetCertifiedInstitutions', certified, 'requestedDate');
  listing('GetCertifiedInstitutionsWithRSSD', withRssd, 'requestedDate');

  on('GetInstitution', ['institution'], (x) => ({ status: 200, body: { institution: full(x.institution!) } }));
  on('GetInstitutionBranding', ['institution', 'branding'], (x) => ({ status: 200, body: { branding: x.branding } }));
  on('GetInstitutionsByRoutingNumber', ['routing'], (x) => ({
    status: 200,
    body: {
      found: x.found!.length,
      displaying: x.found!.length,
      moreAvailable: false,
      createdDate: x.nowS,
      institutions: x.found!.map(full),
    },
  }));

  on('GetLocationMatches', ['location-parameter-sets', 'location'], (x) => ({
    status: 200,
    body: { locationMatches: x.matches!.slice(0, MAX_LOCATION_MATCHES).map(locationView) },
  }));
}
