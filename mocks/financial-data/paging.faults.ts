// Faults of the paging of list bodies (switched in paging.ts and the lists that page): each breaks
// one rule of schemas/financial-data/rules.yaml, the way a provider's release might. `rules` names
// the rule ids it breaks (`npm run mutation -- --targeted` runs the specs citing them). The faults
// of the suite's authors first, then those written blind (`origin: 'blind'`, measured apart by `npm
// run mutation -- --blind`).
import { faultCatalogue, blind, independent } from '../kit/faults.js';

export const PAGING_FAULTS = faultCatalogue([
  // Paging (seed 002 Limits; reference Conventions).
  {
    id: 'limit-cap-unenforced',
    rule: 'limit at most the PageLimit maximum (more is a 400)',
    source: 'seed',
    rules: ['FD-PAGE-LIMIT'],
    relax: [{ schema: 'PageLimit', drop: ['maximum'] }],
  },
  { id: 'start-ignored', rule: 'start selects the page', source: 'assumption', rules: ['FD-PAGE-START'] },
  // Written blind (kit/faults.ts, blind): from the sources and the mock, without reading the specs.
  // Paging (provider 1.35.0 StartParameter / LimitParameter; seed Limits; reference Paging).
  blind({
    id: 'blind-limit-cap-999',
    rule: 'limit accepts its maximum itself (provider LimitParameter maximum; seed Limits, records per page)',
    source: 'provider',
    rules: ['FD-PAGE-LIMIT'],
    relax: [{ schema: 'PageLimit', set: { maximum: 999 } }],
  }),
  blind({
    id: 'blind-default-page-size-20',
    rule: "without limit a page holds the limit parameter's default (provider LimitParameter default; reference Paging)",
    source: 'provider',
    rules: ['FD-PAGE-DEFAULT'],
  }),
  blind({
    id: 'blind-start-as-record-offset',
    rule: 'start is the 1-based index of a page, not of a record (provider StartParameter; reference Paging)',
    source: 'provider',
    rules: ['FD-PAGE-START'],
  }),
  blind({
    id: 'blind-more-available-on-full-last-page',
    rule: 'moreAvailable is false when the page ends at the last record (provider MoreResultsAvailable)',
    source: 'provider',
    rules: ['FD-PAGE-COUNTS'],
  }),
  blind({
    id: 'blind-found-counts-page',
    rule: 'found is the total number of matching records, not the page size (provider FoundResults)',
    source: 'provider',
    rules: ['FD-PAGE-COUNTS'],
  }),
  independent('independent-34', {
    id: 'i34-fd-page-later-start-one-early',
    rule: 'start is the page index from one and pages do not overlap (provider 1.35.0, start and limit; reference, Paging): a page after the first starts one record early, repeating the last record of the page before',
    source: 'provider',
    rules: ['FD-PAGE-START', 'FD-PROP-PAGING'],
  }),
]);
