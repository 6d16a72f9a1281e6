import { useMemo, useState } from 'react';
import { Alert, Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, NumericInput, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { API, DataTable, apiPost, membershipLevelLabel, showToast, type AdminUserView, type BodyOf, type DataColumn, type Role } from '@kernel';
import { errorText, fmt, useAdminData } from './use-admin';

export type AdminUser = AdminUserView;

interface PendingChange { send: () => Promise<unknown>; done: string; title: string; message: string; danger: boolean }

export function UsersPanel() {
  const { t } = useTranslation('admin');
  const { data, loading, reload, api } = useAdminData(API.admin.users, { page: 1, pageSize: 100 });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  /** A change to another user waits for the admin's confirmation (role, activation). */
  const [confirming, setConfirming] = useState<PendingChange | null>(null);

  const call = async (send: () => Promise<unknown>, done: string) => {
    try {
      await send();
      void showToast(t(done), 'success');
      await reload();
    } catch (e) {
      void showToast(errorText(e), 'danger');
    }
  };

  const columns = useMemo<DataColumn<AdminUser>[]>(() => [
    { id: 'uid', header: 'ID', value: (u) => u.uid, width: 70 },
    { id: 'email', header: t('users.email'), value: (u) => u.email },
    // the row's actions right after whom they act on, so a narrow window never hides them off to the right
    { id: 'actions', header: t('users.actions'), value: () => '', filter: false, sortable: false, width: 220,
      cell: (u) => (
        <span className="tessera-row-actions">
          <Button size="small" text={t('users.editMembership')} onClick={() => setEditing(u)} />
          <Button size="small" intent={u.status === 'disabled' ? 'success' : 'danger'} variant="minimal"
            text={u.status === 'disabled' || u.status === 'pending' ? t('users.activate') : t('users.deactivate')}
            onClick={() => {
              const active = u.status !== 'active';
              setConfirming({ send: () => apiPost(api, API.admin.setActivation, { uid: u.uid, active }), done: 'users.statusChanged',
                title: t(active ? 'users.confirmActivateTitle' : 'users.confirmDeactivateTitle'), message: t(active ? 'users.confirmActivate' : 'users.confirmDeactivate', { email: u.email }), danger: !active });
            }} />
        </span>
      ) },
    { id: 'name', header: t('users.name'), value: (u) => u.name },
    { id: 'role', header: t('users.role'), value: (u) => t(`roles.${u.role}`), filter: { options: ['user', 'admin'].map((r) => ({ value: t(`roles.${r}`), label: t(`roles.${r}`) })) },
      cell: (u) => (
        <HTMLSelect minimal value={u.role} aria-label={t('users.role')} onChange={(e) => {
          const role = e.currentTarget.value as Role;
          setConfirming({ send: () => apiPost(api, API.admin.setRole, { uid: u.uid, role }), done: 'users.roleChanged', title: t('users.confirmRoleTitle'), message: t('users.confirmRole', { email: u.email, role: t(`roles.${role}`) }), danger: role === 'admin' });
        }}
          options={[{ value: 'user', label: t('roles.user') }, { value: 'admin', label: t('roles.admin') }]} />
      ) },
    { id: 'status', header: t('users.status'), value: (u) => t(`users.statuses.${u.status}`),
      cell: (u) => <Tag minimal intent={u.status === 'active' ? 'success' : u.status === 'disabled' ? 'danger' : 'warning'}>{t(`users.statuses.${u.status}`)}{u.isDemo ? ' · demo' : ''}</Tag> },
    { id: 'membership', header: t('users.membership'), value: (u) => `${membershipLevelLabel(u.membership.level, t)}${u.membership.expiry ? ` → ${fmt(u.membership.expiry)}` : ''}` },
    { id: 'fuel', header: t('users.fuel'), value: (u) => u.fuel, width: 80 },
    { id: 'registered', header: t('users.registered'), value: (u) => fmt(u.registrationDate) },
    { id: 'lastLogin', header: t('users.lastLogin'), value: (u) => fmt(u.lastLoginAt) },
  ], [t, api]);

  return (
    <div className="tessera-admin-panel">
      <DataTable viewId="admin.users" rows={data?.list ?? []} columns={columns} getRowId={(u) => String(u.uid)} loading={loading}
        toolbar={<Button icon="refresh" text={t('reload')} onClick={() => void reload()} />} exportFileName="users" />
      <Alert isOpen={confirming !== null} intent={confirming?.danger ? 'danger' : 'primary'} icon={confirming?.danger ? 'warning-sign' : 'confirm'}
        confirmButtonText={t('users.confirm')} cancelButtonText={t('users.cancel')}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const change = confirming;
          setConfirming(null);
          if (change) void call(change.send, change.done);
        }}>
        <p><strong>{confirming?.title}</strong></p>
        <p>{confirming?.message}</p>
      </Alert>
      <MembershipDialog user={editing} onClose={() => setEditing(null)} onSave={async (body) => { await call(() => apiPost(api, API.admin.setMembership, body), 'users.membershipSaved'); setEditing(null); }} />
    </div>
  );
}

function MembershipDialog({ user, onClose, onSave }: { user: AdminUser | null; onClose: () => void; onSave: (body: BodyOf<typeof API.admin.setMembership>) => Promise<void> }) {
  const { t } = useTranslation('admin');
  const [level, setLevel] = useState('');
  const [expiry, setExpiry] = useState('');
  const [fuel, setFuel] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState<number | null>(null);
  if (user && seen !== user.uid) {
    setSeen(user.uid);
    setLevel(user.membership.level);
    setExpiry(user.membership.expiry ? user.membership.expiry.slice(0, 10) : '');
    setFuel(user.fuel);
    setError(null);
  }
  const save = () => {
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(level)) return setError(t('users.levelInvalid'));
    if (expiry && Number.isNaN(new Date(expiry).getTime())) return setError(t('users.dateInvalid'));
    void onSave({ uid: user!.uid, level, expiry: expiry ? new Date(`${expiry}T23:59:59Z`).toISOString() : null, fuel });
  };
  return (
    <Dialog isOpen={user !== null} onClose={() => { setSeen(null); onClose(); }} title={t('users.editMembershipOf', { email: user?.email ?? '' })}>
      <DialogBody>
        <FormGroup label={t('users.level')} labelFor="m-level" helperText={t('users.levelHelp')}>
          <InputGroup id="m-level" value={level} onChange={(e) => setLevel(e.currentTarget.value)} />
        </FormGroup>
        <FormGroup label={t('users.expiry')} labelFor="m-expiry">
          <InputGroup id="m-expiry" type="date" value={expiry} onChange={(e) => setExpiry(e.currentTarget.value)} />
        </FormGroup>
        <FormGroup label={t('users.fuel')} labelFor="m-fuel">
          <NumericInput id="m-fuel" min={0} value={fuel} onValueChange={(v) => setFuel(Number.isFinite(v) ? Math.max(0, Math.round(v)) : 0)} />
        </FormGroup>
        {error && <p className="bp6-intent-danger bp6-text-muted" role="alert">{error}</p>}
      </DialogBody>
      <DialogFooter actions={<><Button text={t('cancel')} onClick={() => { setSeen(null); onClose(); }} /><Button intent="primary" text={t('save')} onClick={save} /></>} />
    </Dialog>
  );
}
