// A certification's failures explained by a newer version of the provider's document: a run of the
// contract of one version against a target of a newer one names each failure the newer document
// announces ("documented in 1.42.0: ModifyCustomer, status added 409") apart from the unexplained
// ones, so that a release manager sees at once whether the bump broke anything the provider did not
// announce (docs/version-bump.md). What the newer version changed is the contract diff of the two
// published documents (their provider facts, schemas/<service>/.../provider-facts.json) through the
// suite's own diff (suite-diff.ts): no second differ.
import type { Certification, ExplainedFailure, FailedCheck, FailureGroup, VersionExplanation } from '../../helpers/verdict/model.js';
import { asDocument } from './documents.js';
import { loadContract } from '../../helpers/contract/contract.js';
import { factsFile, readFacts, suiteView } from './provider-facts.js';
import { diffForSuite, type ChangeEntry } from './suite-diff.js';

/** The facts of two versions' published documents, diffed by the suite's own diff (its operations and rules those of the older version's contract). */
async function announcedChanges(service: string, from: string, to: string): Promise<ChangeEntry[]> {
  const older = readFacts(service, factsFile(service, from));
  const newer = readFacts(service, factsFile(service, to));
  if (!older || !newer) throw new Error(`${service}: no provider facts of ${!older ? from : to} (npm run provider-facts)`);
  const a = asDocument(older.document, `provider ${from}`);
  const b = asDocument(newer.document, `provider ${to}`);
  return diffForSuite(a, b, suiteView(service, await loadContract(service, from))).changes;
}

/** The status a failure's own words or its evidence say the target answered. */
function receivedStatus(check: FailedCheck): string | undefined {
  const judged = /Received:\s*(\d{3})\b/.exec(check.judged) ?? /Received:\s*(\d{3})\b/.exec(check.message);
  if (judged) return judged[1];
  const exchange = check.evidence?.exchanges?.[0];
  return exchange
    ? /(?:^|\n)(?:HTTP\/[\d.]+\s+)?(\d{3})\b/.exec(exchange.split('\n').find((l) => /^(HTTP\/|\d{3}\b|<- )/.test(l)) ?? '')?.[1]
    : undefined;
}

const REQUEST_SIDE = /request body|query parameter|path parameter|header parameter|parameter /;

/**
 * The changes that explain a failure at an operation: a status the newer version adds (answered) or
 * removes (expected); a request it accepts otherwise; a response it shapes otherwise (a response check).
 */
function explainingChanges(changes: ChangeEntry[], operationId: string, check: string, received?: string): ChangeEntry[] {
  // The status answered, where the newer version adds it, first; then a change of the request; then the rest.
  const rank = (c: ChangeEntry) => (c.kind === 'status added' ? 0 : REQUEST_SIDE.test(c.where) ? 1 : 2);
  return changes
    .filter((c) => {
      if (!c.operations.includes(operationId)) return false;
      if (c.kind === 'status added') return received !== undefined && new RegExp(`\\b${received}\\b`).test(`${c.detail} ${c.where}`);
      if (c.kind === 'status removed') return check !== 'responseSchemaConformance';
      if (REQUEST_SIDE.test(c.where)) return check !== 'responseSchemaConformance';
      if (/response/.test(c.where)) return check === 'responseSchemaConformance' || check === 'assertion';
      return false;
    })
    .sort((a, b) => rank(a) - rank(b));
}

const failuresOf = (group: FailureGroup): FailedCheck[] =>
  group.checks?.length
    ? group.checks
    : group.titles.map((title) => ({
        title,
        project: '',
        file: '',
        check: group.check ?? 'assertion',
        judged: group.message,
        message: group.message,
        rerun: '',
      }));

/** Classes every failed check of a certification's service by the changes the newer version announces. */
export async function explainCertification(
  certification: Certification,
  service: string,
  to: string,
  changes?: ChangeEntry[],
): Promise<VersionExplanation> {
  const verdict = certification.services.find((s) => s.service === service);
  if (!verdict) throw new Error(`the certification has no ${service} verdict`);
  const from = verdict.contractVersion;
  const announced = changes ?? (await announcedChanges(service, from, to));
  const explained: ExplainedFailure[] = [];
  const unexplained: ExplainedFailure[] = [];
  const seen = new Set<string>();
  for (const group of verdict.failures)
    for (const failed of failuresOf(group)) {
      const key = `${failed.file}:${failed.line}:${failed.title}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const received = receivedStatus(failed);
      // The operation told first; else each one the failure's words or its candidate exchanges name
      // (`(OperationId)`), the first a change explains: an assertion's evidence may be a set-up call.
      const named = [`${failed.judged}\n${failed.message}`, ...(failed.evidence?.exchanges ?? []).map((x) => x.split('\n')[0])].flatMap(
        (t) => [...t.matchAll(/\(([A-Za-z][A-Za-z0-9_-]*)\)/g)].map((m) => m[1]),
      );
      const candidates = [
        ...new Set([failed.evidence?.operationId, group.operationId, ...named].filter((op): op is string => Boolean(op))),
      ];
      let operationId = candidates[0];
      let by: ChangeEntry[] = [];
      for (const op of candidates) {
        by = explainingChanges(announced, op, failed.check, received);
        if (by.length) {
          operationId = op;
          break;
        }
      }
      const entry: ExplainedFailure = {
        service,
        title: failed.title,
        file: failed.file,
        check: failed.check,
        ...(operationId ? { operationId } : {}),
        ...(received ? { received } : {}),
        explainedBy: by.map((c) => ({ kind: c.kind, detail: c.detail, where: c.where, key: c.key })),
      };
      (by.length ? explained : unexplained).push(entry);
    }
  return { service, from, to, announced: announced.length, explained, unexplained };
}
