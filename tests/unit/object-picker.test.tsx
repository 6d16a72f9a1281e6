// The kernel's object picker in the generic action form: a field that names ad accounts offers the
// accounts the product has loaded (the ad-account area's cached list, found through its manifest's
// `objects` declaration) by name or id, with the keyboard, and an open tile's selection in one click;
// picking writes the ids into the field's text, one per line, so pasting keeps working as before.
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRegistry } from '../../src/kernel/plugin/registry';
import { createBus, type KernelBus } from '../../src/kernel/bus';
import { createKernelStore, type KernelStore } from '../../src/kernel/store/store';
import { createI18n } from '../../src/kernel/i18n';
import { KernelProvider } from '../../src/kernel/KernelProvider';
import { createProductApi } from '../../src/kernel/api/product-api';
import { createBridge } from '../../src/kernel/bridge/bridge';
import { createWindowTransport } from '../../src/kernel/bridge/window-transport';
import { patchExtensionState } from '../../src/kernel/bridge/extension-status';
import { identityKey } from '../../src/kernel/store/ttl-cache';
import { SchemaForm, type ObjectSchema } from '../../src/kernel/runner/SchemaForm';
import { recordListRowType, shareTileSelections } from '../../src/kernel/runner/object-sources';
import { validateManifest } from '../../src/kernel/plugin/validate-manifest';
import type { SupportedLocale } from '../../src/kernel/plugin/types';
import adaccount from '../../plugins/adaccount';
import pixel from '../../plugins/pixel';

const IDENTITY = { id: '61550000000001', name: 'Test Operator' };
const ACCOUNTS = [
  { id: 'act_101', account_id: '101', name: 'Blue Harbor US' },
  { id: 'act_102', account_id: '102', name: 'Blue Harbor JP' },
  { id: 'act_103', account_id: '103', name: 'Lucky Peak MENA' },
  { id: 'act_104', account_id: '104', name: 'Northern Star EU' },
];
const SCHEMA: ObjectSchema = {
  properties: {
    account_ids: { type: 'array', 'x-tessera-list': 'ids', items: { type: 'string', format: 'account' } },
    business_id: { type: 'string', format: 'business' },
  },
};

let bus: KernelBus;
let store: KernelStore;
let values: Record<string, unknown>;

function Form() {
  const [value, setValue] = useState<Record<string, unknown>>({});
  values = value;
  return <SchemaForm schema={SCHEMA} ns="pixel" actionKey="shareToAccounts" value={value} onChange={setValue} errors={{}} />;
}

async function mount(locale: SupportedLocale = 'en-US') {
  const registry = createRegistry({ 'test/0/adaccount': { default: adaccount }, 'test/1/pixel': { default: pixel } });
  expect(registry.refused).toEqual([]);
  bus = createBus();
  store = createKernelStore();
  const i18n = await createI18n(registry.plugins, locale);
  await i18n.loadNamespaces(['pixel']);
  const api = createProductApi(i18n, async () => new Response('{}'));
  // the ad-account list as its view cached it for this platform identity
  store.setRow('cache', identityKey('adaccount:list', IDENTITY.id), { json: JSON.stringify(ACCOUNTS), expires: Date.now() + 3_600_000, saved: Date.now() });
  recordListRowType(store, 'adaccount:list', 'adaccount');
  render(
    <KernelProvider bus={bus} store={store} i18n={i18n} api={api} bridge={createBridge(createWindowTransport(window))} plugins={registry.plugins} user={{ role: 'user' }} enabled={null}>
      <Form />
    </KernelProvider>,
  );
}

const text = () => String(values.account_ids ?? '');
const picker = () => screen.getByTestId('picker-account_ids');
const search = () => picker().querySelector('input') as HTMLInputElement;
const menu = () => screen.findByTestId('picker-account_ids-menu');

beforeEach(() => { patchExtensionState({ identity: IDENTITY, identityChecked: true }); });
afterEach(() => { cleanup(); if (bus) shareTileSelections(bus, []); });

describe('the object picker', () => {
  it('searches the loaded ad accounts by name or id and adds the one picked, as the list shows it', async () => {
    await mount();
    expect(search().placeholder).toBe('Search the loaded ad accounts by name or ID…');
    // a field of a format no plugin declares here (businesses) has no picker
    expect(screen.queryByTestId('picker-business_id')).toBeNull();
    fireEvent.focus(search());
    fireEvent.change(search(), { target: { value: 'blue' } });
    const found = await menu();
    await waitFor(() => expect(found.querySelectorAll('[data-object-id]')).toHaveLength(2));
    fireEvent.click(within(found).getByText('Blue Harbor JP'));
    expect(text()).toBe('act_102');
    // by id, without act_
    fireEvent.change(search(), { target: { value: '103' } });
    await waitFor(async () => expect([...(await menu()).querySelectorAll('[data-object-id]')].map((e) => e.getAttribute('data-object-id'))).toEqual(['act_103']));
    fireEvent.click(within(await menu()).getByText('Lucky Peak MENA'));
    expect(text()).toBe('act_102\nact_103');
    // picked objects show by name; removing one removes its line
    expect(within(picker()).getByText('Blue Harbor JP')).toBeTruthy();
    // each tag's remove button is named for what it takes out (Blueprint names them all "Remove tag")
    expect(within(picker()).queryByRole('button', { name: 'Remove tag' })).toBeNull();
    fireEvent.click(within(picker()).getByRole('button', { name: 'Take out Lucky Peak MENA' }));
    expect(text()).toBe('act_102');
  });

  it('picks with the keyboard: type, arrow down, Enter', async () => {
    await mount();
    const input = search();
    input.focus();
    fireEvent.keyDown(input, { key: 'b' });
    fireEvent.change(input, { target: { value: 'blue' } });
    await menu();
    // the second match, then the first again, then the second: the menu keeps its place between renders
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const enter = fireEvent.keyDown(input, { key: 'Enter' });
    // Enter in the picker does not submit the dialog's form
    expect(enter).toBe(false);
    fireEvent.keyUp(input, { key: 'Enter' });
    expect(text()).toBe('act_102');
    // the only match of a narrower search, by Enter
    fireEvent.change(input, { target: { value: 'northern' } });
    await waitFor(async () => expect((await menu()).querySelectorAll('[data-object-id]')).toHaveLength(1));
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.keyUp(input, { key: 'Enter' });
    expect(text()).toBe('act_102\nact_104');
  });

  it('adds an open tile\'s selection in one click, each id once', async () => {
    await mount();
    act(() => shareTileSelections(bus, [
      { tileId: 'adaccount.list!a', title: 'Ad account list', rowType: 'adaccount', ids: ['act_101', 'act_103'], items: [{ id: 'act_101', name: 'Blue Harbor US' }, { id: 'act_103', name: 'Lucky Peak MENA' }] },
      // a tile of another row type is not offered
      { tileId: 'pixel.list!b', title: 'Pixel list', rowType: 'pixel', ids: ['1400000000000001'] },
    ]));
    const tiles = within(picker()).getByTestId('picker-account_ids-tiles');
    expect(within(tiles).getAllByRole('button').map((b) => b.textContent)).toEqual(['Ad account list: 2 selected']);
    fireEvent.change(document.querySelector('#param-account_ids')!, { target: { value: '103' } });
    fireEvent.click(within(tiles).getByRole('button'));
    // 103 was typed already (without act_): only 101 is added
    expect(text()).toBe('103\nact_101');
    expect(within(picker()).getByText('Blue Harbor US')).toBeTruthy();
    expect(within(picker()).getByText('Lucky Peak MENA')).toBeTruthy();
    expect((within(tiles).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('leaves pasting as it was: links and ids in the text area are read, counted and shown by name when loaded', async () => {
    await mount();
    const area = document.querySelector('#param-account_ids') as HTMLTextAreaElement;
    fireEvent.change(area, { target: { value: 'https://adsmanager.facebook.com/adsmanager/manage/campaigns?act=104\nact_101\n999\nnot an account' } });
    expect(text()).toBe('https://adsmanager.facebook.com/adsmanager/manage/campaigns?act=104\nact_101\n999\nnot an account');
    expect(screen.getByTestId('list-count').getAttribute('data-count')).toBe('3');
    expect(screen.getAllByTestId('line-refused')).toHaveLength(1);
    // the loaded ones by name (the link's too); 999 is not loaded, so it stays a line of the text only
    const tags = [...picker().querySelectorAll('.bp6-tag')].map((e) => e.textContent);
    expect(tags).toEqual(['Northern Star EU', 'Blue Harbor US']);
  });

  it('speaks Chinese by default', async () => {
    await mount('zh-CN');
    expect(search().placeholder).toBe('按名称或 ID 搜索已加载的广告账户…');
  });

  it('the manifest declares objects of a known format, on a row type of its own', () => {
    expect(validateManifest({ ...adaccount.manifest, objects: [{ format: 'account', rowType: 'adaccount' }] })).toEqual([]);
    expect(validateManifest({ ...adaccount.manifest, objects: [{ format: 'galaxy', rowType: 'adaccount' }] })).not.toEqual([]);
    const registry = createRegistry({ 'test/0/adaccount': { default: { ...adaccount, manifest: { ...adaccount.manifest, objects: [{ format: 'page', rowType: 'page' }] } } } });
    expect(registry.refused[0]?.message).toMatch(/does not contribute/);
  });
});
