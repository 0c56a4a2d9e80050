// The structural diff itself, by api-smart-diff (a maintained OpenAPI 3.0/3.1 diff: paths matched
// with their parameters renamed, parameters by location and name, media types, schemas keyword
// by keyword, $refs resolved and allOf merged), run on the normalized documents
// (tools/diff/normalize.ts).
import { apiCompare, type Diff } from 'api-smart-diff';
import { normalize, type Normalized } from './normalize.js';
import type { Json } from '../../helpers/contract/contract.js';

interface StructuralDiff {
  before: Normalized;
  after: Normalized;
  diffs: Diff[];
  /** Classification errors api-smart-diff printed and we do not use (its `type` is a client's reading). */
  libraryErrors: number;
  seconds: { normalize: number; compare: number };
}

export function structuralDiff(from: Json, to: Json): StructuralDiff {
  const t0 = performance.now();
  const before = normalize(from);
  const after = normalize(to);
  const t1 = performance.now();
  // The library reports rule errors of its own classification on stderr; they do not touch the diff.
  const error = console.error;
  let libraryErrors = 0;
  console.error = () => {
    libraryErrors++;
  };
  let diffs: Diff[];
  try {
    diffs = apiCompare(before.doc, after.doc).diffs;
  } finally {
    console.error = error;
  }
  const t2 = performance.now();
  return { before, after, diffs, libraryErrors, seconds: { normalize: (t1 - t0) / 1000, compare: (t2 - t1) / 1000 } };
}
