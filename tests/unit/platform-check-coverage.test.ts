// Every area tells the platform check about every call it makes (plugins/<id>/probes.ts, the call
// families of src/kernel/plugin/call-families.ts): each action is served by at least one family, reads and
// queries can be tried (a probe) while writes never are, a query names a document the catalogue knows
// as a query, and each family has a name for the operator in both languages.
import { describe, expect, it } from 'vitest';
import { createRegistry } from '../../src/kernel/plugin/registry';
import type { CallFamilyDeclaration } from '../../src/kernel/plugin/call-families';
import type { LoadedPlugin, LocaleTree } from '../../src/kernel/plugin/types';
import { defaultSandboxCatalogue } from '../../sandbox/catalogue';

const registry = createRegistry(import.meta.glob('/plugins/*/index.ts', { eager: true }));
const locales = import.meta.glob<{ default: LocaleTree }>('/plugins/*/locales/*.json', { eager: true });
const LANGUAGES = ['zh-CN', 'en-US'] as const;
/** The reads' source: the family keys they check replies under (`expectRows('<area>.<family>', …)`). */
const reads = import.meta.glob<string>('/plugins/*/{api,load}.ts', { query: '?raw', import: 'default', eager: true });

/** The areas with a list or actions: each declares its call families (and so does any new area with actions). */
const KNOWN_AREAS = ['adaccount', 'adcomment', 'bm', 'friend', 'page', 'pixel', 'target'];
const AREAS = [...new Set([...KNOWN_AREAS, ...registry.plugins.filter((p) => p.actions.length || p.probes).map((p) => p.id)])].sort();

function has(tree: LocaleTree | undefined, key: string): boolean {
  let node: string | LocaleTree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' && node.trim().length > 0;
}

async function familiesOf(plugin: LoadedPlugin): Promise<CallFamilyDeclaration[]> {
  expect(plugin.probes, `${plugin.id} binds no probes module`).toBeTypeOf('function');
  return (await plugin.probes!()).default;
}

const verbsOf = (plugin: LoadedPlugin) => plugin.actions.map((a) => a.id.slice(plugin.id.length + 1));
const operations = defaultSandboxCatalogue().operations;
const kindOf = (operation: string) => {
  const id = operations[operation];
  return id === undefined ? undefined : defaultSandboxCatalogue().byDocId.get(id)?.kind;
};

describe('the platform check covers every call of every area', () => {
  const plugins = registry.plugins;

  it('every area with a list or actions declares call families', () => {
    expect(registry.refused).toEqual([]);
    expect(plugins.filter((p) => p.probes).map((p) => p.id).sort()).toEqual(AREAS);
    // a plugin with actions and no families would never be checked
    expect(plugins.filter((p) => p.actions.length && !p.probes).map((p) => p.id)).toEqual([]);
  });

  for (const id of AREAS) {
    describe(id, () => {
      const plugin = () => plugins.find((p) => p.id === id)!;

      it('names each action in a family, and only its own actions', async () => {
        const families = await familiesOf(plugin());
        const verbs = verbsOf(plugin());
        const served = new Set(families.flatMap((f) => f.actions ?? []));
        expect(verbs.filter((v) => !served.has(v)), 'actions no family serves').toEqual([]);
        expect([...served].filter((v) => !verbs.includes(v)), 'family actions the plugin does not have').toEqual([]);
      });

      it('has unique family ids, a probe on every read and query and none on writes', async () => {
        const families = await familiesOf(plugin());
        const ids = families.map((f) => f.id);
        expect(ids.filter((f, i) => ids.indexOf(f) !== i), 'repeated ids').toEqual([]);
        for (const f of families) {
          expect(['read', 'query', 'write'], f.id).toContain(f.kind);
          if (f.kind === 'write') expect(f.probe, `${f.id} is a write: never probed`).toBeUndefined();
          else expect(f.probe, `${f.id} has no probe`).toBeTypeOf('function');
        }
        // something serves the list or an action: a family that serves neither says nothing to an operator
        expect(families.some((f) => f.list), 'no family serves the list').toBe(true);
      });

      it('names for each query a document the catalogue knows as a query, and for each mutation one it knows', async () => {
        const families = await familiesOf(plugin());
        for (const f of families.filter((x) => x.kind === 'query')) {
          expect(f.document, `${f.id} names no document`).toBeTypeOf('string');
          expect(kindOf(f.document!), `${f.id}: ${f.document}`).toBe('query');
        }
        for (const f of families.filter((x) => x.kind !== 'query' && x.document)) {
          expect(kindOf(f.document!), `${f.id}: ${f.document}`).toBe('mutation');
        }
        // reads are Graph calls: they name no document
        expect(families.filter((f) => f.kind === 'read' && f.document).map((f) => f.id)).toEqual([]);
      });

      it('checks replies only under family keys it declares', async () => {
        const ids = new Set((await familiesOf(plugin())).map((f) => f.id));
        const keys = Object.entries(reads).filter(([path]) => path.startsWith(`/plugins/${id}/`))
          .flatMap(([, text]) => [...text.matchAll(new RegExp(`'${id}\\.([A-Za-z]+)'`, 'g'))].map((m) => m[1]!));
        expect(keys.length, 'the reads check their replies').toBeGreaterThan(0);
        expect([...new Set(keys)].filter((k) => !ids.has(k)), 'keys with no family').toEqual([]);
      });

      it('names each family in both languages', async () => {
        const families = await familiesOf(plugin());
        expect(families.filter((f) => f.titleKey !== `calls.${f.id}`).map((f) => f.id), 'titleKey is calls.<id>').toEqual([]);
        for (const lang of LANGUAGES) {
          const tree = locales[`/plugins/${id}/locales/${lang}.json`]?.default;
          expect(families.filter((f) => !has(tree, f.titleKey)).map((f) => f.titleKey), lang).toEqual([]);
        }
      });
    });
  }

  it('names in a family the GraphQL operations each action declares', async () => {
    // an action's declared operations (plugin.json `operations`) are what the admin's catalogue must hold; each one it uses is a family's document
    const missing: string[] = [];
    for (const id of AREAS) {
      const plugin = plugins.find((p) => p.id === id)!;
      const families = await familiesOf(plugin);
      for (const action of plugin.actions) {
        const verb = action.id.slice(id.length + 1);
        const documents = new Set(families.filter((f) => f.actions?.includes(verb)).map((f) => f.document));
        for (const op of action.operations ?? []) if (!documents.has(op)) missing.push(`${action.id}: ${op}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
