// `npm run provider-facts -- --service <name> --from <provider document>`: writes the provider facts of
// the document's version (schemas/<service>/provider-facts.json, or versions/<version>/ for a later one:
// tools/diff/provider-facts.ts; none of its prose or examples) with the sha256 of its bytes. The document
// is never stored here; `npm test` holds the contract to the facts (tests/self/provider-facts.spec.ts).
import fs from 'node:fs';
import path from 'node:path';
import { readDocumentFile } from '../tools/diff/documents.js';
import { factsFile, factsOf, writeFacts } from '../tools/diff/provider-facts.js';
import { contractVersions } from '../helpers/contract/versions.js';
import { parseArgs, serviceArgs, runMain, type CommandMain } from '../tools/cli.js';

const USAGE = 'npm run provider-facts -- --service <name> --from <provider document> [--out <file>]';

export const main: CommandMain = async (argv, io) => {
  const args = parseArgs(argv, { service: 'required', from: 'required', out: 'value' }, USAGE);
  serviceArgs(args.service, USAGE, { one: true });
  const document = readDocumentFile(args.from);
  const facts = factsOf(args.service, document.doc, fs.readFileSync(args.from), args.from);
  const out =
    args.out !== undefined
      ? path.resolve(args.out)
      : factsFile(args.service, contractVersions(args.service).includes(facts.source.version) ? facts.source.version : undefined);
  writeFacts(out, facts);
  const d = facts.document;
  const operations = Object.values<Record<string, unknown>>(d.paths).reduce(
    (n, item) => n + Object.keys(item).filter((k) => k !== 'parameters').length,
    0,
  );
  io.out(
    `${path.relative(process.cwd(), out)}: facts of ${document.label} (version ${facts.source.version}, sha256 ${facts.source.sha256.slice(0, 16)}...): ${operations} operations, ${Object.keys(d.components?.schemas ?? {}).length} schemas; ${fs.statSync(out).size} bytes`,
  );
  return 0;
};

runMain(import.meta.url, main);
