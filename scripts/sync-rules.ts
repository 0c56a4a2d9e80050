// `npm run rules:sync`: rewrites the operation lists of the financial data rules whose checks
// iterate every operation (helpers/contract/generic-rules.ts) in schemas/financial-data/rules.yaml, after a
// part added operations to the contract. Prints what changed; touches nothing else of the file.
import fs from 'node:fs';
import path from 'node:path';
import { loadContract, type Contract } from '../helpers/contract/contract.js';
import { genericRuleOperations } from '../helpers/contract/generic-rules.js';
import { rulesFile, versionGenericRulesFile } from '../helpers/contract/rules.js';
import { baseVersion } from '../helpers/contract/versions.js';
import { stringify } from 'yaml';
import { parseArgs, runMain, type CommandMain } from '../tools/cli.js';

export const main: CommandMain = async (argv, io) => {
  parseArgs(argv, {}, 'npm run rules:sync');
  // A later contract version (FD_CONTRACT_VERSION): the operations it adds go to its own generic-rules.yaml.
  const versionFile = versionGenericRulesFile('financial-data');
  if (versionFile) {
    // The generic rules, and the security rules whose checkers probe every operation taking an object id.
    const { fdCoverage, SECURITY_RULE_OF } = await import('../tests/self/security-coverage.known.js');
    const listsOf = (contract: Contract) => ({
      ...genericRuleOperations(contract),
      ...Object.fromEntries(fdCoverage(contract).map((c) => [SECURITY_RULE_OF[c.checker], c.operations])),
    });
    const base = listsOf(await loadContract('financial-data', baseVersion('financial-data')));
    const lists = listsOf(await loadContract('financial-data'));
    const added = Object.fromEntries(
      Object.entries(lists)
        .map(([id, ops]) => [id, ops.filter((o) => !(base[id] ?? []).includes(o))] as const)
        .filter(([, ops]) => ops.length > 0),
    );
    const header =
      '# Written by `npm run rules:sync` (FD_CONTRACT_VERSION set): the operations this version adds to the\n# base rules whose checks iterate every operation (helpers/contract/generic-rules.ts, and the security\n# checkers: tests/self/security-coverage.known.ts). Do not edit.\n';
    fs.writeFileSync(versionFile, header + stringify({ 'operations-added': added }));
    for (const [id, ops] of Object.entries(added)) io.out(`${id}: +${ops.length} operations`);
    return 0;
  }
  const file = rulesFile('financial-data');
  let text = fs.readFileSync(file, 'utf8');
  const lists = genericRuleOperations(await loadContract('financial-data'));
  for (const [id, operations] of Object.entries(lists)) {
    const pattern = new RegExp(`(- \\{ id: ${id}, [^\\n]*?operations: \\[)[^\\]]*(\\])`);
    if (!pattern.test(text)) throw new Error(`${path.relative(process.cwd(), file)}: no one-line entry for ${id} with an operations list`);
    const before = text;
    text = text.replace(pattern, `$1${operations.join(', ')}$2`);
    io.out(`${id}: ${operations.length} operations${before === text ? ' (unchanged)' : ''}`);
  }
  fs.writeFileSync(file, text);
  return 0;
};

runMain(import.meta.url, main);
