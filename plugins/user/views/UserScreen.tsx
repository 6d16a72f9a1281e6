import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Callout, Card, Dialog, DialogBody, FormGroup, H4, HTMLSelect, HTMLTable, InputGroup, Tag, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { API, ApiError, DataTable, accountApi, apiGet, apiPost, membershipLevelLabel, PAGE_SIZES, currentPageSizes, patchSession, savePageSizes, showToast, useApi, useSession, type DataColumn, type OwnSession, type PageSizeConfig, type UserInfo } from '@kernel';
import { formatDate, type Order } from './orders';

const PROFILE_FIELDS = ['name', 'job', 'organization', 'location', 'phone', 'personalWebsite', 'introduction'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];

export default function UserScreen() {
  const { t } = useTranslation('user');
  return (
    <div className="tessera-user-centre">
      <div className="tessera-user-grid">
        <ProfileCard />
        <div className="tessera-user-side">
          <MembershipCard />
          <PasswordCard />
          <PageSizeCard />
        </div>
      </div>
      <Card className="tessera-user-sessions">
        <H4>{t('sessions.title')}</H4>
        <SessionsList />
      </Card>
      <Card className="tessera-user-orders">
        <H4>{t('orders.title')}</H4>
        <OrdersTable />
      </Card>
    </div>
  );
}

function ProfileCard() {
  const { t } = useTranslation('user');
  const api = useApi();
  const { info } = useSession();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Record<ProfileField, string>>(() => profileDraft(info));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => { if (!editing) setDraft(profileDraft(info)); }, [info, editing]);
  if (!info) return null;

  const save = async () => {
    if (draft.phone && !/^[0-9+()\- ]*$/.test(draft.phone)) return setError(t('profile.phoneInvalid'));
    setBusy(true);
    setError(null);
    try {
      const updated = await apiPost(api, API.user.updateProfile, draft);
      patchSession({ info: { ...info, ...updated } });
      setEditing(false);
      void showToast(t('profile.saved'), 'success');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="tessera-user-profile">
      <div className="tessera-card-head">
        <H4>{t('profile.title')}</H4>
        {!editing && <Button icon="edit" text={t('profile.edit')} onClick={() => setEditing(true)} />}
      </div>
      {editing ? (
        <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
          {PROFILE_FIELDS.map((field) => (
            <FormGroup key={field} label={t(`profile.fields.${field}`)} labelFor={`profile-${field}`}>
              {field === 'introduction'
                ? <TextArea id={`profile-${field}`} fill value={draft[field]} maxLength={2000} onChange={(e) => setDraft({ ...draft, [field]: e.currentTarget.value })} />
                : <InputGroup id={`profile-${field}`} value={draft[field]} maxLength={field === 'phone' ? 32 : 200} onChange={(e) => setDraft({ ...draft, [field]: e.currentTarget.value })} />}
            </FormGroup>
          ))}
          {error && <Callout intent="danger">{error}</Callout>}
          <div className="tessera-form-actions">
            <Button text={t('common.cancel')} onClick={() => { setEditing(false); setError(null); }} />
            <Button type="submit" intent="primary" loading={busy} text={t('common.save')} />
          </div>
        </form>
      ) : (
        <HTMLTable compact className="tessera-profile-table">
          <tbody>
            <tr><th>{t('profile.fields.email')}</th><td>{info.email}</td></tr>
            <tr><th>{t('profile.fields.role')}</th><td>{t(`roles.${info.role}`)}</td></tr>
            <tr><th>{t('profile.fields.registrationDate')}</th><td>{formatDate(info.registrationDate)}</td></tr>
            {PROFILE_FIELDS.map((field) => (
              <tr key={field}><th>{t(`profile.fields.${field}`)}</th><td className="tessera-pre">{info[field] || '—'}</td></tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}

function profileDraft(info: UserInfo | null): Record<ProfileField, string> {
  return Object.fromEntries(PROFILE_FIELDS.map((f) => [f, (info?.[f] as string | undefined) ?? ''])) as Record<ProfileField, string>;
}

function MembershipCard() {
  const { t } = useTranslation('user');
  const { info } = useSession();
  const navigate = useNavigate();
  const m = info?.membership;
  return (
    <Card>
      <H4>{t('membership.title')}</H4>
      <HTMLTable compact>
        <tbody>
          <tr><th>{t('membership.level')}</th><td>{m?.level ? <Tag intent={m.active ? 'success' : 'none'}>{membershipLevelLabel(m.level, t)}</Tag> : t('membership.none')}</td></tr>
          <tr><th>{t('membership.start')}</th><td>{formatDate(m?.start)}</td></tr>
          <tr><th>{t('membership.expiry')}</th><td>{formatDate(m?.expiry)}</td></tr>
          <tr><th>{t('membership.fuel')}</th><td>{info?.fuel ?? 0}</td></tr>
        </tbody>
      </HTMLTable>
      <Button icon="shopping-cart" intent="primary" text={t('membership.buy')} onClick={() => navigate('/payment/index')} />
    </Card>
  );
}

const EMPTY_PASSWORDS = { password: '', newPassword: '', confirmPassword: '' };

/** Change the password with the current one; every other session ends and a notice is mailed. */
function PasswordCard() {
  const { t } = useTranslation('user');
  const api = useApi();
  const [form, setForm] = useState(EMPTY_PASSWORDS);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!form.password) return setError(t('password.currentRequired'));
    if (form.newPassword.length < 5 || form.newPassword.length > 30) return setError(t('password.length'));
    if (form.newPassword !== form.confirmPassword) return setError(t('password.mismatch'));
    setBusy(true);
    setError(null);
    try {
      const { sessionsEnded } = await accountApi.changePassword(api, form);
      setForm(EMPTY_PASSWORDS);
      void showToast(t('password.changed', { count: sessionsEnded }), 'success');
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const field = (key: keyof typeof EMPTY_PASSWORDS, autoComplete: string) => (
    <FormGroup label={t(`password.${key}`)} labelFor={`password-${key}`}>
      <InputGroup id={`password-${key}`} type="password" autoComplete={autoComplete} value={form[key]} maxLength={30}
        onChange={(e) => setForm({ ...form, [key]: e.currentTarget.value })} />
    </FormGroup>
  );
  return (
    <Card className="tessera-user-password">
      <H4>{t('password.title')}</H4>
      <form onSubmit={(e) => { e.preventDefault(); void save(); }}>
        {field('password', 'current-password')}
        {field('newPassword', 'new-password')}
        {field('confirmPassword', 'new-password')}
        <p className="bp6-text-muted">{t('password.note')}</p>
        {error && <Callout intent="danger">{error}</Callout>}
        <Button type="submit" intent="primary" icon="key" loading={busy} text={t('password.submit')} />
      </form>
    </Card>
  );
}

/** The account's live sessions, this one marked: log out one, all others, or everywhere. */
function SessionsList() {
  const { t } = useTranslation('user');
  const api = useApi();
  const navigate = useNavigate();
  const [list, setList] = useState<OwnSession[] | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    try {
      setList(await accountApi.sessions(api));
    } catch (e) {
      void showToast(e instanceof ApiError ? e.message : String(e), 'danger');
    }
  }, [api]);
  useEffect(() => { void load(); }, [load]);
  const end = async (which: { id: number } | { which: 'others' | 'all' }) => {
    setBusy(true);
    try {
      const result = await accountApi.endSessions(api, which);
      if (result.current) {
        navigate('/login/login', { replace: true });
        return;
      }
      void showToast(t('sessions.ended', { count: result.ended }), 'success');
      await load();
    } catch (e) {
      void showToast(e instanceof ApiError ? e.message : String(e), 'danger');
    } finally {
      setBusy(false);
    }
  };
  const others = (list ?? []).filter((x) => !x.current).length;
  return (
    <>
      <HTMLTable compact striped className="tessera-user-sessions-table" data-testid="own-sessions">
        <thead>
          <tr><th>{t('sessions.browser')}</th><th>{t('sessions.address')}</th><th>{t('sessions.createdAt')}</th><th>{t('sessions.lastSeenAt')}</th><th /></tr>
        </thead>
        <tbody>
          {(list ?? []).map((x) => (
            <tr key={x.id} data-current={x.current || undefined}>
              <td>{x.browser || t('sessions.unknownBrowser')} {x.current && <Tag intent="primary" minimal>{t('sessions.current')}</Tag>}</td>
              <td>{x.address || '—'}</td>
              <td>{formatDate(x.createdAt)}</td>
              <td>{formatDate(x.lastSeenAt)}</td>
              <td>
                <Button size="small" variant="minimal" intent="danger" icon="log-out" disabled={busy}
                  text={x.current ? t('sessions.endThis') : t('sessions.end')} onClick={() => void end({ id: x.id })} />
              </td>
            </tr>
          ))}
          {list?.length === 0 && <tr><td colSpan={5}>{t('sessions.none')}</td></tr>}
        </tbody>
      </HTMLTable>
      <div className="tessera-form-actions">
        <Button icon="refresh" text={t('orders.reload')} onClick={() => void load()} />
        <Button icon="log-out" disabled={busy || others === 0} text={t('sessions.endOthers')} onClick={() => void end({ which: 'others' })} />
        <Button icon="power" intent="danger" disabled={busy} text={t('sessions.endAll')} onClick={() => void end({ which: 'all' })} />
      </div>
    </>
  );
}

const SIZE_LABELS: Record<keyof PageSizeConfig, string> = { page_plen: 'pageSizes.page', acc_plen: 'pageSizes.acc', pixel_plen: 'pageSizes.pixel', bm_plen: 'pageSizes.bm' };

function PageSizeCard() {
  const { t } = useTranslation('user');
  const api = useApi();
  const [sizes, setSizes] = useState<PageSizeConfig>(currentPageSizes);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await savePageSizes(api, sizes);
      void showToast(t('pageSizes.saved'), 'success');
    } catch (e) {
      void showToast(e instanceof ApiError ? e.message : String(e), 'danger');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <H4>{t('pageSizes.title')}</H4>
      {(Object.keys(SIZE_LABELS) as (keyof PageSizeConfig)[]).map((key) => (
        <FormGroup key={key} inline label={t(SIZE_LABELS[key])} labelFor={`size-${key}`}>
          <HTMLSelect id={`size-${key}`} value={sizes[key]} onChange={(e) => setSizes({ ...sizes, [key]: Number(e.currentTarget.value) })}
            options={PAGE_SIZES.map((n) => ({ value: n, label: String(n) }))} />
        </FormGroup>
      ))}
      <Button intent="primary" icon="floppy-disk" loading={busy} text={t('common.save')} onClick={() => void save()} />
    </Card>
  );
}

function OrdersTable() {
  const { t } = useTranslation('user');
  const api = useApi();
  const [orders, setOrders] = useState<Order[]>([]);
  const [loading, setLoading] = useState(true);
  const [open, setOpen] = useState<Order | null>(null);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const data = await apiGet(api, API.pay.myOrders, { query: { page: 1, pageSize: 100 } });
      setOrders(data.list);
    } catch (e) {
      void showToast(e instanceof ApiError ? e.message : String(e), 'danger');
    } finally {
      setLoading(false);
    }
  }, [api]);
  useEffect(() => { void load(); }, [load]);

  const openDetail = async (order: Order) => {
    try {
      setOpen(await apiGet(api, API.pay.orderDetail, { query: { ordernum: order.ordernum } }));
    } catch (e) {
      void showToast(e instanceof ApiError ? e.message : String(e), 'danger');
    }
  };

  const columns = useMemo<DataColumn<Order>[]>(() => [
    { id: 'ordernum', header: t('orders.ordernum'), value: (o) => o.ordernum },
    { id: 'service', header: t('orders.service'), value: (o) => o.service?.name },
    { id: 'amount', header: t('orders.amount'), value: (o) => `${o.amount} ${o.currency}` },
    { id: 'status', header: t('orders.status'), value: (o) => t(`orders.statuses.${o.status}`), filter: { options: ['pending', 'paid', 'cancelled', 'failed'].map((s) => ({ value: t(`orders.statuses.${s}`), label: t(`orders.statuses.${s}`) })) } },
    { id: 'createdAt', header: t('orders.created'), value: (o) => formatDate(o.createdAt) },
    { id: 'paidAt', header: t('orders.paid'), value: (o) => formatDate(o.paidAt) },
  ], [t]);

  return (
    <>
      <div className="tessera-user-orders-table">
        <DataTable viewId="user.orders" rows={orders} columns={columns} getRowId={(o) => o.ordernum} loading={loading} onRowOpen={(o) => void openDetail(o)}
          emptyText={t('orders.empty')} exportFileName="orders" toolbar={<Button icon="refresh" text={t('orders.reload')} onClick={() => void load()} />} paged pageSize={20} />
      </div>
      <OrderDialog order={open} onClose={() => setOpen(null)} onChanged={() => { setOpen(null); void load(); }} />
    </>
  );
}

function OrderDialog({ order, onClose, onChanged }: { order: Order | null; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation('user');
  const api = useApi();
  const { info } = useSession();
  const act = async (endpoint: typeof API.pay.cancelOrder | typeof API.pay.payOrder) => {
    try {
      await apiPost(api, endpoint, { ordernum: order!.ordernum });
      onChanged();
    } catch (e) {
      void showToast(e instanceof ApiError ? e.message : String(e), 'danger');
    }
  };
  return (
    <Dialog isOpen={order !== null} onClose={onClose} title={t('orders.detail', { ordernum: order?.ordernum ?? '' })} icon="document">
      {order && (
        <DialogBody>
          <HTMLTable compact>
            <tbody>
              <tr><th>{t('orders.service')}</th><td>{order.service?.name}</td></tr>
              <tr><th>{t('orders.amount')}</th><td>{order.amount} {order.currency}</td></tr>
              <tr><th>{t('orders.status')}</th><td>{t(`orders.statuses.${order.status}`)}</td></tr>
              <tr><th>{t('orders.provider')}</th><td>{order.provider}</td></tr>
              <tr><th>{t('orders.created')}</th><td>{formatDate(order.createdAt)}</td></tr>
              <tr><th>{t('orders.paid')}</th><td>{formatDate(order.paidAt)}</td></tr>
            </tbody>
          </HTMLTable>
          {order.status === 'pending' && info && (
            <div className="tessera-form-actions">
              <Button text={t('orders.cancel')} onClick={() => void act(API.pay.cancelOrder)} />
              <Button intent="primary" text={t('orders.pay')} onClick={() => void act(API.pay.payOrder)} />
            </div>
          )}
        </DialogBody>
      )}
    </Dialog>
  );
}
