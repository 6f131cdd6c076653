import type * as Monaco from 'monaco-editor/editor/editor.api.js';
import type { ServerFlavor } from '../../../shared/server/flavor';
import { api } from '../../app/api';
import { catalogueFor, fillColumns } from './catalogue-cache';
import { suggestCompletions, type SuggestionKind } from './suggest';

/** Where an editor's completions come from: its connection's catalogue, via its session. */
export interface CompletionSource {
  connectionId: string;
  sessionId: string;
  flavor: ServerFlavor;
}

type MonacoApi = typeof Monaco;

/** Each editor's model and the session it completes for. */
const sources = new WeakMap<Monaco.editor.ITextModel, CompletionSource>();
let registered = false;

/**
 * Feeds `editor`'s completions from `source`. The one provider for 'mysql' is registered on
 * first use; it looks up which session a model belongs to. Dispose to detach.
 */
export function attachCompletion(
  monaco: MonacoApi,
  editor: Monaco.editor.IStandaloneCodeEditor,
  source: CompletionSource,
): Monaco.IDisposable {
  if (!registered) {
    registered = true;
    monaco.languages.registerCompletionItemProvider('mysql', provider(monaco));
  }
  const model = editor.getModel();
  if (model) sources.set(model, source);
  return { dispose: () => model && sources.delete(model) };
}

function provider(monaco: MonacoApi): Monaco.languages.CompletionItemProvider {
  const kinds: Record<SuggestionKind, Monaco.languages.CompletionItemKind> = {
    schema: monaco.languages.CompletionItemKind.Module,
    table: monaco.languages.CompletionItemKind.Class,
    view: monaco.languages.CompletionItemKind.Interface,
    column: monaco.languages.CompletionItemKind.Field,
    alias: monaco.languages.CompletionItemKind.Variable,
    function: monaco.languages.CompletionItemKind.Function,
    keyword: monaco.languages.CompletionItemKind.Keyword,
  };
  return {
    triggerCharacters: ['.', '`'],
    async provideCompletionItems(model, position) {
      const source = sources.get(model);
      const flavor = source?.flavor === 'mariadb' ? 'mariadb' : 'mysql';
      const text = model.getValue();
      const cursor = model.getOffsetAt(position);
      const [catalogue, currentSchema] = source
        ? await Promise.all([
            catalogueFor(source.connectionId, source.sessionId).catch(() => null),
            currentSchemaOf(source.sessionId),
          ])
        : [null, null];
      const ask = () => suggestCompletions({ text, cursor, flavor, catalogue, currentSchema });
      let result = ask();
      if (catalogue && source && result.missingColumns.length > 0) {
        await fillColumns(catalogue, source.sessionId, result.missingColumns).catch(() => {});
        result = ask();
      }
      const from = model.getPositionAt(result.replaceFrom);
      const range = new monaco.Range(
        from.lineNumber,
        from.column,
        position.lineNumber,
        position.column,
      );
      return {
        suggestions: result.items.map((s) => ({
          label: { label: s.label, description: s.detail },
          kind: kinds[s.kind],
          insertText: s.insertText,
          insertTextRules: s.snippet
            ? monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet
            : monaco.languages.CompletionItemInsertTextRule.None,
          filterText: s.filterText,
          sortText: s.sortText,
          detail: s.detail,
          range,
        })),
      };
    },
  };
}

/** The session's current schema, or null when it cannot be told. */
async function currentSchemaOf(sessionId: string): Promise<string | null> {
  try {
    return (await api.call('schema.current', { sessionId })).schema;
  } catch {
    return null;
  }
}
