// Writes docs/alter-rules.md, the ALTER rules as one table per flavor and version range, from
// the rules data (src/shared/alter/alter-rules.ts). Run after changing a rule:
//   npm run docs:alter-rules
// test/unit/alter/rule-tables.test.ts fails while the committed file is out of date.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ruleTablesMarkdown } from '../src/shared/alter/rule-tables';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'docs', 'alter-rules.md');
await writeFile(target, ruleTablesMarkdown());
console.log(`wrote ${path.relative(root, target)}`);
