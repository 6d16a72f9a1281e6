// Issue 31: what the hidden-admin scan found is a column of the business list itself, not only a
// line in the jobs panel, and it says what the latest scan or removal left.
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { businessColumns } from '../columns';
import en from '../locales/en-US.json';
import zh from '../locales/zh-CN.json';
import { withOutputs } from '../../../src/kernel/list/row-outputs';
import { toCsv } from '../../../src/kernel/table/csv';
import type { Business } from '../types';

async function fixedT(lng: 'en-US' | 'zh-CN') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { [lng]: { bm: lng === 'en-US' ? en : zh } }, defaultNS: 'bm' });
  return i18n.getFixedT(lng, 'bm');
}

const business = (id: string): Business => ({ id, name: `Business ${id}` } as Business);
const eve = { id: '9', name: 'Eve', email: 'eve@example.com', role: 'ADMIN' };

describe('the hidden-admins column of the business list', () => {
  it('is in the business list (beside the restriction) and first after the ids on the hidden-admin screen', async () => {
    const t = await fixedT('en-US');
    const list = businessColumns(t).map((c) => c.id);
    expect(list.indexOf('hidden_admins')).toBe(list.indexOf('restricted') + 1);
    expect(businessColumns(t, { hiddenAdmins: true }).map((c) => c.id).indexOf('hidden_admins')).toBe(2);
  });

  it('says what the newest scan or removal left: who is hidden, none, or none after a removal', async () => {
    const t = await fixedT('en-US');
    const col = businessColumns(t).find((c) => c.id === 'hidden_admins')!;
    const scanned = withOutputs(business('1'), { 'bm.detectHiddenAdmins': { value: [eve, { id: '10', name: 'Mallory' }], at: 1 } });
    const clean = withOutputs(business('2'), { 'bm.detectHiddenAdmins': { value: [], at: 1 } });
    const removed = withOutputs(business('3'), { 'bm.detectHiddenAdmins': { value: [eve], at: 1 }, 'bm.removeHiddenAdmins': { value: [eve], at: 2 } });
    const scannedAgain = withOutputs(business('4'), { 'bm.removeHiddenAdmins': { value: [eve], at: 1 }, 'bm.detectHiddenAdmins': { value: [eve], at: 2 } });
    expect([scanned, clean, removed, scannedAgain, business('5')].map((b) => col.value(b))).toEqual(['Has hidden admins', 'None hidden', 'None hidden', 'Has hidden admins', '']);
    expect((col.filter as { options: { value: string }[] }).options.map((o) => o.value)).toEqual(['Has hidden admins', 'None hidden']);
    // the CSV says how many and who
    const csv = toCsv([scanned, removed], [col]).split('\r\n');
    expect(csv[1]).toBe('2 hidden admins; Eve · eve@example.com · 9; Mallory · 10');
    expect(csv[2]).toBe('None hidden (1 removed); Eve · eve@example.com · 9');
  });

  it('is worded in Chinese for a Chinese operator', async () => {
    const t = await fixedT('zh-CN');
    const col = businessColumns(t).find((c) => c.id === 'hidden_admins')!;
    expect(col.header).toBe('隐藏管理员');
    const removed = withOutputs(business('3'), { 'bm.removeHiddenAdmins': { value: [eve, eve], at: 2 } });
    expect(toCsv([removed], [col]).split('\r\n')[1]).toMatch(/^无隐藏管理员（已移除 2 个）; /);
  });
});
