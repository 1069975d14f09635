/**
 * RFC 4180 CSV records, quoted fields with embedded commas, quotes and line breaks included
 * (USAspending descriptions span lines), keyed by the header row.
 */

/** Every record of `text` as arrays of cells (BOM stripped, CRLF or LF, blank lines skipped). */
export function parseCsvRecords(text: string): string[][] {
  const s = text.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRow = (): void => {
    row.push(cell);
    if (row.length > 1 || row[0] !== '') records.push(row);
    row = [];
    cell = '';
  };
  while (i < s.length) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"') {
        if (s[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else cell += ch;
      i++;
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n') endRow();
    else if (ch !== '\r') cell += ch;
    i++;
  }
  if (quoted) throw new Error('unterminated quoted field at end of file');
  if (cell !== '' || row.length > 0) endRow();
  return records;
}

/** Records as objects keyed by the header (first record); `required` columns must be present. */
export function csvObjects(text: string, required: readonly string[] = []): { header: string[]; rows: Record<string, string>[] } {
  const [header, ...body] = parseCsvRecords(text);
  if (!header) throw new Error('empty CSV document');
  const names = header.map((h) => h.trim());
  const missing = required.filter((r) => !names.includes(r));
  if (missing.length) throw new Error(`missing column(s): ${missing.join(', ')}`);
  const rows = body.map((cells, n) => {
    if (cells.length !== names.length) throw new Error(`record ${n + 2}: ${cells.length} fields, header has ${names.length}`);
    const o: Record<string, string> = {};
    names.forEach((name, i) => (o[name] = cells[i]!.trim()));
    return o;
  });
  return { header: names, rows };
}
