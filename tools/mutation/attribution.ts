// `npm run mutation -- --attribute`: how a caught fault reads in a certification of its rules' spec files with it on
// (scripts/mutation.ts runs them; this reads the certification's failure groups, helpers/verdict/certification.ts).
/**
 * How a caught fault reads in a certification of its rules' spec files: `rule`, a failure filed under a rule the fault
 * breaks (the check of that rule judged it); `set-up`, only checks whose set-up step failed ("not judged after" it);
 * `other`, only failures under rules the fault does not name; `none`, nothing failed there (the lane's catch not reproduced).
 */
export interface Attribution {
  by: 'rule' | 'set-up' | 'other' | 'none';
  /** The failure groups (certification lines) the run gave, and those under rules the fault does not name. */
  lines: number;
  bystanders: string[];
  under: string[];
}

export interface CertifiedFailure {
  broken?: string[];
  notJudged?: { rules: string[]; after: string };
  cause: string;
}

/** Reads a certification's failures for one fault (its rules' ids): see Attribution. */
export function attribute(failures: readonly CertifiedFailure[], rules: readonly string[]): Attribution {
  const own = (f: CertifiedFailure) => (f.broken ?? []).some((r) => rules.includes(r));
  const judged = failures.filter((f) => !f.notJudged);
  const by = judged.some(own) ? 'rule' : failures.some((f) => f.notJudged) ? 'set-up' : failures.length ? 'other' : 'none';
  return {
    by,
    lines: failures.length,
    bystanders: failures.filter((f) => !own(f) && !f.notJudged).map((f) => f.cause),
    under: failures.map((f) => (f.notJudged ? `${f.cause} (a set-up step: ${f.notJudged.after})` : f.cause)),
  };
}
