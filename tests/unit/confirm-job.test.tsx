// Big and irreversible jobs confirm (issue 31, part 3): a job of more items than the operator's
// threshold (default 50) or of an action declared irreversible starts only once its item count is
// typed; an irreversible action says it cannot be undone; Start is disabled when the dry run flags
// every item; an area's own button asks through the same kernel confirmation.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithKernel } from '../harness/render-with-kernel';
import { updateRunnerSettings, getRunnerSettings, DEFAULT_RUNNER_SETTINGS } from '../../src/kernel/runner/runner-settings';
import { useConfirmedStart } from '../../src/kernel/runner/ConfirmJob';
import { RecognisedList } from '../../src/kernel/runner/Recognised';
import type { Recognised } from '../../src/kernel/platform/pasted';
import { createRegistry } from '../../src/kernel/plugin/registry';
import { inlinePlugin } from '../harness/inline-plugin';
import { getItem } from '../../src/kernel/storage';
import type { JobItem } from '../../src/kernel/runner/types';
import page from '../../plugins/page/plugin.json';
import bm from '../../plugins/bm/plugin.json';
import adcomment from '../../plugins/adcomment/plugin.json';
import adaccount from '../../plugins/adaccount/plugin.json';

const locales = {
  'zh-CN': { title: '演示', actions: { touch: { title: '修改' }, wipe: { title: '删除' }, closed: { title: '检查' }, look: { title: '查看' }, label: { title: '标记' } }, problems: { closed: '{{id}} 已关闭' } },
  'en-US': { title: 'Demo', actions: { touch: { title: 'Touch' }, wipe: { title: 'Wipe out' }, closed: { title: 'Check closed' }, look: { title: 'Look up' }, label: { title: 'Label' } }, problems: { closed: '{{id}} is closed' } },
};

const demo = {
  id: 'demo',
  routes: [{ path: '/demo/index', component: async () => ({ default: () => <p>demo</p> }) }],
  actions: [
    { verb: 'touch', target: 'adaccount', run: async () => {} },
    { verb: 'wipe', target: 'adaccount', idempotent: false, irreversible: true, run: async () => {} },
    { verb: 'closed', target: 'adaccount', preflight: (item: JobItem) => (item.closed ? { key: 'problems.closed', values: { id: item.id } } : null), run: async () => {} },
    { verb: 'look', target: 'adaccount', readOnly: true, run: async () => {} },
    {
      verb: 'label', target: 'adaccount', run: async () => {},
      undo: { read: async () => new Map(), after: () => ({ label: 'x' }), run: async () => {}, describe: () => ({ key: 'x' }) },
    },
  ],
  locales,
};

const accounts = (n: number, extra: Partial<JobItem> = {}): JobItem[] => Array.from({ length: n }, (_, i) => ({ id: `a${i + 1}`, ...extra }));

async function openAction(bus: Awaited<ReturnType<typeof renderWithKernel>>['bus'], items: JobItem[], title: string) {
  act(() => bus.emit('selection:changed', { sourceTileId: 't', rowType: 'adaccount', ids: items.map((i) => i.id), items }));
  act(() => bus.emit('palette:opened', undefined));
  // the palette's list loads its code on the first opening (src/kernel/runner/CommandPalette.tsx)
  fireEvent.click(await screen.findByText(title, {}, { timeout: 10_000 }));
  return screen.findByRole('dialog');
}

const startButton = (dialog: HTMLElement) => within(dialog).getByTestId('action-start') as HTMLButtonElement;

afterEach(() => { updateRunnerSettings({ confirmAbove: DEFAULT_RUNNER_SETTINGS.confirmAbove }); });

describe('a big job', () => {
  it('of more than 50 items starts only once its item count is typed', async () => {
    const { bus } = await renderWithKernel({ plugins: [demo], locale: 'en-US', route: '/demo/index' });
    const started = vi.fn();
    bus.on('job:started', started);
    const dialog = await openAction(bus, accounts(51), 'Touch');
    const confirm = within(dialog).getByTestId('confirm-job');
    expect(confirm.textContent).toContain('This job runs “Touch” on 51 items.');
    expect(confirm.textContent).toContain('Type 51 to confirm');
    expect(confirm.textContent).not.toMatch(/cannot be undone/);
    expect(startButton(dialog).disabled).toBe(true);
    const input = within(dialog).getByTestId('confirm-job-input');
    fireEvent.change(input, { target: { value: '50' } });
    expect(startButton(dialog).disabled).toBe(true);
    // Enter in the field submits the form: a wrong count starts nothing
    await act(async () => { fireEvent.submit(dialog.querySelector('form')!); });
    expect(started).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: ' 51 ' } });
    expect(startButton(dialog).disabled).toBe(false);
    await act(async () => { fireEvent.click(startButton(dialog)); });
    await waitFor(() => expect(started).toHaveBeenCalledWith(expect.objectContaining({ actionId: 'demo.touch', total: 51 })));
  });

  it('of 50 items, or under the operator’s own threshold, starts at once', async () => {
    const { bus } = await renderWithKernel({ plugins: [demo], locale: 'en-US', route: '/demo/index' });
    const dialog = await openAction(bus, accounts(50), 'Touch');
    expect(within(dialog).queryByTestId('confirm-job')).toBeNull();
    expect(startButton(dialog).disabled).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    act(() => updateRunnerSettings({ confirmAbove: 200 }));
    expect(getRunnerSettings().confirmAbove).toBe(200);
    const again = await openAction(bus, accounts(120), 'Touch');
    expect(within(again).queryByTestId('confirm-job')).toBeNull();
    expect(startButton(again).disabled).toBe(false);
  });

  it('the threshold is a setting in the drawer, kept between reloads, default 50', async () => {
    updateRunnerSettings({ confirmAbove: Number.NaN });
    expect(getRunnerSettings().confirmAbove).toBe(50);
    updateRunnerSettings({ confirmAbove: 0 });
    expect(getRunnerSettings().confirmAbove).toBe(1);
    expect(getRunnerSettings().dailyCheck).toBe(true);
    updateRunnerSettings({ confirmAbove: 50 });
    await renderWithKernel({ plugins: [demo], locale: 'en-US', route: '/demo/index' });
    fireEvent.click(await screen.findByRole('button', { name: 'Page settings' }));
    const drawer = await screen.findByTestId('settings-drawer');
    expect(drawer.textContent).toContain('Confirm jobs of more items than');
    const input = within(drawer).getByTestId('settings-confirm-above') as HTMLInputElement;
    expect(input.value).toBe('50');
    fireEvent.change(input, { target: { value: '75' } });
    await waitFor(() => expect(getRunnerSettings().confirmAbove).toBe(75));
    expect(getItem('tessera-runner')).toMatchObject({ confirmAbove: 75, dailyCheck: true });
  });
});

describe('an irreversible action', () => {
  it('says it cannot be undone and asks for the count even for two items, in Chinese too', async () => {
    const { bus } = await renderWithKernel({ plugins: [demo], locale: 'zh-CN', route: '/demo/index' });
    const started = vi.fn();
    bus.on('job:started', started);
    const dialog = await openAction(bus, accounts(2), '删除');
    const confirm = within(dialog).getByTestId('confirm-job');
    expect(within(confirm).getByTestId('confirm-job-irreversible').textContent).toBe('“删除”无法撤销：执行后无法恢复这些项目。');
    expect(confirm.textContent).toContain('此任务将对 2 个项目执行“删除”。');
    const start = within(dialog).getByRole('button', { name: '开始' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('confirm-job-input'), { target: { value: '2' } });
    expect(start.disabled).toBe(false);
    await act(async () => { fireEvent.click(start); });
    await waitFor(() => expect(started).toHaveBeenCalledWith(expect.objectContaining({ actionId: 'demo.wipe', total: 2 })));
  });

  it('is declared by the actions the note justifies, and the manifest schema accepts nothing but a boolean', () => {
    const declared = [page, bm, adcomment, adaccount].flatMap((m) => (m.actions as { verb: string; irreversible?: boolean }[]).filter((a) => a.irreversible).map((a) => `${m.id}.${a.verb}`));
    expect(declared.sort()).toEqual(['adcomment.delete', 'bm.removeAdAccount', 'bm.removeUser', 'page.deletePage', 'page.releaseFromBusiness']);
    const bad = inlinePlugin({ id: 'badirrev', routes: [{ path: '/badirrev/index', component: async () => ({ default: () => null }) }], actions: [{ verb: 'x', irreversible: 'yes' as never, run: async () => {} }] });
    const registry = createRegistry({ bad: { default: bad } });
    expect(registry.refused).toHaveLength(1);
    expect(registry.refused[0]!.message).toMatch(/irreversible/);
  });
});

describe('a job the dry run says fails for every item', () => {
  it('cannot start; one that fails for some can', async () => {
    const { bus } = await renderWithKernel({ plugins: [demo], locale: 'en-US', route: '/demo/index' });
    const started = vi.fn();
    bus.on('job:started', started);
    const dialog = await openAction(bus, accounts(3, { closed: true }), 'Check closed');
    expect(startButton(dialog).disabled).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: /Preview changes/ }));
    expect((await within(dialog).findByTestId('all-would-fail')).textContent).toMatch(/Every item would fail/);
    expect(startButton(dialog).disabled).toBe(true);
    expect(within(dialog).queryByTestId('start-without-flagged')).toBeNull();
    await act(async () => { fireEvent.submit(dialog.querySelector('form')!); });
    expect(started).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const some = await openAction(bus, [...accounts(2, { closed: true }), { id: 'open' }], 'Check closed');
    fireEvent.click(within(some).getByRole('button', { name: /Preview changes/ }));
    await within(some).findByTestId('preflight');
    expect(within(some).queryByTestId('all-would-fail')).toBeNull();
    expect(startButton(some).disabled).toBe(false);
  });
});

const spies = { small: vi.fn(), big: vi.fn(), wipe: vi.fn() };

function Area({ count, actionId, onStart }: { count: number; actionId: string; onStart: () => void }) {
  const { ask, dialog } = useConfirmedStart();
  return <><button type="button" onClick={() => ask({ actionId, count, start: onStart })}>go</button>{dialog}</>;
}
function AreaScreen() {
  return <><Area count={3} actionId="demo.touch" onStart={spies.small} /><Area count={60} actionId="demo.touch" onStart={spies.big} /><Area count={1} actionId="demo.wipe" onStart={spies.wipe} /></>;
}

describe('an area’s own button', () => {
  it('asks through the kernel’s confirmation for a big or irreversible job, and starts a small one at once', async () => {
    const area = { ...demo, routes: [{ path: '/demo/index', component: async () => ({ default: AreaScreen }) }] };
    await renderWithKernel({ plugins: [area], locale: 'en-US', route: '/demo/index' });
    await screen.findAllByRole('button', { name: 'go' });
    const [goSmall, goBig, goWipe] = screen.getAllByRole('button', { name: 'go' });
    fireEvent.click(goSmall!);
    expect(spies.small).toHaveBeenCalledTimes(1);
    fireEvent.click(goBig!);
    const dialog = await screen.findByTestId('confirm-job-dialog');
    expect(dialog.textContent).toContain('This job runs “Touch” on 60 items.');
    const start = within(dialog).getByTestId('confirm-job-start') as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    expect(spies.big).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByTestId('confirm-job-input'), { target: { value: '60' } });
    expect(start.disabled).toBe(false);
    fireEvent.click(start);
    expect(spies.big).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId('confirm-job-dialog')).toBeNull());
    fireEvent.click(goWipe!);
    const wiping = await screen.findByTestId('confirm-job-dialog');
    expect(wiping.textContent).toMatch(/“Wipe out” cannot be undone/);
    expect((within(wiping).getByTestId('confirm-job-input') as HTMLInputElement).value).toBe('');
    expect(spies.wipe).not.toHaveBeenCalled();
  });
});

describe('a long pasted list', () => {
  it('lists every line that cannot be used, even past the first 100', async () => {
    const lines: Recognised[] = Array.from({ length: 150 }, (_, i) => (i === 139
      ? { line: i + 1, text: 'https://evil.example/x', state: 'refused', problem: 'host' }
      : i === 144 ? { line: i + 1, text: 'ghost.profile', state: 'notFound' } : { line: i + 1, text: String(1000 + i), state: 'id', id: String(1000 + i) }));
    const list = { ...demo, routes: [{ path: '/demo/index', component: async () => ({ default: () => <RecognisedList lines={lines} format="person" /> }) }] };
    await renderWithKernel({ plugins: [list], locale: 'en-US', route: '/demo/index' });
    const shown = await screen.findByTestId('recognised', {}, { timeout: 5000 }); // its code loads lazily: slow on a busy machine
    expect(shown.querySelector('tr[data-line="140"]')!.getAttribute('data-state')).toBe('refused');
    expect(shown.querySelector('tr[data-line="145"]')!.getAttribute('data-state')).toBe('notFound');
    expect(shown.querySelector('tr[data-line="120"]')).toBeNull();
    expect(shown.textContent).toContain('… and 48 more recognised lines');
  });
});

describe('what the dialog says before Start', () => {
  it('a read never asks for the count; a write says whether Tessera can undo it', async () => {
    const { bus } = await renderWithKernel({ plugins: [demo], locale: 'en-US', route: '/demo/index' });
    const look = await openAction(bus, accounts(120), 'Look up');
    expect(within(look).queryByTestId('confirm-job')).toBeNull();
    expect(within(look).queryByTestId('no-undo')).toBeNull();
    expect(startButton(look).disabled).toBe(false);
    fireEvent.click(within(look).getByRole('button', { name: 'Cancel' }));

    const touch = await openAction(bus, accounts(2), 'Touch');
    expect((await within(touch).findByTestId('no-undo')).textContent).toBe('Tessera cannot undo “Touch”: once started, putting the items back is up to you.');
    fireEvent.click(within(touch).getByRole('button', { name: 'Cancel' }));

    const label = await openAction(bus, accounts(2), 'Label');
    expect((await within(label).findByTestId('undo-offered')).textContent).toMatch(/offers to undo it/);
    expect(within(label).queryByTestId('no-undo')).toBeNull();
  });
});

describe('"Start without these N" on a big job', () => {
  it('asks for the count of the items that will run, not of the whole selection', async () => {
    const { bus } = await renderWithKernel({ plugins: [demo], locale: 'en-US', route: '/demo/index' });
    const started = vi.fn();
    bus.on('job:started', started);
    const dialog = await openAction(bus, [...accounts(3, { closed: true }), ...accounts(60).map((a) => ({ id: `o${a.id}` }))], 'Check closed');
    fireEvent.click(within(dialog).getByRole('button', { name: /Preview changes/ }));
    await within(dialog).findByTestId('preflight');
    expect(within(dialog).getByTestId('confirm-job').getAttribute('data-count')).toBe('63');
    await act(async () => { fireEvent.click(within(dialog).getByTestId('start-without-flagged')); });
    expect(started).not.toHaveBeenCalled();
    // the confirmation now counts the 60 that will run
    await waitFor(() => expect(within(dialog).getByTestId('confirm-job').getAttribute('data-count')).toBe('60'));
    fireEvent.change(within(dialog).getByTestId('confirm-job-input'), { target: { value: '60' } });
    await act(async () => { fireEvent.click(startButton(dialog)); });
    await waitFor(() => expect(started).toHaveBeenCalledWith(expect.objectContaining({ actionId: 'demo.closed', total: 60 })));
  });
});
