// What the report families write alike (an ack's members, account ids, cents, groups, institutions); pure, for records modules too.
import type { Account, FdState } from '../state.js';

/** The members of `o` that are set: an ack echoes only what was sent. */
export const defined = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** A white-space separated account id list as the ack echoes it (provider 1.35.0 ReportAccountIds). */
export const idList = (text: unknown) => (typeof text === 'string' ? text.split(/\s+/).filter(Boolean) : undefined);

export const cents = (n: number) => Math.round(n * 100) / 100;

/** `items` grouped by `key`, the groups and their items in the order first seen. */
export function groupBy<T, K>(items: Iterable<T>, key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

/** A report's institutions and accounts (provider 1.35.0: institutions[].accounts[]): `head` an institution's, `view` an account's. */
export const byInstitution = <T>(
  world: FdState,
  accounts: Account[],
  head: (id: string, name: string | undefined) => Record<string, unknown>,
  view: (a: Account) => T,
) =>
  [...groupBy(accounts, (a) => a.institutionId)].map(([id, list]) => ({
    ...head(id, world.institutions.find((i) => i.id === id)?.name),
    accounts: list.map(view),
  }));
