// What may not be had (a file missing or unreadable, text that is not JSON) read with what stands in for it.

/** `read()`, or `fallback` when it throws. */
export function orElse<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}
