// The replay's reports, reports/replay/replay-<service>.{md,json}: the counts per class, then a
// table per class. Everything written passes the redaction helper (keys, secrets, tokens and
// account numbers the run met), and nothing of the collection is kept but its items' names and
// the paths their URLs write.
import path from 'node:path';
import { mdTable, writeReportFiles } from '../report.js';
import { redact, redactMessage } from '../../helpers/secrets/redact.js';
import { REPLAY_CLASSES, type ReplayClassId } from './classes.js';
import type { Classified } from './classify.js';

export interface ReplayResult {
  service: string;
  /** The collection's file name (read from the path given, never stored). */
  collection: string;
  generatedAt: string;
  /** Faults of the mock switched on for the run (MOCK_FAULTS). */
  faults: string[];
  total: number;
  counts: Record<ReplayClassId, number>;
  rows: Classified[];
}

export function replayResult(service: string, collectionFile: string, rows: Classified[], faults: string[] = []): ReplayResult {
  const counts = Object.fromEntries(REPLAY_CLASSES.map((c) => [c.id, rows.filter((r) => r.class === c.id).length])) as Record<
    ReplayClassId,
    number
  >;
  return {
    service,
    collection: path.basename(collectionFile),
    generatedAt: new Date().toISOString(),
    faults,
    total: rows.length,
    counts,
    rows: redact(rows),
  };
}

/** Whether the replay fails (exit 1): a request of a failing class. */
export const replayFails = (result: ReplayResult) => REPLAY_CLASSES.some((c) => c.fails && result.counts[c.id] > 0);

const cell = (s: string | number) => redactMessage(String(s)).replace(/\|/g, '\\|').replace(/\s+/g, ' ');

/** Writes both reports; answers their paths. */
export function writeReplayReport(dir: string, result: ReplayResult): { md: string; json: string } {
  const lines = [
    `# Replay: ${cell(result.collection)} against the ${result.service} mock`,
    '',
    `- ${result.total} requests run by newman; generated ${result.generatedAt}. The collection was read, not stored.`,
    `- Mock faults switched on: ${result.faults.length ? result.faults.join(', ') : 'none'}`,
    '',
    ...mdTable(
      ['class', 'requests', 'meaning'],
      REPLAY_CLASSES.map((c) => [c.id, result.counts[c.id], c.meaning]),
    ),
  ];
  for (const c of REPLAY_CLASSES) {
    const rows = result.rows.filter((r) => r.class === c.id);
    lines.push('', `## ${c.id} (${rows.length})`, '');
    if (rows.length === 0) lines.push('None.');
    else
      lines.push(
        ...mdTable(
          ['item', 'method', 'path', 'status', 'expected', 'reason', 'evidence'],
          rows.map((r) => [r.item, r.method, r.path, r.status, r.expected, r.reason, r.evidence].map(cell)),
        ),
      );
  }
  return writeReportFiles(dir, `replay-${result.service}`, result, lines);
}
