import { useMemo, useState } from 'react';
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, NumericInput, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { API, DataTable, apiPost, showToast, type DataColumn, type ServiceView } from '@kernel';
import { errorText, useAdminData } from './use-admin';

type Service = ServiceView;
type Draft = Omit<Service, 'id' | 'price'> & { id?: number };
const EMPTY: Draft = { kind: 'membership', name: '', description: '', level: 'pro', durationDays: 30, fuelAmount: 0, priceCents: 0, currency: 'CNY', active: true, sort: 0 };

/** Membership plans, fuel bags and upgrades that users can buy. */
export function ServicesPanel() {
  const { t } = useTranslation('admin');
  const { data, loading, reload, api } = useAdminData(API.admin.services);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);

  const columns = useMemo<DataColumn<Service>[]>(() => [
    { id: 'kind', header: t('services.kind'), value: (s) => t(`services.kinds.${s.kind}`) },
    { id: 'name', header: t('services.name'), value: (s) => s.name },
    { id: 'level', header: t('services.level'), value: (s) => s.level },
    { id: 'days', header: t('services.days'), value: (s) => s.durationDays },
    { id: 'fuel', header: t('services.fuel'), value: (s) => s.fuelAmount },
    { id: 'price', header: t('services.price'), value: (s) => `${s.price} ${s.currency}` },
    { id: 'active', header: t('services.active'), value: (s) => (s.active ? t('yes') : t('no')) },
    { id: 'actions', header: t('users.actions'), value: () => '', filter: false, sortable: false,
      cell: (s) => <Button size="small" icon="edit" text={t('services.edit')} onClick={() => { setError(null); setDraft(s); }} /> },
  ], [t]);

  const save = async () => {
    if (!draft) return;
    if (!draft.name.trim()) return setError(t('services.nameRequired'));
    try {
      const { id, ...fields } = draft;
      const body = { ...fields, name: fields.name.trim() };
      delete (body as Partial<Service>).price;
      await (id ? apiPost(api, API.admin.updateService, { id, ...body }) : apiPost(api, API.admin.createService, body));
      setDraft(null);
      void showToast(t('services.saved'), 'success');
      await reload();
    } catch (e) {
      setError(errorText(e));
    }
  };
  const remove = async () => {
    try {
      await apiPost(api, API.admin.deleteService, { id: draft!.id! });
      setDraft(null);
      await reload();
    } catch (e) {
      setError(errorText(e));
    }
  };
  const set = (patch: Partial<Draft>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  return (
    <div className="tessera-admin-panel">
      <DataTable viewId="admin.services" rows={data ?? []} columns={columns} getRowId={(s) => String(s.id)} loading={loading}
        toolbar={<><Button icon="add" intent="primary" text={t('services.add')} onClick={() => { setError(null); setDraft({ ...EMPTY }); }} /><Button icon="refresh" text={t('reload')} onClick={() => void reload()} /></>} />
      <Dialog isOpen={draft !== null} onClose={() => setDraft(null)} title={draft?.id ? t('services.edit') : t('services.add')}>
        {draft && (
          <DialogBody>
            <FormGroup label={t('services.kind')} labelFor="svc-kind">
              <HTMLSelect id="svc-kind" value={draft.kind} onChange={(e) => set({ kind: e.currentTarget.value as Draft['kind'] })}
                options={(['membership', 'fuel', 'upgrade'] as const).map((k) => ({ value: k, label: t(`services.kinds.${k}`) }))} />
            </FormGroup>
            <FormGroup label={t('services.name')} labelFor="svc-name"><InputGroup id="svc-name" value={draft.name} maxLength={100} onChange={(e) => set({ name: e.currentTarget.value })} /></FormGroup>
            <FormGroup label={t('services.description')} labelFor="svc-desc"><InputGroup id="svc-desc" value={draft.description} maxLength={1000} onChange={(e) => set({ description: e.currentTarget.value })} /></FormGroup>
            {draft.kind !== 'fuel' && <FormGroup label={t('services.level')} labelFor="svc-level"><InputGroup id="svc-level" value={draft.level} onChange={(e) => set({ level: e.currentTarget.value })} /></FormGroup>}
            {draft.kind === 'membership' && <FormGroup label={t('services.days')} labelFor="svc-days"><NumericInput id="svc-days" min={0} value={draft.durationDays} onValueChange={(v) => set({ durationDays: Math.max(0, Math.round(v || 0)) })} /></FormGroup>}
            {draft.kind === 'fuel' && <FormGroup label={t('services.fuel')} labelFor="svc-fuel"><NumericInput id="svc-fuel" min={0} value={draft.fuelAmount} onValueChange={(v) => set({ fuelAmount: Math.max(0, Math.round(v || 0)) })} /></FormGroup>}
            <FormGroup label={t('services.priceCents')} labelFor="svc-price"><NumericInput id="svc-price" min={0} value={draft.priceCents} onValueChange={(v) => set({ priceCents: Math.max(0, Math.round(v || 0)) })} /></FormGroup>
            <FormGroup label={t('services.currency')} labelFor="svc-cur"><InputGroup id="svc-cur" value={draft.currency} maxLength={3} onChange={(e) => set({ currency: e.currentTarget.value.toUpperCase() })} /></FormGroup>
            <Switch checked={draft.active} label={t('services.active')} onChange={(e) => set({ active: e.currentTarget.checked })} />
            {error && <p className="tessera-error-text" role="alert">{error}</p>}
          </DialogBody>
        )}
        <DialogFooter actions={<>
          {draft?.id && <Button intent="danger" variant="minimal" text={t('services.delete')} onClick={() => void remove()} />}
          <Button text={t('cancel')} onClick={() => setDraft(null)} />
          <Button intent="primary" text={t('save')} onClick={() => void save()} />
        </>} />
      </Dialog>
    </div>
  );
}
