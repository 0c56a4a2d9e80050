// An object every reader shows reads the same on each (<S>-PROP-READERS-AGREE) and a path id names
// exactly its object (<S>-PROP-ID-NAMES-ONE, exact-id.ts): one body for every service with readers.
import type { CallOptions } from '../../helpers/client/client.js';
import { checkIdNamesOne, ID_NAMES_ONE, type Read } from '../../helpers/client/invariants/exact-id.js';
import { checkReadersAgree, type ReaderReads } from '../../helpers/client/invariants/readers-agree.js';
import type { PropertyException } from '../../helpers/client/property-counts.js';
import { countRule, noteCoverage } from './property.js';
import { Violations } from '../../helpers/client/security/probe.js';
import type { Contract, Operation } from '../../helpers/contract/contract.js';
import { kindOfKey } from '../../helpers/secrets/sensitive.js';

/** A reader's call, and what it reads where a reader is read with several (named in a violation). */
export interface ReaderCall {
  reader: Operation;
  call: CallOptions;
  what?: string;
}
type Answer = { status: number; body: unknown };

/** Every call read in two rounds (`round`): a leaf differing between a call's rounds is compared nowhere. */
export async function readTwice(calls: readonly ReaderCall[], round: () => Promise<Answer[]>) {
  const first = await round();
  const second = await round();
  const reads: ReaderReads[] = [];
  const refused = new Map<string, string>();
  calls.forEach(({ reader, what }, i) => {
    const [a, b] = [first[i], second[i]];
    if (a?.status === 200 && b?.status === 200) reads.push({ reader, first: a.body, second: b.body, call: what });
    else refused.set(reader.operationId, `its call answered ${a?.status ?? 'no answer'} here`);
  });
  return { first, second, reads, refused };
}

/** The readers-agree property judged and counted: a reader not checked is left out with its reason. */
export function judgeReadersAgree(
  contract: Contract,
  rule: string,
  readers: readonly Operation[],
  { reads, refused }: { reads: ReaderReads[]; refused: Map<string, string> },
  exceptions: PropertyException[],
): { violations: Violations; checked: string[] } {
  const violations = new Violations('readers-agree');
  const checked = checkReadersAgree(contract, reads, violations);
  for (const { operationId } of readers) {
    if (checked.includes(operationId) || exceptions.some((e) => e.operationId === operationId)) continue;
    const read = reads.some((r) => r.reader.operationId === operationId);
    exceptions.push({
      operationId,
      reason: read ? 'it shows no object another reader shows' : (refused.get(operationId) ?? 'the check makes no call of it'),
    });
  }
  const applies = readers.map((o) => o.operationId);
  countRule('readers-agree', rule, { applies, checked, exceptions });
  return { violations, checked };
}

/** The first round's reads that answered: the faces of an object on any reader give its identifying values. */
export const showingOf = (calls: readonly ReaderCall[], first: readonly (Answer | undefined)[]): Read[] =>
  calls.flatMap(({ reader, call }, n) =>
    first[n]?.status === 200 ? [{ at: reader.path, path: call.path ?? {}, body: first[n].body }] : [],
  );

/** Each by-id reader sent every other identifying value its object shows as the path id: none may answer it. */
export async function judgeIdNamesOne(
  rule: string,
  args: Omit<Parameters<typeof checkIdNamesOne<CallOptions>>[0], 'sensitive' | 'violations'>,
): Promise<Violations> {
  const violations = new Violations(ID_NAMES_ONE);
  const { checked, exceptions, sent } = await checkIdNamesOne({ ...args, sensitive: (m) => kindOfKey(m) !== undefined, violations });
  noteCoverage(
    `${ID_NAMES_ONE}: ${args.byId.length} by-id readers, ${checked.length} sent ${sent} other identifying values of their objects`,
  );
  const applies = args.byId.map((b) => b.reader.operationId);
  countRule(ID_NAMES_ONE, rule, { applies, checked, exceptions });
  return violations;
}
