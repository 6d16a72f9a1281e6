// The watch's settings screen (issue 34 item 3; docs/DECISIONS.md, "The watch: the operator's settings
// screen"): presets switched with `{ id, enabled }`, an operator rule's form offering only the
// comparisons its field takes, pasted ids checked line by line without losing the text, a server's
// refusal shown in the form, channels showing their secret only as ••••last4, the test message's
// outcome, and quiet hours saved alone (the scheduled checks' part of the same endpoint left out).
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import adaccount from '../../plugins/adaccount';
import bm from '../../plugins/bm';
import page from '../../plugins/page';
import pixel from '../../plugins/pixel';
import watchPlugin from '../../plugins/watch';
import { readIds } from '../../plugins/watch/views/settings-model';
import type { WatchChannelView, WatchRuleView, WatchSettings } from '../../protocol/api/watch';
import { setActiveOrg } from '../../src/kernel/core/active-org';

const preset = (id: string, name: string, enabled = true): WatchRuleView => ({ id, preset: true, name, enabled, type: 'adaccount', field: 'status', op: null, value: null, objects: 'all' });

const PRESETS: WatchRuleView[] = [preset('accountDisabled', 'An ad account was disabled'), preset('needsPayment', 'An ad account needs payment')];

const CHANNELS: WatchChannelView[] = [
  { id: 1, kind: 'webhook', name: 'Ops hook', enabled: true, target: null, host: 'hooks.example.com', secretEnd: 'abcd', createdAt: '2026-11-28T10:00:00Z' },
  { id: 2, kind: 'telegram', name: 'Night chat', enabled: true, target: '-1001234', host: null, secretEnd: 'wxyz', createdAt: '2026-11-28T10:00:00Z' },
];

interface Server {
  rules: WatchRuleView[];
  channels: WatchChannelView[];
  settings: WatchSettings;
  posts: { path: string; body: Record<string, unknown> }[];
  /** a refusal for the next rule save (the server's 400 message) */
  refuseRule?: string;
}

const refusal = (info: string, code = 40000) => ({ envelope: { status: 0, code, info, data: null } });

/** A small stand-in for the watch routes (server/routes/watch.ts): what the screen reads and posts. */
function fakeServer(start: Partial<Server> = {}): Server & { answer: (path: string, init?: RequestInit) => unknown } {
  const s: Server = { rules: [...PRESETS], channels: [...CHANNELS], settings: { quietHours: null, checks: { 'adaccount.health': { enabled: true, everyS: 3600 } } }, posts: [], ...start };
  let nextRule = 1;
  const answer = (path: string, init?: RequestInit) => {
    if (!path.startsWith('/api/watch/')) return undefined;
    const post = init?.method === 'POST';
    const body = post ? JSON.parse(String(init!.body)) as Record<string, unknown> : {};
    if (post) s.posts.push({ path, body });
    if (path === '/api/watch/rules') {
      if (!post) return s.rules;
      if (s.refuseRule) { const info = s.refuseRule; s.refuseRule = undefined; return refusal(info); }
      const old = s.rules.find((r) => r.id === body.id);
      if (old?.preset) { const next = { ...old, enabled: body.enabled as boolean }; s.rules = s.rules.map((r) => (r === old ? next : r)); return next; }
      if (body.delete) { s.rules = s.rules.filter((r) => r !== old); return null; }
      const rule = { ...(old ?? { id: `rule:${nextRule++}`, preset: false }), ...body, objects: body.objects ?? 'all' } as WatchRuleView;
      s.rules = old ? s.rules.map((r) => (r === old ? rule : r)) : [...s.rules, rule];
      return rule;
    }
    if (path === '/api/watch/channels') {
      if (!post) return s.channels;
      const old = s.channels.find((c) => c.id === body.id);
      const secret = (body.url ?? body.token) as string | undefined;
      const next: WatchChannelView = {
        ...(old ?? { id: 10 + s.channels.length, kind: body.kind as WatchChannelView['kind'], createdAt: '2026-11-28T11:00:00Z', target: null, host: null, secretEnd: null }),
        name: (body.name as string | undefined) ?? old?.name ?? '', enabled: (body.enabled as boolean | undefined) ?? old?.enabled ?? true,
        ...(secret ? { secretEnd: secret.slice(-4), host: body.url ? new URL(body.url as string).hostname : null } : {}),
      };
      s.channels = old ? s.channels.map((c) => (c === old ? next : c)) : [...s.channels, next];
      return next;
    }
    if (path === '/api/watch/channels/test') {
      return body.id === 1 ? { sent: true } : refusal('The test message could not be sent: the receiver answered HTTP 502', 40040);
    }
    if (path === '/api/watch/settings') {
      if (!post) return s.settings;
      if ('quietHours' in body) s.settings = { ...s.settings, quietHours: body.quietHours as WatchSettings['quietHours'] };
      return s.settings;
    }
    return undefined;
  };
  return Object.assign(s, { answer });
}

async function open(server: ReturnType<typeof fakeServer>, locale: 'en-US' | 'zh-CN' = 'en-US') {
  await renderWithKernel({ plugins: [adaccount, bm, page, pixel, watchPlugin], route: '/watch/settings', locale, answer: server.answer });
  await screen.findByTestId('watch-settings', {}, { timeout: 5000 });
}

/** The element, or a throw that makes waitFor try again. */
function must(selector: string): HTMLElement {
  const el = document.querySelector(selector);
  if (!el) throw new Error(`no ${selector} yet`);
  return el as HTMLElement;
}
const section = (name: string) => document.querySelector(`[data-watch-section="${name}"]`) as HTMLElement;
const optionTexts = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((o) => o.textContent);
const change = (el: Element, value: string) => fireEvent.change(el, { target: { value } });

describe('the watch settings: rules', () => {
  afterEach(() => cleanup());

  it('a preset\'s switch posts { id, enabled } and shows what the server answered', async () => {
    const server = fakeServer();
    await open(server);
    const toggle = await within(section('rules')).findByRole('checkbox', { name: 'An ad account was disabled' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() => expect(server.posts).toEqual([{ path: '/api/watch/rules', body: { id: 'accountDisabled', enabled: false } }]));
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect(server.posts[1]).toEqual({ path: '/api/watch/rules', body: { id: 'accountDisabled', enabled: true } }));
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
  });

  it('the rule form offers only the comparisons the field takes, words the values, and hides the value for empty / not empty', async () => {
    const server = fakeServer();
    await open(server);
    fireEvent.click(await screen.findByTestId('watch-rule-add'));
    const form = await screen.findByRole('dialog');
    const type = within(form).getByLabelText('Objects of type');
    const field = within(form).getByLabelText('When');
    expect(optionTexts(type)).toEqual(['Ad account', 'Business', 'Page', 'Pixel']);
    expect(optionTexts(field)).toContain('Spend cap');
    // a value field: the eight value comparisons
    change(field, 'status');
    expect(optionTexts(within(form).getByLabelText('Comparison'))).toEqual(['is', 'is not', 'is more than', 'is at least', 'is less than', 'is at most', 'is empty', 'is not empty']);
    // its codes in the area's words
    expect(optionTexts(within(form).getByLabelText('Value'))).toContain('Disabled');
    // or another value, typed; and back to the list
    change(within(form).getByLabelText('Value'), '');
    expect((within(form).getByLabelText('Value') as HTMLElement).tagName).toBe('INPUT');
    fireEvent.click(within(form).getByRole('button', { name: 'Choose from the list' }));
    expect((within(form).getByLabelText('Value') as HTMLElement).tagName).toBe('SELECT');
    // a list field: only the list comparisons, and the value is a member id
    change(type, 'business');
    change(within(form).getByLabelText('When'), 'admins');
    expect(optionTexts(within(form).getByLabelText('Comparison'))).toEqual(['includes the member', 'does not include the member', 'is empty', 'is not empty']);
    expect(within(form).getByLabelText('Member id')).toBeTruthy();
    change(within(form).getByLabelText('Comparison'), 'empty');
    expect(within(form).queryByLabelText('Member id')).toBeNull();

    // back to an ad account's status: "is Disabled" goes as the platform's code
    change(within(form).getByLabelText('Objects of type'), 'adaccount');
    change(within(form).getByLabelText('When'), 'status');
    change(within(form).getByLabelText('Comparison'), 'eq');
    change(within(form).getByLabelText('Value'), '2');
    change(within(form).getByLabelText('Name'), 'Disabled accounts');
    fireEvent.click(within(form).getByTestId('watch-rule-save'));
    await waitFor(() => expect(server.posts).toHaveLength(1));
    expect(server.posts[0].body).toEqual({ name: 'Disabled accounts', type: 'adaccount', field: 'status', op: 'eq', value: 2, objects: 'all', enabled: true });
    const row = await waitFor(() => must('[data-watch-rule="rule:1"]'));
    expect(row.textContent).toContain('Disabled accounts');
    expect(row.textContent).toContain('Ad account · Status is Disabled');
  });

  it('a pasted line that is not an id is named, nothing is sent and the text stays; fixed, the ids go', async () => {
    const server = fakeServer();
    await open(server);
    fireEvent.click(await screen.findByTestId('watch-rule-add'));
    const form = await screen.findByRole('dialog');
    change(within(form).getByLabelText('Name'), 'Two accounts');
    fireEvent.click(within(form).getByLabelText('Only these ids'));
    const pasted = 'act_1\nnot an id!\n\n123\nact_1';
    change(within(form).getByLabelText('Ids, one per line'), pasted);
    fireEvent.click(within(form).getByTestId('watch-rule-save'));
    const bad = await within(form).findByText(/This line is not an id/);
    expect(bad.closest('[data-watch-bad-lines]')!.textContent).toContain('line 2: not an id!');
    expect((within(form).getByLabelText('Ids, one per line') as HTMLTextAreaElement).value).toBe(pasted);
    expect(server.posts).toEqual([]);

    change(within(form).getByLabelText('Ids, one per line'), 'act_1\n123\nact_1');
    fireEvent.click(within(form).getByTestId('watch-rule-save'));
    await waitFor(() => expect(server.posts).toHaveLength(1));
    expect(server.posts[0].body.objects).toEqual(['act_1', '123']);
  });

  it('a refusal of the server shows in the form with its message, the input kept', async () => {
    const server = fakeServer({ refuseRule: 'You have reached the limit of 100 rules' });
    await open(server);
    fireEvent.click(await screen.findByTestId('watch-rule-add'));
    const form = await screen.findByRole('dialog');
    change(within(form).getByLabelText('Name'), 'Big spend');
    change(within(form).getByLabelText('When'), 'amountSpent');
    change(within(form).getByLabelText('Comparison'), 'gt');
    change(within(form).getByLabelText('Value'), '1000');
    fireEvent.click(within(form).getByTestId('watch-rule-save'));
    const problem = await within(form).findByText('Not saved: You have reached the limit of 100 rules');
    expect(problem).toBeTruthy();
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('Big spend');
    expect((within(form).getByLabelText('Value') as HTMLInputElement).value).toBe('1000');
    expect(server.posts[0].body).toMatchObject({ field: 'amountSpent', op: 'gt', value: '1000' });
  });

  it('an own rule opens in the form as it was saved, and is deleted only once the operator confirms', async () => {
    const own: WatchRuleView = { id: 'rule:7', preset: false, name: 'Two disabled', enabled: false, type: 'adaccount', field: 'status', op: 'eq', value: 2, objects: ['act_1', 'act_2'] };
    const server = fakeServer({ rules: [...PRESETS, own] });
    await open(server);
    const row = await waitFor(() => must('[data-watch-rule="rule:7"]'));
    expect(row.textContent).toContain('Ad account · Status is Disabled');
    expect(row.textContent).toContain('2 objects');
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('dialog');
    expect((within(form).getByLabelText('Value') as HTMLSelectElement).value).toBe('2');
    expect((within(form).getByLabelText('Ids, one per line') as HTMLTextAreaElement).value).toBe('act_1\nact_2');
    change(within(form).getByLabelText('Name'), 'Two disabled accounts');
    fireEvent.click(within(form).getByTestId('watch-rule-save'));
    await waitFor(() => expect(server.posts).toHaveLength(1));
    expect(server.posts[0].body).toEqual({ id: 'rule:7', name: 'Two disabled accounts', type: 'adaccount', field: 'status', op: 'eq', value: 2, objects: ['act_1', 'act_2'], enabled: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // delete: asked first; cancelled, nothing is sent
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    let confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Two disabled accounts');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.posts).toHaveLength(1);
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(server.posts[1]?.body).toEqual({ id: 'rule:7', delete: true }));
    await waitFor(() => expect(document.querySelector('[data-watch-rule="rule:7"]')).toBeNull());
    expect(document.querySelector('[data-watch-rules-empty]')).not.toBeNull();
  });

  it('reads the ids of a pasted list line by line', () => {
    expect(readIds('act_1\r\n  123  \n\nnope nope\nact_1\n' + 'x'.repeat(65))).toEqual({
      ids: ['act_1', '123'], bad: [{ line: 4, text: 'nope nope' }, { line: 6, text: 'x'.repeat(65) }],
    });
  });
});

describe('the watch settings: channels', () => {
  afterEach(() => cleanup());

  it('shows a secret only as ••••last4, never fills it back in a form, and keeps it when left empty', async () => {
    const server = fakeServer();
    await open(server);
    const hook = await waitFor(() => must('[data-watch-channel="1"]'));
    expect(hook.querySelector('[data-watch-secret]')!.textContent).toBe('••••abcd');
    expect(hook.textContent).toContain('hooks.example.com');
    expect(hook.textContent).toContain('Webhook');

    // a new webhook: its address is typed once and never shown again, only its host and last 4
    fireEvent.click(screen.getByTestId('watch-channel-add'));
    let form = await screen.findByRole('dialog');
    change(within(form).getByLabelText('Kind'), 'webhook');
    change(within(form).getByLabelText('Name'), 'Alerts');
    const secretUrl = 'https://alerts.example.net/hook/s3cr3t-path-9q8r';
    change(within(form).getByLabelText('Web address (https://…)'), secretUrl);
    fireEvent.click(within(form).getByTestId('watch-channel-save'));
    await waitFor(() => expect(server.posts[0]?.body).toEqual({ kind: 'webhook', name: 'Alerts', enabled: true, url: secretUrl }));
    const added = await waitFor(() => must('[data-watch-channel="12"]'));
    expect(added.querySelector('[data-watch-secret]')!.textContent).toBe('••••9q8r');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.innerHTML).not.toContain('s3cr3t-path');

    // changing its name: the address field is empty, says what stays, and no url is sent
    fireEvent.click(within(added).getByRole('button', { name: 'Edit' }));
    form = await screen.findByRole('dialog');
    const url = within(form).getByLabelText('Web address (https://…)') as HTMLInputElement;
    expect(url.value).toBe('');
    expect(url.placeholder).toContain('••••9q8r');
    change(within(form).getByLabelText('Name'), 'Alerts (ops)');
    fireEvent.click(within(form).getByTestId('watch-channel-save'));
    await waitFor(() => expect(server.posts[1]?.body).toEqual({ id: 12, name: 'Alerts (ops)', enabled: true }));
    expect(document.body.innerHTML).not.toContain('s3cr3t-path');
  });

  it('"Send a test message" shows that it was sent, or the server\'s reason', async () => {
    const server = fakeServer();
    await open(server);
    const hook = await waitFor(() => must('[data-watch-channel="1"]'));
    const chat = must('[data-watch-channel="2"]');
    fireEvent.click(within(hook).getByRole('button', { name: 'Send a test message' }));
    fireEvent.click(within(chat).getByRole('button', { name: 'Send a test message' }));
    await waitFor(() => expect(hook.querySelector('[data-watch-test]')?.getAttribute('data-watch-test')).toBe('sent'));
    expect(hook.querySelector('[data-watch-test]')!.textContent).toBe('Test message sent');
    await waitFor(() => expect(chat.querySelector('[data-watch-test]')?.getAttribute('data-watch-test')).toBe('failed'));
    expect(chat.querySelector('[data-watch-test]')!.textContent).toBe('The test message could not be sent: the receiver answered HTTP 502');
    expect(server.posts.map((p) => p.body)).toEqual([{ id: 1 }, { id: 2 }]);
  });
});

describe('the watch settings: quiet hours', () => {
  afterEach(() => cleanup());

  it('saves only quietHours (the scheduled checks\' part left out), and null when switched off', async () => {
    const server = fakeServer();
    await open(server);
    const quiet = section('quiet');
    const on = await within(quiet).findByRole('checkbox', { name: /Keep quiet/ });
    fireEvent.click(on);
    change(within(quiet).getByLabelText('From'), '23:00');
    change(within(quiet).getByLabelText('To'), '06:30');
    const zone = within(quiet).getByLabelText('Time zone') as HTMLInputElement;
    expect(zone.value).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    fireEvent.focus(zone);
    fireEvent.change(zone, { target: { value: 'tokyo' } });
    fireEvent.click(await screen.findByText('Asia/Tokyo'));
    await act(async () => { fireEvent.click(within(quiet).getByTestId('watch-quiet-save')); });
    await waitFor(() => expect(server.posts).toHaveLength(1));
    expect(server.posts[0]).toEqual({ path: '/api/watch/settings', body: { quietHours: { from: '23:00', to: '06:30', timeZone: 'Asia/Tokyo' } } });
    await within(quiet).findByText('Saved');
    expect(within(quiet).getByText('From 23:00 to 06:30 the next morning')).toBeTruthy();

    fireEvent.click(on);
    fireEvent.click(within(quiet).getByTestId('watch-quiet-save'));
    await waitFor(() => expect(server.posts).toHaveLength(2));
    expect(server.posts[1].body).toEqual({ quietHours: null });
    // the checks' choices were never sent, so the server kept them
    expect(server.settings.checks).toEqual({ 'adaccount.health': { enabled: true, everyS: 3600 } });
  });

  it('shows the saved quiet hours, in Chinese', async () => {
    const server = fakeServer({ settings: { quietHours: { from: '22:00', to: '07:00', timeZone: 'Asia/Shanghai' }, checks: {} } });
    await open(server, 'zh-CN');
    const quiet = section('quiet');
    await within(quiet).findByText('免打扰时段');
    expect((within(quiet).getByLabelText('开始') as HTMLInputElement).value).toBe('22:00');
    expect((within(quiet).getByLabelText('时区') as HTMLInputElement).value).toBe('Asia/Shanghai');
    expect(within(quiet).getByText('从 22:00 到次日 07:00')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '提醒与通知渠道' })).toBeTruthy();
  });
});

describe('the watch settings in a team', () => {
  afterEach(() => {
    cleanup();
    setActiveOrg(null);
  });

  /** The server, and the team each rules or channels request named (x-tessera-org). */
  function teamServer() {
    const server = fakeServer({ rules: [...PRESETS, { id: 'rule:3', preset: false, name: 'Big spend', enabled: true, type: 'adaccount', field: 'amountSpent', op: 'gt', value: 1000, objects: 'all' }] });
    const named: string[] = [];
    const plain = server.answer;
    const answer = (path: string, init?: RequestInit) => {
      if (path === '/api/watch/rules' || path === '/api/watch/channels') named.push(new Headers(init?.headers).get('x-tessera-org') ?? 'none');
      return plain(path, init);
    };
    return { server: Object.assign(server, { answer }), named };
  }

  it("a viewer reads the team's rules and channels with every control disabled, and is told why", async () => {
    setActiveOrg({ id: 7, name: 'Growth', role: 'viewer' });
    const { server, named } = teamServer();
    await open(server);
    const note = await screen.findByText("These rules and channels are the team's (Growth): their alerts go to the team's channels, and the team's approval requests too. Quiet hours and scheduled checks below stay your own.");
    expect(note).toBeTruthy();
    expect(screen.getByText("Only the team's owners and admins can change them; you can read them.")).toBeTruthy();
    const rules = section('rules');
    const preset = await within(rules).findByRole('checkbox', { name: 'An ad account was disabled' });
    expect((preset as HTMLInputElement).disabled).toBe(true);
    await within(rules).findByText('Big spend');
    expect((within(rules).getByTestId('watch-rule-add') as HTMLButtonElement).disabled).toBe(true);
    expect((within(rules).getByRole('button', { name: 'Edit' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(rules).getByRole('button', { name: 'Delete' }) as HTMLButtonElement).disabled).toBe(true);
    const channels = section('channels');
    await within(channels).findByText('Ops hook');
    expect((within(channels).getByTestId('watch-channel-add') as HTMLButtonElement).disabled).toBe(true);
    for (const box of within(channels).getAllByRole('checkbox')) expect((box as HTMLInputElement).disabled).toBe(true);
    for (const name of ['Send a test message', 'Edit', 'Delete']) {
      const buttons = within(channels).getAllByRole('button', { name });
      for (const b of buttons) expect((b as HTMLButtonElement).disabled).toBe(true);
    }
    // nothing was sent; both lists were asked of the team
    expect(server.posts).toEqual([]);
    expect(named).toEqual(['7', '7']);
  });

  it("an admin edits the team's rules (the note without the read-only line), in Chinese too", async () => {
    setActiveOrg({ id: 7, name: 'Growth', role: 'admin' });
    const { server, named } = teamServer();
    await open(server, 'zh-CN');
    await screen.findByText('以下规则和通知渠道属于团队“Growth”：它们的提醒发到团队的渠道，团队的审批请求也会发到这些渠道。下方的免打扰时段和定时检查仍是你自己的。');
    expect(screen.queryByText('只有团队的所有者和管理员可以更改它们；你可以查看。')).toBeNull();
    const toggle = await within(section('rules')).findByRole('checkbox', { name: 'An ad account was disabled' });
    expect((toggle as HTMLInputElement).disabled).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(server.posts).toEqual([{ path: '/api/watch/rules', body: { id: 'accountDisabled', enabled: false } }]));
    expect(named).toEqual(['7', '7', '7']);
  });

  it('on their own, no note and no team named', async () => {
    const { server, named } = teamServer();
    await open(server);
    await within(section('rules')).findByText('Big spend');
    expect(document.querySelector('[data-watch-team]')).toBeNull();
    expect(named).toEqual(['none', 'none']);
  });
});
