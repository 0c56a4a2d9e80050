// Stack traces at the cost of the frames that need a source map. Playwright captures a 50-frame stack
// for every API call, expect() and step it records, and the source-map-support it installs in a
// worker clones every frame of every such stack (a closure per CallSite method) to map it: measured
// over `npm test`, about 17 s of worker CPU. The checks run the same call sites again and again, so
// each frame's line is formatted once by Playwright's formatter and then found by what the
// formatter reads of it (position, names, kind). A stack prints the same lines, mapped the same way.

type Prepare = (error: Error, frames: NodeJS.CallSite[]) => unknown;

const installed = Symbol.for('suite.stack-frames');

/** What the formatter prints of a frame depends on these alone (its position, names and kind). */
const keyOf = (f: NodeJS.CallSite): string =>
  `${f.getScriptNameOrSourceURL()}:${f.getLineNumber()}:${f.getColumnNumber()}:${f.getFunctionName()}:${f.getMethodName()}:${f.getTypeName()}:${f.isToplevel()}:${f.isConstructor()}:${f.isNative()}:${f.isEval() ? f.getEvalOrigin() : ''}`;

/**
 * Wraps the installed `Error.prepareStackTrace` (Playwright's source-map-support in a worker); a
 * no-op where none is installed (plain node) or when already wrapped.
 */
export function economiseStackTraces(): void {
  const original = Error.prepareStackTrace as (Prepare & { [installed]?: true }) | undefined;
  if (!original || original[installed]) return;
  const lines = new Map<string, string>();
  const single = { name: '', message: '' } as Error;
  const lineOf = (frame: NodeJS.CallSite): string => {
    const key = keyOf(frame);
    let line = lines.get(key);
    if (line === undefined) {
      const text = String(original(single, [frame]));
      line = text.slice(text.indexOf('\n    at ') + '\n    at '.length);
      if (lines.size > 50_000) lines.clear();
      lines.set(key, line);
    }
    return line;
  };
  const economical: Prepare & { [installed]?: true } = (error, frames) => {
    let text: string;
    try {
      text = `${error.name || 'Error'}: ${error.message || ''}`;
      for (const frame of frames) text += `\n    at ${lineOf(frame)}`;
    } catch {
      return original(error, frames);
    }
    return text;
  };
  economical[installed] = true;
  Error.prepareStackTrace = economical as typeof Error.prepareStackTrace;
}
