// Layering is enforced here (and by one tsconfig per layer): shared code stays pure,
// the renderer reaches the backend only through src/shared/api, main never imports the renderer.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

const nodeBuiltins = [
  'assert',
  'buffer',
  'child_process',
  'cluster',
  'crypto',
  'dgram',
  'dns',
  'events',
  'fs',
  'fs/promises',
  'http',
  'https',
  'net',
  'os',
  'path',
  'process',
  'readline',
  'stream',
  'tls',
  'url',
  'util',
  'worker_threads',
  'zlib',
];
const nodeImportPatterns = ['node:*', ...nodeBuiltins];

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-floating-promises': 'off',
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeImportPatterns, message: 'src/shared must stay free of Node APIs.' },
            {
              group: ['electron', 'electron/*'],
              message: 'src/shared must stay free of Electron.',
            },
            {
              group: ['**/main/**', '**/renderer/**', 'react', 'react-dom', 'mysql2', 'ssh2', 'ws'],
              message: 'src/shared imports only pure code.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'process',
        'Buffer',
        'require',
        'navigator',
      ],
    },
  },
  {
    files: ['src/renderer/**/*.ts', 'src/renderer/**/*.tsx'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/main/**', '**/src/main/**'],
              message: 'The renderer reaches the backend only through src/shared/api.',
            },
            { group: nodeImportPatterns, message: 'The renderer runs sandboxed: no Node APIs.' },
            {
              group: ['electron', 'electron/*', 'mysql2', 'ssh2', 'ws'],
              message: 'Backend-only package.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/renderer/**/*.ts', 'src/renderer/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },

  {
    files: ['src/main/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/renderer/**'], message: 'src/main never imports the renderer.' },
          ],
        },
      ],
    },
  },
);
