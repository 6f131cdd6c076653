// Loaded lazily by the first editor: only the editor API, the features we use, the MySQL
// language and the editor worker — never the whole monaco-editor package.
import * as monaco from 'monaco-editor/editor/editor.api.js';
import 'monaco-editor/features/bracketMatching/register.js';
import 'monaco-editor/features/clipboard/register.js';
import 'monaco-editor/features/codicon/register.js';
import 'monaco-editor/features/comment/register.js';
import 'monaco-editor/features/contextmenu/register.js';
import 'monaco-editor/features/cursorUndo/register.js';
import 'monaco-editor/features/find/register.js';
import 'monaco-editor/features/folding/register.js';
import 'monaco-editor/features/hover/register.js';
import 'monaco-editor/features/linesOperations/register.js';
import 'monaco-editor/features/multicursor/register.js';
import 'monaco-editor/features/suggest/register.js';
// features/suggest registers only inline suggestions; the completion list (schema completion)
// and the snippets its items insert need these two.
import 'monaco-editor/editor/contrib/suggest/browser/suggestController.js';
import 'monaco-editor/features/snippet/register.js';
import 'monaco-editor/features/wordHighlighter/register.js';
import 'monaco-editor/languages/definitions/mysql/register.js';
import EditorWorker from 'monaco-editor/editor/editor.worker.js?worker';

self.MonacoEnvironment = {
  getWorker: () => new EditorWorker(),
};

export { monaco };
