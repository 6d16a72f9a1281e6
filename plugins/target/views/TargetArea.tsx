import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Button, ButtonGroup, Callout, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner, Tab, Tabs, Tag, Tree, type TreeNodeInfo,
} from '@blueprintjs/core';
import { recordRecent, DataTable, ReplyChanged, SharedListsNote, showToast, useApi, useBridge, useKernel, useSharedListsReadOnly, type ViewProps } from '@kernel';
import type { TFunction } from 'i18next';
import { browseAccounts, browseTaxonomy, defaultAccount, searchInterests, type AccountChoice } from '../api';
import { interestColumns } from '../columns';
import { csvName, downloadCsv, interestsCsv } from '../csv';
import { audienceRange, pathText, type Interest } from '../interest';
import { addToList, createList, deleteList, removeFromList, useSavedLists } from '../lists';
import { buildTaxonomy, filterTaxonomy, interestsUnder, type TaxonomyNode } from '../tree';
import './target.css';

const getId = (i: Interest) => i.id;

/**
 * The area's view: the screen on its route, compact in a tile. A tile following an ad-account tile
 * (`follow.rowType` in plugin.json) browses the taxonomy of the first selected ad account.
 */
export default function TargetView({ placement, followedSelection }: ViewProps) {
  const account = followedSelection?.rowType === 'adaccount' ? followedSelection.ids[0] : undefined;
  return <TargetArea compact={placement === 'tile'} followed={account ? { account, count: followedSelection!.ids.length } : null} />;
}

/** The ad account a followed selection names (the first of `count` selected). */
interface FollowedAccount { account: string; count: number }

/**
 * The interest-targeting screen: search (limit 500) and browse (an ad account's taxonomy as a tree);
 * interests picked in either stay selected across searches; the selection goes into saved lists,
 * which export as CSV and copy their ids.
 */
export function TargetArea({ compact = false, followed = null }: { compact?: boolean; followed?: FollowedAccount | null }) {
  const { t, i18n } = useTranslation('target');
  const bridge = useBridge();
  const api = useApi();
  const { store } = useKernel();
  const [tab, setTab] = useState<'search' | 'browse'>('search');
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Interest[]>([]);
  const [searched, setSearched] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Map<string, Interest>>(new Map());
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  // a newly followed ad account opens its taxonomy
  useEffect(() => { if (followed?.account) setTab('browse'); }, [followed?.account]);

  const columns = useMemo(() => interestColumns(t, i18n.language), [t, i18n.language]);
  const search = async () => {
    const q = query.trim();
    if (!q || !bridge) return;
    abort.current?.abort();
    const ctl = new AbortController();
    abort.current = ctl;
    setBusy(true);
    setError(null);
    try {
      const rows = await searchInterests(bridge, q, { signal: ctl.signal });
      setResults(rows);
      setSearched(q);
    } catch (e) {
      if (!ctl.signal.aborted) setError(errorText(e, t));
    } finally {
      if (abort.current === ctl) setBusy(false);
    }
  };

  // the table's selection is the part of the cross-search selection that is among these results
  const tableSelection = useMemo(() => new Set(results.filter((r) => selected.has(r.id)).map(getId)), [results, selected]);
  const onSelectionChange = useCallback((ids: ReadonlySet<string>) => {
    setSelected((before) => {
      const next = new Map(before);
      for (const r of results) {
        if (ids.has(r.id)) next.set(r.id, r);
        else next.delete(r.id);
      }
      return next;
    });
  }, [results]);
  const toggle = useCallback((items: readonly Interest[], on: boolean) => {
    setSelected((before) => {
      const next = new Map(before);
      for (const i of items) { if (on) next.set(i.id, i); else next.delete(i.id); }
      return next;
    });
  }, []);

  const picked = useMemo(() => [...selected.values()], [selected]);
  return (
    <div className={`target-area${compact ? ' target-area--compact' : ''}`} data-testid="target-area">
      <div className="target-area__main">
        <Tabs id="target-tabs" selectedTabId={tab} onChange={(id) => setTab(id as 'search' | 'browse')} renderActiveTabPanelOnly>
          <Tab id="search" title={t('tabs.search')} data-testid="target-tab-search" panel={(
            <div className="target-area__panel">
              <form className="target-area__searchbar" onSubmit={(e) => { e.preventDefault(); void search(); }}>
                <InputGroup leftIcon="search" placeholder={t('search.placeholder')} value={query} onChange={(e) => setQuery(e.target.value)}
                  data-testid="target-query" aria-label={t('search.placeholder')} fill />
                <Button type="submit" intent="primary" text={t('search.button')} loading={busy} data-testid="target-search" />
              </form>
              {error && <Callout intent="danger" compact>{error}</Callout>}
              {searched !== null && !error && (
                <div className="bp6-text-muted" data-testid="target-result-count">{t('search.count', { count: results.length, query: searched })}</div>
              )}
              <div className="target-area__table">
                <DataTable viewId="target.results" rows={results} columns={columns} getRowId={getId} loading={busy && results.length === 0}
                  selection={tableSelection} onSelectionChange={onSelectionChange} exportFileName="interests"
                  emptyText={searched === null ? t('search.hint') : t('search.none')} />
              </div>
            </div>
          )} />
          <Tab id="browse" title={t('tabs.browse')} data-testid="target-tab-browse" panel={<BrowsePanel selected={selected} onToggle={toggle} followed={followed} />} />
        </Tabs>
      </div>
      <aside className="target-area__side">
        <SelectionPanel picked={picked} onClear={() => setSelected(new Map())} onRemove={(i) => toggle([i], false)}
          onAdd={(listId, name) => {
            const n = addToList(store, listId, picked);
            recordRecent(api, 'target', { record_id: listId, record_name: name });
            void showToast(t('lists.added', { count: n, name }), 'success');
          }}
          onCreate={(name) => createList(store, name)} />
        <SavedLists />
      </aside>
    </div>
  );
}

function copyText(text: string, done: string) {
  void navigator.clipboard?.writeText(text).then(() => showToast(done, 'success'), () => showToast(text.slice(0, 200), 'warning'));
}

function SelectionPanel({ picked, onClear, onRemove, onAdd, onCreate }: {
  picked: Interest[]; onClear: () => void; onRemove: (i: Interest) => void; onAdd: (listId: string, name: string) => void; onCreate: (name: string) => string;
}) {
  const { t, i18n } = useTranslation('target');
  const { store } = useKernel();
  const lists = useSavedLists(store);
  const readOnly = useSharedListsReadOnly();
  const [target, setTarget] = useState('');
  const [newName, setNewName] = useState('');
  const chosen = lists.find((l) => l.id === target) ?? null;
  const add = () => {
    if (!picked.length) return;
    if (chosen) { onAdd(chosen.id, chosen.name); return; }
    const name = newName.trim() || t('lists.defaultName', { n: lists.length + 1 });
    const id = onCreate(name);
    setTarget(id);
    setNewName('');
    onAdd(id, name);
  };
  return (
    <section className="target-side" data-testid="target-selection">
      <h4 className="target-side__title">{t('selection.title')} <Tag round minimal data-testid="target-selected-count">{picked.length}</Tag></h4>
      {picked.length === 0 ? <p className="bp6-text-muted">{t('selection.empty')}</p> : (
        <ul className="target-side__items">
          {picked.slice(0, 200).map((i) => (
            <li key={i.id} title={pathText(i)}>
              <span className="target-side__name">{i.name}</span>
              <span className="bp6-text-muted"> {audienceRange(i, i18n.language)}</span>
              <Button size="small" variant="minimal" icon="cross" aria-label={t('selection.remove', { name: i.name })} onClick={() => onRemove(i)} />
            </li>
          ))}
        </ul>
      )}
      <div className="target-side__row">
        <HTMLSelect value={target} onChange={(e) => setTarget(e.target.value)} aria-label={t('lists.pick')} data-testid="target-list-pick">
          <option value="">{t('lists.newList')}</option>
          {lists.map((l) => <option key={l.id} value={l.id}>{l.name}</option>)}
        </HTMLSelect>
        {!chosen && <InputGroup size="small" placeholder={t('lists.namePlaceholder')} value={newName} onChange={(e) => setNewName(e.target.value)} data-testid="target-list-name" aria-label={t('lists.namePlaceholder')} />}
      </div>
      <ButtonGroup>
        <Button icon="add-to-artifact" intent="primary" text={t('selection.addToList')} disabled={!picked.length || readOnly} onClick={add} data-testid="target-add-to-list" />
        <Button icon="duplicate" text={t('selection.copyIds')} disabled={!picked.length} onClick={() => copyText(picked.map((i) => i.id).join('\n'), t('copied', { count: picked.length }))} data-testid="target-copy-selected" />
        <Button icon="cross" text={t('selection.clear')} disabled={!picked.length} onClick={onClear} />
      </ButtonGroup>
    </section>
  );
}

function SavedLists() {
  const { t, i18n } = useTranslation('target');
  const { store } = useKernel();
  const lists = useSavedLists(store);
  const readOnly = useSharedListsReadOnly();
  const [openId, setOpenId] = useState('');
  const list = lists.find((l) => l.id === openId) ?? lists[0] ?? null;
  return (
    <section className="target-side" data-testid="target-lists">
      <h4 className="target-side__title">{t('lists.title')} <Tag round minimal>{lists.length}</Tag></h4>
      <SharedListsNote />
      {!list ? <p className="bp6-text-muted">{t('lists.empty')}</p> : (
        <>
          <HTMLSelect value={list.id} onChange={(e) => setOpenId(e.target.value)} aria-label={t('lists.open')} data-testid="target-list-open" fill>
            {lists.map((l) => <option key={l.id} value={l.id}>{t('lists.option', { name: l.name, count: l.items.length })}</option>)}
          </HTMLSelect>
          <ButtonGroup className="target-side__row">
            <Button icon="export" text={t('lists.export')} disabled={!list.items.length} data-testid="target-list-export"
              onClick={() => { void interestsCsv(list.items, t).then((csv) => downloadCsv(csvName(list.name), csv)); }} />
            <Button icon="duplicate" text={t('lists.copyIds')} disabled={!list.items.length} data-testid="target-list-copy"
              onClick={() => copyText(list.items.map((i) => i.id).join('\n'), t('copied', { count: list.items.length }))} />
            <Button icon="trash" intent="danger" text={t('lists.delete')} disabled={readOnly} onClick={() => { deleteList(store, list.id); setOpenId(''); }} data-testid="target-list-delete" />
          </ButtonGroup>
          <HTMLTable compact striped className="target-side__table" data-testid="target-list-items">
            <tbody>
              {list.items.map((i) => (
                <tr key={i.id} data-interest-id={i.id}>
                  <td title={pathText(i)}>{i.name}</td>
                  <td className="bp6-text-muted">{audienceRange(i, i18n.language)}</td>
                  <td><Button size="small" variant="minimal" icon="cross" disabled={readOnly} aria-label={t('selection.remove', { name: i.name })} onClick={() => removeFromList(store, list.id, [i.id])} /></td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}
    </section>
  );
}

function BrowsePanel({ selected, onToggle, followed }: { selected: ReadonlyMap<string, Interest>; onToggle: (items: readonly Interest[], on: boolean) => void; followed: FollowedAccount | null }) {
  const { t, i18n } = useTranslation('target');
  const bridge = useBridge();
  const [accounts, setAccounts] = useState<AccountChoice[] | null>(null);
  const [account, setAccount] = useState<string | null>(null);
  const [items, setItems] = useState<Interest[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const [expanded, setExpanded] = useState<Set<string>>(new Set());

  useEffect(() => {
    if (!bridge) return;
    const ctl = new AbortController();
    browseAccounts(bridge, { signal: ctl.signal }).then((list) => {
      setAccounts(list);
      setAccount((a) => a ?? defaultAccount(list));
    }, (e) => { if (!ctl.signal.aborted) setError(errorText(e, t)); });
    return () => ctl.abort();
  }, [bridge]);
  // following an ad-account tile: its first selected account, whenever that selection changes
  const followedAccount = followed?.account ?? null;
  useEffect(() => { if (followedAccount) setAccount(followedAccount); }, [followedAccount]);
  const choices = useMemo(() => {
    const list = accounts ?? [];
    return followedAccount && !list.some((a) => a.id === followedAccount) ? [{ id: followedAccount, name: followedAccount, account_status: 1 }, ...list] : list;
  }, [accounts, followedAccount]);
  useEffect(() => {
    if (!bridge || !account) return;
    const ctl = new AbortController();
    setItems(null);
    setError(null);
    browseTaxonomy(bridge, account, { signal: ctl.signal }).then(setItems, (e) => { if (!ctl.signal.aborted) setError(errorText(e, t)); });
    return () => ctl.abort();
  }, [bridge, account]);

  const tree = useMemo(() => (items ? buildTaxonomy(items) : []), [items]);
  const shown = useMemo(() => filterTaxonomy(tree, filter), [tree, filter]);
  const toNode = (n: TaxonomyNode): TreeNodeInfo<TaxonomyNode> => {
    const on = n.interest ? selected.has(n.interest.id) : false;
    const isExpanded = !n.interest && (expanded.has(n.key) || (filter.trim() !== '' && n.count <= 200));
    return {
      id: n.key, label: n.label, nodeData: n,
      icon: n.interest ? (on ? 'tick-circle' : 'circle') : isExpanded ? 'folder-open' : 'folder-close',
      isSelected: on,
      isExpanded,
      hasCaret: !n.interest,
      secondaryLabel: n.interest ? <span className="bp6-text-muted">{audienceRange(n.interest, i18n.language)}</span>
        : <Button size="small" variant="minimal" text={t('browse.selectAll', { count: n.count })} onClick={(e) => { e.stopPropagation(); onToggle(interestsUnder(n), true); }} />,
      childNodes: isExpanded ? n.children.slice(0, 500).map(toNode) : undefined,
    };
  };
  const contents = shown.map(toNode);
  const flip = (node: TreeNodeInfo<TaxonomyNode>) => {
    const n = node.nodeData!;
    if (n.interest) { onToggle([n.interest], !selected.has(n.interest.id)); return; }
    setExpanded((s) => { const next = new Set(s); if (next.has(n.key)) next.delete(n.key); else next.add(n.key); return next; });
  };

  return (
    <div className="target-area__panel" data-testid="target-browse">
      <div className="target-area__searchbar">
        <HTMLSelect value={account ?? ''} onChange={(e) => setAccount(e.target.value)} aria-label={t('browse.account')} data-testid="target-browse-account" disabled={!choices.length}>
          {choices.map((a) => <option key={a.id} value={a.id}>{`${a.name ? `${a.name} (${a.id})` : a.id}${a.account_status === 1 ? '' : ` · ${t('browse.inactive')}`}`}</option>)}
        </HTMLSelect>
        <InputGroup leftIcon="filter" placeholder={t('browse.filter')} value={filter} onChange={(e) => setFilter(e.target.value)} aria-label={t('browse.filter')} fill />
      </div>
      {followed && account === followed.account && (
        <div className="bp6-text-muted" data-testid="target-browse-followed">{t('browse.following', { count: followed.count })}</div>
      )}
      {error && <Callout intent="danger" compact>{error}</Callout>}
      {accounts && choices.length === 0 && <NonIdealState icon="credit-card" description={t('browse.noAccount')} />}
      {account && !items && !error && <Spinner size={24} />}
      {items && (
        <div className="target-area__tree">
          <Tree contents={contents} onNodeClick={flip} onNodeExpand={flip} onNodeCollapse={flip} />
        </div>
      )}
    </div>
  );
}

/**
 * A failed read in the operator's words: a reply without the fields the area relies on is said so (the
 * kernel's sentence, as a list says it), never shown as rows of empty cells; else the platform's message.
 */
function errorText(e: unknown, t: TFunction): string {
  if (e instanceof ReplyChanged) return t('check.listChanged', { ns: 'kernel', fields: e.problems.map((p) => p.field).join(', ') });
  return e instanceof Error ? e.message : String(e);
}
