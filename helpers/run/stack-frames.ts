// Stack traces at the cost of the frames needing a source map: Playwright captures a 50-frame stack per API call, expect() and
// step, and its source-map-support clones every frame to map it (about 17 s of worker CPU over `npm test`). Call sites recur,
// so each frame's line is formatted once by Playwright's formatter and found by position: the same locations.

type Prepare = (error: Error, frames: NodeJS.CallSite[]) => unknown;

const installed = Symbol.for('suite.stack-frames');

/**
 * A frame's line, keyed by position and function name (all Playwright reads of a stack depends on); the receiver's type name
 * is left out: reading it cost as much as the formatting saved, and it changes no location.
 */
const keyOf = (f: NodeJS.CallSite): string =>
  `${f.getScriptNameOrSourceURL()}:${f.getLineNumber()}:${f.getColumnNumber()}:${f.getFunctionName()}`;

/** Wraps the installed `Error.prepareStackTrace` (a worker's source-map-support); a no-op without one or when wrapped. */
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
