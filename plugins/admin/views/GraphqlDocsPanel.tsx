import { useMemo, useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { API, DataTable, apiPost, loadDocCatalogue, showToast, type DataColumn } from '@kernel';
import { errorText, fmt, useAdminData } from './use-admin';

interface Row { operation: string; docId: string; source: 'admin' | 'sandbox'; updatedAt: string | null }
interface Draft { operation: string; docId: string; existing: boolean; password: string }
interface Removal { operation: string; password: string }

const OPERATION = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
const DOC_ID = /^[0-9]{1,32}$/;

/**
 * The GraphQL document catalogue: which doc id each platform operation is sent with. The platform
 * rotates its ids; an admin enters the new one here and every user gets it at their next login.
 * The companion extension trusts this catalogue, so every change carries the admin's password.
 */
export function GraphqlDocsPanel() {
  const { t } = useTranslation('admin');
  const { data, loading, reload, api } = useAdminData(API.graphqlDocs.adminCatalogue);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [error, setError] = useState<string | null>(null);

  const rows = useMemo<Row[]>(() => Object.entries(data?.effective ?? {}).map(([operation, docId]) => {
    const entry = data?.entries[operation];
    return { operation, docId, source: entry ? 'admin' : 'sandbox', updatedAt: entry?.updatedAt ?? null };
  }), [data]);

  const change = async (docs: Record<string, string | null>, password: string, done: string) => {
    if (!password) return setError(t('graphqlDocs.passwordMissing'));
    try {
      await apiPost(api, API.graphqlDocs.setAdminCatalogue, { password, docs });
      setDraft(null);
      setRemoval(null);
      void showToast(done, 'success');
      await reload();
      // this admin's own session uses the new ids at once
      void loadDocCatalogue(api);
    } catch (e) {
      setError(errorText(e));
    }
  };

  const save = async () => {
    if (!draft) return;
    const operation = draft.operation.trim();
    const docId = draft.docId.trim();
    if (!OPERATION.test(operation)) return setError(t('graphqlDocs.operationInvalid'));
    if (!DOC_ID.test(docId)) return setError(t('graphqlDocs.docIdInvalid'));
    setError(null);
    await change({ [operation]: docId }, draft.password, t('graphqlDocs.saved'));
  };

  const columns = useMemo<DataColumn<Row>[]>(() => [
    { id: 'operation', header: t('graphqlDocs.operation'), value: (r) => r.operation },
    { id: 'docId', header: t('graphqlDocs.docId'), value: (r) => r.docId },
    { id: 'source', header: t('graphqlDocs.source'), value: (r) => t(`graphqlDocs.sources.${r.source}`),
      cell: (r) => <Tag minimal intent={r.source === 'admin' ? 'primary' : 'none'}>{t(`graphqlDocs.sources.${r.source}`)}</Tag> },
    { id: 'updated', header: t('graphqlDocs.updated'), value: (r) => r.updatedAt ?? '', text: (r) => fmt(r.updatedAt) },
    { id: 'actions', header: t('users.actions'), value: () => '', filter: false, sortable: false,
      cell: (r) => (
        <>
          <Button size="small" icon="edit" text={t('graphqlDocs.edit')} onClick={() => { setError(null); setDraft({ operation: r.operation, docId: r.docId, existing: true, password: '' }); }} />
          {r.source === 'admin' && (
            <Button size="small" variant="minimal" intent="danger" icon="trash" text={t('graphqlDocs.remove')}
              onClick={() => { setError(null); setRemoval({ operation: r.operation, password: '' }); }} />
          )}
        </>
      ) },
  ], [t]);

  return (
    <div className="tessera-admin-panel">
      <Callout intent="primary" icon="info-sign">{data?.demo ? t('graphqlDocs.helpDemo') : t('graphqlDocs.help')}</Callout>
      <DataTable viewId="admin.graphqlDocs" rows={rows} columns={columns} getRowId={(r) => r.operation} loading={loading}
        toolbar={<>
          <Button icon="add" intent="primary" text={t('graphqlDocs.add')} onClick={() => { setError(null); setDraft({ operation: '', docId: '', existing: false, password: '' }); }} />
          <Button icon="refresh" text={t('reload')} onClick={() => void reload()} />
        </>} />
      <Dialog isOpen={draft !== null} onClose={() => setDraft(null)} title={draft?.existing ? t('graphqlDocs.edit') : t('graphqlDocs.add')}>
        {draft && (
          <DialogBody>
            <FormGroup label={t('graphqlDocs.operation')} labelFor="gql-operation" helperText={t('graphqlDocs.operationHelp')}>
              <InputGroup id="gql-operation" value={draft.operation} maxLength={100} disabled={draft.existing}
                onChange={(e) => { const operation = e.currentTarget.value; setDraft((d) => (d ? { ...d, operation } : d)); }} />
            </FormGroup>
            <FormGroup label={t('graphqlDocs.docId')} labelFor="gql-docid" helperText={t('graphqlDocs.docIdHelp')}>
              <InputGroup id="gql-docid" value={draft.docId} maxLength={32} inputMode="numeric"
                onChange={(e) => { const docId = e.currentTarget.value; setDraft((d) => (d ? { ...d, docId } : d)); }} />
            </FormGroup>
            <PasswordField id="gql-password" value={draft.password} onChange={(password) => setDraft((d) => (d ? { ...d, password } : d))} error={error} />
          </DialogBody>
        )}
        <DialogFooter actions={<>
          <Button text={t('cancel')} onClick={() => setDraft(null)} />
          <Button intent="primary" text={t('save')} onClick={() => void save()} />
        </>} />
      </Dialog>
      <Dialog isOpen={removal !== null} onClose={() => setRemoval(null)} title={removal ? t('graphqlDocs.removeTitle', { operation: removal.operation }) : ''}>
        {removal && (
          <DialogBody>
            <p>{t('graphqlDocs.removeHelp')}</p>
            <PasswordField id="gql-remove-password" value={removal.password} onChange={(password) => setRemoval((r) => (r ? { ...r, password } : r))} error={error} />
          </DialogBody>
        )}
        <DialogFooter actions={<>
          <Button text={t('cancel')} onClick={() => setRemoval(null)} />
          <Button intent="danger" text={t('graphqlDocs.remove')} onClick={() => { if (removal) void change({ [removal.operation]: null }, removal.password, t('graphqlDocs.removed')); }} />
        </>} />
      </Dialog>
    </div>
  );
}

/** The admin's own password, asked with every change of the catalogue, and the change's error if any. */
function PasswordField({ id, value, onChange, error }: { id: string; value: string; onChange: (password: string) => void; error: string | null }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <FormGroup label={t('graphqlDocs.password')} labelFor={id} helperText={t('graphqlDocs.passwordHelp')}>
        <InputGroup id={id} type="password" autoComplete="current-password" value={value} maxLength={200} onChange={(e) => onChange(e.currentTarget.value)} />
      </FormGroup>
      {error && <p className="tessera-error-text" role="alert">{error}</p>}
    </>
  );
}
