// Words, not codes (issue 33): every platform value the sandbox can answer with has a word in both
// languages in the area that shows it, and the same status reads the same everywhere.
import { describe, expect, it } from 'vitest';
import { generate } from '../../sandbox/generate';
import { ACCOUNT_STATUSES, AGENCY_TASKS, BUSINESS_ROLES, DISABLE_REASONS, PAGE_TASKS } from '../../sandbox/constants';
import { transactionsOf } from '../../sandbox/areas/adaccount/data';
import { codeWord, codeWordFilter, formatCount } from '../../src/kernel/code-words';
import { formatCurrency } from '../../src/kernel/graph/money';
import adaccountManifest from '../../plugins/adaccount/plugin.json';
import adaccountEn from '../../plugins/adaccount/locales/en-US.json';
import adaccountZh from '../../plugins/adaccount/locales/zh-CN.json';
import bmEn from '../../plugins/bm/locales/en-US.json';
import bmZh from '../../plugins/bm/locales/zh-CN.json';
import pageEn from '../../plugins/page/locales/en-US.json';
import pageZh from '../../plugins/page/locales/zh-CN.json';
import pixelEn from '../../plugins/pixel/locales/en-US.json';
import pixelZh from '../../plugins/pixel/locales/zh-CN.json';
import friendEn from '../../plugins/friend/locales/en-US.json';
import friendZh from '../../plugins/friend/locales/zh-CN.json';

type Tree = Record<string, unknown>;
const lookup = (tree: Tree, key: string) => key.split('.').reduce<unknown>((n, k) => (n as Tree | undefined)?.[k], tree);
const CODE = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b[a-z][a-z0-9]*_[a-z0-9_]+\b/;

const normal = generate('tessera', 'small', false);
const hostile = generate('tessera', 'small', true);
const both = [normal, hostile];
const distinct = <T>(values: Iterable<T>) => [...new Set(values)];

/** What each area words, by the key prefix of its locale files, and every value the sandbox can give it. */
const VOCABULARIES: { area: string; en: Tree; zh: Tree; prefix: string; values: readonly (string | number)[]; where: string }[] = [
  { area: 'adaccount', en: adaccountEn, zh: adaccountZh, prefix: 'status', where: 'account_status (sandbox/constants.ts ACCOUNT_STATUSES)',
    values: distinct([...ACCOUNT_STATUSES, ...both.flatMap((d) => d.accountList.map((a) => a.account_status))]) },
  { area: 'adaccount', en: adaccountEn, zh: adaccountZh, prefix: 'disableReason', where: 'disable_reason 0–15 (DISABLE_REASONS)',
    values: distinct([...DISABLE_REASONS.map((_, i) => i), ...both.flatMap((d) => d.accountList.map((a) => a.disable_reason))]) },
  { area: 'adaccount', en: adaccountEn, zh: adaccountZh, prefix: 'appealStatus', where: 'appeal.status (sandbox/areas/adaccount/data.ts, graphql.ts)', values: ['NONE', 'PENDING', 'APPROVED', 'REJECTED'] },
  { area: 'adaccount', en: adaccountEn, zh: adaccountZh, prefix: 'billStatus', where: 'billing transaction status (transactionsOf)',
    values: distinct(normal.accountList.slice(0, 60).flatMap((a) => transactionsOf(normal, a).map((t) => t.status))) },
  { area: 'adaccount', en: adaccountEn, zh: adaccountZh, prefix: 'accessStatus', where: 'agencies access_status (sandbox/areas/adaccount/graph.ts)', values: ['CONFIRMED', 'PENDING'] },
  { area: 'adaccount', en: adaccountEn, zh: adaccountZh, prefix: 'tasks', where: 'agency permitted_tasks (AGENCY_TASKS)', values: AGENCY_TASKS },
  { area: 'bm', en: bmEn, zh: bmZh, prefix: 'verification', where: 'verification_status',
    values: distinct(both.flatMap((d) => d.businessList.map((b) => b.verification_status))) },
  { area: 'bm', en: bmEn, zh: bmZh, prefix: 'sharing', where: 'sharing_eligibility_status',
    values: distinct(both.flatMap((d) => d.businessList.map((b) => b.sharing_eligibility_status))) },
  { area: 'bm', en: bmEn, zh: bmZh, prefix: 'twoFactor', where: 'business users two_fac_status',
    values: distinct(both.flatMap((d) => [...d.businessUsers.values()].map((u) => u.two_fac_status))) },
  { area: 'bm', en: bmEn, zh: bmZh, prefix: 'roles', where: 'business roles (BUSINESS_ROLES)',
    values: distinct([...BUSINESS_ROLES, ...both.flatMap((d) => [...d.businessUsers.values()].map((u) => u.role))]) },
  { area: 'bm', en: bmEn, zh: bmZh, prefix: 'inviteStatus', where: 'pending invitations status',
    values: distinct(both.flatMap((d) => [...d.invites.values()].map((i) => i.status))) },
  { area: 'bm', en: bmEn, zh: bmZh, prefix: 'relationship', where: 'partners and ad-account assets (sandbox/areas/bm/graphql.ts)', values: ['AGENCY', 'CLIENT', 'OWNED'] },
  { area: 'page', en: pageEn, zh: pageZh, prefix: 'verification', where: 'page verification_status',
    values: distinct(both.flatMap((d) => d.pageList.map((p) => p.verification_status))) },
  { area: 'page', en: pageEn, zh: pageZh, prefix: 'tasks', where: 'page tasks (PAGE_TASKS)', values: PAGE_TASKS },
  { area: 'page', en: pageEn, zh: pageZh, prefix: 'ineligibleReason', where: 'promotion_ineligible_reason (sandbox/areas/page/graph.ts)', values: ['PAGE_NOT_PUBLISHED'] },
  { area: 'page', en: pageEn, zh: pageZh, prefix: 'appealStatus', where: 'the operator\'s appeal (sandbox/areas/page/graphql.ts)', values: ['NONE', 'PENDING', 'APPROVED', 'REJECTED'] },
  { area: 'page', en: pageEn, zh: pageZh, prefix: 'blockAs', where: 'blocked as (sandbox/areas/page/data.ts)', values: ['PAGE', 'USER'] },
  { area: 'pixel', en: pixelEn, zh: pixelZh, prefix: 'type', where: 'pixel type', values: ['PIXEL', 'DATASET'] },
  { area: 'pixel', en: pixelEn, zh: pixelZh, prefix: 'bmrole', where: 'the operator\'s role in the pixel\'s business', values: BUSINESS_ROLES.map((r) => r.toLowerCase()) },
  { area: 'pixel', en: pixelEn, zh: pixelZh, prefix: 'detail.backing', where: 'backing_user_type', values: ['USER', 'SYSTEM_USER', 'PENDING'] },
  { area: 'pixel', en: pixelEn, zh: pixelZh, prefix: 'detail.relation', where: 'permissible accounts relationship', values: ['OWNED', 'CLIENT'] },
  { area: 'friend', en: friendEn, zh: friendZh, prefix: 'status', where: 'friendship_status', values: ['ARE_FRIENDS', 'OUTGOING_REQUEST', 'INCOMING_REQUEST', 'CAN_REQUEST'] },
  { area: 'friend', en: friendEn, zh: friendZh, prefix: 'invite', where: 'invitation kinds', values: distinct(both.flatMap((d) => d.invitations.map((i) => i.kind))) },
  { area: 'friend', en: friendEn, zh: friendZh, prefix: 'quality', where: 'account quality status', values: ['OK', 'RESTRICTED'] },
];

describe('every code the sandbox can give has a word in both languages', () => {
  for (const v of VOCABULARIES) {
    it(`${v.area}: ${v.prefix}.* (${v.where})`, () => {
      expect(v.values.length).toBeGreaterThan(0);
      for (const code of v.values) {
        for (const [lng, tree] of [['en-US', v.en], ['zh-CN', v.zh]] as const) {
          const word = lookup(tree, `${v.prefix}.${code}`);
          expect(typeof word, `${v.area} ${lng} ${v.prefix}.${code}`).toBe('string');
          expect(word, `${v.area} ${lng} ${v.prefix}.${code} is the code itself`).not.toBe(String(code));
          expect(String(word), `${v.area} ${lng} ${v.prefix}.${code}`).not.toMatch(CODE);
        }
      }
    });
  }
});

describe('job outputs of codes name vocabularies that exist', () => {
  const manifests = import.meta.glob<{ id: string; vocabularies?: Record<string, string>; actions?: { verb: string; output?: Record<string, unknown> }[] }>('../../plugins/*/plugin.json', { eager: true, import: 'default' });
  const locales = import.meta.glob<Tree>('../../plugins/*/locales/*.json', { eager: true, import: 'default' });
  const plugins = Object.values(manifests);
  const declared: string[] = [];
  for (const plugin of plugins) {
    for (const action of plugin.actions ?? []) {
      const output = action.output as { type?: string; items?: { properties?: Record<string, Record<string, unknown>> }; properties?: Record<string, Record<string, unknown>> } | undefined;
      const properties = (output?.type === 'array' ? output.items?.properties : output?.properties) ?? {};
      for (const [name, schema] of Object.entries(properties)) {
        const own = schema['x-tessera-words'];
        const vocabulary = schema['x-tessera-vocabulary'];
        if (typeof own === 'string') declared.push(`${plugin.id}.${action.verb}.${name} → ${plugin.id}:${own}`);
        if (typeof vocabulary === 'string') {
          const owner = plugins.find((p) => p.vocabularies?.[vocabulary] !== undefined);
          declared.push(`${plugin.id}.${action.verb}.${name} → ${owner ? `${owner.id}:${owner.vocabularies![vocabulary]}` : `missing vocabulary ${vocabulary}`}`);
        }
      }
    }
  }
  it('every output property of codes has its words in both languages', () => {
    expect(declared.length).toBeGreaterThan(20);
    for (const entry of declared) {
      const [, ns, prefix] = entry.match(/→ ([a-z]+):(.+)$/) ?? [];
      expect(ns, entry).toBeTruthy();
      for (const language of ['en-US', 'zh-CN']) {
        const words = lookup(locales[`../../plugins/${ns}/locales/${language}.json`]!, prefix!);
        expect(words && typeof words === 'object' && Object.keys(words as Tree).length > 0, `${entry} in ${language}`).toBe(true);
      }
    }
  });
});

describe('one term per status', () => {
  it('reads account statuses as words, status 2 "Disabled"', () => {
    expect(adaccountEn.status).toMatchObject({ 1: 'Active', 2: 'Disabled', 3: 'Need to pay', 7: 'Pending risk review', 8: 'Pending settlement', 9: 'In grace period', 100: 'Pending closure', 101: 'Closed' });
    expect(adaccountZh.status).toMatchObject({ 2: '已停用', 7: '风险审核中', 9: '宽限期', 100: '待关闭', 101: '已关闭' });
  });
  it('offers the account statuses to other areas as a vocabulary (the business panel reads them as the ad-account area does)', () => {
    expect(adaccountManifest.vocabularies).toEqual({ accountStatus: 'status' });
    expect(lookup(adaccountEn, 'status.unknown')).toBe('Unknown status');
  });
});

describe('the kernel words a code, a count and an amount', () => {
  const t = ((key: string, o?: { defaultValue?: string; code?: unknown; ns?: string }) => {
    if (key === 'words.unknown') return `Unknown (${o?.code})`;
    const word = lookup(bmEn, key);
    return typeof word === 'string' ? word : o?.defaultValue ?? key;
  }) as never;
  it('a code: its word, or "Unknown (code)", never the bare code as a word', () => {
    expect(codeWord(t, 'sharing', 'disabled_due_to_trust_tier')).not.toMatch(CODE);
    expect(codeWord(t, 'relationship', 'OWNED')).toBe(lookup(bmEn, 'relationship.OWNED'));
    expect(codeWord(t, 'relationship', 'SOMETHING_NEW')).toBe('Unknown (SOMETHING_NEW)');
    expect(codeWord(t, 'relationship', '')).toBe('');
    expect(codeWord(t, 'relationship', null)).toBe('');
  });
  it('a vocabulary as a column filter: the words offered, the address naming each by its code', () => {
    const tree = (key: string, o?: { returnObjects?: boolean; defaultValue?: unknown }) => (o?.returnObjects ? lookup(bmEn, key) ?? o.defaultValue : lookup(bmEn, key));
    const { options } = codeWordFilter(tree as never, 'verification');
    expect(options.length).toBe(Object.keys(bmEn.verification).length);
    expect(options.find((o) => o.key === 'not_verified')).toEqual({ key: 'not_verified', value: 'Not verified', label: 'Not verified' });
    expect(options.every((o) => o.value === codeWord(t, 'verification', o.key))).toBe(true);
    expect(codeWordFilter(tree as never, 'no_such_vocabulary').options).toEqual([]);
  });
  it('a count with the language\'s separators', () => {
    expect(formatCount(1234567, 'en-US')).toBe('1,234,567');
    expect(formatCount(1234567, 'zh-CN')).toBe('1,234,567');
    expect(formatCount('98765', 'en-US')).toBe('98,765');
    expect(formatCount(undefined, 'en-US')).toBe('');
  });
  it('one sign per currency, in every place money is shown', () => {
    expect(formatCurrency(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatCurrency(5000, 'COP')).toBe('COL$5,000');
    expect(formatCurrency(5000, 'CNY')).toBe('¥5,000');
    expect(formatCurrency(12, 'XYZ')).toBe('12 XYZ');
  });
});
