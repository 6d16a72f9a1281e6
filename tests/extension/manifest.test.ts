import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECKS_EXTENSION_VERSION, PLATFORM_HOSTS, versionBelow } from '../../protocol';
import { buildExtension, flavourKey, idOfKey, loadTemplate, parseArgs } from '../../extension/build';
import { makeManifest } from '../../extension/src/lib/manifest';
import { extensionIdFromSha256Hex } from '../../extension/src/lib/ids';
import { DEV_ORIGIN_PATTERNS, originMatches, originToMatchPattern } from '../../extension/src/lib/origins';
import { EXTENSION_IDS as ids } from '../../protocol/extension-ids';
import keys from '../../extension/keys.json' with { type: 'json' };

const template = loadTemplate();
const PLATFORM = ['https://graph.facebook.com/*', 'https://business.facebook.com/*', 'https://www.facebook.com/*', 'https://adsmanager.facebook.com/*'];

describe('manifest generation', () => {
  it('production: the product origins only, the four platform hosts, alarms + cookies + storage, document_start, top frame only', () => {
    const m = makeManifest({ template, flavour: 'production', origins: ['https://app.example.com', 'https://other.example:8443/'], key: keys.production });
    expect(m.manifest_version).toBe(3);
    expect(m.name).toBe('Tessera');
    expect(m.key).toBe(keys.production);
    expect(m.host_permissions).toEqual(PLATFORM);
    expect(m.permissions.sort()).toEqual(['alarms', 'cookies', 'storage']); // alarms: the scheduled checks (1.6.0)
    expect(m.content_scripts).toEqual([{ matches: ['https://app.example.com/*', 'https://other.example:8443/*'], js: ['content.js'], run_at: 'document_start', all_frames: false }]);
    expect(m.web_accessible_resources).toEqual([{ resources: ['probe.html'], matches: ['https://app.example.com/*', 'https://other.example:8443/*'], use_dynamic_url: false }]);
    expect(m.background).toEqual({ service_worker: 'worker.js' });
    expect(m.version_name).toBeUndefined();
    expect(m).not.toHaveProperty('content_security_policy'); // MV3's strict default
  });

  it('development: loopback on any port (plus given origins) for matches and host permissions', () => {
    const m = makeManifest({ template, flavour: 'development', origins: [], key: keys.development });
    expect(m.key).toBe(keys.development);
    expect(m.permissions.sort()).toEqual(['alarms', 'cookies', 'storage']);
    expect(m.host_permissions).toEqual([...PLATFORM, 'http://127.0.0.1/*', 'http://localhost/*']);
    expect(m.content_scripts[0]!.matches).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
    expect(m.web_accessible_resources[0]!.matches).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
    expect(m.version_name).toBe(`${template.version} development`);
    const withOrigin = makeManifest({ template, flavour: 'development', origins: ['https://staging.example'], key: keys.development });
    expect(withOrigin.content_scripts[0]!.matches).toEqual(['http://127.0.0.1/*', 'http://localhost/*', 'https://staging.example/*']);
  });

  it('a production build without origins fails with a clear message', () => {
    expect(() => makeManifest({ template, flavour: 'production', origins: [], key: keys.production })).toThrow(/production build needs the product origins: pass --origins .* or set TESSERA_EXTENSION_ORIGINS/);
  });

  it('origins must be bare http(s) origins', () => {
    expect(originToMatchPattern('https://app.example.com')).toBe('https://app.example.com/*');
    expect(originToMatchPattern(' https://app.example.com/ ')).toBe('https://app.example.com/*');
    expect(originToMatchPattern('http://127.0.0.1:8080')).toBe('http://127.0.0.1:8080/*');
    for (const bad of ['app.example.com', 'ftp://x.example', 'https://x.example/app', 'https://x.example?a=1', 'https://u:p@x.example', 'https://*.example.com', 'chrome-extension://abc']) {
      expect(() => originToMatchPattern(bad), bad).toThrow();
    }
  });

  it('the checked-in template is the production manifest: version, platform hosts from hosts.ts, locales', () => {
    expect(template.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(template.permissions.sort()).toEqual(['alarms', 'cookies', 'storage']);
    // the page sends the scheduled checks' messages from this version on: the release must be it or later
    expect(versionBelow(template.version, CHECKS_EXTENSION_VERSION)).toBe(false);
    expect(template.host_permissions).toEqual(PLATFORM_HOSTS.map((h) => `https://${h}/*`));
    expect(template.default_locale).toBe('zh_CN');
    const here = path.resolve(import.meta.dirname, '../../extension');
    const zh = JSON.parse(fs.readFileSync(path.join(here, '_locales/zh_CN/messages.json'), 'utf8'));
    const en = JSON.parse(fs.readFileSync(path.join(here, '_locales/en/messages.json'), 'utf8'));
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    const used = [...fs.readFileSync(path.join(here, 'src/options.html'), 'utf8').matchAll(/data-i18n="([^"]+)"/g), ...fs.readFileSync(path.join(here, 'src/options.ts'), 'utf8').matchAll(/t\('([A-Za-z]+)'/g)].map((m) => m[1]!);
    for (const key of [...used, 'extDescription']) expect(zh, key).toHaveProperty(key);
  });
});

describe('extension ids', () => {
  it('are derived from the committed public keys (sha256 of the DER, first 32 hex digits as a-p)', () => {
    expect(extensionIdFromSha256Hex('0123456789abcdef0123456789abcdefffff')).toBe('abcdefghijklmnopabcdefghijklmnop');
    expect(idOfKey(keys.production)).toBe(ids.production);
    expect(idOfKey(keys.development)).toBe(ids.development);
    expect(ids.production).toMatch(/^[a-p]{32}$/);
    expect(ids.production).not.toBe(ids.development);
    expect(flavourKey('production')).toEqual({ key: keys.production, id: ids.production });
  });
});

describe('build options', () => {
  it('parses flags, defaults to production and reads TESSERA_EXTENSION_ORIGINS', () => {
    expect(parseArgs([], {})).toEqual({ flavour: 'production', origins: [] });
    expect(parseArgs([], { TESSERA_EXTENSION_ORIGINS: 'https://a.example, https://b.example' }).origins).toEqual(['https://a.example', 'https://b.example']);
    expect(parseArgs(['--flavour', 'development', '--origins=https://x.example', '--out', 'o', '--no-zip'], { TESSERA_EXTENSION_ORIGINS: 'https://env.example' })).toEqual({ flavour: 'development', origins: ['https://x.example'], out: 'o', zip: false });
    expect(() => parseArgs(['--flavour', 'staging'], {})).toThrow(/production or development/);
    expect(() => parseArgs(['--bogus'], {})).toThrow(/unknown option/);
    expect(() => parseArgs(['--out'], {})).toThrow(/needs a value/);
  });
});

describe('build', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-ext-unit-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('writes a loadable folder and a zip of it; every script is one self-contained classic file', async () => {
    const r = await buildExtension({ flavour: 'production', origins: ['https://app.example.com'], out: path.join(tmp, 'production'), quiet: true });
    const files = fs.readdirSync(r.outDir).sort();
    expect(files).toEqual(['_locales', 'content.js', 'manifest.json', 'options.html', 'options.js', 'probe.html', 'worker.js']);
    expect(r.zipFile).toBe(path.join(tmp, `tessera-extension-production-${template.version}.zip`));
    const zip = unzipSync(new Uint8Array(fs.readFileSync(r.zipFile!)));
    expect(Object.keys(zip).sort()).toEqual(['_locales/en/messages.json', '_locales/zh_CN/messages.json', 'content.js', 'manifest.json', 'options.html', 'options.js', 'probe.html', 'worker.js']);
    const manifest = JSON.parse(strFromU8(zip['manifest.json']!));
    expect(manifest.content_scripts[0].matches).toEqual(['https://app.example.com/*']);
    expect(r.id).toBe(ids.production);
    for (const js of ['content.js', 'worker.js', 'options.js']) {
      const code = fs.readFileSync(path.join(r.outDir, js), 'utf8');
      expect(code, js).not.toMatch(/^\s*(import|export)\s/m);
      expect(code, js).not.toMatch(/\beval\(|new Function\(/);
      expect(code, js).not.toMatch(/https?:\/\/(?!graph\.facebook\.com|business\.facebook\.com|www\.facebook\.com|adsmanager\.facebook\.com|127\.0\.0\.1|localhost)[a-z0-9.-]+\.[a-z]{2,}\//i);
    }
    expect(fs.readFileSync(path.join(r.outDir, 'worker.js'), 'utf8')).toContain('const FLAVOUR = "production"');
    const dev = await buildExtension({ flavour: 'development', origins: [], out: path.join(tmp, 'development'), zip: false, quiet: true });
    expect(fs.readFileSync(path.join(dev.outDir, 'worker.js'), 'utf8')).toContain('const FLAVOUR = "development"');
    expect(dev.zipFile).toBeNull();
  }, 30_000);

  it('refuses a production build without origins and never clears a foreign folder', async () => {
    await expect(buildExtension({ flavour: 'production', origins: [], out: path.join(tmp, 'none'), quiet: true })).rejects.toThrow(/needs the product origins/);
    const foreign = path.join(tmp, 'foreign');
    fs.mkdirSync(foreign);
    fs.writeFileSync(path.join(foreign, 'precious.txt'), 'x');
    await expect(buildExtension({ flavour: 'development', origins: [], out: foreign, zip: false, quiet: true })).rejects.toThrow(/refusing to clear/);
    expect(fs.readFileSync(path.join(foreign, 'precious.txt'), 'utf8')).toBe('x');
  }, 30_000);
});

describe('origin matching (the worker accepts ports only from product origins)', () => {
  it('reads match patterns as Chromium does: no port in the pattern = any port', () => {
    expect(originMatches('http://127.0.0.1:5173', DEV_ORIGIN_PATTERNS)).toBe(true);
    expect(originMatches('http://localhost:8080', DEV_ORIGIN_PATTERNS)).toBe(true);
    expect(originMatches('https://127.0.0.1:5173', DEV_ORIGIN_PATTERNS)).toBe(false);
    expect(originMatches('http://127.0.0.2:5173', DEV_ORIGIN_PATTERNS)).toBe(false);
    expect(originMatches('https://app.example.com', ['https://app.example.com/*'])).toBe(true);
    expect(originMatches('https://app.example.com.evil', ['https://app.example.com/*'])).toBe(false);
    expect(originMatches('https://other.example:8443', ['https://other.example:8443/*'])).toBe(true);
    expect(originMatches('https://other.example', ['https://other.example:8443/*'])).toBe(false);
    expect(originMatches('https://other.example', ['https://other.example:443/*'])).toBe(true);
    expect(originMatches(undefined, DEV_ORIGIN_PATTERNS)).toBe(false);
    expect(originMatches('null', DEV_ORIGIN_PATTERNS)).toBe(false);
  });
});

describe('production origins', () => {
  it('refuses plain-http product origins except loopback', async () => {
    const { makeManifest } = await import('../../extension/src/lib/manifest');
    const { loadTemplate } = await import('../../extension/build');
    const make = (origins: string[]) => makeManifest({ template: loadTemplate(), flavour: 'production', origins, key: 'k' });
    expect(() => make(['http://app.example.com'])).toThrow(/refuses plain-http/);
    expect(make(['http://127.0.0.1:8080', 'http://localhost', 'https://app.example.com']).content_scripts[0]!.matches).toEqual(['http://127.0.0.1:8080/*', 'http://localhost/*', 'https://app.example.com/*']);
    expect(makeManifest({ template: loadTemplate(), flavour: 'development', origins: ['http://dev.example.com'], key: 'k' }).content_scripts[0]!.matches).toContain('http://dev.example.com/*');
  });
});
