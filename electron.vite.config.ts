import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const define = { __SIGHTLINE_VERSION__: JSON.stringify(pkg.version) };
/** Build folder; SIGHTLINE_OUT_DIR lets parallel work trees of one checkout build apart. */
const out = process.env.SIGHTLINE_OUT_DIR ?? 'out';

export default defineConfig({
  main: {
    define,
    build: {
      outDir: `${out}/main`,
      sourcemap: true,
      rollupOptions: {
        input: {
          app: resolve('src/main/app/main.ts'),
          'backend-electron': resolve('src/main/backend/electron-entry.ts'),
          'backend-node': resolve('src/main/backend/node-entry.ts'),
          web: resolve('src/main/web/web-entry.ts'),
          cli: resolve('src/main/cli/cli.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js' },
      },
    },
  },
  preload: {
    build: {
      outDir: `${out}/preload`,
      rollupOptions: {
        input: { preload: resolve('src/main/app/preload.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    define,
    plugins: [react()],
    build: {
      outDir: resolve(`${out}/renderer`),
      sourcemap: true,
      rollupOptions: { input: resolve('src/renderer/index.html') },
    },
  },
});
