/** A table named by the user: schema and table. */
export interface TableName {
  schema: string;
  table: string;
}

/** A line of a table list that does not name a table, and why. */
export interface TableListError {
  /** 1-based. */
  line: number;
  text: string;
  why: string;
}

/** One name: bare, or in backticks with `` doubled inside. */
function readName(text: string, at: number): { name: string; end: number } | null {
  if (text[at] === '`') {
    let name = '';
    for (let i = at + 1; i < text.length; i++) {
      if (text[i] === '`') {
        if (text[i + 1] === '`') {
          name += '`';
          i++;
          continue;
        }
        return name === '' ? null : { name, end: i + 1 };
      }
      name += text[i];
    }
    return null;
  }
  const match = /^[^\s.`]+/.exec(text.slice(at));
  return match ? { name: match[0], end: at + match[0].length } : null;
}

/**
 * Reads a list of `schema.table` names, one per line (or separated by commas), each part bare
 * or in backticks; blank lines are skipped and a name given twice is kept once. Every line that
 * is not a table name is reported with its number.
 */
export function parseTableList(text: string): { tables: TableName[]; errors: TableListError[] } {
  const tables: TableName[] = [];
  const errors: TableListError[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    for (const part of raw.split(/,(?=(?:[^`]*`[^`]*`)*[^`]*$)/)) {
      const item = part.trim();
      if (item === '') continue;
      const schema = readName(item, 0);
      const table = schema && item[schema.end] === '.' ? readName(item, schema.end + 1) : null;
      if (!schema || !table || table.end !== item.length) {
        errors.push({
          line: index + 1,
          text: item,
          why: 'not schema.table (write `my schema`.`my table` for names with spaces or dots)',
        });
        continue;
      }
      const key = JSON.stringify([schema.name, table.name]);
      if (seen.has(key)) continue;
      seen.add(key);
      tables.push({ schema: schema.name, table: table.name });
    }
  });
  return { tables, errors };
}
