// The pixel area's rules on their own: bmrole (lower-cased role of the first business user, else
// unknown), can_share (the owner is one of the operator's businesses and the role is admin), the
// share pacing ranges of the spec as the lane declares them, the dry run's refusals, the form reply.
import { describe, expect, it } from 'vitest';
import manifest from '../plugin.json';
import { bmRole, canShare, preferOwner, toPixel } from '../rules';
import { adminProblem, businessProblem, shareProblem, toItem } from '../checks';
import { parseFormReply } from '../../../src/kernel/platform/client';
import { jitterFromSteps } from '../../../src/kernel/runner/lanes';
import type { JitterStep } from '../../../src/kernel/plugin/types';

const mine = new Set(['100', '200']);
const source = (role?: string, owner = '100') => ({
  id: '14', name: 'Shop pixel', type: 'PIXEL',
  business: { id: owner, name: 'Owner', business_users: role === undefined ? [] : [{ id: '9', role }, { id: '10', role: 'EMPLOYEE' }] },
});

describe('bmrole', () => {
  it('is the lower-cased role of the first business user', () => {
    expect(bmRole(source('ADMIN'))).toBe('admin');
    expect(bmRole(source('FINANCE_EDITOR'))).toBe('finance_editor');
    expect(bmRole({ business: { business_users: { data: [{ role: 'Employee' }] } } })).toBe('employee');
  });
  it('is "unknown" without a business user, a role or a business', () => {
    expect(bmRole(source())).toBe('unknown');
    expect(bmRole(source(''))).toBe('unknown');
    expect(bmRole({ business: null })).toBe('unknown');
    expect(bmRole({})).toBe('unknown');
  });
});

describe('can_share', () => {
  it('only when the owning business is one of the operator\'s and the role is admin', () => {
    expect(canShare('100', 'admin', mine)).toBe(true);
    expect(canShare('100', 'employee', mine)).toBe(false);
    expect(canShare('300', 'admin', mine)).toBe(false);
    expect(canShare('', 'admin', mine)).toBe(false);
    expect(canShare('100', 'unknown', mine)).toBe(false);
  });
  it('is computed for each listed row, with the asked business as relation business unless the platform names one', () => {
    const row = toPixel(source('ADMIN'), { id: '200', name: 'Agency' }, mine);
    expect(row).toMatchObject({ id: '14', business_id: '100', bmrole: 'admin', can_share: true, relation_business: { id: '200', name: 'Agency' } });
    expect(toPixel(source('ADMIN', '300'), { id: '200', name: 'Agency' }, mine).can_share).toBe(false);
    expect(toPixel({ ...source('ADMIN'), relation_business: { id: '100', name: 'Owner' } }, { id: '200', name: 'Agency' }, mine).relation_business.id).toBe('100');
  });
  it('a pixel listed through two businesses keeps the row listed through its owner', () => {
    const viaAgency = toPixel(source('ADMIN'), { id: '200', name: 'Agency' }, mine);
    const viaOwner = toPixel(source('ADMIN'), { id: '100', name: 'Owner' }, mine);
    for (const kept of [preferOwner(viaAgency, viaOwner), preferOwner(viaOwner, viaAgency)]) {
      expect(kept.relation_business.id).toBe('100');
      // both businesses still find it (a business tile's selection matches either)
      expect(kept.via.sort()).toEqual(['100', '200']);
    }
  });
});

describe('share pacing (docs/SPEC.md section 14)', () => {
  const lane = manifest.lanes['pixel-share'];
  const range = jitterFromSteps(lane.jitter as JitterStep[]);
  it('1–3 s for jobs of 10 or fewer, 2–5 s up to 50, 5–10 s beyond, one share at a time', () => {
    for (const n of [1, 10]) expect(range(n)).toEqual([1000, 3000]);
    for (const n of [11, 12, 50]) expect(range(n)).toEqual([2000, 5000]);
    for (const n of [51, 1000]) expect(range(n)).toEqual([5000, 10000]);
    expect(lane.concurrency).toBe(1);
    expect(lane.spacingMs).toBe(0);
  });
  it('the share action runs on that lane, one item per pixel × ad account', () => {
    const share = manifest.actions.find((a) => a.verb === 'shareToAccounts')!;
    expect(share).toMatchObject({ lane: 'pixel-share', pairs: { param: 'account_ids' }, target: 'pixel' });
  });
});

describe('the dry run refuses before anything is sent', () => {
  const pixel = toPixel(source('EMPLOYEE'), { id: '100', name: 'Owner' }, mine);
  it('a pixel that cannot be shared', () => {
    expect(shareProblem(toItem(pixel))).toMatchObject({ key: 'preflight.cannotShare', values: { role: { t: 'bmrole.employee' } } });
    expect(shareProblem(toItem(toPixel(source('ADMIN'), { id: '100', name: 'Owner' }, mine)))).toBeNull();
    expect(shareProblem({ id: 'act_1' })?.key).toBe('preflight.notPixel');
  });
  it('changes to people, partners and connections by a non-admin; a dataset in a business the operator does not administer', () => {
    expect(adminProblem(toItem(pixel))?.key).toBe('preflight.notAdmin');
    expect(adminProblem(toItem(toPixel(source('ADMIN'), { id: '100', name: 'Owner' }, mine)))).toBeNull();
    expect(businessProblem({ id: '100', roles: ['EMPLOYEE'] })?.key).toBe('preflight.notBusinessAdmin');
    expect(businessProblem({ id: '100', roles: ['ADMIN'] })).toBeNull();
  });
});

describe('web form replies', () => {
  it('strips for (;;); and gives the payload, or the platform\'s error text', () => {
    expect(parseFormReply('for (;;);{"__ar":1,"payload":{"data_sources":[],"pixel_cursor_key":"COMPLETED"}}').payload).toEqual({ data_sources: [], pixel_cursor_key: 'COMPLETED' });
    const e = parseFormReply('for (;;);{"__ar":1,"error":200,"errorSummary":"Permissions error","errorDescription":"Only business admins can do this.","payload":null}');
    expect(e).toMatchObject({ payload: null, code: 200 });
    expect(e.error).toBeTruthy();
    expect(parseFormReply('<html>').error).toBe('Unknown error');
  });
});
