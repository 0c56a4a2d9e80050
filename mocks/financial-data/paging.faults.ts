// Faults of the paging of list bodies (paging.ts pageOf; schemas/financial-data/rules.yaml) at its seams: the window a page cuts
// (PageWindow), the counts it answers. The blind faults keep their ids.
import { assumption, blind, faultCatalogue, provider, schema, type SeamFn } from '../kit/faults.js';
import { faultKit } from './fault-builders.js';
import type { PageWindow, PagingSeams } from './state.js';

const { fault } = faultKit<PagingSeams>();

/** The window of a page cut otherwise. */
const cut =
  (bend: (w: PageWindow, x: PagingSeams['x']) => PageWindow): SeamFn<PagingSeams, 'state'> =>
  (x, w) =>
    x.op === 'page' && w.op === 'page-window' ? bend(w, x) : w;

export const PAGING_FAULTS = faultCatalogue([
  // Paging (seed 002 Limits; provider 1.35.0 StartParameter, LimitParameter; reference Conventions, Paging).
  fault('limit-cap-unenforced', 'FD-PAGE-LIMIT: a limit above the PageLimit maximum is taken, not a 400', {
    relax: schema('PageLimit', { drop: ['maximum'] }),
  }),
  fault('start-ignored', 'FD-PAGE-START: start does not select the page (every page is the first)', {
    state: cut((w) => ({ ...w, start: 1, from: 0 })),
    ...assumption,
  }),
  fault('blind-limit-cap-999', 'FD-PAGE-LIMIT: limit takes values past its maximum', {
    relax: schema('PageLimit', { set: { maximum: 999 } }),
    ...provider,
    ...blind,
  }),
  fault('blind-default-page-size-20', {
    rule: "FD-PAGE-DEFAULT: without limit a page holds a fixed size of its own, not the limit parameter's default",
    state: cut((w, x) => (x.asked.limit === undefined ? { ...w, limit: 20, from: (w.start - 1) * 20 } : w)),
    ...provider,
    ...blind,
  }),
  fault('blind-found-counts-page', 'FD-PAGE-COUNTS: found is the size of the page, not the number of matching records', {
    answer: (x, c) => (x.op === 'page' && 'moreAvailable' in c ? { ...c, found: c.displaying } : c),
    ...provider,
    ...blind,
  }),
]);
