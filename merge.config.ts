// `npm run merge`: merges the blob reports of the shards (blob-report/, one zip per shard) into one
// result, and rebuilds from all shards what a single run writes: the JUnit XML, coverage and
// certification (coverage travels with each test's result, helpers/client/coverage.ts), and the leak scan.
export default {
  testDir: './tests',
  reporter: [
    ['list'],
    ['junit', { outputFile: 'reports/junit.xml' }],
    ['./helpers/verdict/suite-reporter.ts', { leakPatterns: './fixtures/leak-patterns.ts' }],
  ],
};
