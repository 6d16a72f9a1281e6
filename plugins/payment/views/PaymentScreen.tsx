import { useCallback, useEffect, useState } from 'react';
import { Button, Callout, Card, Dialog, DialogBody, DialogFooter, H4, H5, HTMLTable, NonIdealState, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { API, ApiError, apiGet, apiPost, membershipLevelLabel, patchSession, showToast, useApi, useReturnFocus, useSession, type PaymentStart, type ServiceCatalogue, type ServiceKind, type ServiceView } from '@kernel';

type Kind = ServiceKind;
type Service = ServiceView;
type Catalogue = ServiceCatalogue;
type PayResult = PaymentStart;

/** Membership purchase, fuel-bag purchase and upgrade: each creates an order and hands it to the payment provider. */
export default function PaymentScreen() {
  const { t } = useTranslation('payment');
  const api = useApi();
  const navigate = useNavigate();
  const { info } = useSession();
  const [catalogue, setCatalogue] = useState<Catalogue | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [buying, setBuying] = useState<number | null>(null);
  const [result, setResult] = useState<PayResult | null>(null);
  /** The service whose order summary is shown; nothing is bought before the operator confirms it. */
  const [confirming, setConfirming] = useState<Service | null>(null);

  const load = useCallback(async () => {
    try {
      setCatalogue(await apiGet(api, API.pay.catalogue));
      setFailure(null);
    } catch (e) {
      setFailure(e instanceof ApiError ? e.message : String(e));
    }
  }, [api]);
  useEffect(() => { void load(); }, [load]);

  const buy = async (service: Service) => {
    setConfirming(null);
    setBuying(service.id);
    setResult(null);
    try {
      const paid = await apiPost(api, API.pay.createOrder, { serviceId: service.id, provider: catalogue?.defaultProvider });
      setResult(paid);
      const fresh = await apiPost(api, API.user.info);
      if (info) patchSession({ info: { ...info, ...fresh } });
      await load();
    } catch (e) {
      void showToast(e instanceof ApiError ? e.message : String(e), 'danger');
    } finally {
      setBuying(null);
    }
  };

  const providerLabel = (id: string) => t(`providers.${id}`, { defaultValue: id });
  const levelLabel = (level: string) => membershipLevelLabel(level, t);
  const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : '—');

  if (failure) return <NonIdealState icon="error" title={t('loadFailed')} description={failure} action={<Button text={t('retry')} onClick={() => void load()} />} />;
  if (!catalogue) return <Spinner />;

  function serviceLine(s: Service): string {
    if (s.kind === 'fuel') return t('fuelAmount', { amount: s.fuelAmount });
    if (s.durationDays > 0) return t('levelFor', { level: levelLabel(s.level), days: s.durationDays });
    const expiry = catalogue?.membership.active ? catalogue.membership.expiry : null;
    return expiry ? t('upgradeUntil', { level: levelLabel(s.level), expiry: day(expiry) }) : t('upgradeTo', { level: levelLabel(s.level) });
  }

  const panel = (kind: Kind) => {
    const list = catalogue.services.filter((s) => s.kind === kind);
    if (list.length === 0) return <NonIdealState icon="shop" description={t('noServices')} />;
    const needsMembership = kind === 'upgrade' && !catalogue.membership.active;
    return (
      <>
      {needsMembership && <Callout intent="warning" className="tessera-services-note">{t('upgradeNeedsMembership')}</Callout>}
      <div className="tessera-services">
        {list.map((s) => (
          <Card key={s.id} className="tessera-service" data-service-id={s.id}>
            <H5>{s.name}</H5>
            {s.description && <p className="tessera-pre">{s.description}</p>}
            <p>
              {serviceLine(s)}
            </p>
            <div className="tessera-service-foot">
              <strong>{s.price} {s.currency}</strong>
              <Button intent="primary" icon="shopping-cart" text={t('buy')} loading={buying === s.id} disabled={needsMembership || buying !== null} onClick={() => setConfirming(s)} />
            </div>
          </Card>
        ))}
      </div>
      </>
    );
  };

  return (
    <div className="tessera-payment">
      <Card className="tessera-payment-status">
        <H4>{t('current')}</H4>
        <span>{t('level')}: {catalogue.membership.level ? <Tag intent={catalogue.membership.active ? 'success' : 'none'}>{levelLabel(catalogue.membership.level)}</Tag> : t('none')}</span>
        <span>{t('expiry')}: {catalogue.membership.expiry ? new Date(catalogue.membership.expiry).toLocaleString() : '—'}</span>
        <span>{t('fuel')}: {catalogue.fuel}</span>
        <span>{t('provider')}: {providerLabel(catalogue.defaultProvider)}</span>
      </Card>
      {result && (
        <Callout intent={result.order.status === 'paid' ? 'success' : 'primary'} className="tessera-payment-result" data-testid="payment-result">
          {result.order.status === 'paid' ? t('paid', { ordernum: result.order.ordernum }) : t('pending', { ordernum: result.order.ordernum })}{' '}
          <Button variant="minimal" text={t('toOrders')} onClick={() => navigate('/user/index')} />
        </Callout>
      )}
      {confirming && (
        <OrderSummary
          service={confirming}
          membership={catalogue.membership}
          provider={providerLabel(catalogue.defaultProvider)}
          levelLabel={levelLabel}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void buy(confirming)}
        />
      )}
      <Tabs id="payment-kinds" renderActiveTabPanelOnly>
        <Tab id="membership" title={t('tabs.membership')} panel={panel('membership')} />
        <Tab id="fuel" title={t('tabs.fuel')} panel={panel('fuel')} />
        <Tab id="upgrade" title={t('tabs.upgrade')} panel={panel('upgrade')} />
      </Tabs>
    </div>
  );
}

/** What the operator is about to pay for: what it unlocks, for how long, at what price, paid how. */
function OrderSummary({ service, membership, provider, levelLabel, onCancel, onConfirm }: {
  service: Service;
  membership: Catalogue['membership'];
  provider: string;
  levelLabel: (level: string) => string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('payment');
  useReturnFocus(true); // unmounted on close: focus goes back to the service's Buy button
  const day = (d: Date) => d.toLocaleDateString();
  const currentExpiry = membership.active && membership.expiry ? new Date(membership.expiry) : null;
  const unlocks = service.kind === 'fuel' ? t('confirm.fuel', { amount: service.fuelAmount }) : t('confirm.level', { level: levelLabel(service.level) });
  let duration: string;
  if (service.kind === 'fuel') duration = t('confirm.noExpiry');
  else if (service.durationDays <= 0) duration = t('confirm.restOfTerm', { expiry: currentExpiry ? day(currentExpiry) : '—' });
  else {
    duration = t('confirm.days', { count: service.durationDays });
    if (currentExpiry) duration += ` · ${t('confirm.extends', { expiry: day(new Date(currentExpiry.getTime() + service.durationDays * 86_400_000)) })}`;
  }
  const price = `${service.price} ${service.currency}`;
  return (
    <Dialog isOpen title={t('confirm.title')} icon="shopping-cart" onClose={onCancel} className="tessera-order-summary">
      <DialogBody>
        <HTMLTable compact className="tessera-order-summary-table" data-testid="order-summary">
          <tbody>
            <tr><th>{t('confirm.item')}</th><td>{service.name}</td></tr>
            <tr><th>{t('confirm.unlocks')}</th><td>{unlocks}</td></tr>
            <tr><th>{t('confirm.duration')}</th><td>{duration}</td></tr>
            <tr><th>{t('confirm.price')}</th><td><strong>{price}</strong></td></tr>
            <tr><th>{t('confirm.payWith')}</th><td>{provider}</td></tr>
          </tbody>
        </HTMLTable>
      </DialogBody>
      <DialogFooter actions={<>
        <Button text={t('confirm.cancel')} onClick={onCancel} />
        <Button intent="primary" icon="tick" text={t('confirm.pay', { price })} onClick={onConfirm} />
      </>} />
    </Dialog>
  );
}
