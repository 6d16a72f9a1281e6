import './check.css';
import { useEffect, useMemo, useState } from 'react';
import { Button, Callout, HTMLTable, Tag, type Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useKernel } from '../KernelProvider';
import type { LoadedPlugin } from '../plugin/types';
import { useCheckProgress, usePlatformCheck } from './PlatformCheckHost';
import type { CallFamily } from '../plugin/call-families';
import type { CheckState } from './engine';
import { actionState, CHECK_TABLE, CHECKED_AT, isPast, readFindings, type StoredFinding } from './results';
import { findingText, fixText } from './text';

const INTENT: Record<CheckState | 'unchecked', Intent> = {
  working: 'success', changed: 'warning', failing: 'danger', notCheckable: 'none', noObject: 'none', unchecked: 'none',
};

interface Line {
  key: string;
  title: string;
  state: CheckState | 'unchecked';
  /** the findings that say what is wrong (failing or changed), else the latest one */
  shown: StoredFinding[];
}

/** The findings of the families a line relies on; a write-only line is not checkable. */
function lineOf(key: string, title: string, families: readonly CallFamily[], findings: ReadonlyMap<string, StoredFinding>): Line {
  const reads = families.filter((f) => f.kind !== 'write' && f.probe);
  if (!reads.length) return { key, title, state: families.length ? 'notCheckable' : 'unchecked', shown: [] };
  const found = reads.map((f) => findings.get(f.key)).filter((f): f is StoredFinding => !!f);
  const state = found.length < reads.length && !found.some((f) => f.state === 'failing' || f.state === 'changed') ? 'unchecked' : actionState(found);
  const bad = found.filter((f) => f.state === 'failing' || f.state === 'changed');
  return { key, title, state, shown: bad.length ? bad : found.filter((f) => f.state === state).slice(0, 1) };
}

/**
 * The platform check's screen (docs/PLATFORM-CHECK.md): per area, its list and each action — working,
 * reply changed, failing (the platform's words), not checkable, nothing to try it on — with what an
 * admin updates; "Check now" runs the whole check through background reads.
 */
export function PlatformCheckScreen() {
  const { t, i18n } = useTranslation();
  const { plugins, store, user } = useKernel();
  const check = usePlatformCheck();
  const progress = useCheckProgress();
  const admin = user?.role === 'admin';
  const [families, setFamilies] = useState<Map<string, CallFamily[]> | null>(null);
  const [stored, setFindings] = useState(() => readFindings(store));
  // a retired version the tab no longer calls with is past: its findings say nothing now
  const findings = useMemo(() => new Map([...stored].filter(([, f]) => !isPast(f, check?.version() ?? ''))), [stored, check]);
  const [checkedAt, setCheckedAt] = useState(() => store.getValue(CHECKED_AT));

  useEffect(() => {
    if (!check) return;
    let live = true;
    void Promise.all(plugins.map(async (p) => [p.id, await check.familiesOf(p).catch(() => [])] as const)).then((all) => {
      if (live) setFamilies(new Map(all));
    });
    return () => { live = false; };
  }, [check, plugins]);

  useEffect(() => {
    const table = store.addTableListener(CHECK_TABLE, () => setFindings(readFindings(store)));
    const value = store.addValueListener(CHECKED_AT, () => setCheckedAt(store.getValue(CHECKED_AT)));
    return () => { store.delListener(table); store.delListener(value); };
  }, [store]);

  const areas = useMemo(() => {
    if (!families) return [];
    return plugins.filter((p) => (families.get(p.id) ?? []).length > 0).map((p: LoadedPlugin) => {
      const own = families.get(p.id)!;
      const lines: Line[] = [];
      const listFamilies = own.filter((f) => f.list);
      if (listFamilies.length) lines.push(lineOf(`${p.id}:list`, t('check.list'), listFamilies, findings));
      for (const a of p.actions) lines.push(lineOf(a.id, t(a.titleKey, { ns: p.id }), own.filter((f) => f.actions?.includes(a.verb)), findings));
      return { plugin: p, lines };
    });
  }, [families, plugins, findings, t]);

  return (
    <div className="tessera-platform-check" data-testid="platform-check">
      <Callout compact icon="pulse" title={t('check.title')}>{t('check.intro')}</Callout>
      <div className="tessera-platform-check-bar">
        <Button intent="primary" icon="refresh" text={t('check.runNow')} loading={progress.running} disabled={!check || progress.running}
          onClick={() => void check?.run().catch(() => {})} data-testid="platform-check-run" />
        <span data-testid="platform-check-status" data-ended={progress.ended}>
          {progress.running
            ? t('check.running', { done: progress.done, total: progress.total })
            : typeof checkedAt === 'number' ? t('check.lastRun', { at: new Date(checkedAt).toLocaleString(i18n.language) }) : t('check.neverRun')}
        </span>
      </div>
      {progress.problem && !progress.running && <Callout compact intent="warning" data-testid="platform-check-problem">{t('check.unreachable')}</Callout>}
      <Summary findings={findings} admin={admin} />
      {areas.map(({ plugin, lines }) => (
        <section key={plugin.id} data-testid={`platform-check-area-${plugin.id}`}>
          <div className="tessera-platform-check-area">
            <h3>{t(plugin.titleKey, { ns: plugin.id })}</h3>
            <Button size="small" variant="minimal" icon="refresh" text={t('check.runArea')} disabled={!check || progress.running}
              onClick={() => void check?.run({ only: (f) => f.pluginId === plugin.id }).catch(() => {})} data-testid={`platform-check-run-${plugin.id}`} />
          </div>
          <HTMLTable compact striped className="tessera-platform-check-table">
            <thead><tr><th>{t('check.usedBy')}</th><th>{t('check.finding')}</th><th /><th>{t('check.checkedAt')}</th></tr></thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.key} data-testid={`platform-check-line-${line.key}`} data-state={line.state}>
                  <td>{line.title}</td>
                  <td><Tag minimal intent={INTENT[line.state]}>{t(`check.state.${line.state}`)}</Tag></td>
                  <td>
                    {line.shown.filter((f) => f.state === 'failing' || f.state === 'changed').map((f) => (
                      <div key={f.key}>
                        {/* a retired version's fix is said once, above */}
                        {findingText(f, t)}
                        {f.source === 'list' && <> ({t('check.foundByList')})</>}
                        {f.fix === 'document' && <div className="tessera-platform-check-fix"><strong>{fixText(f, t, admin)}</strong></div>}
                      </div>
                    ))}
                    {(line.state === 'notCheckable' || line.state === 'noObject') && <span className="bp6-text-muted">{t(`check.stateHelp.${line.state}`)}</span>}
                  </td>
                  <td>{line.shown[0] ? new Date(line.shown[0].at).toLocaleString(i18n.language) : ''}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </section>
      ))}
    </div>
  );
}
PlatformCheckScreen.displayName = 'PlatformCheckScreen';

/** What the findings mean as a whole: a retired version (said once), documents to update, replies that changed. */
function Summary({ findings, admin }: { findings: ReadonlyMap<string, StoredFinding>; admin: boolean }) {
  const { t } = useTranslation();
  const all = [...findings.values()];
  const version = all.find((f) => f.state === 'failing' && f.fix === 'version');
  const documents = [...new Set(all.filter((f) => f.state === 'failing' && f.fix === 'document' && f.document).map((f) => f.document!))].sort();
  const changed = all.filter((f) => f.state === 'changed').length;
  if (!version && !documents.length && !changed) return null;
  return (
    <div className="tessera-platform-check-summary" data-testid="platform-check-summary">
      {version && (
        <Callout compact intent="danger" icon="error" data-testid="platform-check-summary-version">
          {t('check.summaryVersion', { version: version.version ?? '', count: all.filter((f) => f.fix === 'version' && f.state === 'failing').length })}{' '}
          <strong>{fixText(version, t, admin)}</strong>
        </Callout>
      )}
      {documents.length > 0 && (
        <Callout compact intent="danger" icon="document" data-testid="platform-check-summary-documents">
          {t(admin ? 'check.summaryDocumentsAdmin' : 'check.summaryDocumentsOperator', { documents: documents.join(', ') })}
        </Callout>
      )}
      {changed > 0 && <Callout compact intent="warning" icon="changes" data-testid="platform-check-summary-changed">{t('check.summaryChanged', { count: changed })}</Callout>}
    </div>
  );
}
