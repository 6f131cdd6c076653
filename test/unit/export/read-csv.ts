/**
 * A strict RFC 4180 reader for tests: fields are `string` when they were written (quoted or not)
 * and `null` for an empty unquoted field, so NULL and '' can be told apart as the exports write
 * them. Records must end with CRLF; anything malformed throws.
 */
export function readCsv(text: string): Array<Array<string | null>> {
  const records: Array<Array<string | null>> = [];
  let record: Array<string | null> = [];
  let i = 0;
  while (i < text.length) {
    let field: string | null;
    if (text[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) throw new Error(`unterminated quoted field at ${i}`);
        value += text.slice(i, q);
        if (text[q + 1] === '"') {
          value += '"';
          i = q + 2;
        } else {
          i = q + 1;
          break;
        }
      }
      field = value;
    } else {
      let end = i;
      while (end < text.length && text[end] !== ',' && text[end] !== '\r' && text[end] !== '\n') {
        if (text[end] === '"') throw new Error(`a quote inside an unquoted field at ${end}`);
        end++;
      }
      field = end === i ? null : text.slice(i, end);
      i = end;
    }
    record.push(field);
    if (text[i] === ',') {
      i++;
    } else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else {
      throw new Error(`expected , or CRLF at ${i}, found ${JSON.stringify(text.slice(i, i + 10))}`);
    }
  }
  if (record.length > 0) throw new Error('the last record does not end with CRLF');
  return records;
}
