import { useState } from 'react';
import { Button, Callout, FormGroup, InputGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { API, apiPost, GRAPH_VERSION_PATTERN, refreshRuntime, showToast } from '@kernel';
import { errorText, fmt, useAdminData } from './use-admin';

const VERSION = new RegExp(GRAPH_VERSION_PATTERN);

/**
 * The platform settings: the Graph API version every platform call names. The platform retires a
 * version some 90 days after the next one (calls then fail with #2635 and every job pauses); the admin
 * enters the new one here and every open tab takes it at its next runtime read (within 5 minutes, or at
 * once after a #2635 answer). Like the document catalogue, a change needs the admin's own password.
 */
export function PlatformPanel() {
  const { t } = useTranslation('admin');
  const { data, loading, reload, api } = useAdminData(API.platform.adminPlatform);
  const [version, setVersion] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const graphVersion = version.trim();
    if (!VERSION.test(graphVersion)) return setError(t('platform.versionInvalid'));
    if (!password) return setError(t('platform.passwordMissing'));
    setError(null);
    setSaving(true);
    try {
      await apiPost(api, API.platform.setAdminPlatform, { password, graphVersion });
      setPassword('');
      setVersion('');
      void showToast(t('platform.saved', { version: graphVersion }), 'success');
      await reload();
      // this tab names the new version at once; other tabs at their next runtime read
      void refreshRuntime(api);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="tessera-admin-panel" data-testid="admin-platform">
      <Callout intent="primary" icon="info-sign">{t('platform.help')}</Callout>
      <FormGroup label={t('platform.current')}>
        <span data-testid="platform-current">
          <Tag large intent="primary">{loading && !data ? '…' : data?.graphVersion ?? '—'}</Tag>
          {data && (
            <span className="tessera-muted"> {data.updatedAt ? t('platform.setAt', { at: fmt(data.updatedAt) }) : t('platform.isDefault', { version: data.defaultGraphVersion })}</span>
          )}
        </span>
      </FormGroup>
      <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
        <FormGroup label={t('platform.newVersion')} labelFor="platform-version" helperText={t('platform.versionHelp')}>
          <InputGroup id="platform-version" value={version} maxLength={8} placeholder={data?.graphVersion ?? 'v24.0'}
            onChange={(e) => setVersion(e.currentTarget.value)} />
        </FormGroup>
        <FormGroup label={t('platform.password')} labelFor="platform-password" helperText={t('platform.passwordHelp')}>
          <InputGroup id="platform-password" type="password" autoComplete="current-password" value={password} maxLength={200}
            onChange={(e) => setPassword(e.currentTarget.value)} />
        </FormGroup>
        {error && <p className="tessera-error-text" role="alert">{error}</p>}
        <Button type="submit" intent="primary" icon="floppy-disk" text={t('save')} loading={saving} />
        <Button icon="refresh" variant="minimal" text={t('reload')} onClick={() => void reload()} />
      </form>
    </div>
  );
}
