// XLSX reading and writing for per-row action values (docs/DECISIONS.md, "Spreadsheet import: XLSX read
// on fflate"). The page's content security policy has no 'unsafe-eval', so no exceljs or SheetJS bundle:
// the zip is fflate's, the sheet XML is read by the small scanner below. Nothing here evaluates code or
// touches the DOM, and nothing imports React or i18n: the module is loaded with import() on first use.
import { unzipSync, zipSync, type UnzipFileInfo } from 'fflate';

export interface SheetTable {
  name: string;
  rows: string[][];
}

export type XlsxErrorReason = 'not-zip' | 'not-xlsx' | 'too-large';

/** A file readXlsx refuses: not a zip at all, a zip that is no workbook, or one too big to read in a tab. */
export class XlsxError extends Error {
  readonly reason: XlsxErrorReason;

  constructor(reason: XlsxErrorReason, message: string) {
    super(message);
    this.name = 'XlsxError';
    this.reason = reason;
  }
}

/** What the XML parts of a workbook may unpack to, all together; checked on the sizes the zip declares. */
export const MAX_XLSX_XML_BYTES = 50 * 1024 * 1024;

// Excel's own limits: a reference beyond them is not a cell, and must not make us allocate for it.
const MAX_ROWS = 1_048_576;
const MAX_COLUMNS = 16_384;

/** A zip file (an .xlsx) or text (CSV), from the first bytes. */
export function sniffSpreadsheet(data: Uint8Array): 'xlsx' | 'text' {
  return isZip(data) ? 'xlsx' : 'text';
}

function isZip(data: Uint8Array): boolean {
  return data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
}

/** An old binary .xls (an OLE2 compound file). */
function isOle2(data: Uint8Array): boolean {
  const magic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  return data.length >= 8 && magic.every((byte, i) => data[i] === byte);
}

// ---------------------------------------------------------------------------------------------------
// Reading

/**
 * Every worksheet of an .xlsx in workbook order, each cell as the text the operator sees in it (see
 * docs/DECISIONS.md for what is read and what is not). Throws XlsxError when the file is no workbook.
 */
export function readXlsx(data: Uint8Array): SheetTable[] {
  if (isOle2(data)) throw new XlsxError('not-xlsx', 'an old binary .xls workbook, not .xlsx');
  if (!isZip(data)) throw new XlsxError('not-zip', 'not a zip file');
  const zip = new ZipReader(data);

  const workbookPath = zip.officeDocument() ?? 'xl/workbook.xml';
  const workbookXml = zip.text(workbookPath);
  if (workbookXml === undefined) throw new XlsxError('not-xlsx', 'the zip holds no xl/workbook.xml');
  const workbook = parseWorkbook(workbookXml);
  if (!workbook.isWorkbook) throw new XlsxError('not-xlsx', `${workbookPath} is no spreadsheet workbook`);
  const rels = parseRels(zip.text(relsPathOf(workbookPath)) ?? '', workbookPath);

  const relOfType = (type: string) => [...rels.values()].find((rel) => rel.type.endsWith(`/${type}`))?.target;
  const stylesPath = relOfType('styles') ?? resolvePath(workbookPath, 'styles.xml');
  const sharedStringsPath = relOfType('sharedStrings') ?? resolvePath(workbookPath, 'sharedStrings.xml');
  const sheets = workbook.sheets.flatMap((sheet) => {
    const rel = rels.get(sheet.relId);
    // chart sheets, dialog sheets and macro sheets hold no cells
    return rel && rel.type.endsWith('/worksheet') ? [{ name: sheet.name, path: rel.target }] : [];
  });

  // everything left to unpack, measured before any of it is inflated
  zip.checkSize([stylesPath, sharedStringsPath, ...sheets.map((sheet) => sheet.path)]);
  const styles = parseStyles(zip.text(stylesPath) ?? '');
  const sharedStrings = parseSharedStrings(zip.text(sharedStringsPath) ?? '');
  const context: SheetContext = { sharedStrings, dateStyles: styles, date1904: workbook.date1904 };
  return sheets.map((sheet) => ({ name: sheet.name, rows: parseSheet(zip.text(sheet.path) ?? '', context) }));
}

/** The zip's entries, read one at a time and only after the zip's declared sizes say they fit. */
class ZipReader {
  private readonly data: Uint8Array;
  private readonly entries = new Map<string, UnzipFileInfo>();
  private unpacked = 0;

  constructor(data: Uint8Array) {
    this.data = data;
    try {
      // a filter that takes nothing lists the central directory and inflates nothing
      unzipSync(data, { filter: (file) => { this.entries.set(file.name, file); return false; } });
    } catch {
      throw new XlsxError('not-zip', 'a damaged or unreadable zip file');
    }
  }

  /** The workbook part the package's root relationships name. */
  officeDocument(): string | undefined {
    const rootRels = this.text('_rels/.rels');
    if (rootRels === undefined) return undefined;
    const rel = [...parseRels(rootRels, '').values()].find((r) => r.type.endsWith('/officeDocument'));
    return rel && this.entries.has(rel.target) ? rel.target : undefined;
  }

  /** Refuses when the named entries, with what was read so far, would unpack past the limit. */
  checkSize(paths: readonly string[]): void {
    let total = this.unpacked;
    for (const path of new Set(paths)) total += this.entries.get(path)?.originalSize ?? 0;
    if (total > MAX_XLSX_XML_BYTES) throw new XlsxError('too-large', `the workbook's sheets unpack to more than ${MAX_XLSX_XML_BYTES / 1024 / 1024} MB`);
  }

  text(path: string): string | undefined {
    const entry = this.entries.get(path);
    if (!entry) return undefined;
    this.checkSize([path]);
    // fflate inflates into a buffer of the declared size, so an entry lying about its size cannot grow past it
    let bytes: Uint8Array | undefined;
    try {
      bytes = unzipSync(this.data, { filter: (file) => file.name === path })[path];
    } catch {
      throw new XlsxError('not-zip', `a damaged zip file (${path})`);
    }
    this.unpacked += entry.originalSize;
    return bytes ? decodeBytes(bytes) : undefined;
  }
}

function decodeBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  return new TextDecoder('utf-8').decode(bytes);
}

// --- the XML scanner --------------------------------------------------------------------------------

interface XmlHandler {
  /** An element starts; `name` without its namespace prefix (`x:row` is `row`). */
  open(name: string, attrs: string): void;
  close(name: string): void;
  /** Character data as written (entities not decoded), or a CDATA section's content (`cdata`). */
  text(raw: string, cdata: boolean): void;
}

/** A forgiving, non-validating pass over an XML document: elements, text and CDATA; the rest skipped. */
function scanXml(xml: string, handler: XmlHandler): void {
  const n = xml.length;
  let i = 0;
  while (i < n) {
    const lt = xml.indexOf('<', i);
    if (lt < 0) {
      handler.text(xml.slice(i), false);
      return;
    }
    if (lt > i) handler.text(xml.slice(i, lt), false);
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x21 /* ! */) {
      if (xml.startsWith('<!--', lt)) {
        const end = xml.indexOf('-->', lt + 4);
        i = end < 0 ? n : end + 3;
      } else if (xml.startsWith('<![CDATA[', lt)) {
        const end = xml.indexOf(']]>', lt + 9);
        handler.text(xml.slice(lt + 9, end < 0 ? n : end), true);
        i = end < 0 ? n : end + 3;
      } else {
        // a DOCTYPE, with or without an internal subset
        const bracket = xml.indexOf('[', lt);
        const gt = xml.indexOf('>', lt);
        const end = bracket >= 0 && bracket < gt ? xml.indexOf(']>', bracket) + 1 : gt;
        i = end <= 0 ? n : end + 1;
      }
      continue;
    }
    if (next === 0x3f /* ? */) {
      const end = xml.indexOf('?>', lt + 2);
      i = end < 0 ? n : end + 2;
      continue;
    }
    // the tag's end: the first '>' outside a quoted attribute value
    let j = lt + 1;
    let quote = 0;
    for (; j < n; j++) {
      const ch = xml.charCodeAt(j);
      if (quote) {
        if (ch === quote) quote = 0;
      } else if (ch === 0x22 || ch === 0x27) quote = ch;
      else if (ch === 0x3e) break;
    }
    if (j >= n) return;
    if (next === 0x2f /* / */) {
      handler.close(localName(xml.slice(lt + 2, j).trim()));
    } else {
      const selfClosing = xml.charCodeAt(j - 1) === 0x2f;
      const end = selfClosing ? j - 1 : j;
      let k = lt + 1;
      while (k < end && !isXmlSpace(xml.charCodeAt(k))) k++;
      const name = localName(xml.slice(lt + 1, k));
      handler.open(name, xml.slice(k, end));
      if (selfClosing) handler.close(name);
    }
    i = j + 1;
  }
}

function isXmlSpace(ch: number): boolean {
  return ch === 0x20 || ch === 0x09 || ch === 0x0a || ch === 0x0d;
}

function localName(qualified: string): string {
  const colon = qualified.indexOf(':');
  return colon < 0 ? qualified : qualified.slice(colon + 1);
}

const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** An attribute's decoded value by its local name (`id` finds `r:id`), from an element's attribute text. */
function attr(attrs: string, name: string): string | undefined {
  if (!attrs) return undefined;
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(attrs); m; m = ATTRIBUTE.exec(attrs)) {
    if (localName(m[1]) === name) return decodeEntities(m[2] ?? m[3] ?? '');
  }
  return undefined;
}

/** All of an element's attributes by local name, in one pass (a cell's r, s and t). */
function attrsOf(attrs: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!attrs) return out;
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(attrs); m; m = ATTRIBUTE.exec(attrs)) out[localName(m[1])] = decodeEntities(m[2] ?? m[3] ?? '');
  return out;
}

const ENTITY = /&(?:#[xX]([0-9a-fA-F]+)|#([0-9]+)|(amp|lt|gt|quot|apos));/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(raw: string): string {
  if (!raw.includes('&')) return raw;
  return raw.replace(ENTITY, (whole, hex: string | undefined, dec: string | undefined, named: string | undefined) => {
    if (named) return NAMED[named];
    const code = hex !== undefined ? parseInt(hex, 16) : parseInt(dec ?? '', 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/** Character data as an XML parser gives it: line ends normalised (a CR survives as `&#13;` only), entities decoded. */
function decodeText(raw: string, cdata: boolean): string {
  const text = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
  return cdata ? text : decodeEntities(text);
}

/** The `_xHHHH_` escapes of OOXML strings (Excel writes a CR as `_x000D_`, a literal `_x` as `_x005F_x`). */
function unescapeOoxml(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_whole, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

// --- package parts ----------------------------------------------------------------------------------

interface Rel {
  type: string;
  target: string;
}

function relsPathOf(partPath: string): string {
  const slash = partPath.lastIndexOf('/');
  return `${partPath.slice(0, slash + 1)}_rels/${partPath.slice(slash + 1)}.rels`;
}

/** A relationship target as a zip entry name: relative to the part's folder, or absolute from the root. */
function resolvePath(fromPart: string, target: string): string {
  const parts = target.startsWith('/') ? [] : fromPart.split('/').slice(0, -1);
  for (const segment of target.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment && segment !== '.') parts.push(segment);
  }
  return parts.join('/');
}

/** A part's relationships by id, targets resolved against `partPath` (the root's rels: ''). */
function parseRels(xml: string, partPath: string): Map<string, Rel> {
  const rels = new Map<string, Rel>();
  scanXml(xml, {
    open(name, attrs) {
      if (name !== 'Relationship' || attr(attrs, 'TargetMode') === 'External') return;
      const id = attr(attrs, 'Id');
      const target = attr(attrs, 'Target');
      if (id && target) rels.set(id, { type: attr(attrs, 'Type') ?? '', target: resolvePath(partPath, target) });
    },
    close() {},
    text() {},
  });
  return rels;
}

function parseWorkbook(xml: string): { isWorkbook: boolean; sheets: { name: string; relId: string }[]; date1904: boolean } {
  const sheets: { name: string; relId: string }[] = [];
  let isWorkbook = false;
  let date1904 = false;
  scanXml(xml, {
    open(name, attrs) {
      if (name === 'workbook') isWorkbook = true;
      else if (name === 'workbookPr') {
        const flag = attr(attrs, 'date1904');
        date1904 = flag === '1' || flag === 'true';
      } else if (name === 'sheet') {
        sheets.push({ name: attr(attrs, 'name') ?? '', relId: attr(attrs, 'id') ?? '' });
      }
    },
    close() {},
    text() {},
  });
  return { isWorkbook, sheets, date1904 };
}

/** Built-in number formats that show a date or a time. */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Whether a number format code shows a date or time: d, m, y, h or s outside quotes, brackets and escapes. */
export function isDateFormatCode(code: string): boolean {
  for (let i = 0; i < code.length; i++) {
    const ch = code[i];
    if (ch === '"') {
      const end = code.indexOf('"', i + 1);
      if (end < 0) return false;
      i = end;
    } else if (ch === '[') {
      const end = code.indexOf(']', i + 1);
      if (end < 0) return false;
      i = end;
    } else if (ch === '\\' || ch === '_' || ch === '*') {
      i++; // an escaped character, a space as wide as the next one, a fill character
    } else if ('dmyhsDMYHS'.includes(ch)) {
      return true;
    }
  }
  return false;
}

/** For each cell style index (a cell's `s`), whether its number format is a date one. */
function parseStyles(xml: string): boolean[] {
  const customFormats = new Map<number, string>();
  const xfFormats: number[] = [];
  let inCellXfs = false;
  scanXml(xml, {
    open(name, attrs) {
      if (name === 'numFmt') customFormats.set(Number(attr(attrs, 'numFmtId')), attr(attrs, 'formatCode') ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) xfFormats.push(Number(attr(attrs, 'numFmtId') ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
  });
  return xfFormats.map((id) => {
    const custom = customFormats.get(id);
    return custom !== undefined ? isDateFormatCode(custom) : BUILT_IN_DATE_FORMATS.has(id);
  });
}

/** The text of `<t>` elements inside a string item (`<si>`, `<is>`), rich-text runs joined, phonetic runs left out. */
class StringCollector {
  private inText = false;
  private phonetic = 0;
  private parts: string[] = [];

  open(name: string): void {
    if (name === 'rPh') this.phonetic++;
    else if (name === 't' && this.phonetic === 0) this.inText = true;
  }

  close(name: string): void {
    if (name === 'rPh') this.phonetic--;
    else if (name === 't') this.inText = false;
  }

  text(raw: string, cdata: boolean): void {
    if (this.inText) this.parts.push(decodeText(raw, cdata));
  }

  take(): string {
    const text = unescapeOoxml(this.parts.join(''));
    this.parts = [];
    this.inText = false;
    this.phonetic = 0;
    return text;
  }
}

function parseSharedStrings(xml: string): string[] {
  const strings: string[] = [];
  const collector = new StringCollector();
  let inItem = false;
  scanXml(xml, {
    open(name) {
      if (name === 'si') {
        inItem = true;
        collector.take();
      } else if (inItem) collector.open(name);
    },
    close(name) {
      if (name === 'si') {
        inItem = false;
        strings.push(collector.take());
      } else if (inItem) collector.close(name);
    },
    text(raw, cdata) {
      if (inItem) collector.text(raw, cdata);
    },
  });
  return strings;
}

// --- worksheets -------------------------------------------------------------------------------------

interface SheetContext {
  sharedStrings: readonly string[];
  /** By cell style index: a date number format. */
  dateStyles: readonly boolean[];
  date1904: boolean;
}

/** A cell reference's column, 0-based (`C5` → 2, `AA1` → 26); -1 when it has none. */
function columnOf(ref: string): number {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const code = ref.charCodeAt(i) & ~0x20; // upper case
    if (code < 0x41 || code > 0x5a) break;
    column = column * 26 + (code - 0x40);
    if (column > MAX_COLUMNS) return MAX_COLUMNS; // beyond the sheet: dropped
  }
  return i === 0 ? -1 : column - 1;
}

function parseSheet(xml: string, context: SheetContext): string[][] {
  const rows = new Map<number, string[]>();
  const collector = new StringCollector();
  let inSheetData = false;
  let rowIndex = -1;
  let cells: string[] | undefined;
  let column = -1;
  let cellType = '';
  let cellStyle = 0;
  let inCell = false;
  let inValue = false;
  let inInline = false;
  let hasInline = false;
  let value: string[] = [];

  scanXml(xml, {
    open(name, attrs) {
      if (name === 'sheetData') inSheetData = true;
      if (!inSheetData) return;
      if (inInline) collector.open(name);
      else if (name === 'row') {
        const r = Number(attr(attrs, 'r'));
        rowIndex = Number.isInteger(r) && r >= 1 ? r - 1 : rowIndex + 1;
        cells = rowIndex < MAX_ROWS ? rows.get(rowIndex) ?? [] : undefined;
        column = -1;
      } else if (name === 'c' && cells) {
        const { r: ref, t, s } = attrsOf(attrs);
        const refColumn = ref ? columnOf(ref) : -1;
        column = refColumn >= 0 ? refColumn : column + 1;
        cellType = t ?? 'n';
        cellStyle = Number(s ?? 0);
        inCell = true;
        hasInline = false;
        value = [];
      } else if (inCell && name === 'v') inValue = true;
      else if (inCell && name === 'is') {
        inInline = true;
        hasInline = true;
        collector.take();
      }
    },
    close(name) {
      if (!inSheetData) return;
      if (inInline) {
        if (name === 'is') inInline = false;
        else collector.close(name);
      } else if (name === 'v') inValue = false;
      else if (name === 'c' && inCell) {
        inCell = false;
        if (cells && column < MAX_COLUMNS) {
          cells[column] = cellText(cellType, value.join(''), hasInline ? collector.take() : undefined, cellStyle, context);
        }
      } else if (name === 'row') {
        if (cells) rows.set(rowIndex, cells);
        cells = undefined;
      } else if (name === 'sheetData') inSheetData = false;
    },
    text(raw, cdata) {
      if (inInline) collector.text(raw, cdata);
      else if (inValue) value.push(decodeText(raw, cdata));
    },
  });

  // dense rows up to the last one with a value; rows the sheet skipped are empty
  let last = -1;
  const dense = new Map<number, string[]>();
  for (const [index, sparse] of rows) {
    const row = Array.from(sparse, (cell) => cell ?? '');
    while (row.length && row[row.length - 1] === '') row.pop();
    if (!row.length) continue;
    dense.set(index, row);
    last = Math.max(last, index);
  }
  return Array.from({ length: last + 1 }, (_, index) => dense.get(index) ?? []);
}

function cellText(type: string, value: string, inline: string | undefined, style: number, context: SheetContext): string {
  if (inline !== undefined) return inline;
  switch (type) {
    case 's':
      return context.sharedStrings[Number(value)] ?? '';
    case 'str':
    case 'inlineStr':
      return unescapeOoxml(value);
    case 'b':
      return value.trim() === '1' || value.trim() === 'true' ? 'TRUE' : value.trim() === '' ? '' : 'FALSE';
    case 'e':
    case 'd':
      return value.trim();
    default: {
      const written = value.trim();
      if (written === '') return '';
      if (context.dateStyles[style]) {
        const date = serialToIso(Number(written), context.date1904);
        if (date !== undefined) return date;
      }
      return normaliseNumber(written);
    }
  }
}

/**
 * A number as written in `<v>`, as the operator reads it: plain decimal notation (`1.5E+3` → `1500`),
 * rounded to Excel's 15 significant digits (`0.30000000000000004` → `0.3`), computed on the digits and
 * never through a binary double. An integer written with more digits (an id) stays as written.
 */
export function normaliseNumber(written: string): string {
  if (/^-?\d{16,}$/.test(written)) return written;
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(written);
  if (!m || (!m[2] && !m[3])) return written;
  const negative = m[1] === '-';
  let digits = (m[2] ?? '') + (m[3] ?? '');
  let point = (m[2] ?? '').length + Number(m[4] ?? 0); // digits before the decimal point
  const leading = /^0*/.exec(digits)![0].length;
  digits = digits.slice(leading);
  point -= leading;
  if (!digits) return '0';
  if (digits.length > 15) {
    const roundUp = digits.charCodeAt(15) >= 0x35; // '5'
    const kept = digits.slice(0, 15).split('').map(Number);
    if (roundUp) {
      let i = kept.length - 1;
      while (i >= 0 && kept[i] === 9) kept[i--] = 0;
      if (i < 0) {
        kept.unshift(1);
        point++;
      } else kept[i]++;
    }
    digits = kept.join('');
  }
  digits = digits.replace(/0+$/, '');
  if (!digits) return '0';
  const sign = negative ? '-' : '';
  if (point > 21 || point < -20) {
    // too long written out: Excel's scientific form
    const exponent = point - 1;
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${mantissa}E${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
  }
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

const DAY_MS = 86_400_000;

/**
 * A date serial as ISO text: `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM:SS` with a time of day, `HH:MM:SS` for a
 * time alone (a serial below 1). Excel's 1900 system counts its phantom 1900-02-29 (serial 60).
 */
export function serialToIso(serial: number, date1904: boolean): string | undefined {
  if (!Number.isFinite(serial) || serial < 0 || serial >= 2_958_466) return undefined; // Excel's last day is 9999-12-31
  const totalSeconds = Math.round(serial * 86_400);
  const days = Math.floor(totalSeconds / 86_400);
  const seconds = totalSeconds - days * 86_400;
  const time = `${pad(Math.floor(seconds / 3600), 2)}:${pad(Math.floor(seconds / 60) % 60, 2)}:${pad(seconds % 60, 2)}`;
  if (days === 0 && seconds > 0) return time;
  let date: string;
  if (!date1904 && days === 60) date = '1900-02-29';
  else {
    const epoch = date1904 ? Date.UTC(1904, 0, 1) : days > 60 ? Date.UTC(1899, 11, 30) : Date.UTC(1899, 11, 31);
    const day = new Date(epoch + days * DAY_MS);
    date = `${pad(day.getUTCFullYear(), 4)}-${pad(day.getUTCMonth() + 1, 2)}-${pad(day.getUTCDate(), 2)}`;
  }
  return seconds > 0 ? `${date}T${time}` : date;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

// ---------------------------------------------------------------------------------------------------
// Writing

export type XlsxCell = string | number | boolean | null | undefined;

export interface XlsxSheetInput {
  name: string;
  rows: readonly (readonly XlsxCell[])[];
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * A minimal workbook Excel and LibreOffice open: one worksheet per entry, strings as inline string cells
 * (so a long digit id stays text), numbers as numbers, booleans as booleans, empty cells left out.
 */
export function writeXlsx(sheets: readonly XlsxSheetInput[]): Uint8Array {
  const input: readonly XlsxSheetInput[] = sheets.length ? sheets : [{ name: 'Sheet1', rows: [] }];
  const names = sheetNames(input.map((sheet) => sheet.name));
  const encoder = new TextEncoder();
  const files: Record<string, Uint8Array> = {};
  const add = (path: string, xml: string) => {
    files[path] = encoder.encode(XML_DECLARATION + xml);
  };

  add('[Content_Types].xml',
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    + '<Default Extension="xml" ContentType="application/xml"/>'
    + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    + input.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')
    + '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
    + '</Types>');
  add('_rels/.rels',
    `<Relationships xmlns="${PACKAGE_REL_NS}">`
    + `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/>`
    + '</Relationships>');
  add('xl/workbook.xml',
    `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheets>`
    + names.map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')
    + '</sheets></workbook>');
  add('xl/_rels/workbook.xml.rels',
    `<Relationships xmlns="${PACKAGE_REL_NS}">`
    + input.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')
    + `<Relationship Id="rId${input.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/>`
    + '</Relationships>');
  add('xl/styles.xml',
    `<styleSheet xmlns="${MAIN_NS}">`
    + '<fonts count="1"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>'
    + '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
    + '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    + '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    + '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>'
    + '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
    + '</styleSheet>');
  input.forEach((sheet, i) => add(`xl/worksheets/sheet${i + 1}.xml`, worksheetXml(sheet.rows)));
  return zipSync(files, { level: 6 });
}

function worksheetXml(rows: readonly (readonly XlsxCell[])[]): string {
  const out: string[] = [`<worksheet xmlns="${MAIN_NS}"><sheetData>`];
  rows.forEach((row, r) => {
    const cells: string[] = [];
    row.forEach((cell, c) => {
      const xml = cellXml(`${columnName(c)}${r + 1}`, cell);
      if (xml) cells.push(xml);
    });
    if (cells.length) out.push(`<row r="${r + 1}">${cells.join('')}</row>`);
  });
  out.push('</sheetData></worksheet>');
  return out.join('');
}

function cellXml(ref: string, cell: XlsxCell): string | undefined {
  if (cell === null || cell === undefined || cell === '') return undefined;
  if (typeof cell === 'boolean') return `<c r="${ref}" t="b"><v>${cell ? 1 : 0}</v></c>`;
  if (typeof cell === 'number' && Number.isFinite(cell)) return `<c r="${ref}"><v>${Object.is(cell, -0) ? 0 : cell}</v></c>`;
  const text = escapeXml(escapeOoxml(String(cell)));
  // whitespace at either end, or runs of it, kept as typed
  const space = /^\s|\s$|\s\s|[\t\n]/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

/** 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(0x41 + ((n - 1) % 26)) + name;
  return name;
}

// characters XML 1.0 does not allow, and UTF-16 halves without their pair
const XML_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const NEEDS_ESCAPE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF&<>"]/;

function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(XML_FORBIDDEN, '').replace(/[&<>"]/g, (ch) => (ch === '&' ? '&amp;' : ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : '&quot;'));
}

/** A string as OOXML writes it: a literal `_xHHHH_` keeps its underscore (`_x005F_`), a CR is `_x000D_`. */
function escapeOoxml(text: string): string {
  if (!text.includes('_x') && !text.includes('\r')) return text;
  return text.replace(/_(?=x[0-9A-Fa-f]{4}_)/g, '_x005F_').replace(/\r/g, '_x000D_');
}

/** Sheet names Excel accepts: 1–31 characters, none of []:*?/\, no apostrophe at either end, unique ignoring case. */
function sheetNames(wanted: readonly string[]): string[] {
  const taken = new Set<string>();
  return wanted.map((name, i) => {
    let clean = truncate(name.replace(XML_FORBIDDEN, '').replace(/[[\]:*?/\\\u0000-\u001F]/g, ' ').trim().replace(/^'+|'+$/g, '').trim(), 31);
    if (!clean || clean.toLowerCase() === 'history') clean = clean ? `${clean} 1` : `Sheet${i + 1}`;
    let unique = clean;
    for (let n = 2; taken.has(unique.toLowerCase()); n++) unique = `${truncate(clean, 31 - ` (${n})`.length)} (${n})`;
    taken.add(unique.toLowerCase());
    return unique;
  });
}

/** At most `max` UTF-16 units, without cutting a character in two. */
function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
