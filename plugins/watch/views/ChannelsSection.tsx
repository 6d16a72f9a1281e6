import { useCallback, useEffect, useState } from 'react';
import {
  Alert, Button, Callout, Card, Dialog, DialogBody, DialogFooter, FormGroup, H4, H5, HTMLSelect, HTMLTable, Icon, InputGroup, Spinner, Switch, Tag,
  type IconName,
} from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  API, WATCH_CHANNEL_KINDS, apiGet, apiPost, emailProblem, useApi, type WatchChannelBody, type WatchChannelKind, type WatchChannelView,
} from '@kernel';
import { TELEGRAM_CHAT, TELEGRAM_TOKEN, reasonOf } from './settings-model';
import { LoadFailed } from './LoadFailed';
import { useWatchScope } from './team-scope';

const KIND_ICONS: Record<WatchChannelKind, IconName> = { email: 'envelope', webhook: 'globe-network', slack: 'chat', telegram: 'send-message' };

/** A secret as the API shows it: its last 4 characters only (the rest never leaves the server). */
export const maskedSecret = (end: string | null) => (end ? `••••${end}` : '');

type TestResult = { ok: true } | { ok: false; reason: string };

/**
 * The operator's channels: list, switch, test, add, change (a secret left empty stays), delete; in a
 * team, the team's, read-only for members who are not its owners or admins.
 */
export function ChannelsSection() {
  const { t } = useTranslation('watch');
  const api = useApi();
  const { team, readOnly } = useWatchScope();
  const [channels, setChannels] = useState<WatchChannelView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [editing, setEditing] = useState<WatchChannelView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WatchChannelView | null>(null);
  const [testing, setTesting] = useState<number | null>(null);
  const [tests, setTests] = useState<Record<number, TestResult>>({});

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setChannels(await apiGet(api, API.watch.channels));
    } catch (e) {
      setLoadError(reasonOf(e));
    }
  }, [api, team?.id]);
  useEffect(() => { void load(); }, [load]);

  const replace = (id: number, next: WatchChannelView | null) => setChannels((list) => {
    if (!list) return list;
    if (!next) return list.filter((c) => c.id !== id);
    return list.some((c) => c.id === id) ? list.map((c) => (c.id === id ? next : c)) : [...list, next];
  });

  const switchChannel = async (c: WatchChannelView, enabled: boolean) => {
    setActionError(null);
    try {
      replace(c.id, await apiPost(api, API.watch.saveChannel, { id: c.id, enabled }));
    } catch (e) {
      setActionError(t('settings.channels.switchFailed', { reason: reasonOf(e) }));
    }
  };
  const remove = async (c: WatchChannelView) => {
    setActionError(null);
    try {
      await apiPost(api, API.watch.saveChannel, { id: c.id, delete: true });
      replace(c.id, null);
    } catch (e) {
      setActionError(t('settings.channels.failed', { reason: reasonOf(e) }));
    }
  };
  const test = async (c: WatchChannelView) => {
    setTesting(c.id);
    setTests((all) => { const { [c.id]: _, ...rest } = all; return rest; });
    try {
      await apiPost(api, API.watch.testChannel, { id: c.id });
      setTests((all) => ({ ...all, [c.id]: { ok: true } }));
    } catch (e) {
      setTests((all) => ({ ...all, [c.id]: { ok: false, reason: reasonOf(e) } }));
    } finally {
      setTesting(null);
    }
  };

  return (
    <Card className="tessera-watch-section" data-watch-section="channels">
      <div className="tessera-card-head">
        <H4>{t('settings.channels.title')}</H4>
        <Button icon="add" intent="primary" text={t('settings.channels.add')} disabled={readOnly} onClick={() => setEditing('new')} data-testid="watch-channel-add" />
      </div>
      <p className="bp6-text-muted">{t('settings.channels.note')}</p>
      {loadError && <LoadFailed reason={loadError} retry={load} />}
      {!channels && !loadError && <Spinner size={20} />}
      {actionError && <Callout intent="danger" className="tessera-watch-callout">{actionError}</Callout>}
      {channels && !channels.length && <p className="bp6-text-muted" data-watch-channels-empty>{t('settings.channels.empty')}</p>}
      {channels && channels.length > 0 && (
        <HTMLTable compact striped className="tessera-watch-table" data-watch-channels>
          <thead>
            <tr>
              <th>{t('settings.channels.enabled')}</th>
              <th>{t('settings.channels.kind')}</th>
              <th>{t('settings.channels.name')}</th>
              <th>{t('settings.channels.destination')}</th>
              <th>{t('settings.channels.secret')}</th>
              <th aria-label={t('settings.channels.edit')} />
            </tr>
          </thead>
          <tbody>
            {channels.map((c) => {
              const result = tests[c.id];
              const kindWord = t(`settings.channels.kinds.${c.kind}`);
              return (
                <tr key={c.id} data-watch-channel={c.id}>
                  <td><Switch checked={c.enabled} disabled={readOnly} aria-label={`${t('settings.channels.enabled')}: ${c.name || kindWord}`} onChange={(e) => void switchChannel(c, e.currentTarget.checked)} /></td>
                  <td className="tessera-watch-kind-cell"><Icon icon={KIND_ICONS[c.kind]} />{' '}{kindWord}</td>
                  <td>{c.name}</td>
                  <td>{c.target ?? c.host ?? ''}</td>
                  <td><code data-watch-secret>{maskedSecret(c.secretEnd)}</code></td>
                  <td className="tessera-watch-row-buttons">
                    <Button small icon="send-message" text={t('settings.channels.test')} disabled={readOnly} loading={testing === c.id} onClick={() => void test(c)} />
                    <Button small icon="edit" text={t('settings.channels.edit')} disabled={readOnly} onClick={() => setEditing(c)} />
                    <Button small icon="trash" intent="danger" variant="minimal" text={t('settings.channels.delete')} disabled={readOnly} onClick={() => setDeleting(c)} />
                    {result && (
                      <div className="tessera-watch-test" data-watch-test={result.ok ? 'sent' : 'failed'} role="status">
                        {result.ok ? <Tag intent="success" icon="tick">{t('settings.channels.testSent')}</Tag>
                          : <Callout intent="danger" compact>{t('settings.channels.testFailed', { reason: result.reason })}</Callout>}
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      )}
      {editing && (
        <ChannelForm channel={editing === 'new' ? null : editing} onClose={() => setEditing(null)}
          onSaved={(saved) => { replace(saved.id, saved); setEditing(null); }} />
      )}
      <Alert isOpen={!!deleting} intent="danger" icon="trash" cancelButtonText={t('settings.channels.cancel')} confirmButtonText={t('settings.channels.deleteConfirm')}
        onCancel={() => setDeleting(null)} onConfirm={() => { if (deleting) void remove(deleting); setDeleting(null); }}>
        <H5>{t('settings.channels.deleteTitle')}</H5>
        <p>{t('settings.channels.deleteText', { name: deleting ? deleting.name || t(`settings.channels.kinds.${deleting.kind}`) : '' })}</p>
      </Alert>
    </Card>
  );
}

interface Draft { kind: WatchChannelKind; name: string; address: string; url: string; token: string; chatId: string; enabled: boolean }

/** Adds a channel of a kind, or changes one: its secret is never shown, and left empty it stays. */
function ChannelForm({ channel, onClose, onSaved }: { channel: WatchChannelView | null; onClose: () => void; onSaved: (c: WatchChannelView) => void }) {
  const { t } = useTranslation('watch');
  const { t: tk } = useTranslation();
  const api = useApi();
  const [draft, setDraft] = useState<Draft>(() => ({
    kind: channel?.kind ?? 'webhook', name: channel?.name ?? '', address: channel?.kind === 'email' ? channel.target ?? '' : '', url: '', token: '',
    chatId: channel?.kind === 'telegram' ? channel.target ?? '' : '', enabled: channel?.enabled ?? true,
  }));
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const keep = channel?.secretEnd ? t('settings.channels.keepSecret', { end: channel.secretEnd }) : undefined;

  /** The body to send, or the problem to show. */
  const bodyOf = (): WatchChannelBody | string => {
    const body: WatchChannelBody = channel ? { id: channel.id } : { kind: draft.kind };
    body.name = draft.name.trim();
    body.enabled = draft.enabled;
    if (draft.kind === 'email') {
      const address = draft.address.trim();
      if (emailProblem(address)) return t('settings.channels.addressInvalid');
      body.address = address;
    } else if (draft.kind === 'webhook' || draft.kind === 'slack') {
      const url = draft.url.trim();
      if (!url && !channel) return t('settings.channels.urlRequired');
      if (url && !/^https?:\/\//i.test(url)) return t('settings.channels.urlInvalid');
      if (url) body.url = url;
    } else {
      const token = draft.token.trim();
      const chatId = draft.chatId.trim();
      if ((token || !channel) && !TELEGRAM_TOKEN.test(token)) return t('settings.channels.tokenInvalid');
      if (!TELEGRAM_CHAT.test(chatId)) return t('settings.channels.chatIdInvalid');
      if (token) body.token = token;
      body.chatId = chatId;
    }
    return body;
  };

  const save = async () => {
    const body = bodyOf();
    if (typeof body === 'string') return setProblem(body);
    setProblem(null);
    setSaving(true);
    try {
      const saved = await apiPost(api, API.watch.saveChannel, body);
      if (saved) onSaved(saved);
    } catch (e) {
      setProblem(t('settings.channels.failed', { reason: reasonOf(e) }));
    } finally {
      setSaving(false);
    }
  };

  const secretInput = (key: 'url' | 'token', label: string, help?: string) => (
    <FormGroup label={label} labelFor={`watch-channel-${key}`} helperText={help}>
      <InputGroup id={`watch-channel-${key}`} type={key === 'token' ? 'password' : 'text'} autoComplete="off" value={draft[key]} placeholder={keep}
        maxLength={key === 'url' ? 2000 : 200} onChange={(e) => set({ [key]: e.currentTarget.value })} />
    </FormGroup>
  );

  return (
    <Dialog isOpen onClose={onClose} title={t(channel ? 'settings.channels.formEdit' : 'settings.channels.formNew')} className="tessera-watch-dialog">
      <form onSubmit={(e) => { e.preventDefault(); void save(); }} data-watch-channel-form>
        <DialogBody>
          <FormGroup label={t('settings.channels.kind')} labelFor="watch-channel-kind">
            <HTMLSelect id="watch-channel-kind" value={draft.kind} disabled={!!channel} onChange={(e) => { set({ kind: e.currentTarget.value as WatchChannelKind }); setProblem(null); }}>
              {WATCH_CHANNEL_KINDS.map((k) => <option key={k} value={k}>{t(`settings.channels.kinds.${k}`)}</option>)}
            </HTMLSelect>
          </FormGroup>
          <FormGroup label={t('settings.channels.name')} labelFor="watch-channel-name" helperText={t('settings.channels.nameHelp')}>
            <InputGroup id="watch-channel-name" value={draft.name} maxLength={100} onChange={(e) => set({ name: e.currentTarget.value })} />
          </FormGroup>
          {draft.kind === 'email' && (
            <FormGroup label={t('settings.channels.address')} labelFor="watch-channel-address">
              <InputGroup id="watch-channel-address" type="email" value={draft.address} maxLength={254} onChange={(e) => set({ address: e.currentTarget.value })} />
            </FormGroup>
          )}
          {draft.kind === 'webhook' && secretInput('url', t('settings.channels.url'), t('settings.channels.urlHelp'))}
          {draft.kind === 'slack' && secretInput('url', t('settings.channels.slackUrl'), t('settings.channels.slackHelp'))}
          {draft.kind === 'telegram' && (
            <>
              <p className="bp6-text-muted tessera-watch-hint">{t('settings.channels.telegramHelp')}</p>
              {secretInput('token', t('settings.channels.token'))}
              <FormGroup label={t('settings.channels.chatId')} labelFor="watch-channel-chatId">
                <InputGroup id="watch-channel-chatId" value={draft.chatId} maxLength={64} onChange={(e) => set({ chatId: e.currentTarget.value })} />
              </FormGroup>
            </>
          )}
          <Switch checked={draft.enabled} label={t('settings.channels.on')} onChange={(e) => set({ enabled: e.currentTarget.checked })} />
          {problem && <Callout intent="danger" className="tessera-watch-callout" data-watch-form-problem>{problem}</Callout>}
        </DialogBody>
        <DialogFooter actions={(
          <>
            <Button text={tk('common.cancel')} onClick={onClose} />
            <Button type="submit" intent="primary" loading={saving} text={t('settings.channels.save')} data-testid="watch-channel-save" />
          </>
        )} />
      </form>
    </Dialog>
  );
}
