// ESLint for the specs (part of `npm test`): Playwright's rules (eslint-plugin-playwright), which no
// other linter has. The general JavaScript and TypeScript rules of the whole tree (ESLint's and
// typescript-eslint's recommended sets, as `biome migrate eslint` mapped them) are Biome's linter
// (biome.json), native: ESLint parsing the whole tree cost about 14 s of CPU in every cold `npm test`,
// most of it the TypeScript parser, where Biome takes about 1.5 s. Type-aware rules are off: the type
// check already runs in `npm test`. Of the old sets, Biome has no no-unused-expressions and no
// no-unexpected-multiline: the specs keep them here (a bare `expect(x).toBe` is a check that cannot
// fail); elsewhere the formatter's semicolons make a multiline hazard visible. The other five it
// lacks (no-delete-var, no-invalid-regexp, no-new-symbol, no-octal, triple-slash-reference) the
// type check refuses already, or do not occur.
import playwright from 'eslint-plugin-playwright';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'reports/', 'test-results/', 'blob-report/', 'playwright-report/', '**/*.generated.ts'] },
  // Only the specs: every other file is Biome's alone.
  { ignores: ['**/*', '!tests/', '!tests/**/', '!tests/**/*.spec.ts'] },
  {
    files: ['tests/**/*.spec.ts'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: { '@typescript-eslint/no-unused-expressions': 'error', 'no-unexpected-multiline': 'error' },
  },
  {
    files: ['tests/**/*.spec.ts'],
    ...playwright.configs['flat/recommended'],
    rules: {
      ...playwright.configs['flat/recommended'].rules,
      // Our assertions are named expect* / check* helpers, and every call through the client's choke
      // point (`api.call`) runs the contract's response checks, so a check that only calls asserts.
      'playwright/expect-expect': [
        'error',
        { assertFunctionPatterns: ['^expect', '^check', '^assert', '^run[A-Z]', '\\.call$', '\\.(poll|roundTrip|deliver)'] },
      ],
      // A grid of operations iterates over the contract and branches per operation or per target
      // (mock or sandbox): the branch is the data, not hidden control flow.
      'playwright/no-conditional-in-test': 'off',
      'playwright/no-conditional-expect': 'off',
      // A check skips with its reason when the target cannot run it (sandbox data, a browser).
      'playwright/no-skipped-test': ['error', { allowConditional: true }],
      // Titles of a grid are computed from the contract and its rules (a string at run time).
      'playwright/valid-title': ['error', { ignoreTypeOfTestName: true }],
    },
  },
);
