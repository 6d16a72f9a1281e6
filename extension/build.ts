/**
 * `npm run build:extension -- [--flavour production|development] [--origins URL,URL] [--out DIR] [--zip FILE]`
 *
 * Builds a loadable, unpacked Manifest V3 folder (default `dist-extension/<flavour>/`) and a zip next
 * to it (`dist-extension/tessera-extension-<flavour>-<version>.zip`). Each entry point (content
 * script, service worker, options page) is bundled by rolldown into ONE self-contained classic
 * script: no import graph, no remote code, no eval.
 *
 * - flavour: `production` (default) or `development` (sandbox; loopback origins and host permissions).
 * - origins: the product origins the content script runs on; default `TESSERA_EXTENSION_ORIGINS`
 *   (comma-separated). Required for production; development always adds http://127.0.0.1 and
 *   http://localhost (any port).
 * - the version is the `version` of extension/manifest.json (the template); the key (hence the
 *   extension id) comes from extension/keys.json and must match protocol/extension-ids.ts.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { zipSync, type Zippable } from 'fflate';
import { build as rolldown, type Plugin } from 'rolldown';
import { EXTENSION_IDS } from '../protocol/extension-ids';
import type { Flavour } from './src/build-config';
import { extensionIdFromSha256Hex } from './src/lib/ids';
import { makeManifest, type Manifest } from './src/lib/manifest';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

export interface BuildOptions {
  flavour: Flavour;
  origins: string[];
  /** Output folder; default dist-extension/<flavour>. */
  out?: string;
  /** Zip file; default next to the output folder, tessera-extension-<flavour>-<version>.zip. False: no zip. */
  zip?: string | false;
  quiet?: boolean;
}

export interface BuildResult { outDir: string; zipFile: string | null; manifest: Manifest; id: string }

export function idOfKey(publicKeyBase64: string): string {
  return extensionIdFromSha256Hex(createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex'));
}

const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(file, 'utf8')) as T;

export function loadTemplate(): Manifest {
  return readJson<Manifest>(path.join(here, 'manifest.json'));
}

/** The flavour's public key, checked against the committed extension id. */
export function flavourKey(flavour: Flavour): { key: string; id: string } {
  const keys = readJson<Record<Flavour, string>>(path.join(here, 'keys.json'));
  const ids: Record<Flavour, string> = EXTENSION_IDS;
  const key = keys[flavour];
  if (!key) throw new Error(`extension/keys.json has no ${flavour} key`);
  const id = idOfKey(key);
  if (ids[flavour] !== id) throw new Error(`protocol/extension-ids.ts says ${flavour} = ${ids[flavour]}, but keys.json gives ${id}`);
  return { key, id };
}

/** Replaces src/build-config.ts with the flavour's constant. */
function buildConfig(flavour: Flavour): Plugin {
  const file = path.join(here, 'src', 'build-config.ts');
  return {
    name: 'tessera-build-config',
    load(id) {
      if (path.resolve(id) !== file) return null;
      return { code: `export const FLAVOUR = ${JSON.stringify(flavour)};\n`, moduleType: 'ts' };
    },
  };
}

async function bundle(entry: string, flavour: Flavour): Promise<string> {
  const result = await rolldown({
    input: path.join(here, 'src', entry),
    platform: 'browser',
    plugins: [buildConfig(flavour)],
    logLevel: 'warn',
    write: false,
    output: { format: 'iife', sourcemap: false, minify: false, comments: { legal: true, annotation: false, jsdoc: false } },
  });
  const chunks = result.output.filter((o) => o.type === 'chunk');
  if (chunks.length !== 1 || result.output.length !== 1) throw new Error(`${entry} must bundle to one self-contained file, got ${result.output.map((o) => o.fileName).join(', ')}`);
  const code = (chunks[0] as { code: string }).code;
  // No remote code and no eval in any bundle (MV3 forbids both; the default CSP would refuse them).
  if (/\beval\s*\(|new Function\s*\(|\bimportScripts\s*\(|\bimport\s*\(/.test(code)) throw new Error(`${entry}: eval / new Function / dynamic import found in the bundle`);
  return code;
}

function prepareOut(outDir: string) {
  if (fs.existsSync(outDir)) {
    const entries = fs.readdirSync(outDir);
    if (entries.length && !entries.includes('manifest.json')) throw new Error(`${outDir} is not empty and holds no manifest.json: refusing to clear it`);
    fs.rmSync(outDir, { recursive: true, force: true });
  }
  fs.mkdirSync(outDir, { recursive: true });
}

function copyDir(from: string, to: string) {
  fs.mkdirSync(to, { recursive: true });
  for (const e of fs.readdirSync(from, { withFileTypes: true })) {
    if (e.isDirectory()) copyDir(path.join(from, e.name), path.join(to, e.name));
    else fs.copyFileSync(path.join(from, e.name), path.join(to, e.name));
  }
}

function zipFolder(dir: string): Uint8Array {
  const files: Zippable = {};
  const mtime = new Date('2024-01-01T00:00:00Z'); // stable bytes for the same input
  const walk = (rel: string) => {
    for (const e of fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(r);
      else files[r] = [new Uint8Array(fs.readFileSync(path.join(dir, r))), { mtime }];
    }
  };
  walk('');
  return zipSync(files, { level: 9 });
}

export async function buildExtension(o: BuildOptions): Promise<BuildResult> {
  const template = loadTemplate();
  const { key, id } = flavourKey(o.flavour);
  const manifest = makeManifest({ template, flavour: o.flavour, origins: o.origins, key });
  const outDir = path.resolve(o.out ?? path.join(root, 'dist-extension', o.flavour));

  const [content, worker, options] = await Promise.all(['content.ts', 'worker.ts', 'options.ts'].map((e) => bundle(e, o.flavour)));
  prepareOut(outDir);
  fs.writeFileSync(path.join(outDir, 'content.js'), content!);
  fs.writeFileSync(path.join(outDir, 'worker.js'), worker!);
  fs.writeFileSync(path.join(outDir, 'options.js'), options!);
  for (const page of ['options.html', 'probe.html']) fs.copyFileSync(path.join(here, 'src', page), path.join(outDir, page));
  copyDir(path.join(here, '_locales'), path.join(outDir, '_locales'));
  fs.writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  let zipFile: string | null = null;
  if (o.zip !== false) {
    zipFile = path.resolve(o.zip ?? path.join(path.dirname(outDir), `tessera-extension-${o.flavour}-${manifest.version}.zip`));
    fs.mkdirSync(path.dirname(zipFile), { recursive: true });
    fs.writeFileSync(zipFile, zipFolder(outDir));
  }
  if (!o.quiet) {
    console.log(`Tessera extension ${manifest.version} (${o.flavour}), id ${id}`);
    console.log(`  folder: ${path.relative(process.cwd(), outDir) || '.'}`);
    if (zipFile) console.log(`  zip:    ${path.relative(process.cwd(), zipFile)}`);
    console.log(`  runs on: ${manifest.content_scripts[0]!.matches.join(' ')}`);
  }
  return { outDir, zipFile, manifest, id };
}

export function parseArgs(argv: string[], env: Record<string, string | undefined> = process.env): BuildOptions {
  const o: BuildOptions = { flavour: 'production', origins: [] };
  let origins: string | undefined = env.TESSERA_EXTENSION_ORIGINS;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--flavour':
      case '--flavor': {
        const f = value();
        if (f !== 'production' && f !== 'development') throw new Error(`--flavour must be production or development, got ${f}`);
        o.flavour = f;
        break;
      }
      case '--origins': origins = value(); break;
      case '--out': o.out = value(); break;
      case '--zip': o.zip = value(); break;
      case '--no-zip': o.zip = false; break;
      default: throw new Error(`unknown option ${argv[i]} (options: --flavour production|development, --origins URL[,URL], --out DIR, --zip FILE, --no-zip)`);
    }
  }
  o.origins = (origins ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  return o;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    await buildExtension(parseArgs(process.argv.slice(2)));
  } catch (e) {
    console.error(`build:extension: ${(e as Error).message}`);
    process.exit(1);
  }
}
