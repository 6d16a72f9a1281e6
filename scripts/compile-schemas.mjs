// Compiles the manifest's schema (schemas/plugin.schema.json), every action's parameter schema (beside its
// handlers: plugins/<id>/actions/<verb in kebab-case>.schema.json) and each plugin's settings schema (from
// plugins/<id>/plugin.json) into standalone ajv validators (ESM source), so the page validates without eval under its content
// security policy, and generates the TypeScript types of every action's parameters from the same
// schemas, so a parameter type is never written twice.
// Output: src/generated/validators.js and schemas.js (+ .d.ts), src/generated/action-params.d.ts.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { compile as schemaToType } from 'json-schema-to-typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function listSchemas(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listSchemas(full);
    return entry.name.endsWith('.json') ? [full] : [];
  });
}

/** An action's parameter schema sits beside its handlers: `actions/<verb in kebab-case>.schema.json`. */
export const ACTION_SCHEMA_SUFFIX = '.schema.json';
const fileToVerb = (name) => name.slice(0, -ACTION_SCHEMA_SUFFIX.length).replace(/-([a-z0-9])/g, (_m, c) => c.toUpperCase());

/** Every action's parameter schema: plugins/<id>/actions/*.schema.json, sorted. */
export function listActionSchemas(pluginsDir = path.join(root, 'plugins')) {
  if (!fs.existsSync(pluginsDir)) return [];
  return fs.readdirSync(pluginsDir, { withFileTypes: true }).filter((e) => e.isDirectory()).flatMap((e) => {
    const dir = path.join(pluginsDir, e.name, 'actions');
    if (!fs.existsSync(dir)) return [];
    return fs.readdirSync(dir).filter((f) => f.endsWith(ACTION_SCHEMA_SUFFIX)).map((f) => path.join(dir, f));
  }).sort();
}

/**
 * Key of a schema file: `plugin` for schemas/plugin.schema.json, `adaccount.setSpendCap` for
 * plugins/adaccount/actions/set-spend-cap.schema.json (the action's id).
 */
export function schemaKey(file) {
  const parts = path.resolve(file).split(path.sep);
  if (parts.at(-2) === 'actions' && parts.at(-4) === 'plugins' && file.endsWith(ACTION_SCHEMA_SUFFIX)) return `${parts.at(-3)}.${fileToVerb(parts.at(-1))}`;
  const rel = path.relative(path.join(root, 'schemas'), file).split(path.sep);
  return rel.join('/').replace(/\.schema\.json$|\.json$/, '');
}

/**
 * Our annotation keywords: `x-tessera-list: "ids"` marks a list entered one id per line (the form
 * reads it); `x-message` names the locale key (in the plugin's namespace) of what the operator reads
 * when the property — or, on the schema itself, the whole object — is not accepted
 * (src/kernel/runner/params.ts); `x-tessera-secret: "prepare"` on a `writeOnly` property says only the
 * action's `prepare` uses it, so a tab other than the one running the jobs may keep it and run
 * `prepare` itself (src/kernel/runner/tabs/held-secrets.ts); `x-tessera-pattern` (`name`, `find`,
 * `replace`, `regex`) marks a name template and its find and replace, which the runner checks beside
 * the schema (src/kernel/platform/name-pattern.ts); `x-tessera-when: { <field>: <value> }` shows a
 * property in the form only while another field has that value (src/kernel/runner/SchemaForm.tsx).
 * Annotations only: they change no validation.
 */
export const TESSERA_KEYWORDS = ['x-tessera-list', 'x-message', 'x-tessera-secret', 'x-tessera-pattern'];

/**
 * The id formats of the parameter layer (src/kernel/platform/pasted.ts): what a property names, so the
 * kernel reads every form an operator pastes for it (links, `act_` ids, user names) and turns it into
 * the value checked here, before validation: an object's digits, or an e-mail address. Regular
 * expressions, so the standalone validators carry them inline. `email` is the kernel's own; every other
 * format is an object kind a plugin declares in its manifest (`objects[].paste`, docs/PLUGINS.md,
 * "Ids an operator pastes"), so this script names no area: a declared kind compiles to digits.
 */
const DIGITS = /^[0-9]{1,20}$/;
export const KERNEL_ID_FORMATS = { email: /^(?=.{3,254}$)[^\s@]+@[^\s@]+\.[^\s@]+$/ };
/** Formats the kernel reads itself, never an area's kind: an address, and digits of no one kind (`x-tessera-list: "ids"`). */
const RESERVED_KINDS = ['email', 'id'];

/**
 * How each object kind is pasted, as the plugins declare it (`objects[].paste` in plugin.json), by
 * kind, with the declaring plugin's id (`plugin`: the namespace of its words). One plugin declares how
 * a kind is pasted; others may hold objects of it (`objects` without `paste`) once some plugin
 * declares it. A kind declared twice, or held but declared by no plugin, is a mistake, refused here.
 */
export function declaredIdKinds(manifests) {
  const kinds = {};
  for (const [pluginId, manifest] of Object.entries(manifests)) {
    for (const o of manifest.objects ?? []) {
      if (!o.paste) continue;
      if (RESERVED_KINDS.includes(o.format)) throw new Error(`plugin ${pluginId} declares how "${o.format}" is pasted, a format the kernel reads itself`);
      if (kinds[o.format]) throw new Error(`how "${o.format}" is pasted is declared by both ${kinds[o.format].plugin} and ${pluginId}`);
      kinds[o.format] = { plugin: pluginId, ...o.paste };
    }
  }
  for (const [pluginId, manifest] of Object.entries(manifests)) {
    for (const o of manifest.objects ?? []) {
      if (!kinds[o.format]) throw new Error(`plugin ${pluginId} holds objects of format "${o.format}", which no plugin declares how to paste (its objects[].paste)`);
    }
  }
  return Object.fromEntries(Object.entries(kinds).sort(([a], [b]) => a.localeCompare(b)));
}

/** The ajv formats: the kernel's, and each declared kind's (its digits). */
export function idFormatsOf(manifests) {
  return { ...Object.fromEntries(Object.keys(declaredIdKinds(manifests)).map((kind) => [kind, DIGITS])), ...KERNEL_ID_FORMATS };
}

/** The id formats of this repository's plugins (tests generate values matching them). */
export const ID_FORMATS = idFormatsOf(readManifests());

export function addTesseraKeywords(ajv, formats = ID_FORMATS) {
  for (const keyword of TESSERA_KEYWORDS) ajv.addKeyword({ keyword, schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-tessera-when', schemaType: 'object' });
  for (const [name, pattern] of Object.entries(formats)) ajv.addFormat(name, pattern);
  return ajv;
}

/** A schema that names an unknown format fails to compile, saying where and what a format may be. */
function compileOrExplain(ajv, id, file) {
  try {
    ajv.getSchema(id);
  } catch (e) {
    const unknown = /unknown format "([^"]+)"/.exec(e.message ?? '');
    if (!unknown) throw e;
    const known = Object.keys(ajv.formats).sort().join(', ');
    throw new Error(`${path.relative(root, file)}: "format": "${unknown[1]}" is no id format (known: ${known}). A format names an object kind some plugin declares in its manifest's objects[].paste (docs/PLUGINS.md, "Ids an operator pastes"), or "email". (${e.message})`);
  }
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

/** Every plugin manifest (plugins/<id>/plugin.json), by plugin id. */
export function readManifests(pluginsDir = path.join(root, 'plugins')) {
  if (!fs.existsSync(pluginsDir)) return {};
  const out = {};
  for (const entry of fs.readdirSync(pluginsDir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const file = path.join(pluginsDir, entry.name, 'plugin.json');
    if (entry.isDirectory() && fs.existsSync(file)) out[entry.name] = JSON.parse(fs.readFileSync(file, 'utf8'));
  }
  return out;
}

/**
 * The row types every plugin contributes (its manifest's `rowTypes`), union of all: the kernel checks each
 * view's rowType and action's target against it (src/kernel/plugin/registry.ts), so the manifest's schema
 * names no area's row type. A row type contributed by two plugins is a mistake, refused here.
 */
export function contributedRowTypes(manifests) {
  const owner = new Map();
  for (const [pluginId, manifest] of Object.entries(manifests)) {
    for (const type of manifest.rowTypes ?? []) {
      if (owner.has(type) && owner.get(type) !== pluginId) throw new Error(`row type "${type}" is contributed by both ${owner.get(type)} and ${pluginId}`);
      owner.set(type, pluginId);
    }
  }
  return [...owner.keys()].sort();
}

/** `ActionParams`: action id → its parameters' type (actions without a schema take none). */
async function actionParamTypes(raw, manifests) {
  const lines = ['// Generated by scripts/compile-schemas.mjs from plugins/*/actions/*.schema.json: do not edit.', 'export interface ActionParams {'];
  const ids = new Set();
  for (const [key, schema] of Object.entries(raw)) {
    if (key === 'plugin' || key.endsWith('.settings') || !key.includes('.')) continue;
    // Titles would become named types; the literal type of each action is what the map needs.
    const body = JSON.parse(JSON.stringify(schema, (k, v) => (k === 'title' || k === '$schema' || k === '$id' || k === 'description' ? undefined : v)));
    const type = await schemaToType(body, 'P', { bannerComment: '', format: false, additionalProperties: false, declareExternallyReferenced: false, ignoreMinAndMaxItems: true });
    const literal = type.replace(/^export (interface|type) P\s*=?\s*/, '').replace(/;\s*$/, '').trim();
    lines.push(`  ${JSON.stringify(key)}: ${literal};`);
    ids.add(key);
  }
  for (const [pluginId, manifest] of Object.entries(manifests)) {
    for (const action of manifest.actions ?? []) {
      const key = `${pluginId}.${action.verb}`;
      if (!ids.has(key)) lines.push(`  ${JSON.stringify(key)}: Record<string, never>;`);
    }
  }
  lines.push('}', '');
  return lines.join('\n');
}

export async function compileSchemas({ outDir = path.join(root, 'src/generated'), pluginsDir } = {}) {
  const files = [...listSchemas(path.join(root, 'schemas')).sort(), ...listActionSchemas(pluginsDir)];
  const manifests = readManifests(pluginsDir);
  const raw = {};
  const ajv = new Ajv2020({ code: { source: true, esm: true }, allErrors: true, strict: true, useDefaults: true });
  const idKinds = declaredIdKinds(manifests);
  addTesseraKeywords(ajv, idFormatsOf(manifests));
  const exportsByName = {};
  const keys = [];
  const added = [];
  files.forEach((file, index) => {
    const schema = JSON.parse(fs.readFileSync(file, 'utf8'));
    const key = schemaKey(file);
    raw[key] = schema;
    const id = schema.$id ?? `tessera:${key}`;
    ajv.addSchema({ ...schema, $id: id });
    exportsByName[`v${index}`] = id;
    keys.push([key, `v${index}`]);
    added.push([id, file]);
  });
  // A plugin's settings schema is compiled like the others, as `<plugin>.settings`.
  for (const [pluginId, manifest] of Object.entries(manifests)) {
    if (!manifest.settings) continue;
    const key = `${pluginId}.settings`;
    const id = `tessera:${key}`;
    raw[key] = manifest.settings;
    ajv.addSchema({ ...manifest.settings, $id: id });
    exportsByName[`s${keys.length}`] = id;
    keys.push([key, `s${keys.length}`]);
  }
  for (const [id, file] of added) compileOrExplain(ajv, id, file);
  let code = files.length ? esmRuntimeImports(standaloneCode(ajv, exportsByName)) : '';
  code += `\nexport const validators = {${keys.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(', ')}};\n`;
  // The schemas themselves (for forms generated from them, defaults, secret fields) are a module of
  // their own: a page reads them at once, and loads the validators' code only to validate
  // (src/kernel/runner/params.ts, loadValidators). Re-exported here for the tests' convenience.
  code += `export { schemas } from './schemas.js';\n`;
  const schemasCode = `// Generated by scripts/compile-schemas.mjs from schemas/plugin.schema.json, plugins/*/actions/*.schema.json and each plugin's settings: do not edit.\nexport const schemas = ${JSON.stringify(raw)};\n`;
  const dts = `import type { ValidateFunction } from 'ajv';\nexport declare const validators: Record<string, ValidateFunction>;\nexport { schemas } from './schemas.js';\n`;
  fs.mkdirSync(outDir, { recursive: true });
  const target = path.join(outDir, 'validators.js');
  if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== code) fs.writeFileSync(target, code);
  fs.writeFileSync(path.join(outDir, 'validators.d.ts'), dts);
  const schemasTarget = path.join(outDir, 'schemas.js');
  if (!fs.existsSync(schemasTarget) || fs.readFileSync(schemasTarget, 'utf8') !== schemasCode) fs.writeFileSync(schemasTarget, schemasCode);
  fs.writeFileSync(path.join(outDir, 'schemas.d.ts'), `export declare const schemas: Record<string, Record<string, unknown>>;\n`);
  // The first screen asks which schemas exist and which row types the plugins contribute, nothing more
  // (schema-index.js). The manifests' validator (boot-validators.js) checks plugin.json where plugins load
  // in development and in the tests; a production build checks every manifest here instead
  // (manifestProblems), so the page does not carry it (docs/DECISIONS.md, "The dashboard loads what it shows").
  const pluginIndex = keys.findIndex(([k]) => k === 'plugin');
  const boot = pluginIndex >= 0 ? esmRuntimeImports(standaloneCode(ajv, { validatePlugin: exportsByName[keys[pluginIndex][1]] })) : 'export const validatePlugin = () => true;';
  writeIfChanged(path.join(outDir, 'boot-validators.js'), boot);
  fs.writeFileSync(path.join(outDir, 'boot-validators.d.ts'), `import type { ValidateFunction } from 'ajv';\nexport declare const validatePlugin: ValidateFunction;\n`);
  let index = `// Generated by scripts/compile-schemas.mjs: do not edit.\nexport const schemaKeys = new Set(${JSON.stringify(keys.map(([k]) => k))});\n`;
  index += `export const rowTypes = new Set(${JSON.stringify(contributedRowTypes(manifests))});\n`;
  // Each schema's secret fields alone (writeOnly, with their x-tessera-secret): a draft splits the secrets
  // off a job's parameters before the schemas themselves have loaded (src/kernel/runner/params.ts).
  const secrets = {};
  for (const [key, schema] of Object.entries(raw)) {
    const props = Object.entries(schema?.properties ?? {}).filter(([, p]) => p && p.writeOnly === true);
    if (props.length) secrets[key] = { type: 'object', properties: Object.fromEntries(props.map(([name, p]) => [name, { writeOnly: true, ...(p['x-tessera-secret'] ? { 'x-tessera-secret': p['x-tessera-secret'] } : {}) }])) };
  }
  index += `export const secretSkeletons = ${JSON.stringify(secrets)};\n`;
  writeIfChanged(path.join(outDir, 'schema-index.js'), index);
  fs.writeFileSync(path.join(outDir, 'schema-index.d.ts'), `export declare const schemaKeys: ReadonlySet<string>;\nexport declare const rowTypes: ReadonlySet<string>;\nexport declare const secretSkeletons: Record<string, Record<string, unknown>>;\n`);
  // How each object kind is pasted, as the plugins declare it: the kernel reads pasted ids by these (src/kernel/platform/pasted.ts).
  const kindsCode = `// Generated by scripts/compile-schemas.mjs from plugins/*/plugin.json (objects[].paste): do not edit.\nexport const idKinds = ${JSON.stringify(idKinds, null, 2)};\n`;
  writeIfChanged(path.join(outDir, 'id-kinds.js'), kindsCode);
  fs.writeFileSync(path.join(outDir, 'id-kinds.d.ts'), `import type { IdKindDeclarations } from '../kernel/graph/resolve-ids';\nexport declare const idKinds: IdKindDeclarations;\n`);
  const params = await actionParamTypes(raw, manifests);
  const paramsFile = path.join(outDir, 'action-params.d.ts');
  if (!fs.existsSync(paramsFile) || fs.readFileSync(paramsFile, 'utf8') !== params) fs.writeFileSync(paramsFile, params);
  return keys.map(([k]) => k);
}

function writeIfChanged(file, text) {
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
}

/**
 * Every plugin manifest (plugins/<id>/plugin.json) checked against schemas/plugin.schema.json: one readable
 * line per problem (`<plugin>: <where> <what>`), empty when all are valid. A production build fails on any
 * (vite.config.ts), since the built page does not check manifests again (src/kernel/plugin/validate-manifest.ts).
 */
export function manifestProblems({ pluginsDir } = {}) {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addTesseraKeywords(ajv);
  const validate = ajv.compile(JSON.parse(fs.readFileSync(path.join(root, 'schemas', 'plugin.schema.json'), 'utf8')));
  const problems = [];
  for (const [id, manifest] of Object.entries(readManifests(pluginsDir))) {
    if (validate(manifest)) continue;
    for (const e of validate.errors ?? []) problems.push(`${id}: ${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const keys = await compileSchemas();
  console.log(`schemas: ${keys.length} validators compiled (${keys.join(', ')})`);
  const problems = manifestProblems();
  for (const p of problems) console.error(`invalid plugin manifest: ${p}`);
  if (problems.length) process.exit(1);
}
