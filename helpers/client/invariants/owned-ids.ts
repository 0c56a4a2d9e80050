// Every id the caller names is the caller's (CE-PROP-IDS-OWNED): each member resolving to an owned entity (`x-codes`
// `unresolved`; reference A2: an API key -> its srcClientIds -> its serviceIds) sent with every id another client holds is
// refused as documented, on every path and source; the caller's own are accepted after. Plans the calls, judges the answers.

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

/** The refusals to send: every foreign id of every owned member under every source and path, meeting each own value of the others. */
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

/** The own ids accepted after the refusals, pairwise: each own value meets each source and each other member's own value. */
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
