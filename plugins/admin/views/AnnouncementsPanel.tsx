import { useMemo, useState } from 'react';
import { Button, Callout, FormGroup, InputGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { API, DataTable, apiPost, emailProblem, showToast, type AnnouncementView, type DataColumn } from '@kernel';
import { errorText, fmt, useAdminData } from './use-admin';

type Announcement = AnnouncementView;

/** Announcements to everyone or to one user (optionally only for one social identity). */
export function AnnouncementsPanel() {
  const { t } = useTranslation('admin');
  const { data, loading, reload, api } = useAdminData(API.admin.announcements, { page: 1, pageSize: 100 });
  const [form, setForm] = useState({ title: '', content: '', email: '', fbid: '' });
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  const send = async () => {
    if (!form.title.trim() || !form.content.trim()) return setError(t('announcements.required'));
    if (form.email && emailProblem(form.email)) return setError(t('announcements.emailInvalid'));
    if (form.fbid && !/^\d{1,20}$/.test(form.fbid.trim())) return setError(t('announcements.fbidInvalid'));
    setError(null);
    try {
      await apiPost(api, API.admin.createAnnouncement, {
        title: form.title.trim(), content: form.content.trim(),
        ...(form.email.trim() ? { email: form.email.trim() } : {}), ...(form.fbid.trim() ? { fbid: form.fbid.trim() } : {}),
      });
      setForm({ title: '', content: '', email: '', fbid: '' });
      void showToast(t('announcements.sent'), 'success');
      await reload();
    } catch (e) {
      setError(errorText(e));
    }
  };
  const remove = async (id: number) => {
    try {
      await apiPost(api, API.admin.deleteAnnouncement, { id });
      await reload();
    } catch (e) {
      void showToast(errorText(e), 'danger');
    }
  };

  const columns = useMemo<DataColumn<Announcement>[]>(() => [
    { id: 'title', header: t('announcements.title'), value: (a) => a.title },
    { id: 'content', header: t('announcements.content'), value: (a) => a.content },
    { id: 'target', header: t('announcements.target'), value: (a) => (a.targetUserId ? `#${a.targetUserId}` : t('announcements.everyone')) + (a.fbid ? ` · ${a.fbid}` : '') },
    { id: 'created', header: t('announcements.created'), value: (a) => fmt(a.create_time) },
    { id: 'actions', header: t('users.actions'), value: () => '', filter: false, sortable: false,
      cell: (a) => <Button size="small" variant="minimal" intent="danger" icon="trash" aria-label={t('announcements.delete')} onClick={() => void remove(a.id)} /> },
  ], [t]);

  return (
    <div className="tessera-admin-panel tessera-admin-split">
      <div className="tessera-admin-form">
        <FormGroup label={t('announcements.title')} labelFor="ann-title"><InputGroup id="ann-title" value={form.title} maxLength={200} onChange={(e) => set({ title: e.currentTarget.value })} /></FormGroup>
        <FormGroup label={t('announcements.content')} labelFor="ann-content"><TextArea id="ann-content" fill rows={4} maxLength={10000} value={form.content} onChange={(e) => set({ content: e.currentTarget.value })} /></FormGroup>
        <FormGroup label={t('announcements.email')} labelFor="ann-email" helperText={t('announcements.emailHelp')}><InputGroup id="ann-email" value={form.email} onChange={(e) => set({ email: e.currentTarget.value })} /></FormGroup>
        <FormGroup label={t('announcements.fbid')} labelFor="ann-fbid" helperText={t('announcements.fbidHelp')}><InputGroup id="ann-fbid" value={form.fbid} onChange={(e) => set({ fbid: e.currentTarget.value })} /></FormGroup>
        {error && <Callout intent="danger">{error}</Callout>}
        <Button intent="primary" icon="send-message" text={t('announcements.send')} onClick={() => void send()} />
      </div>
      <div className="tessera-admin-list">
        <DataTable viewId="admin.announcements" rows={data?.list ?? []} columns={columns} getRowId={(a) => String(a.id)} loading={loading} />
      </div>
    </div>
  );
}
