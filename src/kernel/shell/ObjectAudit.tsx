import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Callout, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useKernel } from '../KernelProvider';
import { formatCount } from '../code-words';
import { API, apiGet } from '../api/endpoints';
import { useActiveOrg } from '../core/active-org';
import type { AuditEntry, AuditPage } from '../../../protocol/api/audit';
import type { JobRecordOutcome } from '../../../protocol/api/jobs';

// An object's audit entries in its detail panel (docs/TEAMS.md, "The audit log"): what Tessera's jobs wrote
// to it, by whom, as which platform identity, how each write ended, its values before and after and the
// job's parameters (the browser never sends the secret ones: src/kernel/runner/job-records.ts). The server
// answers only what the caller may read (server/routes/audit.ts): in a team, an owner or admin everyone's
// entries made in it, a member their own; on one's own work, the user's own. Everything is text.

/** Entries read per request ("Load more" reads the next ones). */
export const OBJECT_AUDIT_PAGE = 20;

const OUTCOME_INTENT: Record<JobRecordOutcome, Intent> = {
  done: Intent.SUCCESS, failed: Intent.DANGER, skipped: Intent.NONE, unknown: Intent.WARNING,
};

/** A recorded value as text: "—" for none, JSON for a list or an object, else the value itself. */
export function auditValueText(v: unknown, none = '—'): string {
  if (v === null || v === undefined || v === '') return none;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * The fields a write changed, each with its value before and after: the fields the state after names whose
 * value differs (a field only the state before names was not read after, not removed); with no state
 * after (an object deleted), the state before's.
 */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): { field: string; before: unknown; after: unknown }[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  return Object.keys(entry.after ? after : before)
    .filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
    .map((f) => ({ field: f, before: before[f], after: after[f] }));
}

/** An action's title in the operator's language, when a loaded plugin declares it; else its id. */
export function useActionTitle(): (actionId: string) => string {
  const { allPlugins } = useKernel();
  const { i18n } = useTranslation();
  return useCallback((actionId: string) => {
    for (const p of allPlugins) {
      const a = p.actions.find((x) => x.id === actionId);
      if (a && i18n.exists(a.titleKey, { ns: a.pluginId })) return String(i18n.t(a.titleKey, { ns: a.pluginId }));
    }
    return actionId;
    // i18n.language: the titles follow a change of language
  }, [allPlugins, i18n, i18n.language]);
}

interface Loaded { list: AuditEntry[]; total: number; capped: boolean; page: number; more: boolean }

/**
 * The object's entries, newest first, read when the part is shown (the panel's audit tab): the first
 * page, then the next on "Load more". Another team (switched here or in another tab) starts over.
 */
export function ObjectAudit({ id }: { id: string }) {
  const org = useActiveOrg();
  return <AuditOf key={`${org?.id ?? 0}:${id}`} id={id} />;
}

function AuditOf({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const { api } = useKernel();
  const org = useActiveOrg();
  const titleOf = useActionTitle();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const read = useCallback(async (page: number) => {
    const answer: AuditPage = await apiGet(api, API.audit.search, { query: { object: id, page, pageSize: OBJECT_AUDIT_PAGE } });
    const list = Array.isArray(answer?.list) ? answer.list : [];
    return { list, total: Number(answer?.total) || 0, capped: answer?.totalCapped === true, page };
  }, [api, id]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    read(1).then(
      (first) => { if (live) { setLoaded({ ...first, more: hasMore(first, first.list.length) }); setLoading(false); } },
      (e: unknown) => { if (live) { setError(e instanceof Error ? e.message : String(e)); setLoading(false); } },
    );
    return () => { live = false; };
  }, [read, attempt]);

  const loadMore = () => {
    if (!loaded || loading) return;
    setLoading(true);
    setError(null);
    read(loaded.page + 1).then(
      (next) => {
        setLoaded((prev) => {
          const list = [...(prev?.list ?? []), ...next.list];
          return { ...next, list, more: hasMore(next, list.length) };
        });
        setLoading(false);
      },
      (e: unknown) => { setError(e instanceof Error ? e.message : String(e)); setLoading(false); },
    );
  };

  const scope = org ? t(org.role === 'owner' || org.role === 'admin' ? 'objectAudit.scopeTeamAll' : 'objectAudit.scopeTeamOwn', { team: org.name }) : t('objectAudit.scopeOwn');
  return (
    <section className="tessera-object-audit" data-object-audit={id}>
      <p className="bp6-text-muted tessera-object-audit__scope">
        {scope}{' '}
        <Button size="small" variant="minimal" icon="refresh" text={t('objectAudit.refresh')} disabled={loading} onClick={() => setAttempt((n) => n + 1)} data-object-audit-refresh />
      </p>
      {loaded && loaded.list.length > 0 && (
        <ol className="tessera-object-audit__list">
          {loaded.list.map((e) => <Entry key={`${e.job}/${e.item}/${e.attempt}/${e.at}`} entry={e} title={titleOf(e.action)} t={t} language={i18n.language} />)}
        </ol>
      )}
      {loaded && loaded.list.length === 0 && !error && (
        <p className="bp6-text-muted" data-object-audit-empty>{t(org ? 'objectAudit.emptyTeam' : 'objectAudit.empty')}</p>
      )}
      {error && (
        <Callout intent={Intent.WARNING} title={t('objectAudit.loadFailed')} data-object-audit-error>
          {error}{' '}<Button size="small" text={t('objectAudit.retry')} onClick={() => (loaded ? loadMore() : setAttempt((n) => n + 1))} />
        </Callout>
      )}
      {loading && <Spinner size={20} />}
      {loaded && loaded.list.length > 0 && (
        <div className="tessera-object-audit__paging">
          <span className="bp6-text-muted" data-object-audit-count>
            {t(loaded.capped ? 'objectAudit.shownOfAtLeast' : 'objectAudit.shownOf', { shown: formatCount(loaded.list.length, i18n.language), total: formatCount(loaded.total, i18n.language) })}
          </span>
          {loaded.more && !loading && !error && <Button size="small" icon="more" text={t('objectAudit.more')} onClick={loadMore} data-object-audit-more />}
        </div>
      )}
    </section>
  );
}

/** Whether entries are left after `shown` of them: under the count, or, past a capped count, while pages come back full. */
function hasMore(page: { list: AuditEntry[]; total: number; capped: boolean }, shown: number): boolean {
  if (page.capped) return page.list.length === OBJECT_AUDIT_PAGE;
  return shown < page.total && page.list.length > 0;
}

/** One write: the action and how it ended, when, who as which platform identity, the values before → after, the parameters. */
function Entry({ entry: e, title, t, language }: { entry: AuditEntry; title: string; t: TFunction; language: string }) {
  const changes = useMemo(() => auditChanges(e), [e]);
  const params = Object.entries(e.params ?? {});
  const when = new Date(e.at);
  const who = e.actor.name && e.actor.email ? t('objectAudit.person', { name: e.actor.name, email: e.actor.email }) : e.actor.name || e.actor.email;
  return (
    <li className="tessera-object-audit__entry" data-object-audit-entry={`${e.job}/${e.item}/${e.attempt}`}>
      <div className="tessera-object-audit__head">
        <strong className="tessera-object-audit__action" title={e.action}>{title}</strong>
        <Tag minimal intent={OUTCOME_INTENT[e.outcome] ?? Intent.NONE} data-object-audit-outcome={e.outcome}>
          {t(`objectAudit.outcomes.${e.outcome}`, { defaultValue: e.outcome })}
        </Tag>
        <span className="bp6-text-muted tessera-object-audit__when" title={e.at}>{Number.isNaN(when.getTime()) ? e.at : when.toLocaleString(language)}</span>
      </div>
      <div className="tessera-object-audit__who">
        {t('objectAudit.by', { who })}
        {e.fbid && <span className="bp6-text-muted">{' · '}{t('objectAudit.identity', { id: e.fbid })}</span>}
        <span className="bp6-text-muted">{' · '}{t('objectAudit.job', { job: e.job })}{e.attempt > 0 ? ` ${t('objectAudit.attempt', { n: e.attempt + 1 })}` : ''}</span>
      </div>
      {changes.length > 0 && (
        <dl className="tessera-object-audit__pairs" data-object-audit-changes>
          <dt className="bp6-text-muted">{t('objectAudit.changed')}</dt>
          {changes.map((c) => (
            <dd key={c.field} className="tessera-pre">{t('objectAudit.change', { field: c.field, before: auditValueText(c.before, t('objectAudit.none')), after: auditValueText(c.after, t('objectAudit.none')) })}</dd>
          ))}
        </dl>
      )}
      {params.length > 0 && (
        <dl className="tessera-object-audit__pairs" data-object-audit-params>
          <dt className="bp6-text-muted">{t('objectAudit.params')}</dt>
          {params.map(([k, v]) => <dd key={k} className="tessera-pre">{t('objectAudit.param', { name: k, value: auditValueText(v, t('objectAudit.none')) })}</dd>)}
        </dl>
      )}
    </li>
  );
}
