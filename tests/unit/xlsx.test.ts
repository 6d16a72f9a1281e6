// The XLSX reader and writer (src/kernel/import/xlsx.ts): a round trip through the writer, a workbook
// written the way Excel writes one, and the files it refuses.
import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  isDateFormatCode, MAX_XLSX_XML_BYTES, normaliseNumber, readXlsx, serialToIso, sniffSpreadsheet, writeXlsx, XlsxError,
} from '../../src/kernel/import/xlsx';

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n';

/** A zip of XML parts, as Excel would store them (deflated). */
function zipParts(parts: Record<string, string>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(parts).map(([path, xml]) => [path, strToU8(xml)])));
}

function refusal(data: Uint8Array): XlsxError['reason'] | 'no error' {
  try {
    readXlsx(data);
    return 'no error';
  } catch (error) {
    expect(error).toBeInstanceOf(XlsxError);
    return (error as XlsxError).reason;
  }
}

describe('writing and reading back', () => {
  const sheets = [
    {
      name: 'Accounts',
      rows: [
        ['id', 'name', 'spend cap'],
        ['120210000000000001', 'Ünïcödé 中文账户名 🚀👩‍💻', 1500],
        ['act_2', `<b>Tom & "Jerry" 'n' co</b>`, 0.1],
        ['3', null, undefined, '', 'after gaps'],
        [],
        ['x', true, false, -2.5, 123456789],
      ],
    },
    { name: 'Roles/Pages?', rows: [['page', 'role'], ['1234567890123456789', 'ADVERTISER']] },
    { name: 'Odd text', rows: [['  spaced  ', 'two\nlines', 'cr\r\nlf', 'tab\there', 'literal _x000D_ stays', 'bell\u0007gone', '00123']] },
  ];

  it('gives every sheet back with the cells as written, strings as strings and numbers as numbers', () => {
    const tables = readXlsx(writeXlsx(sheets));
    expect(tables).toEqual([
      {
        name: 'Accounts',
        rows: [
          ['id', 'name', 'spend cap'],
          ['120210000000000001', 'Ünïcödé 中文账户名 🚀👩‍💻', '1500'],
          ['act_2', `<b>Tom & "Jerry" 'n' co</b>`, '0.1'],
          ['3', '', '', '', 'after gaps'],
          [],
          ['x', 'TRUE', 'FALSE', '-2.5', '123456789'],
        ],
      },
      { name: 'Roles Pages', rows: [['page', 'role'], ['1234567890123456789', 'ADVERTISER']] },
      { name: 'Odd text', rows: [['  spaced  ', 'two\nlines', 'cr\r\nlf', 'tab\there', 'literal _x000D_ stays', 'bellgone', '00123']] },
    ]);
  });

  it('writes well-formed parts: ids and other strings as string cells, numbers and booleans as values', () => {
    const files = unzipSync(writeXlsx(sheets));
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/workbook.xml',
      'xl/worksheets/sheet1.xml', 'xl/worksheets/sheet2.xml', 'xl/worksheets/sheet3.xml',
    ]);
    for (const [path, bytes] of Object.entries(files)) {
      const doc = new DOMParser().parseFromString(strFromU8(bytes), 'application/xml');
      expect(doc.getElementsByTagName('parsererror'), path).toHaveLength(0);
    }
    const sheet1 = strFromU8(files['xl/worksheets/sheet1.xml']);
    expect(sheet1).toContain('<c r="A2" t="inlineStr"><is><t>120210000000000001</t></is></c>');
    expect(sheet1).toContain('<c r="C2"><v>1500</v></c>');
    expect(sheet1).toContain('<c r="B6" t="b"><v>1</v></c>');
    expect(sheet1).toContain('&lt;b&gt;Tom &amp; &quot;Jerry&quot;');
    expect(sheet1).not.toContain('r="B4"'); // an empty cell is left out
    expect(sheet1).toContain('<c r="E4" t="inlineStr">');
    expect(sheet1).not.toContain('<row r="5"'); // nor an empty row
    const sheet3 = strFromU8(files['xl/worksheets/sheet3.xml']);
    expect(sheet3).toContain('<c r="A1" t="inlineStr"><is><t xml:space="preserve">  spaced  </t></is></c>');
    expect(sheet3).toContain('<t xml:space="preserve">cr_x000D_\nlf</t>');
    expect(sheet3).toContain('literal _x005F_x000D_ stays');
    expect(sheet3).not.toContain('\u0007');
    expect(strFromU8(files['xl/workbook.xml'])).toContain('<sheet name="Roles Pages" sheetId="2" r:id="rId2"/>');
  });

  it('names sheets by Excel\'s rules: 31 characters, no []:*?/\\, unique, never empty', () => {
    const tables = readXlsx(writeXlsx([
      { name: 'A very long sheet name that Excel would refuse', rows: [] },
      { name: 'plan', rows: [] },
      { name: 'PLAN', rows: [] },
      { name: '[*]', rows: [] },
      { name: "'quoted'", rows: [] },
      { name: '中文表名🚀', rows: [['x']] },
    ]));
    expect(tables.map((t) => t.name)).toEqual(['A very long sheet name that Exc', 'plan', 'PLAN (2)', 'Sheet4', 'quoted', '中文表名🚀']);
    expect(tables[5].rows).toEqual([['x']]);
  });

  it('writes one empty sheet for no sheets, and many columns past Z', () => {
    expect(readXlsx(writeXlsx([]))).toEqual([{ name: 'Sheet1', rows: [] }]);
    const wide = Array.from({ length: 60 }, (_, i) => `c${i}`);
    const files = unzipSync(writeXlsx([{ name: 'Wide', rows: [wide] }]));
    expect(strFromU8(files['xl/worksheets/sheet1.xml'])).toContain('<c r="BH1" t="inlineStr">');
    expect(readXlsx(writeXlsx([{ name: 'Wide', rows: [wide] }]))[0].rows).toEqual([wide]);
  });
});

describe('a workbook written by Excel', () => {
  const workbook = `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${REL}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">`
    + '<fileVersion appName="xl" lastEdited="7" lowestEdited="7" rupBuild="27328"/><workbookPr defaultThemeVersion="166925"/>'
    + '<bookViews><workbookView xWindow="0" yWindow="0" windowWidth="28800" windowHeight="12300" activeTab="1"/></bookViews>'
    + '<sheets><sheet name="Plan &amp; caps" sheetId="3" r:id="rId7"/><sheet name="Chart1" sheetId="4" r:id="rId4"/>'
    + '<sheet name="Second" sheetId="1" r:id="rId3"/></sheets><calcPr calcId="191029"/></workbook>';
  const workbookRels = `${HEAD}<Relationships xmlns="${PKG}">`
    + `<Relationship Id="rId3" Type="${REL}/worksheet" Target="/xl/worksheets/sheet1.xml"/>`
    + `<Relationship Id="rId4" Type="${REL}/chartsheet" Target="chartsheets/sheet1.xml"/>`
    + `<Relationship Id="rId5" Type="${REL}/theme" Target="theme/theme1.xml"/>`
    + `<Relationship Id="rId6" Type="${REL}/styles" Target="styles.xml"/>`
    + `<Relationship Id="rId7" Type="${REL}/worksheet" Target="worksheets/sheet2.xml"/>`
    + `<Relationship Id="rId8" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`;
  const sharedStrings = `${HEAD}<sst xmlns="${MAIN}" count="9" uniqueCount="6">`
    + '<si><t>Account</t></si>'
    + '<si><r><rPr><b/><sz val="11"/><color theme="1"/><rFont val="Calibri"/></rPr><t xml:space="preserve">New </t></r>'
    + '<r><rPr><sz val="11"/><rFont val="Calibri"/></rPr><t>name</t></r><r><t xml:space="preserve"> (bold)</t></r></si>'
    + '<si><t xml:space="preserve">  padded  </t></si>'
    + '<si><t>Tom &amp; Jerry &lt;3&gt; &quot;q&quot; &apos;a&apos; &#20013; &#x1F600;</t></si>'
    + '<si><t>line_x000D_\r\nbreak _x005F_x0041_</t></si>'
    + '<si><t>日本</t><rPh sb="0" eb="2"><t>ニホン</t></rPh><phoneticPr fontId="1"/></si></sst>';
  const styles = `${HEAD}<styleSheet xmlns="${MAIN}"><numFmts count="3">`
    + '<numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd\\ hh:mm"/>'
    + '<numFmt numFmtId="165" formatCode="&quot;Day&quot;\\ 0.00"/>'
    + '<numFmt numFmtId="166" formatCode="[Red]0.00;[Blue]\\-0.00"/></numFmts>'
    + '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
    + '<cellStyleXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/><xf numFmtId="14" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    + '<cellXfs count="6"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    + '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    + '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    + '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    + '<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    + '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>'
    + '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';
  // the first sheet of the workbook is in sheet2.xml: the relationships decide, not the file names
  const plan = `${HEAD}<worksheet xmlns="${MAIN}" xmlns:r="${REL}"><dimension ref="A1:AA7"/>`
    + '<sheetViews><sheetView workbookViewId="0"><selection activeCell="A1" sqref="A1"/></sheetView></sheetViews>'
    + '<sheetFormatPr defaultRowHeight="15"/><cols><col min="1" max="1" width="22" customWidth="1"/></cols><sheetData>'
    + '<row r="1" spans="1:27"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="AA1" t="s"><v>2</v></c></row>'
    + '<row r="2" spans="1:6"><c r="A2"><v>120210000000000001</v></c><c r="C2"><v>1.5E+3</v></c><c r="D2"><v>0.1</v></c>'
    + '<c r="E2"><v>0.30000000000000004</v></c><c r="F2"><v>-2.5E-3</v></c><c r="G2"><v>1499.9999999999998</v></c></row>'
    + '<row r="5" spans="1:10"><c r="A5" s="1"><v>45292</v></c><c r="B5" s="2"><v>45292.75</v></c><c r="C5" s="3"><v>12</v></c>'
    + '<c r="D5" s="4"><v>7</v></c><c r="E5" t="b"><v>1</v></c><c r="F5" t="b"><v>0</v></c><c r="G5" t="e"><f>NA()</f><v>#N/A</v></c>'
    + '<c r="H5" t="inlineStr"><is><t>inline &quot;text&quot;</t></is></c><c r="I5" t="str"><f>A1&amp;"!"</f><v>Account!</v></c><c r="J5" s="5"/></row>'
    + '<row r="6"><c t="s"><v>3</v></c><c t="s"><v>4</v></c><c r="D6" t="s"><v>5</v></c><c s="0"><v>45292</v></c></row>'
    + '<row r="7" ht="30" customHeight="1"/></sheetData>'
    + '<mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells>'
    + '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
  // namespaced element names, as a strict or third-party writer may give them
  const second = `${HEAD}<x:worksheet xmlns:x="${MAIN}"><x:sheetData><x:row r="2"><x:c r="B2" t="s"><x:v>0</x:v></x:c></x:row></x:sheetData></x:worksheet>`;
  const parts = {
    '[Content_Types].xml': `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>`,
    '_rels/.rels': `${HEAD}<Relationships xmlns="${PKG}"><Relationship Id="rId3" Type="${REL}/extended-properties" Target="docProps/app.xml"/><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': workbook,
    'xl/_rels/workbook.xml.rels': workbookRels,
    'xl/sharedStrings.xml': sharedStrings,
    'xl/styles.xml': styles,
    'xl/worksheets/sheet2.xml': plan,
    'xl/worksheets/sheet1.xml': second,
    'xl/chartsheets/sheet1.xml': `${HEAD}<chartsheet xmlns="${MAIN}"/>`,
  };

  it('reads every worksheet in workbook order, each cell as the operator sees it', () => {
    const tables = readXlsx(zipParts(parts));
    expect(tables.map((t) => t.name)).toEqual(['Plan & caps', 'Second']);
    const [planRows, secondRows] = tables.map((t) => t.rows);
    expect(planRows[0]).toEqual(['Account', 'New name (bold)', ...Array<string>(24).fill(''), '  padded  ']);
    expect(planRows[0]).toHaveLength(27); // AA is the 27th column
    expect(planRows[1]).toEqual(['120210000000000001', '', '1500', '0.1', '0.3', '-0.0025', '1500']);
    expect(planRows[2]).toEqual([]);
    expect(planRows[3]).toEqual([]);
    expect(planRows[4]).toEqual(['2024-01-01', '2024-01-01T18:00:00', '12', '7', 'TRUE', 'FALSE', '#N/A', 'inline "text"', 'Account!']);
    expect(planRows[5]).toEqual(['Tom & Jerry <3> "q" \'a\' 中 😀', 'line\r\nbreak _x0041_', '', '日本', '45292']);
    expect(planRows).toHaveLength(6); // the empty row 7 is trimmed
    expect(secondRows).toEqual([[], ['', 'Account']]);
  });

  it('reads dates of a 1904 workbook from 1904-01-01', () => {
    const sheet = `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" s="1"><v>43830</v></c><c r="B1" s="2"><v>0.5</v></c>`
      + '<c r="C1" s="2"><v>43830.25</v></c><c r="D1"><v>43830</v></c></row></sheetData></worksheet>';
    const tables = readXlsx(zipParts({
      ...parts,
      'xl/workbook.xml': workbook.replace('<workbookPr ', '<workbookPr date1904="1" '),
      'xl/worksheets/sheet2.xml': sheet,
    }));
    expect(tables[0].rows).toEqual([['2024-01-01', '12:00:00', '2024-01-01T06:00:00', '43830']]);
  });

  it('finds the workbook the package relationships name, and reads a sheet without shared strings or styles', () => {
    const tables = readXlsx(zipParts({
      '_rels/.rels': `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="/book/main.xml"/></Relationships>`,
      'book/main.xml': `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Only" sheetId="1" r:id="rIdA"/></sheets></workbook>`,
      'book/_rels/main.xml.rels': `<Relationships xmlns="${PKG}"><Relationship Id="rIdA" Type="${REL}/worksheet" Target="../data/only.xml"/></Relationships>`,
      'data/only.xml': `<worksheet xmlns="${MAIN}"><sheetData><row><c><v>1</v></c><c t="inlineStr"><is><t><![CDATA[a<b & c]]></t></is></c></row>`
        + '<row><c r="C2" t="str"><v>x</v></c></row></sheetData></worksheet>',
    }));
    expect(tables).toEqual([{ name: 'Only', rows: [['1', 'a<b & c'], ['', '', 'x']] }]);
  });
});

describe('files that are no workbook', () => {
  it('refuses bytes that are not a zip', () => {
    const random = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251);
    expect(refusal(random)).toBe('not-zip');
    expect(refusal(new Uint8Array(0))).toBe('not-zip');
    expect(refusal(strToU8('id,name\n1,Acme\n'))).toBe('not-zip');
  });

  it('refuses a damaged zip as not a zip', () => {
    const zip = writeXlsx([{ name: 'A', rows: [['x']] }]);
    expect(refusal(zip.slice(0, 200))).toBe('not-zip');
  });

  it('refuses a zip without xl/workbook.xml (an OpenDocument sheet, a Word file) and an old .xls', () => {
    const ods = zipParts({ mimetype: 'application/vnd.oasis.opendocument.spreadsheet', 'content.xml': '<office:document-content/>' });
    expect(refusal(ods)).toBe('not-xlsx');
    const docx = zipParts({ '_rels/.rels': `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/></Relationships>`, 'word/document.xml': '<w:document/>' });
    expect(refusal(docx)).toBe('not-xlsx');
    const xls = new Uint8Array(1024);
    xls.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(refusal(xls)).toBe('not-xlsx');
  });

  it('refuses a workbook whose sheets unpack past the limit, before inflating them', () => {
    const huge = new Uint8Array(MAX_XLSX_XML_BYTES + 1).fill(0x20);
    const zip = zipSync({
      '_rels/.rels': strToU8(`<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
      'xl/workbook.xml': strToU8(`<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Big" sheetId="1" r:id="rId1"/></sheets></workbook>`),
      'xl/_rels/workbook.xml.rels': strToU8(`<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`),
      'xl/worksheets/sheet1.xml': [huge, { level: 1 }],
    });
    expect(zip.length).toBeLessThan(1024 * 1024);
    expect(refusal(zip)).toBe('too-large');
  });
});

describe('telling an .xlsx from CSV', () => {
  it('is an .xlsx when it starts as a zip, and text otherwise', () => {
    expect(sniffSpreadsheet(writeXlsx([{ name: 'A', rows: [['x']] }]))).toBe('xlsx');
    expect(sniffSpreadsheet(strToU8('id,name\n1,Acme\n'))).toBe('text');
    expect(sniffSpreadsheet(strToU8('PK,name\n'))).toBe('text');
    expect(sniffSpreadsheet(new Uint8Array(0))).toBe('text');
  });
});

describe('numbers and dates', () => {
  it('writes a number as its shortest decimal text, an id of many digits as written', () => {
    expect(['1.5E+3', '0.1', '1500', '-0', '007', '2.5e-3', '1.2021E+17', '1E+21', '1499.9999999999998', '9.9999999999999999E+2', '123456789012345678', '-123456789012345678901']
      .map(normaliseNumber))
      .toEqual(['1500', '0.1', '1500', '0', '7', '0.0025', '120210000000000000', '1E+21', '1500', '1000', '123456789012345678', '-123456789012345678901']);
  });

  it('counts Excel\'s 1900 serials, phantom leap day included', () => {
    expect([1, 59, 60, 61, 44927, 45292.5, 0.75].map((serial) => serialToIso(serial, false)))
      .toEqual(['1900-01-01', '1900-02-28', '1900-02-29', '1900-03-01', '2023-01-01', '2024-01-01T12:00:00', '18:00:00']);
    expect(serialToIso(0, true)).toBe('1904-01-01');
    expect(serialToIso(-1, false)).toBeUndefined();
  });

  it('tells date formats by their codes', () => {
    expect(['yyyy-mm-dd', 'h:mm AM/PM', '[$-409]d-mmm-yy', '0.00', '"Day" 0', '[Red]0.00', '#,##0_);\\(#,##0\\)', '@', 'General', '\\d0']
      .map(isDateFormatCode))
      .toEqual([true, true, true, false, false, false, false, false, false, false]);
  });
});

describe('the content security policy', () => {
  it('the module evaluates no code and writes no HTML', () => {
    const source = fs.readFileSync(path.resolve(__dirname, '../../src/kernel/import/xlsx.ts'), 'utf8');
    expect(source).toContain('export function readXlsx');
    expect(source).not.toMatch(/new\s+Function|\beval\s*\(|innerHTML|outerHTML|insertAdjacentHTML|\bdocument\./);
  });
});
