import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'

/** Tests, benchmarks and their scaffolding (`testing/` folders): the only files that may use test tools. */
const TEST_FILES = [
  '**/*.test.{ts,tsx}',
  '**/*.optional-test.{ts,tsx}',
  '**/*.agents-test.{ts,tsx}',
  '**/*.bench.{ts,tsx}',
  '**/testing/**',
]

/** Folders that must not import electron: everything but src/main/desktop, src/main/index.ts and the preload. */
const ELECTRON_FREE = [
  'src/main/runtime/**',
  'src/shared/**',
  'src/renderer/**',
  'src/tui/**',
  'src/ui-common/**',
  'src/hosts/**',
  'src/cli/**',
]

/**
 * The runtime's folders in layers, lowest first (docs/architecture.md). A folder imports only
 * folders of lower layers, never its own layer's siblings nor anything above, so no two folders
 * import each other; the files at the runtime's root (`runtime.ts`, its types) sit on top. Outside
 * the runtime, nothing in it may reach into a host, the CLI or a UI.
 */
const RUNTIME_LAYERS = [
  ['sandbox', 'settings', 'models'],
  ['sessions', 'tools'],
  ['permissions', 'checkpoints'],
  ['interactions'],
  ['acp', 'mcp', 'remote', 'turns'],
]
const OUTSIDE_THE_RUNTIME = ['hosts', 'cli', 'tui', 'renderer', 'ui-common', 'preload', 'desktop']

/** What a runtime folder may not import: its layer, the layers above, the root files, the outside. */
function layerRule(folder) {
  const rank = RUNTIME_LAYERS.findIndex((layer) => layer.includes(folder))
  const below = RUNTIME_LAYERS.slice(0, rank).flat()
  const above = RUNTIME_LAYERS.flat().filter((name) => !below.includes(name) && name !== folder)
  return {
    regex: `^(\\.\\./)+(${[...above, 'runtime', 'runtime-types', 'create-runtime', ...OUTSIDE_THE_RUNTIME].join('|')})(/|$)`,
    message: `Runtime layering (docs/architecture.md): ${folder}/ may import ${below.length > 0 ? below.map((name) => `${name}/`).join(', ') : 'no other runtime folder'}, src/shared and packages.`,
  }
}

/** One `no-restricted-imports` setting per file: ESLint replaces, never merges, a rule's options. */
function restrictImports({
  electron = false,
  testOnly = false,
  contractsOnly = false,
  layer,
  extra,
}) {
  return {
    'no-restricted-imports': [
      'error',
      {
        paths: electron
          ? [
              {
                name: 'electron',
                message: 'Only src/main/desktop and src/preload may import electron.',
              },
            ]
          : [],
        patterns: [
          ...(layer ? [layerRule(layer)] : []),
          ...(extra ? [extra] : []),
          ...(contractsOnly
            ? [
                {
                  regex: '^(?!zod$|shell-quote$|\\./)',
                  message:
                    'src/shared holds contracts and pure models: it imports zod, shell-quote (the one word splitter the Settings editor and the ACP launcher must share) and its own files, nothing else.',
                },
              ]
            : []),
          ...(testOnly
            ? [
                {
                  regex: '(^|/)testing(/|$)',
                  message: 'Test scaffolding (testing/ folders) is for tests only.',
                },
                {
                  group: [
                    'vitest',
                    'vitest/*',
                    'vite',
                    'vite/*',
                    '@testing-library/*',
                    'ink-testing-library',
                  ],
                  message: 'Test and build tools are for tests and config files only.',
                },
              ]
            : []),
        ],
      },
    ],
  }
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'e2e-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // CommonJS configuration files (dependency-cruiser reads its settings as CommonJS).
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  // No function grows past 150 lines: a longer one is split by concern (tests and their
  // scaffolding may run long).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.*', '**/testing/**'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
  // Tests and their scaffolding only: production code never reaches into them.
  { files: ['src/**/*.{ts,tsx}'], ignores: TEST_FILES, rules: restrictImports({ testOnly: true }) },
  // The runtime, the contracts and the UIs run outside Electron (a test checks the runtime too).
  { files: ELECTRON_FREE, rules: restrictImports({ electron: true }) },
  {
    files: ELECTRON_FREE,
    ignores: TEST_FILES,
    rules: restrictImports({ electron: true, testOnly: true }),
  },
  // Each runtime folder imports only the layers below it (tests may reach across).
  ...RUNTIME_LAYERS.flat().map((folder) => ({
    files: [`src/main/runtime/${folder}/**`],
    ignores: TEST_FILES,
    rules: restrictImports({ electron: true, testOnly: true, layer: folder }),
  })),
  // The terminal client is a UI: it does not reach into the CLI that starts it.
  {
    files: ['src/tui/**'],
    ignores: TEST_FILES,
    rules: restrictImports({
      electron: true,
      testOnly: true,
      extra: {
        regex: '^(\\.\\./)+cli(/|$)',
        message:
          'The TUI does not import from src/cli: the CLI starts the TUI, not the other way round.',
      },
    }),
  },
  // Every screenshot for a person to look at is checked with axe too: e2e/screens.ts takes them.
  {
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/screens.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='screenshot']",
          message:
            'Take screenshots with shoot / shootAll from e2e/screens.ts: each gets an axe check.',
        },
      ],
    },
  },
  // The contracts and shared models: what every process and both UIs load.
  {
    files: ['src/shared/**'],
    ignores: TEST_FILES,
    rules: restrictImports({ electron: true, testOnly: true, contractsOnly: true }),
  },
)
