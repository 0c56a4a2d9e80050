// Covers: GetInstitutions, GetCertifiedInstitutions, GetCertifiedInstitutionsWithRSSD - paging
// (seed 002, Institutions: query start, limit; provider 1.35.0 StartParameter, LimitParameter,
// FoundResults, DisplayingResults, MoreResultsAvailable). The known answer is the target's own full
// list (the largest page): every page of 2 is the matching slice of it, found is its size, displaying the
// page's size, moreAvailable true exactly while records remain; a page past the end is empty. Each
// record of a later page is the full list's record of that id, member for member: a page after the
// first answers under the same query as the first (the RSSD variant keeps its rssd, a certified
// record its flags), not only the same ids.
import { expect, PAGE_MAX, rules, test } from '../../fixtures/financial-data.js';

const LISTS = { GetInstitutions: 'institutions', GetCertifiedInstitutions: 'certified', GetCertifiedInstitutionsWithRSSD: 'rssd' } as const;

for (const op of Object.keys(LISTS) as (keyof typeof LISTS)[]) {
  const path = LISTS[op];

  test(
    `${op}: start and limit page the full list, with exact found, displaying and moreAvailable`,
    rules(
      `FD-PAGE-START@${path}`,
      `FD-PAGE-LIMIT-APPLIED@${path}`,
      `FD-PAGE-COUNTS@${path}`,
      // The RSSD variant's identifier is judged on every page, the first and each later one.
      ...(op === 'GetCertifiedInstitutionsWithRSSD' ? ['FD-INST-RSSD'] : []),
    ),
    async ({ fdApi }) => {
      const full = await fdApi.call(op, { query: { limit: PAGE_MAX } });
      expect(full.status).toBe(200);
      const found: number = full.body.found;
      const records = full.body.institutions as { id: number }[];
      const known = records.map((i) => i.id);
      expect(known, `the first ${PAGE_MAX} of the list`).toHaveLength(Math.min(found, PAGE_MAX));
      test.skip(found < 3, `${op} lists ${found} institutions on this target: paging needs at least 3`);
      // Pages of 2 over the first (up to) 6 records, compared with the slices of the full list.
      const pages = Math.min(3, Math.ceil(found / 2));
      for (let start = 1; start <= pages; start++) {
        const res = await fdApi.call(op, { query: { start, limit: 2 } });
        const slice = known.slice((start - 1) * 2, start * 2);
        expect(
          res.body.institutions.map((i: { id: number }) => i.id),
          `${op} start ${start} limit 2`,
        ).toEqual(slice);
        expect(
          { found: res.body.found, displaying: res.body.displaying, moreAvailable: res.body.moreAvailable },
          `${op} start ${start} limit 2 counts`,
        ).toEqual({ found, displaying: slice.length, moreAvailable: start * 2 < found });
        expect(res.body.institutions, `${op} start ${start} limit 2: each record as the full list answers it`).toEqual(
          records.slice((start - 1) * 2, start * 2),
        );
      }
      // The last page of the list, and one past it (pages of the largest size).
      const last = Math.ceil(found / PAGE_MAX);
      const lastPage = await fdApi.call(op, { query: { start: last, limit: PAGE_MAX } });
      expect({ displaying: lastPage.body.displaying, moreAvailable: lastPage.body.moreAvailable }, `${op} last page`).toEqual({
        displaying: found - (last - 1) * PAGE_MAX,
        moreAvailable: false,
      });
      const beyond = await fdApi.call(op, { query: { start: last + 1, limit: PAGE_MAX } });
      expect(
        { displaying: beyond.body.displaying, moreAvailable: beyond.body.moreAvailable, count: beyond.body.institutions.length },
        `${op} past the end`,
      ).toEqual({ displaying: 0, moreAvailable: false, count: 0 });
    },
  );
}
