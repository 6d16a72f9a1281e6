// Reading an operator's spreadsheet (docs/IMPORT.md): CSV with papaparse, XLSX with the kernel's own
// reader (src/kernel/import/xlsx.ts, loaded on first use: the production content security policy
// allows no eval, which exceljs's browser bundle needs).
import Papa from 'papaparse';

export interface SheetTable { name: string; rows: string[][] }

/** Why a file cannot be read (a kernel locale key under `import.fileProblem.`). */
export class SheetFileError extends Error {
  constructor(readonly reason: 'tooLarge' | 'empty' | 'notSheet' | 'unreadable') {
    super(`the file cannot be read: ${reason}`);
    this.name = 'SheetFileError';
  }
}

/** The largest file read (a plan of a few thousand lines is far smaller). */
export const MAX_SHEET_BYTES = 20 * 1024 * 1024;

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** The file's tables with at least one filled cell: each sheet of a workbook, or the one table of a CSV. */
export async function readSheetFile(file: Blob & { name?: string }): Promise<SheetTable[]> {
  if (file.size > MAX_SHEET_BYTES) throw new SheetFileError('tooLarge');
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!bytes.length) throw new SheetFileError('empty');
  let tables: SheetTable[];
  if (ZIP_MAGIC.every((b, i) => bytes[i] === b)) {
    const { readXlsx } = await import('../import/xlsx');
    try {
      tables = readXlsx(bytes);
    } catch {
      throw new SheetFileError('notSheet');
    }
  } else {
    tables = [{ name: file.name ?? '', rows: readCsv(decodeText(bytes)) }];
  }
  const filled = tables.filter((t) => t.rows.some((r) => r.some((c) => String(c ?? '').trim() !== '')));
  if (!filled.length) throw new SheetFileError('empty');
  return filled;
}

/**
 * The text of a CSV: UTF-8 (with or without its byte-order mark), else GB18030, which a Chinese
 * spreadsheet program writes when it saves "CSV" without saying so.
 */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    try {
      return new TextDecoder('gb18030').decode(bytes);
    } catch {
      throw new SheetFileError('unreadable');
    }
  }
}

/** A CSV's rows as text (comma, semicolon or tab separated, as papaparse finds). */
export function readCsv(text: string): string[][] {
  if (text.includes('\0')) throw new SheetFileError('notSheet');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, delimitersToGuess: [',', '\t', ';', '|'] });
  return parsed.data.map((row) => row.map((c) => String(c ?? '')));
}
