// Compiles every JSON Schema under schemas/ into standalone ajv validators (ESM source), so the page
// validates without eval under its content security policy. Output: src/generated/validators.js (+ .d.ts).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function listSchemas(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listSchemas(full);
    return entry.name.endsWith('.json') ? [full] : [];
  });
}

/** Key of a schema file: `plugin` for schemas/plugin.schema.json, `adaccount.rename` for schemas/actions/adaccount/rename.json. */
export function schemaKey(file) {
  const rel = path.relative(path.join(root, 'schemas'), file).split(path.sep);
  if (rel[0] === 'actions') return `${rel[1]}.${rel[2].replace(/\.json$/, '')}`;
  return rel.join('/').replace(/\.schema\.json$|\.json$/, '');
}

/** Our annotation keywords: `x-tessera-list: "ids"` marks a list entered one id per line (the form reads it). */
export function addTesseraKeywords(ajv) {
  ajv.addKeyword({ keyword: 'x-tessera-list', schemaType: 'string' });
  return ajv;
}

/**
 * ajv's ESM output still `require`s its small runtime helpers (ucs2length, equal…); the browser has no
 * require, so each becomes an import. Works whether the bundler exposes the CJS module as a namespace
 * whose `default` is the helper or as the exports object itself.
 */
function esmRuntimeImports(code) {
  const modules = [...new Set([...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]))];
  const imports = modules.map((m, i) => `import * as __rt${i} from ${JSON.stringify(m + '.js')};`);
  modules.forEach((m, i) => { code = code.split(`require(${JSON.stringify(m)})`).join(`__interop(__rt${i})`); });
  const interop = 'const __interop = (m) => (typeof m.default === "function" ? m : m.default);';
  return modules.length ? `${imports.join('\n')}\n${interop}\n${code}` : code;
}

export function compileSchemas({ outDir = path.join(root, 'src/generated') } = {}) {
  const files = listSchemas(path.join(root, 'schemas')).sort();
  const raw = {};
  const ajv = new Ajv2020({ code: { source: true, esm: true }, allErrors: true, strict: true, useDefaults: true });
  addTesseraKeywords(ajv);
  const exportsByName = {};
  const keys = [];
  files.forEach((file, index) => {
    const schema = JSON.parse(fs.readFileSync(file, 'utf8'));
    const key = schemaKey(file);
    raw[key] = schema;
    const id = schema.$id ?? `tessera:${key}`;
    ajv.addSchema({ ...schema, $id: id });
    exportsByName[`v${index}`] = id;
    keys.push([key, `v${index}`]);
  });
  let code = files.length ? esmRuntimeImports(standaloneCode(ajv, exportsByName)) : '';
  code += `\nexport const validators = {${keys.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(', ')}};\n`;
  // The schemas themselves, for forms generated from them.
  code += `export const schemas = ${JSON.stringify(raw)};\n`;
  const dts = `import type { ValidateFunction } from 'ajv';\nexport declare const validators: Record<string, ValidateFunction>;\nexport declare const schemas: Record<string, Record<string, unknown>>;\n`;
  fs.mkdirSync(outDir, { recursive: true });
  const target = path.join(outDir, 'validators.js');
  if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== code) fs.writeFileSync(target, code);
  fs.writeFileSync(path.join(outDir, 'validators.d.ts'), dts);
  return keys.map(([k]) => k);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const keys = compileSchemas();
  console.log(`schemas: ${keys.length} validators compiled (${keys.join(', ')})`);
}
