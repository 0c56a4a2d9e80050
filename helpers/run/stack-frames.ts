// Stack traces at the cost of the frames that need a source map. Playwright captures a 50-frame stack
// for every API call, expect() and step it records, and the source-map-support it installs in a
// worker clones every frame of every such stack (a closure per CallSite method) to map it: measured
// over `npm test`, about 17 s of worker CPU. The checks run the same call sites again and again, so
// each frame's line is formatted once by Playwright's formatter and then found by its position.
// A stack prints the same locations, mapped the same way.

type Prepare = (error: Error, frames: NodeJS.CallSite[]) => unknown;

const installed = Symbol.for('suite.stack-frames');

/**
 * A frame's line is found by its position and function name: what Playwright reads of a stack (the
 * file, line and column of each frame) depends on these alone. The receiver's type name, which
 * the formatter may print before a method's name, is left out of the key: reading it for every
 * frame cost as much as the formatting it saves, and it changes no location.
 */
const keyOf = (f: NodeJS.CallSite): string =>
  `${f.getScriptNameOrSourceURL()}:${f.getLineNumber()}:${f.getColumnNumber()}:${f.getFunctionName()}`;

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
