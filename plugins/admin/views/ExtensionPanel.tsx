import { useEffect, useState } from 'react';
import { Button, Callout, FormGroup, HTMLSelect, HTMLTable, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { API, apiPost, showToast } from '@kernel';
import { errorText, fmt, useAdminData } from './use-admin';

/** The extension's latest record: what /api/plugins/latest answers (forced or optional update, functions that need it). */
export function ExtensionPanel() {
  const { t } = useTranslation('admin');
  const { data, reload, api } = useAdminData(API.admin.extension);
  const [form, setForm] = useState({ url: '', version: '', version_web: '', description: '', clear_index: '', type: 0, func: '' });
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (data) setForm({ ...data.latest, type: data.latest.type ?? 0, func: (data.latest.func ?? []).map((f) => f.identify).join('\n') });
  }, [data]);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  const save = async () => {
    const identifies = [...new Set(form.func.split('\n').map((l) => l.trim()).filter(Boolean))];
    const bad = identifies.find((id) => !/^[a-z][A-Za-z0-9_.-]*$/.test(id));
    if (!/^[0-9A-Za-z.+-]+$/.test(form.version)) return setError(t('extension.versionInvalid'));
    if (form.url && !/^https?:\/\/\S*$/.test(form.url)) return setError(t('extension.urlInvalid'));
    if (bad) return setError(t('extension.identifyInvalid', { line: bad }));
    setError(null);
    try {
      await apiPost(api, API.admin.publishExtension, { ...form, type: Number(form.type), func: identifies.map((identify) => ({ identify })) });
      void showToast(t('extension.saved'), 'success');
      await reload();
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <div className="tessera-admin-panel tessera-scroll tessera-admin-form">
      <FormGroup label={t('extension.version')} labelFor="ext-version"><InputGroup id="ext-version" value={form.version} onChange={(e) => set({ version: e.currentTarget.value })} /></FormGroup>
      <FormGroup label={t('extension.url')} labelFor="ext-url"><InputGroup id="ext-url" value={form.url} placeholder="https://" onChange={(e) => set({ url: e.currentTarget.value })} /></FormGroup>
      <FormGroup label={t('extension.versionWeb')} labelFor="ext-vw"><InputGroup id="ext-vw" value={form.version_web} onChange={(e) => set({ version_web: e.currentTarget.value })} /></FormGroup>
      <FormGroup label={t('extension.type')} labelFor="ext-type">
        <HTMLSelect id="ext-type" value={form.type} onChange={(e) => set({ type: Number(e.currentTarget.value) })}
          options={[{ value: 1, label: t('extension.forced') }, { value: 0, label: t('extension.optional') }]} />
      </FormGroup>
      <FormGroup label={t('extension.clearIndex')} labelFor="ext-clear" helperText={t('extension.clearIndexHelp')}><InputGroup id="ext-clear" value={form.clear_index} onChange={(e) => set({ clear_index: e.currentTarget.value })} /></FormGroup>
      <FormGroup label={t('extension.func')} labelFor="ext-func" helperText={t('extension.funcHelp')}><TextArea id="ext-func" fill rows={4} value={form.func} onChange={(e) => set({ func: e.currentTarget.value })} /></FormGroup>
      <FormGroup label={t('extension.description')} labelFor="ext-desc"><TextArea id="ext-desc" fill rows={3} value={form.description} onChange={(e) => set({ description: e.currentTarget.value })} /></FormGroup>
      {error && <Callout intent="danger">{error}</Callout>}
      <Button intent="primary" icon="floppy-disk" text={t('extension.publish')} onClick={() => void save()} />
      <h4>{t('extension.history')}</h4>
      <HTMLTable compact striped>
        <thead><tr><th>{t('extension.version')}</th><th>{t('extension.versionWeb')}</th><th>{t('extension.type')}</th><th>{t('extension.created')}</th></tr></thead>
        <tbody>{(data?.history ?? []).map((h) => <tr key={h.id}><td>{h.version}</td><td>{h.version_web}</td><td>{h.type === 1 ? t('extension.forced') : t('extension.optional')}</td><td>{fmt(h.create_time)}</td></tr>)}</tbody>
      </HTMLTable>
    </div>
  );
}
