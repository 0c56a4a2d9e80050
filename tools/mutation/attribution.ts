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
  /** Rules whose judgement failed in the group's checks, folded into it as one cause (helpers/verdict/certification.ts). */
  alsoBroken?: string[];
  /** The rules of checks "not judged after" a set-up step of theirs that failed in this group. */
  notJudged?: string[];
  cause: string;
  /** Each failed check of the group: 'its failed step' when it judged nothing of its own (helpers/verdict/certification.ts). */
  checks?: { check: string }[];
}

/** A check of the group judged something (a group may also hold checks whose set-up step failed under the same rule). */
const judgedIn = (f: CertifiedFailure) => !f.checks?.length || f.checks.some((c) => c.check !== 'its failed step');

/** Reads a certification's failures for one fault (its rules' ids): see Attribution. */
export function attribute(failures: readonly CertifiedFailure[], rules: readonly string[]): Attribution {
  // A rule "also broken there" failed its own judgement in the group's checks, folded into a narrower rule's line as one cause.
  const own = (f: CertifiedFailure) => [...(f.broken ?? []), ...(f.alsoBroken ?? [])].some((r) => rules.includes(r));
  const judged = failures.filter(judgedIn);
  const by = judged.some(own) ? 'rule' : judged.length < failures.length ? 'set-up' : failures.length ? 'other' : 'none';
  return {
    by,
    lines: failures.length,
    bystanders: judged.filter((f) => !own(f)).map((f) => f.cause),
    under: failures.map((f) => (judgedIn(f) ? f.cause : `${f.cause} (set-up steps only)`)),
  };
}
