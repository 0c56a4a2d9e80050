// A service's statement index (schemas/<service>/statements.yaml): each seed sentence stating behaviour and each rule a
// provider document states in prose or an example, traced to the rules checking it or not checkable with a reason.
// tests/self/statements.spec.ts fails one with neither, and a rule no statement names; the certification shows traced/total.
import fs from 'node:fs';
import path from 'node:path';
import { parsedYamlFiles } from './rules.js';
import { SCHEMAS } from './versions.js';

interface Statement {
  /** `<SERVICE>-ST-<n>`: stable, never reused. */
  id: string;
  /** Where it is stated: `seed 000, <section>` or `provider 2.0.0 <schema, parameter or error example>`. */
  from: string;
  /** What it says, in our words (never the provider's text). */
  says: string;
  /** The catalogue rules that check it (schemas/<service>/rules.yaml). */
  rules?: string[];
  /** Why no check can judge it (it describes, it concerns another party, no request provokes it). */
  notCheckable?: string;
  /**
   * What follows over time and the object's life, judged by a consequence property over the object's operations
   * (helpers/client/invariants/lasting.ts, survivors.ts, cascades.ts).
   */
  lasts?: Lasting;
  /** Each object the statement says outlives its parent (a consumer, and the reports it owns). */
  outlives?: Survival | Survival[];
  /** The writer of a parent's state the statement says reaches every child (the parent's own state writer). */
  cascades?: string;
}

/** A state the statement makes lasting: the operation that makes it and the resource (helpers/contract/object-ids.ts) it holds on. */
export interface Lasting {
  by: string;
  object: string;
  /** The end a document gives the state (seconds after it was made), where one does; none: it lasts. */
  endsAfterSeconds?: number;
}

/** An object the statement says outlives its parent: its resource and the parent's (helpers/contract/object-ids.ts). */
interface Survival {
  object: string;
  parent: string;
}

/** One consequence of a kind: a statement stating several (two survivors) gives one each. */
type Consequence<K extends 'lasts' | 'outlives' | 'cascades'> =
  NonNullable<Statement[K]> extends infer C ? (C extends (infer E)[] ? E : C) : never;

/** The statements of a service that state a consequence of one kind, with it (one entry per consequence). */
export function consequencesOf<K extends 'lasts' | 'outlives' | 'cascades'>(
  service: string,
  kind: K,
): { statement: string; consequence: Consequence<K> }[] {
  return (loadStatements(service) ?? []).flatMap((s) =>
    [s[kind] ?? []].flat().map((consequence) => ({ statement: s.id, consequence: consequence as Consequence<K> })),
  );
}

/**
 * Each index parsed once per process while its file's size and time stay, and across processes through the rules' disk cache
 * (parsedYamlFiles): the runner and every worker read it as they load the specs of the consequence properties (lasting,
 * survivors, cascades: each at its module's load), and financial data's (about 225 KB of YAML) took a third of a second a parse.
 */
const parsed = new Map<string, { stamp: string; statements: readonly Statement[] }>();

/** The service's statements (shared: read, never changed), or undefined where it keeps no index. */
export function loadStatements(service: string): readonly Statement[] | undefined {
  const file = path.join(SCHEMAS, service, 'statements.yaml');
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return undefined;
  const stamp = `${stat.size}:${stat.mtimeMs}`;
  const cached = parsed.get(file);
  if (cached?.stamp === stamp) return cached.statements;
  const [doc] = parsedYamlFiles(`statements-${service}`, [file]) as [{ statements?: Statement[] } | null];
  const statements = doc?.statements ?? [];
  parsed.set(file, { stamp, statements });
  return statements;
}

/** Statements traced to a rule, marked not checkable, and in all. */
export interface StatementTally {
  total: number;
  traced: number;
  notCheckable: number;
}

export const statementTally = (statements: readonly Statement[]): StatementTally => ({
  total: statements.length,
  traced: statements.filter((s) => s.rules?.length).length,
  notCheckable: statements.filter((s) => !s.rules?.length && s.notCheckable).length,
});
