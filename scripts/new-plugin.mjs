// `npm run new:plugin <id>`: scaffolds a working area under plugins/<id>/ — manifest, a list view on the
// kernel table with a sandbox-backed loader, one action with its parameter schema beside it, its call
// families for the platform check (probes.ts), both locales
// and a plugin test in its own tests/ folder — plus its allow-list section — that passes `npm test`
// unchanged, the convention tests included (tests/tools/scaffold.test.ts runs them on a scaffolded copy). docs/PLUGINS.md walks through it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The files of a new area, by path relative to the repository. */
export function scaffoldFiles(id, { order = 50 } = {}) {
  const Id = id[0].toUpperCase() + id.slice(1);
  const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
  return {
    [`plugins/${id}/plugin.json`]: json({
      $schema: '../../schemas/plugin.schema.json',
      id, titleKey: 'title', icon: 'cube', order,
      routes: [{ name: 'index', path: `/${id}/index`, titleKey: 'title' }],
      // one view: the route's screen and a tile (docs/PLUGINS.md)
      views: [{ name: 'list', rowType: 'business', route: 'index' }],
      actions: [{ verb: 'readField', target: 'business', idempotent: true, readOnly: true, lane: 'graph', output: { type: 'object', properties: { value: { type: 'string' } } } }],
    }),
    [`plugins/${id}/index.ts`]: `import { definePlugin } from '@kernel';
import manifest from './plugin.json';

export default definePlugin(manifest, {
  views: { list: () => import('./views/${Id}List') },
  actions: import.meta.glob('./actions/*.ts'),
  // each language in two parts: the first screen's (locales/first-screen.json) and the rest (docs/PLUGINS.md, "Strings")
  locales: {
    'zh-CN': { first: () => import('./locales/zh-CN.json?first'), rest: () => import('./locales/zh-CN.json?rest') },
    'en-US': { first: () => import('./locales/en-US.json?first'), rest: () => import('./locales/en-US.json?rest') },
  },
  probes: () => import('./probes'),
});
`,
    [`plugins/${id}/load.ts`]: `import { expectObject, expectRows, followNextLinks, type Bridge, type ListLoadContext, type Shape } from '@kernel';

export interface Business { id: string; name: string; verification_status?: string; created_time?: string }

const FIELDS = 'id,name,verification_status,created_time';
/** The fields the list relies on: a reply without them is "reply changed" (docs/PLUGINS.md), never rows of empty cells. */
const SHAPE: Shape = { id: 'string', name: 'string', verification_status: 'string?', created_time: 'string?' };

/** The businesses of the session user, 50 a page, pages 500 ms apart; rows appear as each page arrives. */
export async function loadBusinesses({ bridge, signal, emit, progress }: ListLoadContext<Business>): Promise<Business[]> {
  const rows: Business[] = [];
  const pages = followNextLinks<Business>(bridge, 'me/businesses', { fields: FIELDS, limit: 50 }, {
    waitMs: 500, signal, onPage: (page, count) => progress({ pages: page, rows: count }),
  });
  for await (const page of pages) {
    rows.push(...expectRows<Business>('${id}.list', page, SHAPE));
    emit([...rows]);
  }
  return rows;
}

/** The first businesses (one call): what the platform check tries the list's call with. */
export async function firstBusinesses(bridge: Bridge, limit: number, signal?: AbortSignal): Promise<Business[]> {
  const { body } = await bridge.graph<{ data?: unknown[] }>({ path: 'me/businesses', params: { fields: FIELDS, limit } }, { signal });
  return expectRows<Business>('${id}.list', Array.isArray(body?.data) ? body.data : [], SHAPE);
}

/** One field of a business (the readField action's read). */
export async function readField(bridge: Bridge, businessId: string, field: string, signal?: AbortSignal): Promise<string> {
  const { body } = await bridge.graph<unknown>({ path: businessId, params: { fields: field } }, { signal });
  const found = expectObject<Record<string, unknown>>('${id}.field', body, { id: 'string' });
  return String(found[field] ?? '');
}
`,
    // the area's calls, for the platform check (docs/PLUGINS.md, "Telling the platform check about your calls")
    [`plugins/${id}/probes.ts`]: `import { defineProbes } from '@kernel';
import { firstBusinesses, readField, type Business } from './load';

export default defineProbes([
  {
    id: 'list', kind: 'read', titleKey: 'calls.list', list: true,
    probe: async (ctx) => { await firstBusinesses(ctx.bridge, 5, ctx.signal); },
  },
  {
    id: 'field', kind: 'read', titleKey: 'calls.field', actions: ['readField'],
    // on the first business of the cached list, else of one small read
    probe: async (ctx) => {
      const id = ctx.cachedRows<Business>('${id}:list')?.[0]?.id ?? (await firstBusinesses(ctx.bridge, 1, ctx.signal))[0]?.id;
      if (!id) return 'noObject';
      await readField(ctx.bridge, id, 'name', ctx.signal);
    },
  },
]);
`,
    [`plugins/${id}/views/${Id}List.tsx`]: `import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, ListButtons, ListStatus, useAreaList, type DataColumn, type ViewProps } from '@kernel';
import { loadBusinesses, type Business } from '../load';

const getId = (b: Business) => b.id;
const toItem = (b: Business) => ({ id: b.id, name: b.name });

/** The list, on its route and in a tile alike (the kernel passes \`tileId\`: a tile's id, or \`route:<path>\` on the route). */
export default function ${Id}List({ tileId: sourceId, followedSelection: followed }: Pick<ViewProps, 'tileId' | 'followedSelection'>) {
  const { t } = useTranslation('${id}');
  const list = useAreaList<Business>({ cacheKey: '${id}:list', load: loadBusinesses, rowType: 'business', getId, toItem, sourceId, followed });
  const columns = useMemo<DataColumn<Business>[]>(() => [
    { id: 'name', header: t('columns.name'), value: (b) => b.name, width: 240 },
    { id: 'id', header: t('columns.id'), value: (b) => b.id, width: 170 },
    { id: 'verification', header: t('columns.verification'), value: (b) => b.verification_status ?? '', width: 150 },
  ], [t]);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }} data-testid="${id}-list">
      <ListStatus list={list} />
      <DataTable viewId="${id}.list" rows={list.visible} columns={columns} getRowId={getId} loading={list.loading && list.rows.length === 0}
        selection={list.selection} onSelectionChange={list.onSelectionChange} toolbar={<ListButtons list={list} />} />
    </div>
  );
}
`,
    [`plugins/${id}/actions/read-field.ts`]: `import { defineAction } from '@kernel';
import { readField } from '../load';

/** Reads one field of each selected business (an example of a read action with a parameter and an output column). */
export default defineAction('${id}.readField', {
  run: async (item, params, ctx) => ({ value: await readField(ctx.bridge, item.id, params.field, ctx.signal) }),
});
`,
    // beside its handlers; every property names the sentence an operator reads when it is not accepted
    [`plugins/${id}/actions/read-field.schema.json`]: json({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      title: 'Read a field',
      type: 'object',
      required: ['field'],
      additionalProperties: false,
      properties: { field: { type: 'string', enum: ['name', 'verification_status', 'created_time'], default: 'name', 'x-message': 'actions.readField.errors.field' } },
    }),
    // what the menu and the dashboard show of the area; the rest loads with its screen (docs/PLUGINS.md, "Strings")
    [`plugins/${id}/locales/first-screen.json`]: json(['title']),
    [`plugins/${id}/locales/zh-CN.json`]: json({
      title: `新区域 ${id}`, views: { list: '商务管理平台' },
      columns: { name: '名称', id: 'ID', verification: '验证状态' },
      actions: { readField: { title: '读取字段', fields: { field: '字段' }, enum: { field: { name: '名称', verification_status: '验证状态', created_time: '创建时间' } }, errors: { field: '请选择要读取的字段' }, output: { value: '值' } } },
      calls: { list: '读取你的商务管理平台', field: '读取商务管理平台的字段' },
    }),
    [`plugins/${id}/locales/en-US.json`]: json({
      title: `New area ${id}`, views: { list: 'Businesses' },
      columns: { name: 'Name', id: 'ID', verification: 'Verification' },
      actions: { readField: { title: 'Read a field', fields: { field: 'Field' }, enum: { field: { name: 'Name', verification_status: 'Verification', created_time: 'Created' } }, errors: { field: 'Choose the field to read' }, output: { value: 'Value' } } },
      calls: { list: 'Reading your businesses', field: "Reading a business's fields" },
    }),
    // the area's tests live in its folder (vitest's unit project runs plugins/*/tests/*.test.ts(x))
    [`plugins/${id}/tests/${id}-plugin.test.tsx`]: `// The ${id} area inside the real kernel, against the graph sandbox over HTTP (scaffolded by npm run new:plugin).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderWithKernel } from '../../../tests/harness/render-with-kernel';
import { startSandbox, type Sandbox } from '../../../tests/sandbox/harness';
import { createDemoTransport } from '../../../src/kernel/bridge/demo-transport';
import { createBridge } from '../../../src/kernel/bridge/bridge';
import { createRegistry } from '../../../src/kernel/plugin/registry';
import area from '..';

let sandbox: Sandbox;
beforeAll(async () => { sandbox = await startSandbox({ scale: 'small' }); });
afterAll(async () => sandbox?.close());

describe('the ${id} area', () => {
  it('is a valid plugin whose list shows the sandbox\\'s businesses', async () => {
    const transport = createDemoTransport({ graphBase: sandbox.base, latestVersion: async () => '1.0.0' });
    await renderWithKernel({ plugins: [area], route: '/${id}/index', locale: 'en-US', transport });
    await waitFor(() => expect(document.querySelectorAll('[data-row-id]').length).toBeGreaterThan(0), { timeout: 20_000 });
  }, 30_000);

  it('reads a field of a business through its action', async () => {
    const [plugin] = createRegistry({ area: { default: area } }).plugins;
    const action = plugin.actions.find((a) => a.id === '${id}.readField')!;
    const handlers = await action.load();
    const bridge = createBridge(createDemoTransport({ graphBase: sandbox.base, latestVersion: async () => '1.0.0' }));
    const business = [...sandbox.state.data.businesses.values()][0];
    const out = await handlers.run({ id: business.id }, { field: 'name' }, { signal: new AbortController().signal, progress: () => {}, bridge, requestId: 'test' });
    expect(out).toEqual({ value: business.name });
  });
});
`,
  };
}

/** The area's section of the allow-list of platform calls (docs/PLUGINS.md, "Adding a platform call"). */
export function allowListSection(id) {
  return `import type { AllowListSection } from './types';

const G = 'graph.facebook.com' as const;

/** plugins/${id}: its loader (load.ts) and its action (actions/read-field.ts). */
export const ${id}: AllowListSection = {
  area: '${id}',
  calls: [
    { what: 'my businesses', host: G, method: 'GET', path: '/{v}/me/businesses' },
    { what: 'my businesses (next pages)', host: G, method: 'GET', path: '/{v}/{id}/businesses' },
    { what: 'a field of a business', host: G, method: 'GET', path: '/{v}/{id}' },
  ],
};
`;
}

/** protocol/allow-list/index.ts with the area's section imported and joined to the list. */
export function registerAllowListSection(indexText, id) {
  const lines = indexText.split('\n');
  const lastImport = lines.reduce((at, line, i) => (/^import .* from '\.\/[^']+';$/.test(line) ? i : at), -1);
  if (lastImport < 0) throw new Error('protocol/allow-list/index.ts: no import to add the section after');
  lines.splice(lastImport + 1, 0, `import { ${id} } from './${id}';`);
  const joined = lines.join('\n');
  const sections = /(ALLOW_LIST_SECTIONS: readonly AllowListSection\[\] = \[)([^\]]*)(\])/;
  if (!sections.test(joined)) throw new Error('protocol/allow-list/index.ts: no ALLOW_LIST_SECTIONS array');
  return joined.replace(sections, (_all, open, items, close) => `${open}${items.trim()}, ${id}${close}`);
}

export function scaffold(id, dir = root) {
  if (!/^[a-z][a-z0-9]{1,31}$/.test(id ?? '')) throw new Error('usage: npm run new:plugin <id>  (lower-case letters and digits, 2–32 characters, starting with a letter)');
  if (fs.existsSync(path.join(dir, 'plugins', id))) throw new Error(`plugins/${id} already exists`);
  const sectionFile = path.join(dir, 'protocol/allow-list', `${id}.ts`);
  if (fs.existsSync(sectionFile)) throw new Error(`protocol/allow-list/${id}.ts already exists`);
  const files = { ...scaffoldFiles(id), [`protocol/allow-list/${id}.ts`]: allowListSection(id) };
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(dir, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  // Its calls join the one allow-list the extension and the demo transport enforce.
  const index = path.join(dir, 'protocol/allow-list/index.ts');
  fs.writeFileSync(index, registerAllowListSection(fs.readFileSync(index, 'utf8'), id));
  return [...Object.keys(files), 'protocol/allow-list/index.ts'];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const written = scaffold(process.argv[2]);
    console.log(`created:\n  ${written.join('\n  ')}\nnext: npm run schemas && npx vitest run --project unit plugins/${process.argv[2]}/tests (docs/PLUGINS.md)`);
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
