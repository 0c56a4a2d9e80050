// Covers: the institution record on every reader (GetInstitution, GetInstitutions, the routing-number
// lookup, GetCertifiedInstitutions(WithRSSD)) - seed 002, Institutions (one catalogue); provider 1.35.0
// Institution and CertifiedInstitution share the named schemas of id, name, product flags and oauthEnabled
// (InstitutionOauthEnabled), so each reads the same wherever listed; members on both sides are compared.
// The URL members: provider 1.35.0 InstitutionUrlHomeApp and its siblings.
import { expect, PAGE_MAX, rules, test } from '../../fixtures/financial-data.js';

type Rec = Record<string, unknown>;
const SHARED = ['id', 'name', 'transAgg', 'ach', 'stateAgg', 'voi', 'voa', 'aha', 'availBalance', 'accountOwner', 'oauthEnabled'];
const URL_MEMBERS = ['urlHomeApp', 'urlLogonApp', 'urlForgotPassword', 'urlOnlineRegistration'];
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** The members both records carry that differ (`reader.member: a vs b`). */
const differences = (reader: string, got: Rec, known: Rec, members?: string[]): string[] =>
  (members ?? Object.keys(got))
    .filter((k) => k in got && k in known && JSON.stringify(got[k]) !== JSON.stringify(known[k]))
    .map((k) => `${reader} ${String(known.id)}.${k}: ${JSON.stringify(got[k])} vs ${JSON.stringify(known[k])} listed`);

/** Why a URL member is not an absolute http(s) link to a named host, or undefined. */
const notAUrl = (value: unknown): string | undefined => {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    return 'does not parse';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `scheme ${url.protocol}`;
  if (!url.hostname.split('.').every((label) => LABEL.test(label))) return `host ${JSON.stringify(url.hostname)}`;
  return undefined;
};

test(
  'an institution reads the same on every reader: GetInstitution and the routing-number lookup give its listed record, the certified lists its id, name, product flags and oauthEnabled',
  rules('FD-INST-SAME-RECORD'),
  async ({ fdApi, fd }) => {
    const all = await fdApi.call('GetInstitutions', { query: { limit: PAGE_MAX } });
    expect(all.status).toBe(200);
    const listed = new Map((all.body.institutions as Rec[]).map((i) => [String(i.id), i]));
    const routing = fd.institutions.routingMap ?? { [fd.institutions.routingNumber]: [String(fd.institutions.branded)] };
    const ids = [...new Set([String(fd.institutions.branded), ...Object.values(routing).flat()])].filter((id) => listed.has(id));
    expect(ids.length, 'known institutions on the first page of GetInstitutions').toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const id of ids) {
      const one = await fdApi.call('GetInstitution', { path: { institutionId: id } });
      expect(one.status, `GetInstitution ${id}`).toBe(200);
      wrong.push(...differences('GetInstitution', one.body.institution, listed.get(id)!));
    }
    for (const rn of Object.keys(routing)) {
      const res = await fdApi.call('GetInstitutionsByRoutingNumber', { path: { routing_number: rn } });
      expect(res.status, `routing number ${rn}`).toBe(200);
      for (const i of res.body.institutions as Rec[])
        if (listed.has(String(i.id))) wrong.push(...differences(`routing ${rn}`, i, listed.get(String(i.id))!));
    }
    let compared = 0;
    for (const op of ['GetCertifiedInstitutions', 'GetCertifiedInstitutionsWithRSSD'] as const) {
      const res = await fdApi.call(op, { query: { limit: PAGE_MAX } });
      expect(res.status, op).toBe(200);
      for (const i of res.body.institutions as Rec[]) {
        const known = listed.get(String(i.id));
        if (!known) continue;
        compared++;
        wrong.push(...differences(op, i, known, SHARED));
      }
    }
    test.skip(compared === 0, 'no certified institution is on the first page of GetInstitutions');
    expect(wrong, 'the same institution, the same members').toEqual([]);
  },
);

test(
  'the URL members of an institution record are absolute http(s) links to a named host, on GetInstitutions, GetInstitution and the routing-number lookup @provider',
  rules('FD-INST-URLS'),
  async ({ fdApi, fd }) => {
    const records: [string, Rec][] = [];
    const all = await fdApi.call('GetInstitutions', { query: { limit: PAGE_MAX } });
    for (const i of all.body.institutions as Rec[]) records.push(['GetInstitutions', i]);
    const one = await fdApi.call('GetInstitution', { path: { institutionId: fd.institutions.branded } });
    records.push(['GetInstitution', one.body.institution]);
    const byNumber = await fdApi.call('GetInstitutionsByRoutingNumber', { path: { routing_number: fd.institutions.routingNumber } });
    for (const i of (byNumber.body.institutions ?? []) as Rec[]) records.push(['GetInstitutionsByRoutingNumber', i]);
    const wrong: string[] = [];
    let seen = 0;
    for (const [reader, i] of records)
      for (const member of URL_MEMBERS.filter((m) => i[m] !== undefined && i[m] !== null)) {
        seen++;
        const why = notAUrl(i[member]);
        // The reason only: a URL is not a secret, but the message stays short.
        if (why) wrong.push(`${reader} ${String(i.id)}.${member}: ${why}`);
      }
    test.skip(seen === 0, 'the target gives no URL member on its institution records');
    expect(wrong, 'institution URL members').toEqual([]);
  },
);
