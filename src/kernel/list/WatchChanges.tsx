import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, Callout, HTMLSelect, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useKernel } from '../KernelProvider';
import { codeWord, formatCount } from '../code-words';
import type { LoadedPlugin, PluginWatch } from '../plugin/types';
import {
  API, WATCH_FIELDS, type WatchChange, type WatchChangesQuery, type WatchMember, type WatchType, type WatchValue,
} from '../../../protocol/api';

// The watch's changes in the operator's words (issue 34 item 2; docs/DECISIONS.md, "The watch: the
// client (issue 34)"): the change feed and the timeline of one object in a detail panel. What the
// platform named (names, codes) is rendered as text, never as HTML.

// the appeal evidence's button ships with the timeline (src/kernel/index.ts)
export { EvidenceButton } from './EvidenceButton';

interface GetClient { get: <T>(path: string, options?: { query?: Record<string, string | number | boolean | undefined> }) => Promise<T> }

/** The list fields whose member added from outside is flagged (a hijack looks like this): people, admins, partners, roles. */
const PEOPLE_FIELDS: ReadonlySet<string> = new Set(['users', 'admins', 'people', 'partners', 'roles']);

/** Whether a change is one the operator must look at: a person or partner added that no Tessera job added. */
export function addedFromOutside(c: WatchChange): boolean {
  return c.by === 'outside' && PEOPLE_FIELDS.has(c.field) && c.from === null && c.to !== null && typeof c.to === 'object';
}

/** The job id of a change a Tessera job made, else null. */
export function jobOf(c: WatchChange): string | null {
  return c.by.startsWith('job:') ? c.by.slice('job:'.length) : null;
}

export interface WatchChangesState {
  changes: WatchChange[] | null;
  loading: boolean;
  error: string | null;
  reload: () => void;
}

/**
 * How long after the server acknowledged a job's records, or took a round of snapshots, an open feed or
 * timeline reads again: a job's records and a list's snapshots come in bursts, read once after them.
 */
export const WATCH_REREAD_MS = 1_000;

/**
 * Reads again (`reload`) a while after the watch's data changed on the server: a job's records
 * acknowledged (a change the feed showed as from outside may now be the job's: the records can reach
 * the server after the snapshot) or a round of snapshots sent (new changes). Debounced.
 */
function useRereadOnWatchNews(reload: () => void) {
  const { bus } = useKernel();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const soon = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => { timer = null; reload(); }, WATCH_REREAD_MS);
    };
    bus.on('records:acknowledged', soon);
    bus.on('snapshots:sent', soon);
    return () => {
      bus.off('records:acknowledged', soon);
      bus.off('snapshots:sent', soon);
      if (timer) clearTimeout(timer);
    };
  }, [bus, reload]);
}

/** The operator's changes as the server answers them (`GET /api/watch/changes`), newest first; read again when the watch's data changed (see useRereadOnWatchNews). */
export function useWatchChanges(query: WatchChangesQuery): WatchChangesState {
  const { api } = useKernel();
  const [state, setState] = useState<{ changes: WatchChange[] | null; loading: boolean; error: string | null }>({ changes: null, loading: true, error: null });
  const [attempt, setAttempt] = useState(0);
  const { since, type, id, limit } = query;
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    (api as GetClient).get<WatchChange[]>(API.watch.changes.path, { query: { since, type, id, limit } })
      .then((changes) => { if (live) setState({ changes: Array.isArray(changes) ? changes : [], loading: false, error: null }); })
      .catch((e: unknown) => { if (live) setState({ changes: null, loading: false, error: e instanceof Error ? e.message : String(e) }); });
    return () => { live = false; };
  }, [api, since, type, id, limit, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  useRereadOnWatchNews(reload);
  return { ...state, reload };
}

/** The plugin that keeps a type, with its watch declaration (its words for the type's codes). */
export interface Owner { plugin: LoadedPlugin; watch: PluginWatch }

/** The plugin that keeps each type (its `watch`), by type. */
export function useOwners(): Map<string, Owner> {
  const { allPlugins } = useKernel();
  return useMemo(() => new Map(allPlugins.flatMap((p) => (p.watch ? [[p.watch.type, { plugin: p, watch: p.watch }] as const] : []))), [allPlugins]);
}

/** A field as a word: the kernel's word for the watch's field, else the field's own name. */
export function fieldWord(t: TFunction, field: string): string {
  return String(t(`watch.fields.${field}`, { defaultValue: field }));
}

function isMember(v: WatchValue | WatchMember): v is WatchMember {
  return v !== null && typeof v === 'object';
}

/** One side of a change as words: a code in the owner's words, a yes or no, a number in the language's digits; "—" for empty. */
export function valueWords(v: WatchValue | WatchMember, prefix: string | undefined, tOwner: TFunction | null, t: TFunction, language: string): string {
  if (v === null || v === '') return t('watch.none');
  if (isMember(v)) return memberWords(v, prefix, tOwner, t);
  if (prefix && tOwner) return codeWord(tOwner, prefix, v as string | number);
  if (typeof v === 'boolean') return t(v ? 'watch.yes' : 'watch.no');
  if (typeof v === 'number') return Number.isInteger(v) ? formatCount(v, language) : v.toLocaleString(language);
  return String(v);
}

/** One value of a field in the owner's words (a state, not a change: an alert's condition found at a first sighting). */
export function fieldValueWords(field: string, v: WatchValue | WatchMember, owner: Owner | undefined, tOwner: TFunction | null, t: TFunction, language: string): string {
  return valueWords(v, owner?.watch.words?.[field], tOwner, t, language);
}

function memberWords(m: WatchMember, prefix: string | undefined, tOwner: TFunction | null, t: TFunction): string {
  const who = m.name ? t('watch.member', { name: m.name, id: m.id }) : m.id;
  if (!m.role) return who;
  const role = prefix && tOwner ? codeWord(tOwner, prefix, m.role) : m.role;
  return t('watch.memberRole', { who, role });
}

/** What changed, in a sentence fragment: "Admin: Jane (Admin) added", "Status: Active → Disabled". */
export function changeWords(c: WatchChange, owner: Owner | undefined, tOwner: TFunction | null, t: TFunction, language: string): { field: string; what: string } {
  const field = fieldWord(t, c.field);
  const prefix = owner?.watch.words?.[c.field];
  const kind = (WATCH_FIELDS[c.object.type] as Record<string, string> | undefined)?.[c.field];
  if (kind === 'list' || isMember(c.from) || isMember(c.to)) {
    if (c.from === null && isMember(c.to)) return { field, what: t('watch.added', { member: memberWords(c.to, prefix, tOwner, t) }) };
    if (c.to === null && isMember(c.from)) return { field, what: t('watch.removed', { member: memberWords(c.from, prefix, tOwner, t) }) };
    if (isMember(c.from) && isMember(c.to)) {
      const role = (r?: string) => (r ? (prefix && tOwner ? codeWord(tOwner, prefix, r) : r) : t('watch.none'));
      return { field, what: t('watch.roleChanged', { who: c.to.name ?? c.from.name ?? c.to.id, from: role(c.from.role), to: role(c.to.role) }) };
    }
  }
  return { field, what: t('watch.fromTo', { from: valueWords(c.from, prefix, tOwner, t, language), to: valueWords(c.to, prefix, tOwner, t, language) }) };
}

/** Who made a change: a Tessera job and who started it, or someone outside Tessera (in red when a person or partner was added). */
export function Who({ change }: { change: WatchChange }) {
  const { t } = useTranslation();
  const { user } = useKernel();
  const job = jobOf(change);
  if (job) return <span data-watch-by="job">{t('watch.byJob', { job, who: user?.name || user?.email || t('watch.you') })}</span>;
  if (addedFromOutside(change)) return <Tag intent={Intent.DANGER} minimal data-watch-by="outside-danger">{t('watch.outside')}</Tag>;
  return <span data-watch-by="outside">{t('watch.outside')}</span>;
}

/** A declared link with the object's id in it: `{id}` as the watch names it (`act_123`), `{digits}` without its word (`123`). */
export function watchLink(template: string, id: string): string {
  return template.replace('{id}', encodeURIComponent(id)).replace('{digits}', encodeURIComponent(id.replace(/^[A-Za-z]+_/, '')));
}

export function ObjectCell({ change, owner }: { change: WatchChange; owner: Owner | undefined }) {
  const { t } = useTranslation();
  const { plugins } = useKernel();
  const kind = owner ? String(t(owner.watch.titleKey, { ns: owner.plugin.id })) : change.object.type;
  const name = change.object.name || change.object.id;
  const usable = owner && plugins.some((p) => p.id === owner.plugin.id);
  const link = usable && owner.watch.link ? watchLink(owner.watch.link, change.object.id) : null;
  return (
    <span>
      <span className="tessera-watch-kind">{kind}</span>{' '}
      {link ? <Link to={link} data-watch-link={change.object.id}>{name}</Link> : <span>{name}</span>}
      {name !== change.object.id && <span className="bp6-text-muted">{` (${change.object.id})`}</span>}
    </span>
  );
}

/** One change as a table row; `showObject` false in a detail panel (the panel is the object). */
function ChangeRow({ change, owner, showObject }: { change: WatchChange; owner: Owner | undefined; showObject: boolean }) {
  const { t, i18n } = useTranslation();
  const { t: tOwner } = useTranslation(owner?.plugin.id ?? 'kernel');
  const { field, what } = changeWords(change, owner, owner ? tOwner : null, t, i18n.language);
  return (
    <tr data-watch-change={`${change.object.type}:${change.object.id}:${change.field}`}>
      <td className="tessera-watch-when">{new Date(change.at).toLocaleString(i18n.language)}</td>
      {showObject && <td><ObjectCell change={change} owner={owner} /></td>}
      <td>{field}</td>
      <td>{what}</td>
      <td><Who change={change} /></td>
    </tr>
  );
}

export interface WatchChangeListProps {
  changes: readonly WatchChange[];
  /** Show which object each change is of (the feed); a detail panel's timeline leaves it out. */
  showObject?: boolean;
}

/** Changes as a table: when, the object (in the feed), the field, what changed, who. */
export function WatchChangeList({ changes, showObject = true }: WatchChangeListProps) {
  const { t } = useTranslation();
  const owners = useOwners();
  return (
    <HTMLTable compact striped className="tessera-watch-changes" style={{ width: '100%' }}>
      <thead>
        <tr>
          <th>{t('watch.when')}</th>
          {showObject && <th>{t('watch.object')}</th>}
          <th>{t('watch.field')}</th>
          <th>{t('watch.what')}</th>
          <th>{t('watch.who')}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((c, i) => <ChangeRow key={`${c.at}:${c.object.id}:${c.field}:${i}`} change={c} owner={owners.get(c.object.type)} showObject={showObject} />)}
      </tbody>
    </HTMLTable>
  );
}

function Loaded({ state, empty, children }: { state: WatchChangesState; empty: string; children: (changes: WatchChange[]) => ReactNode }) {
  const { t } = useTranslation();
  if (state.error) {
    return (
      <Callout intent={Intent.WARNING} title={t('watch.loadFailed')}>
        {state.error}{' '}<Button small text={t('watch.retry')} onClick={state.reload} />
      </Callout>
    );
  }
  if (!state.changes) return <Spinner size={20} />;
  if (!state.changes.length) return <p className="bp6-text-muted" data-watch-empty>{empty}</p>;
  return <>{children(state.changes)}</>;
}

/**
 * The timeline of one object in its detail panel: its changes, newest first, in the feed's words.
 * Areas show it, beside the object's audit entries, as `<ObjectHistory type="adaccount" id={account.id} />` (src/kernel/shell/ObjectHistory.tsx).
 */
export function WatchTimeline({ type, id }: { type: WatchType; id: string }) {
  const { t } = useTranslation();
  const state = useWatchChanges({ type, id, limit: 50 });
  return (
    <section className="tessera-watch-timeline" data-watch-timeline={`${type}:${id}`}>
      <Loaded state={state} empty={t('watch.timelineEmpty')}>
        {(changes) => <WatchChangeList changes={changes} showObject={false} />}
      </Loaded>
    </section>
  );
}

/** How far back the feed looks: "since" presets, in hours. */
const SINCE_HOURS = [1, 24, 24 * 7, 24 * 30] as const;

/** The start of yesterday in the browser's day (the feed's default "since yesterday"). */
export function startOfYesterday(now = Date.now()): Date {
  const d = new Date(now);
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() - 1);
  return d;
}

/**
 * The change feed: the operator's changes since a chosen time (default since yesterday), filtered by
 * type (the types some plugin keeps), newest first.
 */
export function WatchFeed() {
  const { t } = useTranslation();
  const owners = useOwners();
  const [since, setSince] = useState<string>('yesterday');
  const [type, setType] = useState<string>('');
  const [now, setNow] = useState(() => Date.now());
  const sinceIso = useMemo(
    () => (since === 'yesterday' ? startOfYesterday(now) : new Date(now - Number(since) * 3_600_000)).toISOString(),
    [since, now],
  );
  const state = useWatchChanges({ since: sinceIso, type: (type || undefined) as WatchType | undefined, limit: 500 });
  return (
    <div className="tessera-watch-feed" data-watch-feed>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 12, flexWrap: 'wrap' }}>
        <label>
          {t('watch.since')}{' '}
          <HTMLSelect value={since} onChange={(e) => { setSince(e.currentTarget.value); setNow(Date.now()); }} aria-label={t('watch.since')}>
            <option value="yesterday">{t('watch.sinceYesterday')}</option>
            {SINCE_HOURS.map((h) => <option key={h} value={String(h)}>{t('watch.sinceHours', { count: h })}</option>)}
          </HTMLSelect>
        </label>
        <label>
          {t('watch.type')}{' '}
          <HTMLSelect value={type} onChange={(e) => setType(e.currentTarget.value)} aria-label={t('watch.type')}>
            <option value="">{t('watch.allTypes')}</option>
            {[...owners.values()].map((o) => <option key={o.watch.type} value={o.watch.type}><TypeWord owner={o} /></option>)}
          </HTMLSelect>
        </label>
        <Button icon="refresh" text={t('watch.reload')} onClick={() => { setNow(Date.now()); state.reload(); }} />
      </div>
      {!state.changes && !state.error && state.loading ? <Spinner size={24} /> : (
        <Loaded state={state} empty={t('watch.feedEmpty')}>
          {(changes) => <WatchChangeList changes={changes} />}
        </Loaded>
      )}
      {!state.error && <p className="bp6-text-muted">{t('watch.feedNote')}</p>}
    </div>
  );
}

function TypeWord({ owner }: { owner: Owner }) {
  const { t } = useTranslation(owner.plugin.id);
  return <>{String(t(owner.watch.titleKey))}</>;
}
