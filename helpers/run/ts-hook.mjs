// A module-load hook that compiles the suite's TypeScript with sucrase, ahead of Playwright's own
// (registered by playwright.config.ts, in the runner and in every worker). Playwright compiles each
// file with Babel and writes a source map beside it: on a fresh clone, about 8 s of the runner's
// CPU in a run of `npm test` (18 s against 11 s, measured with the runs' per-process CPU). Sucrase only removes the types and keeps every line where it was, so
// a failure's location needs no source map and reads the same. Plain JavaScript: the hook runs
// before any TypeScript can be compiled.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { transform } from 'sucrase';

/** The suite's own TypeScript; a dependency's files and any other extension go on to Playwright. */
const isSuiteTypeScript = (url) => url.startsWith('file:') && url.endsWith('.ts') && !url.includes('/node_modules/');

/** TypeScript source to a module with the same lines (the types removed, the rest left as written). */
export function compile(source, filePath) {
  return transform(source, { transforms: ['typescript'], disableESTransforms: true, filePath }).code;
}

/**
 * Synchronous, so that it serves both hook chains: `module.registerHooks` (in-thread, where Node has
 * it, as Playwright prefers) and `module.register` (Node 20).
 */
export function load(url, context, nextLoad) {
  // Playwright imports each test file once as `<file>.esm.preflight` and discards what it evaluates
  // to; compiling that copy would cost a second compilation of every spec.
  if (url.endsWith('.esm.preflight')) return { format: 'module', source: 'void 0;', shortCircuit: true };
  if (!isSuiteTypeScript(url)) return nextLoad(url, context);
  const filePath = fileURLToPath(url);
  return { format: 'module', source: compile(readFileSync(filePath, 'utf8'), filePath), shortCircuit: true };
}
