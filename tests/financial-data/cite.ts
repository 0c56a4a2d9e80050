// Rule citations of the financial data specs written per rule (fixtures/base.ts rules(): `ID:side@site`).

/** Both sides of a boundary rule. */
export const BOTH = ['accept', 'refuse'] as const;

/** Rules cited at one site: `atSite('a', 'FD-X', 'FD-Y:accept')` is FD-X@a, FD-Y:accept@a. */
export const atSite = (site: string, ...ids: string[]) => ids.map((id) => `${id}@${site}`);

/** A rule cited on each side given (none: no side) at each site given (none: no site): `cite('FD-X', ['a', 'b'])` is FD-X@a, FD-X@b. */
export function cite(rule: string, sites: readonly string[], sides: readonly string[] = []): string[] {
  const at = sites.length ? sites.map((s) => `@${s}`) : [''];
  return (sides.length ? sides.map((s) => `:${s}`) : ['']).flatMap((side) => at.map((a) => `${rule}${side}${a}`));
}
