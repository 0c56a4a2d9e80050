// The layering of the suite (docs/architecture.md). Rooms of helpers/, from the bottom up:
//   config -> secrets -> contract -> auth -> client -> target -> verdict -> run
// A room imports only rooms below it; the per-call runtime (client, target) never imports the
// verdict; nothing under helpers/ or mocks/ imports the offline tools, the fixtures, the specs or the
// scripts; the mocks see the contract and the crypto helpers, never the runtime that tests them.
const ROOMS = ['config', 'secrets', 'contract', 'auth', 'client', 'target', 'verdict', 'run'];
const above = (i) => ROOMS.slice(i + 1).join('|');
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', comment: 'a cycle hides which module owns a fact', from: {}, to: { circular: true } },
    ...ROOMS.slice(0, -1).map((room, i) => ({
      name: `${room}-imports-only-below`,
      severity: 'error',
      comment: `helpers/${room}/ sits below ${above(i)}`,
      from: { path: `^helpers/${room}/` },
      to: { path: `^helpers/(${above(i)})/` },
    })),
    {
      name: 'runtime-is-not-tooling',
      severity: 'error',
      comment: 'helpers/ and mocks/ are what a run loads; tools/, scripts/, fixtures/ and tests/ sit above them',
      from: { path: '^(helpers|mocks)/' },
      to: { path: '^(tools|scripts|fixtures|tests)/' },
    },
    {
      name: 'mocks-see-contract-only',
      severity: 'error',
      comment: 'a mock is built from the contract; it never reaches into the suite that judges it',
      from: { path: '^mocks/' },
      to: { path: '^helpers/(client|target|verdict|run)/' },
    },
    {
      name: 'fixtures-not-tools',
      severity: 'error',
      comment: 'fixtures wrap the runtime for the specs; the offline tools are not part of a run',
      from: { path: '^fixtures/' },
      to: { path: '^(tools|scripts|tests)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|reports|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.mjs', '.json'] },
  },
};
