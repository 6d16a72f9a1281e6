// The pixel plugin inside the real kernel, against the graph sandbox over HTTP (demo transport): the
// list by business with bmrole and can_share, following a business selection, publishing pixel rows
// with what the dry run needs, and the detail panel (shared accounts for admins only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithKernel } from '../../../tests/harness/render-with-kernel';
import { startSandbox, type Sandbox, demoCatalogue } from '../../../tests/sandbox/harness';
import { createDemoTransport } from '../../../src/kernel/bridge/demo-transport';
import { setItem } from '../../../src/kernel/storage';
import pixel from '..';
import dashboard from '../../dashboard';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await startSandbox({ scale: 'small' }); });
afterAll(async () => sandbox?.close());

const LOAD_MS = 30_000;
const row = (id: string) => document.querySelector(`[data-row-id="${id}"]`);

describe('the pixel plugin on the sandbox', () => {
  it('lists pixels by business with role and can_share, follows a business selection, publishes pixel rows, and hides shared accounts from non-admins', async () => {
    setItem('fbid', '61550000000001');
    const transport = createDemoTransport({ graphBase: sandbox.base, latestVersion: async () => '1.2.0' , catalogue: demoCatalogue });
    const { bus } = await renderWithKernel({ plugins: [dashboard, pixel], route: '/pixel/index', locale: 'en-US', transport });
    await waitFor(() => expect(screen.getByTestId('list-status').getAttribute('data-list-state')).toBe('ready'), { timeout: LOAD_MS });
    const d = sandbox.state.data;
    const fx = d.fixtures;
    const main = row(fx.pixels.main)!;
    expect(main.textContent).toContain('Admin');
    expect(main.textContent).toContain('Yes');
    const employeePixel = d.businesses.get(fx.businesses.employeeOnly)!.owned_pixels[0]!;
    expect(row(employeePixel)!.textContent).toContain('Employee');
    expect(row(employeePixel)!.textContent).toContain('No');

    // a business tile's selection filters the list to that business's pixels
    act(() => bus.emit('selection:changed', { sourceTileId: 'bm-tile', rowType: 'business', ids: [fx.businesses.main] }));
    await waitFor(() => expect(row(employeePixel)).toBeNull());
    const shown = [...document.querySelectorAll('[data-row-id]')].map((e) => e.getAttribute('data-row-id'));
    const mainBusiness = d.businesses.get(fx.businesses.main)!;
    expect(shown.sort()).toEqual([...new Set([...mainBusiness.owned_pixels, ...mainBusiness.client_pixels])].sort());
    act(() => bus.emit('selection:changed', { sourceTileId: 'bm-tile', rowType: 'business', ids: [] }));
    await waitFor(() => expect(row(employeePixel)).not.toBeNull());

    const seen: { rowType: string; ids: readonly string[]; items?: readonly { id: string; can_share?: boolean; business_id?: string }[] }[] = [];
    bus.on('selection:changed', (e) => seen.push(e));
    for (const id of [fx.pixels.main, employeePixel]) fireEvent.click(row(id)!.querySelector('input[type=checkbox]')!);
    await waitFor(() => expect(seen.at(-1)?.ids.length).toBe(2));
    expect(seen.at(-1)).toMatchObject({ rowType: 'pixel' });
    expect(seen.at(-1)?.items).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: fx.pixels.main, can_share: true, business_id: fx.businesses.main }),
      expect.objectContaining({ id: employeePixel, can_share: false }),
    ]));

    // the detail panel: a non-admin sees no shared accounts; an admin sees them
    fireEvent.doubleClick(row(employeePixel)!);
    await screen.findByTestId('pixel-detail-shared-hidden');
    await waitFor(() => expect(screen.queryByTestId('pixel-detail-candidates')).not.toBeNull(), { timeout: 10_000 });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('pixel-detail')).toBeNull());
    fireEvent.doubleClick(row(fx.pixels.main)!);
    const shared = await screen.findByTestId('pixel-detail-shared', {}, { timeout: 10_000 });
    const px = d.pixels.get(fx.pixels.main)!;
    for (const a of px.shared_accounts) expect(shared.textContent).toContain(a.replace(/^act_/, ''));
    expect(screen.queryByTestId('pixel-detail-shared-hidden')).toBeNull();
  }, LOAD_MS + 30_000);
});
