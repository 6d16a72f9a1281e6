// The parameter layer's id formats (src/kernel/platform/pasted.ts): every form an operator pastes for
// an ad account, a business, a page, a person, a pixel or an e-mail address is read the same way
// everywhere, and what is not one is refused with the reason the operator reads.
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { hostProblemKey, ID_KINDS, isIdFormat, isPastedList, pastedFormatOf, pastedWordKey, pastedWordKeys, readEntry, readPasted, type IdFormat, type IdKinds, type PastedFormat } from '../../src/kernel/platform/pasted';
import { validateManifest } from '../../src/kernel/plugin/validate-manifest';
import os from 'node:os';
// @ts-expect-error -- plain ESM build script without type declarations
import { compileSchemas, declaredIdKinds } from '../../scripts/compile-schemas.mjs';
import { schemas } from '../../src/generated/schemas.js';
import en from '../../src/kernel/i18n/locales/en-US.json';
import zh from '../../src/kernel/i18n/locales/zh-CN.json';

const read = (format: PastedFormat, entry: string) => readEntry(format, entry);
const id = (value: string) => ({ kind: 'id', id: value });
const lookup = (route: string) => ({ kind: 'lookup', route });
const refused = (problem: string) => ({ kind: 'refused', problem });

describe('reading what an operator pastes', () => {
  it('an ad account: digits, act_ ids in any case, Ads Manager and Business Suite links', () => {
    expect(read('account', '1200000001')).toEqual(id('1200000001'));
    expect(read('account', 'act_1200000001')).toEqual(id('1200000001'));
    expect(read('account', 'ACT_1200000001')).toEqual(id('1200000001'));
    expect(read('account', 'https://adsmanager.facebook.com/adsmanager/manage/campaigns?act=1200000001&nav_entry_point=lep_237')).toEqual(id('1200000001'));
    expect(read('account', 'https://business.facebook.com/settings/ad-accounts/1?business_id=5&selected_ad_account_id=act_77')).toEqual(id('77'));
    expect(read('account', 'https://www.facebook.com/ads/manager/account_settings/information/?act=42')).toEqual(id('42'));
    expect(read('account', 'https://graph.facebook.com/v19.0/act_42/users')).toEqual(id('42'));
    expect(read('account', 'https://adsmanager.facebook.com/adsmanager/')).toEqual(refused('link'));
    expect(read('account', 'act_')).toEqual(refused('entry'));
    expect(read('account', 'act_12a')).toEqual(refused('entry'));
    expect(read('account', 'https://adsmanager.facebook.com.evil.example/?act=1')).toEqual(refused('host'));
    expect(read('account', 'http://adsmanager.facebook.com/?act=1')).toEqual(refused('https'));
  });

  it('a business: digits and Business Suite links; a link without its id is refused as such', () => {
    expect(read('business', '5000000001')).toEqual(id('5000000001'));
    expect(read('business', 'https://business.facebook.com/settings/people?business_id=5000000001')).toEqual(id('5000000001'));
    expect(read('business', 'https://business.facebook.com/latest/home?global_scope_id=5000000002')).toEqual(id('5000000002'));
    expect(read('business', 'https://business.facebook.com/settings/')).toEqual(refused('link'));
    expect(read('business', 'act_1')).toEqual(refused('entry'));
    expect(read('business', 'My Business')).toEqual(refused('entry'));
  });

  it('a page: every link form (the two that used to fail first), profile.php, Business Suite, and user names', () => {
    expect(read('page', 'https://www.facebook.com/pages/Tea-Shop/104000000000123')).toEqual(id('104000000000123'));
    expect(read('page', 'https://www.facebook.com/pages/category/Cafe/Tea-Shop-104000000000124/')).toEqual(id('104000000000124'));
    expect(read('page', 'https://www.facebook.com/104000000000125/about')).toEqual(id('104000000000125'));
    expect(read('page', 'https://m.facebook.com/104000000000126')).toEqual(id('104000000000126'));
    expect(read('page', 'https://www.facebook.com/profile.php?id=104000000000127&sk=about')).toEqual(id('104000000000127'));
    expect(read('page', 'https://business.facebook.com/latest/home?asset_id=104000000000128')).toEqual(id('104000000000128'));
    expect(read('page', 'https://web.facebook.com/tea.shop/about')).toEqual(lookup('/tea.shop'));
    expect(read('page', 'https://facebook.com/tea.shop/')).toEqual(lookup('/tea.shop'));
    expect(read('page', 'tea.shop')).toEqual(lookup('/tea.shop'));
    expect(read('page', 'https://www.facebook.com/groups/123/')).toEqual(refused('link'));
    expect(read('page', 'https://www.facebook.com/')).toEqual(refused('link'));
    expect(read('page', 'https://www.facebook.com/profile.php')).toEqual(refused('link'));
    expect(read('page', 'https://evil.example/104000000000125')).toEqual(refused('host'));
    expect(read('page', 'https://user:pw@www.facebook.com/x')).toEqual(refused('host'));
    expect(read('page', 'https://www.facebook.com/a b')).toEqual(refused('url'));
  });

  it('a page: a link pasted without https:// is read as https (facebook.com and its sub-domains only), and the /p/ link', () => {
    expect(read('page', 'facebook.com/pages/Tea-Shop/104000000000130')).toEqual(id('104000000000130'));
    expect(read('page', 'www.facebook.com/104000000000131/about')).toEqual(id('104000000000131'));
    expect(read('page', 'm.facebook.com/profile.php?id=104000000000132&sk=about')).toEqual(id('104000000000132'));
    expect(read('page', 'web.facebook.com/tea.shop/about')).toEqual(lookup('/tea.shop'));
    expect(read('page', 'WWW.Facebook.com/pages/category/Cafe/Tea-Shop-104000000000133/')).toEqual(id('104000000000133'));
    expect(read('page', 'business.facebook.com/latest/home?asset_id=104000000000134')).toEqual(id('104000000000134'));
    expect(read('page', 'facebook.com?id=1')).toEqual(refused('link'));
    expect(read('page', 'facebook.com')).toEqual(refused('link'));
    // the page link form of the new pages experience, with or without its trailing slash, tab or scheme
    expect(read('page', 'https://www.facebook.com/p/Tea-Shop-100064000000135/')).toEqual(id('100064000000135'));
    expect(read('page', 'https://www.facebook.com/p/Tea-Shop-100064000000136')).toEqual(id('100064000000136'));
    expect(read('page', 'facebook.com/p/Tea-Shop-100064000000137/about')).toEqual(id('100064000000137'));
    expect(read('page', 'https://www.facebook.com/p/Tea-Shop/')).toEqual(refused('link'));
    expect(read('page', 'https://www.facebook.com/pages/Tea-Shop/104000000000138/about')).toEqual(id('104000000000138'));
    expect(read('page', 'https://www.facebook.com/tea.shop/about')).toEqual(lookup('/tea.shop'));
    // no scheme is read as https only on facebook.com: another host stays refused, http:// stays refused
    expect(read('page', 'evil.example/104000000000125')).toEqual(refused('url'));
    expect(read('page', 'facebook.com.evil.example/104000000000125')).toEqual(refused('url'));
    expect(read('page', 'http://facebook.com/104000000000125')).toEqual(refused('https'));
    expect(read('page', 'www.facebook.com/a b')).toEqual(refused('url'));
    expect(read('person', 'www.facebook.com/people/Ann-Lee/100000000000003/')).toEqual(id('100000000000003'));
    expect(read('person', 'business.facebook.com/ann.lee.7')).toEqual(refused('host'));
  });

  it('a person: profile links on the main site only, /people/ links, user names', () => {
    expect(read('person', 'https://www.facebook.com/people/Ann-Lee/100000000000001/')).toEqual(id('100000000000001'));
    expect(read('person', 'https://m.facebook.com/profile.php?id=100000000000002')).toEqual(id('100000000000002'));
    expect(read('person', 'https://www.facebook.com/ann.lee.7')).toEqual(lookup('/ann.lee.7'));
    expect(read('person', 'ann.lee.7')).toEqual(lookup('/ann.lee.7'));
    // Business Suite is no place for a profile link
    expect(read('person', 'https://business.facebook.com/ann.lee.7')).toEqual(refused('host'));
    expect(read('person', '<script>')).toEqual(refused('entry'));
  });

  it('a pixel or dataset: digits and Events Manager links', () => {
    expect(read('pixel', '700000000000001')).toEqual(id('700000000000001'));
    expect(read('pixel', 'https://business.facebook.com/events_manager2/list/pixel/700000000000002/overview?business_id=5')).toEqual(id('700000000000002'));
    expect(read('pixel', 'https://business.facebook.com/events_manager2/list/dataset/700000000000003/')).toEqual(id('700000000000003'));
    expect(read('pixel', 'https://www.facebook.com/events_manager2/overview?pixel_id=700000000000004')).toEqual(id('700000000000004'));
    expect(read('pixel', 'https://business.facebook.com/events_manager2/list/')).toEqual(refused('link'));
  });

  it('an e-mail address, kept in lower case; ids of no one kind are digits only', () => {
    expect(read('email', 'Ann.Lee@Example.COM')).toEqual(id('ann.lee@example.com'));
    expect(read('email', 'ann@example')).toEqual(refused('entry'));
    expect(read('email', `${'a'.repeat(250)}@x.io`)).toEqual(refused('entry'));
    expect(read('id', '123')).toEqual(id('123'));
    expect(read('id', 'act_123')).toEqual(refused('entry'));
  });

  it('a list keeps line numbers, drops blanks and repeats, and reads each line for its format', () => {
    const lines = readPasted('account', 'act_1\n\n  2  \nact_1\nhttps://adsmanager.facebook.com/?act=3\r\nnope');
    expect(lines).toEqual([
      { line: 1, text: 'act_1', kind: 'id', id: '1' },
      { line: 3, text: '2', kind: 'id', id: '2' },
      { line: 5, text: 'https://adsmanager.facebook.com/?act=3', kind: 'id', id: '3' },
      { line: 6, text: 'nope', kind: 'refused', problem: 'entry' },
    ]);
  });
});

describe('the formats in the action schemas', () => {
  const props = Object.entries(schemas).filter(([key]) => key.includes('.') && !key.endsWith('.settings'))
    .flatMap(([key, schema]) => Object.entries(((schema as { properties?: Record<string, object> }).properties ?? {})).map(([field, prop]) => ({ key, field, prop })));

  it('pixel sharing takes ad accounts as pasted (act_ ids, links): its field names the account format', () => {
    const share = props.find((p) => p.key === 'pixel.shareToAccounts' && p.field === 'account_ids')!;
    expect(pastedFormatOf(share.prop)).toBe('account');
    expect(isPastedList(share.prop)).toBe(true);
  });

  it('every field that takes people, businesses or ad accounts names its format', () => {
    const expected: Record<string, IdFormat> = {
      'adaccount.addUser.uid': 'person', 'adaccount.removeUser.uid': 'person', 'adaccount.assignToBusiness.business_id': 'business',
      'adaccount.shareAgency.business': 'business', 'bm.inviteUser.emails': 'email', 'bm.removeAdAccount.ad_account_ids': 'account',
      'bm.updateBasicInfo.primary_page_id': 'page', 'friend.send.uids': 'person', 'page.block.uids': 'person',
      'pixel.addPartners.business_ids': 'business', 'pixel.shareToAccounts.business_id': 'business', 'bm.addConnections.from_id': 'pixel',
    };
    for (const [where, format] of Object.entries(expected)) {
      const [plugin, verb, field] = where.split('.');
      const p = props.find((x) => x.key === `${plugin}.${verb}` && x.field === field);
      expect(p, where).toBeDefined();
      expect(pastedFormatOf(p!.prop), where).toBe(format);
    }
  });

  it('page roles take business-user ids (digits, read as they are): a person\'s profile link names no business user', () => {
    for (const verb of ['addRole', 'removeRole']) {
      const p = props.find((x) => x.key === `page.${verb}` && x.field === 'uids')!;
      expect(pastedFormatOf(p.prop)).toBe('id');
      expect(isPastedList(p.prop)).toBe(true);
    }
  });

  it('every reason a line is refused reads in both languages, for every format', () => {
    // a kind's words are the declaring plugin's (plugins/<id>/locales, under its paste.words); email and id are the kernel's
    const formats: PastedFormat[] = ['account', 'business', 'page', 'person', 'pixel', 'email', 'id'];
    const get = (tree: unknown, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], tree);
    const text = (locale: 'en-US' | 'zh-CN', key: string) => {
      const [ns, path] = key.split(':') as [string, string];
      return get(ns === 'kernel' ? { 'en-US': en, 'zh-CN': zh }[locale] : pluginLocale(ns, locale), path);
    };
    for (const locale of ['en-US', 'zh-CN'] as const) {
      for (const f of formats) expect(text(locale, pastedWordKey(f, 'entry')), f).toMatch(/\S/);
      for (const f of formats) expect(text(locale, pastedWordKey(f, 'accepts')), f).toMatch(/\S/);
      for (const f of formats.filter((x) => x !== 'email' && x !== 'id')) {
        expect(text(locale, pastedWordKey(f, 'link')), f).toMatch(/\S/);
        expect(text(locale, pastedWordKey(f, 'kind')), f).toMatch(/\S/);
      }
      for (const k of ['url', 'https', 'host.profile', 'host.any']) expect(get({ 'en-US': en, 'zh-CN': zh }[locale], `pasted.problem.${k}`), k).toMatch(/\S/);
    }
    expect(hostProblemKey('person')).toBe('kernel:pasted.problem.host.profile');
    expect(hostProblemKey('page')).toBe('kernel:pasted.problem.host.any');
  });
});

function pluginLocale(plugin: string, locale: string): unknown {
  return JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../plugins', plugin, 'locales', `${locale}.json`), 'utf8'));
}

describe('a kind a plugin declares (objects[].paste in its manifest)', () => {
  // a fictional area's manifest: the kernel reads its kind from the declaration alone
  const catalogManifest = {
    id: 'catalog', titleKey: 'title', icon: 'shop', order: 50, rowTypes: ['catalog'],
    routes: [{ name: 'index', path: '/catalog/index', titleKey: 'routeTitle' }],
    objects: [{ format: 'catalog', rowType: 'catalog', paste: { words: 'pasted', params: ['catalog_id'], paths: ['/**/catalog/{id}'] } }],
  };
  const kinds = { ...ID_KINDS, ...declaredIdKinds({ catalog: catalogManifest }) } as IdKinds;

  it('a new kind is recognised from its declaration, without a change to the kernel', () => {
    expect(isIdFormat('catalog')).toBe(false);
    expect(isIdFormat('catalog', kinds)).toBe(true);
    expect(readPasted('catalog', [
      '900000000000001',
      'https://business.facebook.com/commerce/catalogs/settings?catalog_id=900000000000002',
      'https://business.facebook.com/commerce/catalog/900000000000003/products',
      'business.facebook.com/commerce/catalog/',
      'my catalog',
    ].join('\n'), kinds)).toEqual([
      { line: 1, text: '900000000000001', kind: 'id', id: '900000000000001' },
      { line: 2, text: 'https://business.facebook.com/commerce/catalogs/settings?catalog_id=900000000000002', kind: 'id', id: '900000000000002' },
      { line: 3, text: 'https://business.facebook.com/commerce/catalog/900000000000003/products', kind: 'id', id: '900000000000003' },
      { line: 4, text: 'business.facebook.com/commerce/catalog/', kind: 'refused', problem: 'link' },
      { line: 5, text: 'my catalog', kind: 'refused', problem: 'entry' },
    ]);
    // no user names for a kind that does not declare them; the other kinds read as before
    expect(readEntry('catalog', 'my.catalog', kinds)).toEqual(refused('entry'));
    expect(readEntry('account', 'act_1', kinds)).toEqual(id('1'));
    expect(pastedFormatOf({ type: 'array', items: { format: 'catalog' } }, kinds)).toBe('catalog');
    expect(isPastedList({ type: 'array', items: { format: 'catalog' } }, kinds)).toBe(true);
    // its words are its plugin's, with the kernel's plain words while that plugin's strings are not loaded
    expect(pastedWordKeys('catalog', 'entry', kinds)).toEqual(['catalog:pasted.entry', 'kernel:pasted.other.entry']);
    for (const locale of [en, zh]) for (const word of ['kind', 'accepts', 'entry', 'link']) expect((locale.pasted.other as Record<string, string>)[word]).toMatch(/\S/);
  });

  it('a format no plugin declares reads nothing', () => {
    expect(isIdFormat('catalog')).toBe(false);
    expect(readEntry('catalog', '123')).toEqual(refused('entry'));
    expect(pastedFormatOf({ format: 'catalog' })).toBeNull();
  });

  it('the manifest schema refuses an invalid declaration', () => {
    const withPaste = (paste: unknown, format = 'catalog') => ({ ...catalogManifest, objects: [{ format, rowType: 'catalog', paste }] });
    expect(validateManifest(catalogManifest)).toEqual([]);
    expect(validateManifest(withPaste({ params: ['catalog_id'] })), 'words are required').not.toEqual([]);
    expect(validateManifest(withPaste({ words: 'pasted', paths: ['/catalog/'] })), 'a pattern without {id}').not.toEqual([]);
    expect(validateManifest(withPaste({ words: 'pasted', paths: ['catalog/{id}'] })), 'a pattern not starting with /').not.toEqual([]);
    expect(validateManifest(withPaste({ words: 'pasted', params: ['catalog id'] })), 'a parameter name').not.toEqual([]);
    expect(validateManifest(withPaste({ words: 'pasted', hosts: 'anywhere' })), 'hosts').not.toEqual([]);
    expect(validateManifest(withPaste({ words: 'pasted', regex: '.*' })), 'an unknown field').not.toEqual([]);
    expect(validateManifest(withPaste({ words: 'pasted' }, 'email')), 'the kernel\'s own format').not.toEqual([]);
    // holding objects of a kind that no plugin declares how to paste
    expect(validateManifest({ ...catalogManifest, objects: [{ format: 'galaxy', rowType: 'catalog' }] })).not.toEqual([]);
  });

  it('npm run schemas refuses a kind declared twice, or held but declared by none', () => {
    expect(() => declaredIdKinds({ a: catalogManifest, b: { ...catalogManifest, id: 'b' } })).toThrow(/declared by both catalog|declared by both a and b/);
    expect(() => declaredIdKinds({ a: { ...catalogManifest, objects: [{ format: 'galaxy', rowType: 'catalog' }] } })).toThrow(/no plugin declares/);
  });

  it('npm run schemas registers the declared kinds as formats of the action schemas, and refuses an unknown one by name', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tessera-idkinds-'));
    try {
      const plugin = path.join(dir, 'plugins', 'catalog');
      fs.mkdirSync(path.join(plugin, 'actions'), { recursive: true });
      fs.writeFileSync(path.join(plugin, 'plugin.json'), JSON.stringify(catalogManifest));
      const schema = (format: string) => JSON.stringify({ type: 'object', properties: { catalog_ids: { type: 'array', items: { type: 'string', format } } } });
      fs.writeFileSync(path.join(plugin, 'actions', 'share.schema.json'), schema('catalog'));
      const outDir = path.join(dir, 'out');
      await expect(compileSchemas({ outDir, pluginsDir: path.join(dir, 'plugins') })).resolves.toContain('catalog.share');
      expect(fs.readFileSync(path.join(outDir, 'id-kinds.js'), 'utf8')).toContain('"catalog_id"');
      fs.writeFileSync(path.join(plugin, 'actions', 'share.schema.json'), schema('galaxy'));
      await expect(compileSchemas({ outDir, pluginsDir: path.join(dir, 'plugins') })).rejects.toThrow(/share\.schema\.json: "format": "galaxy" is no id format \(known: catalog, email\)/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
