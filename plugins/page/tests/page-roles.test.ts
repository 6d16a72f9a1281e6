// Page roles by name (plugins/page/roles.ts): the mapping the schema offers, the parameters the
// compiled schema takes and refuses (in the operator's words), and a job stored before roles had
// names (`{ uids, tasks }`, re-validated when it resumes) still validating, running and describing.
import { beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import type { Bridge } from '../../../src/kernel/bridge/bridge';
import type { BridgeResponse } from '../../../protocol';
import { createRegistry } from '../../../src/kernel/plugin/registry';
import { createI18n } from '../../../src/kernel/i18n';
import { loadValidators, validateParams } from '../../../src/kernel/runner/params';
import { fieldMessage } from '../../../src/kernel/runner/field-message';
import { translateValues } from '../../../src/kernel/runner/translate-values';
import { schemas } from '../../../src/generated/schemas.js';
import addRole from '../actions/add-role';
import removeRole from '../actions/remove-role';
import { CUSTOM, NAMED_ROLES, PAGE_TASKS, ROLE_CHOICES, ROLE_TASKS, roleOfTasks, roleWords, tasksOf } from '../roles';

const registry = createRegistry(import.meta.glob('/plugins/*/index.ts', { eager: true }));
let i18n: I18n;
beforeAll(async () => {
  await loadValidators();
  i18n = await createI18n(registry.plugins, 'en-US');
  await i18n.changeLanguage('zh-CN');
  await i18n.changeLanguage('en-US');
});

/** What the dry run shows for an effect, in a language (as the action dialog translates it). */
const said = (lng: string, effect: { key: string; values?: Record<string, unknown> }) =>
  i18n.t(effect.key, { lng, ns: 'page', ...translateValues(effect.values, (k) => i18n.t(k, { lng, ns: 'page' })) });
const problems = (params: unknown, lng = 'en-US') =>
  Object.fromEntries(validateParams('page.addRole', params).map((f) => [f.field, fieldMessage(f, (k, o) => i18n.t(k, { lng, ...o }), lng)]));

/** A bridge that answers every call with success and records what was sent. */
function recordingBridge() {
  const sent: { url: string; body?: string }[] = [];
  const bridge = {
    send: async (url: string, init: { body?: string }): Promise<BridgeResponse> => { sent.push({ url, body: init.body }); return { ok: true, status: 200, headers: {}, body: { success: true } }; },
  } as unknown as Bridge;
  return { bridge, sent };
}
const PAGE = { id: '104000000000001', name: 'Tea Shop', business: '5000000001', tasks: ['MANAGE'] };
const sentTasks = (body?: string) => JSON.parse(new URLSearchParams(body).get('tasks') ?? 'null') as string[];

describe('the role mapping', () => {
  it('names the platform\'s roles: full control has every task, each partial access its area and insights', () => {
    expect(ROLE_TASKS.full).toEqual(PAGE_TASKS);
    expect(ROLE_TASKS.content).toEqual(['CREATE_CONTENT', 'ANALYZE']);
    expect(ROLE_TASKS.messages).toEqual(['MESSAGING', 'ANALYZE']);
    expect(ROLE_TASKS.community).toEqual(['MODERATE', 'ANALYZE']);
    expect(ROLE_TASKS.ads).toEqual(['ADVERTISE', 'ANALYZE']);
    expect(ROLE_TASKS.insights).toEqual(['ANALYZE']);
    for (const role of NAMED_ROLES) expect(roleOfTasks([...ROLE_TASKS[role]].reverse())).toBe(role);
    expect(roleOfTasks(['MANAGE', 'ANALYZE'])).toBeNull();
    expect(roleOfTasks(['ANALYZE', 'SOMETHING_NEW'])).toBeNull();
  });

  it('the schema offers exactly these choices and tasks; no role and no task is given by default', () => {
    const props = (schemas['page.addRole'] as { properties: Record<string, { enum?: string[]; default?: unknown; items?: { enum?: string[] } }> }).properties;
    expect(props.role!.enum).toEqual([...ROLE_CHOICES]);
    expect(props.tasks!.items!.enum).toEqual([...PAGE_TASKS]);
    expect(props.role!.default).toBeUndefined();
    expect(props.tasks!.default).toBeUndefined();
    expect(() => tasksOf({})).toThrow(/no role/);
    expect(() => tasksOf({ role: CUSTOM })).toThrow(/no role/);
  });
});

describe('the parameters of page.addRole', () => {
  it('takes a role by name, or custom with its tasks; a named role ignores tasks', () => {
    for (const role of NAMED_ROLES) expect(validateParams('page.addRole', { uids: ['1'], role })).toEqual([]);
    expect(validateParams('page.addRole', { uids: ['1'], role: 'custom', tasks: ['MODERATE', 'ANALYZE'] })).toEqual([]);
    expect(tasksOf({ role: 'ads', tasks: ['MANAGE'] })).toEqual(['ADVERTISE', 'ANALYZE']);
  });

  it('refuses in the operator\'s words: no role chosen, custom without tasks, an unknown role', () => {
    expect(problems({ uids: ['1'] })).toEqual({ role: 'Choose a role' });
    expect(problems({ uids: ['1'] }, 'zh-CN')).toEqual({ role: '请选择角色' });
    expect(problems({ uids: ['1'], role: 'custom' })).toEqual({ tasks: 'Choose at least one task' });
    expect(problems({ uids: ['1'], role: 'custom', tasks: [] })).toEqual({ tasks: 'Choose at least one task' });
    expect(problems({ uids: ['1'], role: 'admin' })).toEqual({ role: 'Choose a role' });
    expect(problems({ uids: ['1'], role: 'custom', tasks: ['OWN'] })).toEqual({ tasks: 'Choose at least one task' });
  });

  it('a job stored before roles had names ({ uids, tasks }) still validates, runs with its tasks and describes them', async () => {
    // a job's parameters are stored as JSON and validated again when it resumes
    const stored = JSON.parse(JSON.stringify({ uids: ['7000000001'], tasks: ['MODERATE', 'MESSAGING', 'ADVERTISE', 'ANALYZE'] })) as { uids: string[]; tasks: string[] };
    expect(validateParams('page.addRole', stored)).toEqual([]);
    expect(stored).not.toHaveProperty('role'); // the validator adds no role by default
    const { bridge, sent } = recordingBridge();
    const item = { ...PAGE, pair: '7000000001' };
    await addRole.run(item as never, stored as never, { bridge, signal: new AbortController().signal } as never);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toContain(`/${PAGE.id}/assigned_users`);
    expect(sentTasks(sent[0]!.body)).toEqual(['MODERATE', 'MESSAGING', 'ADVERTISE', 'ANALYZE']);
    const effect = addRole.describe!(item as never, stored as never);
    expect(said('en-US', effect)).toBe('7000000001 gets Custom task set on Tea Shop (104000000000001) (tasks: Moderate, Messaging, Advertise, Analyze)');
    // a stored task list that is one of the named roles is named so
    expect(said('en-US', addRole.describe!(item as never, { uids: ['7000000001'], tasks: ['ANALYZE', 'ADVERTISE'] } as never)))
      .toBe('7000000001 gets Partial access: ads on Tea Shop (104000000000001) (tasks: Advertise, Analyze)');
  });

  it('runs a named role with its tasks and previews the role and its tasks in both languages', async () => {
    const { bridge, sent } = recordingBridge();
    const item = { ...PAGE, pair: '7000000002' };
    const params = { uids: ['7000000002'], role: 'community' };
    await addRole.run(item as never, params as never, { bridge, signal: new AbortController().signal } as never);
    expect(sentTasks(sent[0]!.body)).toEqual(['MODERATE', 'ANALYZE']);
    const effect = addRole.describe!(item as never, params as never);
    expect(said('en-US', effect)).toBe('7000000002 gets Partial access: community activity on Tea Shop (104000000000001) (tasks: Moderate, Analyze)');
    expect(said('zh-CN', effect)).toBe('7000000002 在 Tea Shop (104000000000001) 上获得部分权限：社群活动（审核、查看数据）');
    expect(addRole.undo!.after(item as never, params as never, null)).toEqual({ tasks: 'ANALYZE,MODERATE' });
  });

  it('the undo says which role comes back, by name when the tasks are one', () => {
    const item = { ...PAGE, pair: '7000000003' };
    expect(said('en-US', addRole.undo!.describe(item as never, { tasks: 'ANALYZE' }, { tasks: 'ANALYZE,MODERATE' })))
      .toBe('7000000003 gets back Partial access: insights on Tea Shop (104000000000001) (tasks: Analyze)');
    expect(said('zh-CN', removeRole.undo!.describe(item as never, { tasks: 'ANALYZE,MANAGE' }, { tasks: null })))
      .toBe('7000000003 在 Tea Shop (104000000000001) 上恢复原有的自定义权限组合（管理、查看数据）');
    expect(roleWords(['ANALYZE', 'ADVERTISE'], 'custom').role).toEqual({ t: 'actions.addRole.enum.role.custom' });
  });
});
