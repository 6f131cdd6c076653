import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: repo });

async function ruleIds(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('layering rules', () => {
  it('keeps src/shared free of Node, Electron, DOM and other layers', async () => {
    const found = await ruleIds(
      'src/shared/probe.ts',
      [
        "import fs from 'node:fs';",
        "import path from 'path';",
        "import { app } from 'electron';",
        "import mysql from 'mysql2';",
        "import { x } from '../main/backend/peer';",
        'export const a = [fs, path, app, mysql, x, window, document, process];',
      ].join('\n'),
    );
    expect(found.filter((m) => m.startsWith('no-restricted-imports'))).toHaveLength(5);
    expect(found.filter((m) => m.startsWith('no-restricted-globals'))).toHaveLength(3);
  });

  it('lets the renderer reach the backend only through src/shared/api', async () => {
    const found = await ruleIds(
      'src/renderer/app/probe.ts',
      "import { startWebServer } from '../../main/web/web-server';\nimport { api } from '../../shared/api/client';\nexport const a = [startWebServer, api];\n",
    );
    expect(found).toEqual([
      expect.stringMatching(
        /^no-restricted-imports: .*The renderer reaches the backend only through src\/shared\/api/,
      ),
    ]);
  });

  it('keeps main from importing the renderer', async () => {
    const found = await ruleIds(
      'src/main/services/probe.ts',
      "import { App } from '../../renderer/app/App';\nexport const a = App;\n",
    );
    expect(found).toEqual([
      expect.stringMatching(/^no-restricted-imports: .*never imports the renderer/),
    ]);
  });
});
