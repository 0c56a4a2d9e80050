// Types of helpers/run/ts-hook.mjs (plain JavaScript: it compiles the TypeScript).
type LoadResult = { format: string; source: string; shortCircuit: true };
type NextLoad = (url: string, context: object) => unknown;
export function compile(source: string, filePath: string): string;
export function load(url: string, context: object, nextLoad: NextLoad): LoadResult | unknown;
