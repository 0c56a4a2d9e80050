// Every id the caller names is the caller's (CE-PROP-IDS-OWNED): each request member the contract says
// resolves to an entity (the 400's table of refusal conditions, `x-codes` `unresolved`) that the target's
// world gives an owner (reference A2 and the mock's world: an API key -> its srcClientIds -> its
// serviceIds) is sent with every id another client holds (each other client's first, later and last id),
// the caller's own ids in every other member, on every path and under every source; each is refused
// with the status the contract documents for that member, and the caller's own ids are accepted after
// them (the refusals left no trace). This module plans the calls and judges their answers; the spec
// sends them.

/** The documented refusal of another client's id, by the member naming it. */
export interface OwnedMember {
  member: string;
  /** The catalogue rule stating the refusal. */
  rule: string;
  /** What the contract documents, for a finding's "documented" half. */
  documented: string;
  /** Whether an answer is that refusal. */
  refused: (res: { status: number; body?: any }) => boolean;
}

/** One refusal to send: `member` set to another client's id, every other owned member to one of the caller's. */
interface ForeignIdCase<P extends string, S> {
  member: string;
  id: string;
  /** The id's place among the foreign ids of its member (the world's order: each client's first to last). */
  index: number;
  path: P;
  source: S;
  /** The caller's own values of the other owned members, by member. */
  own: Record<string, string>;
}

/**
 * The refusals to send: every foreign id of every owned member, under every source and on every path;
 * the other owned members take the caller's own values in turn (the n-th foreign id under the s-th source
 * takes own value n + s), so each foreign id meets each own value of the others (a program of another
 * client under the caller's second srcClientId) and each path.
 */
export function foreignIdCases<P extends string, S>(
  members: readonly string[],
  own: Record<string, readonly string[]>,
  foreign: Record<string, readonly string[]>,
  paths: readonly P[],
  sources: readonly S[],
): ForeignIdCase<P, S>[] {
  const out: ForeignIdCase<P, S>[] = [];
  for (const member of members) {
    const ids = (foreign[member] ?? []).filter((id) => !(own[member] ?? []).includes(id));
    for (const [index, id] of ids.entries())
      for (const [s, source] of sources.entries())
        for (const path of paths)
          out.push({
            member,
            id,
            index,
            path,
            source,
            own: Object.fromEntries(
              members.filter((m) => m !== member && own[m]?.length).map((m) => [m, own[m][(index + s) % own[m].length]]),
            ),
          });
  }
  return out;
}

/**
 * The own ids accepted after the refusals, pairwise with the sources: under each source, each own value of
 * the member with the most, the other members' own values in turn (under the s-th source the j-th row
 * takes their value s + j), so each own value meets each source and each own value of every other member
 * (the caller's second srcClientId with its third program, a wallet's program in lower case).
 */
export function ownIdRows<S>(
  members: readonly string[],
  own: Record<string, readonly string[]>,
  sources: readonly S[],
): { source: S; ids: Record<string, string> }[] {
  const present = members.filter((m) => own[m]?.length);
  if (!present.length) return [];
  const widest = present.reduce((a, m) => (own[m].length > own[a].length ? m : a));
  return sources.flatMap((source, s) =>
    own[widest].map((value, j) => ({
      source,
      ids: Object.fromEntries(present.map((m) => [m, m === widest ? value : own[m][(s + j) % own[m].length]])),
    })),
  );
}
