// ESLint for the whole tree (part of `npm test`): the recommended JavaScript and TypeScript rules,
// Playwright's rules for the specs, formatting left to Biome's formatter (biome.json). Type-aware
// rules are off: they would double the CPU of npm test, and the type check already runs there.
import js from '@eslint/js';
import playwright from 'eslint-plugin-playwright';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'reports/', 'test-results/', 'blob-report/', 'playwright-report/', '**/*.generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
        AbortController: 'readonly',
        AbortSignal: 'readonly',
        TextEncoder: 'readonly',
        TextDecoder: 'readonly',
        structuredClone: 'readonly',
        queueMicrotask: 'readonly',
        setImmediate: 'readonly',
        performance: 'readonly',
        crypto: 'readonly',
        Response: 'readonly',
        Request: 'readonly',
        Headers: 'readonly',
        FormData: 'readonly',
        Blob: 'readonly',
        module: 'writable',
        require: 'readonly',
        __dirname: 'readonly',
      },
    },
    rules: {
      // Unused names are tsc's (noUnusedLocals, noUnusedParameters: `_`-prefixed arguments are
      // deliberate); ESLint's rule repeated them for a sixth of its rule time.
      // `any` stays where a value is a JSON body read before or without its schema (docs/conventions.md
      // counts them by room); the client's operation ids and fault ids are typed instead.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': 'off',
    },
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
  {
    files: ['tests/**/*.ts', 'fixtures/**/*.ts'],
    // Playwright's fixture functions take `{}` when they need no other fixture.
    rules: { 'no-empty-pattern': 'off' },
  },
);
