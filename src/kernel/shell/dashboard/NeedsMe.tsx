import { useCallback, useEffect, useState } from 'react';
import { AnchorButton, Button, Callout, Card, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useApi, useKernel } from '../../KernelProvider';
import { getItem } from '../../storage';
import { useExtensionState, type ExtensionState } from '../../bridge/extension-status';
import { FACEBOOK_LOGIN_URL } from '../../bridge/ExtensionDialogs';
import { useRunner, actionTitle } from '../../runner/RunnerHost';
import { useJobs } from '../../runner/use-jobs';
import type { JobRow } from '../../runner/types';
import type { Announcement } from '../NotificationBell';

/** How many unseen notifications the dashboard shows (the bell lists them all). */
export const NEEDS_ME_NOTIFICATIONS = 3;

/** What the extension and the social session need from the operator, as the dashboard dialogs say it (docs/SPEC.md section 4). */
export function extensionNeeds(ext: ExtensionState): 'install' | 'update' | 'optionalUpdate' | 'login' | null {
  if (ext.status === 'needInstall') return 'install';
  if (ext.status === 'needUpdate') return 'update';
  if (ext.identityChecked && ext.identity === null && ext.status !== 'loading') return 'login';
  if (ext.status === 'needChoseUpdate') return 'optionalUpdate';
  return null;
}

/** A row of cards: the extension and session warnings, jobs waiting or running, unseen notifications. */
export function NeedsMe() {
  const { t } = useTranslation();
  const ext = useExtensionState();
  const runner = useRunner();
  const jobs = useJobs(runner).filter((j) => j.status === 'running' || j.status === 'paused' || j.status === 'interrupted');
  const notes = useUnseen();
  const need = extensionNeeds(ext);
  const nothing = !need && jobs.length === 0 && notes.list.length === 0;
  return (
    <section className="tessera-needs-me" data-testid="needs-me" aria-label={t('dashboard.needsMe')}>
      {need && <ExtensionCard need={need} ext={ext} />}
      {jobs.map((job) => <JobNeedCard key={job.id} job={job} />)}
      {notes.list.slice(0, NEEDS_ME_NOTIFICATIONS).map((m) => (
        <Card key={m.id} compact className="tessera-need" data-testid="needs-me-notification" data-notification-id={m.id}>
          <div className="tessera-need-head"><Tag minimal intent="primary" icon="notifications">{t('dashboard.notification')}</Tag></div>
          <strong className="tessera-need-title">{m.title}</strong>
          <div className="tessera-need-body">{m.content}</div>
          <Button size="small" variant="minimal" icon="tick" text={t('notifications.markSeen')} onClick={() => void notes.markSeen(m.id)} />
        </Card>
      ))}
      {notes.list.length > NEEDS_ME_NOTIFICATIONS && (
        <Card compact className="tessera-need">{t('dashboard.moreNotifications', { count: notes.list.length - NEEDS_ME_NOTIFICATIONS })}</Card>
      )}
      {notes.failed && <Callout compact intent="warning" className="tessera-need">{t('dashboard.notificationsFailed')}</Callout>}
      {nothing && !notes.failed && <Card compact className="tessera-need tessera-need-calm" data-testid="needs-me-nothing">{t('dashboard.nothingNeeded')}</Card>}
    </section>
  );
}
NeedsMe.displayName = 'NeedsMe';

function ExtensionCard({ need, ext }: { need: NonNullable<ReturnType<typeof extensionNeeds>>; ext: ExtensionState }) {
  const { t } = useTranslation();
  const downloadUrl = ext.latest?.url || undefined;
  const text = {
    install: [t('extension.installTitle'), t('extension.installBody')],
    update: [t('extension.forcedTitle'), t('extension.forcedBody', { current: ext.version ?? '?', latest: ext.latest?.version ?? '?' })],
    optionalUpdate: [t('extension.optionalTitle', { latest: ext.latest?.version ?? '' }), t('extension.optionalBody')],
    login: [t('extension.loginTitle'), t('extension.loginBody')],
  }[need];
  return (
    <Card compact className="tessera-need" data-testid="needs-me-extension" data-need={need}>
      <div className="tessera-need-head"><Tag minimal intent={need === 'optionalUpdate' ? 'primary' : 'danger'} icon="warning-sign">{t('dashboard.extension')}</Tag></div>
      <strong className="tessera-need-title">{text[0]}</strong>
      <div className="tessera-need-body">{text[1]}</div>
      {need === 'login'
        ? <AnchorButton size="small" intent="primary" icon="log-in" text={t('extension.toLogin')} href={FACEBOOK_LOGIN_URL} target="_blank" rel="noopener noreferrer" />
        : <AnchorButton size="small" intent="primary" icon="download" text={t(need === 'install' ? 'extension.toDownload' : 'extension.download')} href={downloadUrl} target="_blank" rel="noopener noreferrer" disabled={!downloadUrl} />}
    </Card>
  );
}

function JobNeedCard({ job }: { job: JobRow }) {
  const { t } = useTranslation();
  const runner = useRunner();
  const { allPlugins } = useKernel();
  const waiting = job.status !== 'running';
  const missing = waiting ? runner.missingSecrets(job.id) : [];
  const finished = job.done + job.failed + job.skipped + job.unknown;
  return (
    <Card compact className="tessera-need" data-testid="needs-me-job" data-job-id={job.id} data-job-status={job.status}>
      <div className="tessera-need-head">
        <Tag minimal intent={waiting ? 'warning' : 'success'} icon={waiting ? 'pause' : 'play'}>{t(`runner.status.${job.status}`)}</Tag>
      </div>
      <strong className="tessera-need-title">{actionTitle(allPlugins, job.actionId, t)}</strong>
      <div className="tessera-need-body">{t('dashboard.jobProgress', { finished, total: job.total, failed: job.failed })}</div>
      {missing.length > 0 && <div className="tessera-need-body">{t('dashboard.jobNeedsSecret')}</div>}
      {waiting && missing.length === 0 && <Button size="small" intent="primary" icon="play" text={t('runner.resume')} onClick={() => void runner.resume(job.id)} />}
    </Card>
  );
}

/** The server's unseen notifications for this user and social identity (the calls of NotificationBell). */
function useUnseen() {
  const api = useApi();
  const [list, setList] = useState<Announcement[]>([]);
  const [failed, setFailed] = useState(false);
  const load = useCallback(async () => {
    try {
      const data = await api.get<{ list: Announcement[] }>('/api/message_notification/unseen', { query: { fbid: getItem('fbid') } });
      setList(Array.isArray(data.list) ? data.list : []);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [api]);
  useEffect(() => { void load(); }, [load]);
  const markSeen = async (id: number) => {
    setList((l) => l.filter((m) => m.id !== id));
    await api.post('/api/message_notification/update_message_to_seen', undefined, { query: { fbid: getItem('fbid'), identity: id } }).catch(() => undefined);
    await load();
  };
  return { list, failed, markSeen };
}
