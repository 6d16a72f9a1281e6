import { useCallback, useEffect, useState } from 'react';
import { Button, Callout, Card, H4, H5, NonIdealState, Spinner, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, patchSession, showToast, useApi, useSession, type UserInfo } from '@kernel';

type Kind = 'membership' | 'fuel' | 'upgrade';

interface Service {
  id: number;
  kind: Kind;
  name: string;
  description: string;
  level: string;
  durationDays: number;
  fuelAmount: number;
  price: string;
  currency: string;
}

interface Catalogue {
  services: Service[];
  membership: { level: string; start: string | null; expiry: string | null; active: boolean };
  fuel: number;
  providers: { id: string; publicKey: string | null }[];
  defaultProvider: string;
}

interface PayResult { order: { ordernum: string; status: string }; payment: { provider: string; status: string } }

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

  const load = useCallback(async () => {
    try {
      setCatalogue(await api.get<Catalogue>('/api/pay/getMyservicesList'));
      setFailure(null);
    } catch (e) {
      setFailure(e instanceof ApiError ? e.message : String(e));
    }
  }, [api]);
  useEffect(() => { void load(); }, [load]);

  const buy = async (service: Service) => {
    setBuying(service.id);
    setResult(null);
    try {
      const paid = await api.post<PayResult>('/api/pay/createOrder', { serviceId: service.id, provider: catalogue?.defaultProvider });
      setResult(paid);
      const fresh = await api.post<UserInfo>('/api/user/info');
      if (info) patchSession({ info: { ...info, ...fresh } });
      await load();
    } catch (e) {
      void showToast(e instanceof ApiError ? e.message : String(e), 'danger');
    } finally {
      setBuying(null);
    }
  };

  if (failure) return <NonIdealState icon="error" title={t('loadFailed')} description={failure} action={<Button text={t('retry')} onClick={() => void load()} />} />;
  if (!catalogue) return <Spinner />;

  const panel = (kind: Kind) => {
    const list = catalogue.services.filter((s) => s.kind === kind);
    if (list.length === 0) return <NonIdealState icon="shop" description={t('noServices')} />;
    const needsMembership = kind === 'upgrade' && !catalogue.membership.active;
    return (
      <div className="tessera-services">
        {needsMembership && <Callout intent="warning">{t('upgradeNeedsMembership')}</Callout>}
        {list.map((s) => (
          <Card key={s.id} className="tessera-service" data-service-id={s.id}>
            <H5>{s.name}</H5>
            {s.description && <p className="tessera-pre">{s.description}</p>}
            <p>
              {kind === 'fuel' ? t('fuelAmount', { amount: s.fuelAmount }) : t('levelFor', { level: s.level, days: s.durationDays })}
            </p>
            <div className="tessera-service-foot">
              <strong>{s.price} {s.currency}</strong>
              <Button intent="primary" icon="shopping-cart" text={t('buy')} loading={buying === s.id} disabled={needsMembership || buying !== null} onClick={() => void buy(s)} />
            </div>
          </Card>
        ))}
      </div>
    );
  };

  return (
    <div className="tessera-payment">
      <Card className="tessera-payment-status">
        <H4>{t('current')}</H4>
        <span>{t('level')}: {catalogue.membership.level ? <Tag intent={catalogue.membership.active ? 'success' : 'none'}>{catalogue.membership.level}</Tag> : t('none')}</span>
        <span>{t('expiry')}: {catalogue.membership.expiry ? new Date(catalogue.membership.expiry).toLocaleString() : '—'}</span>
        <span>{t('fuel')}: {catalogue.fuel}</span>
        <span>{t('provider')}: {catalogue.defaultProvider}</span>
      </Card>
      {result && (
        <Callout intent={result.order.status === 'paid' ? 'success' : 'primary'} className="tessera-payment-result" data-testid="payment-result">
          {result.order.status === 'paid' ? t('paid', { ordernum: result.order.ordernum }) : t('pending', { ordernum: result.order.ordernum })}{' '}
          <Button variant="minimal" text={t('toOrders')} onClick={() => navigate('/user/index')} />
        </Callout>
      )}
      <Tabs id="payment-kinds" renderActiveTabPanelOnly>
        <Tab id="membership" title={t('tabs.membership')} panel={panel('membership')} />
        <Tab id="fuel" title={t('tabs.fuel')} panel={panel('fuel')} />
        <Tab id="upgrade" title={t('tabs.upgrade')} panel={panel('upgrade')} />
      </Tabs>
    </div>
  );
}
