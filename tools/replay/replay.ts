// One replay: the collection read and pointed at the service's embedded mock, run with newman,
// every item classified and the reports written (scripts/replay.ts is the command).
import { loadContract } from '../../helpers/contract/contract.js';
import { conflictsInForce } from '../../helpers/contract/conflicts.js';
import { outboundOrigins, pointedAt, readCollection, ReplayInputError } from './collection.js';
import { classify } from './classify.js';
import { replayResult, writeReplayReport, type ReplayResult } from './report.js';
import { runCollection } from './run.js';
import { REPLAY_TARGETS } from './targets.js';

interface ReplayOptions {
  collection: string;
  service: string;
  /** Folder of the reports. */
  out: string;
  /** Faults of the mock to switch on. */
  faults?: string[];
}

export async function replay(options: ReplayOptions): Promise<{ result: ReplayResult; reports: { md: string; json: string } }> {
  const start = REPLAY_TARGETS[options.service];
  if (!start) throw new ReplayInputError(`unknown service '${options.service}' (replay knows: ${Object.keys(REPLAY_TARGETS).join(', ')})`);
  const collection = readCollection(options.collection);
  const contract = await loadContract(options.service);
  const conflicts = conflictsInForce(options.service);
  const target = await start({ outboundOrigins: outboundOrigins(collection), faults: options.faults });
  try {
    const pointed = pointedAt(collection, target.baseURL);
    if (pointed.overridden.length === 0)
      throw new ReplayInputError(`${options.collection} has no base URL collection variable (baseUrl) to point at the mock`);
    const executions = await runCollection(pointed.collection, { environment: target.environment }, target.hooks);
    target.afterRun();
    const rows = executions.map((e) =>
      classify(e, {
        contract,
        baseVariables: pointed.overridden,
        conflicts,
      }),
    );
    const result = replayResult(options.service, options.collection, rows, options.faults);
    return { result, reports: writeReplayReport(options.out, result) };
  } finally {
    await target.close();
  }
}
