import { get, post, type Page, type Paging, type PagingQuery } from './endpoint';
import type { MembershipView } from './user';

export type ServiceKind = 'membership' | 'fuel' | 'upgrade';
export const SERVICE_KINDS: ServiceKind[] = ['membership', 'fuel', 'upgrade'];
export type OrderStatus = 'pending' | 'paid' | 'cancelled' | 'failed';

/** A membership plan, fuel bag or upgrade that users can buy. */
export type ServiceView = {
  id: number; kind: ServiceKind; name: string; description: string; level: string; durationDays: number;
  fuelAmount: number; priceCents: number; price: string; currency: string; active: boolean; sort: number;
};

/** What an order bought, as it was when ordered. */
export type ServiceSnapshot = { id: number; kind: ServiceKind; name: string; level: string; durationDays: number; fuelAmount: number };

export type OrderView = {
  ordernum: string;
  status: OrderStatus;
  provider: string;
  amountCents: number;
  amount: string;
  currency: string;
  service: ServiceSnapshot;
  providerRef: string | null;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
};

export type ServiceCatalogue = {
  services: ServiceView[];
  membership: MembershipView;
  fuel: number;
  providers: { id: string; publicKey: string | null }[];
  defaultProvider: string;
};

/** An order handed to its provider: `clientData` is what the provider's page script needs (null for the sandbox). */
export type PaymentStart = { order: OrderView; payment: { provider: string; status: string; clientData: unknown } };

/**
 * The providers' webhook, `POST /api/pay/webhook/<provider>`: called by a payment provider, never by the
 * client, with a raw body kept as text for the provider's signature check; its answer is
 * `{ handled: false }` or `{ handled: true, changed }`. Only its path is shared.
 */
export const PAY_WEBHOOK_PATH = '/api/pay/webhook/:provider';

/** Services, orders and payment for the signed-in user (token needed). */
export const payEndpoints = {
  catalogue: get<ServiceCatalogue>('/api/pay/getMyservicesList'),
  myOrders: get<Page<OrderView>, PagingQuery & { status?: OrderStatus; uid?: string | number }, Paging & { status?: OrderStatus }>('/api/pay/getMyorder'),
  orderDetail: get<OrderView, { ordernum: string; uid?: string | number }>('/api/pay/getOrderDetail'),
  /** `provider`: the server's default when left out */
  createOrder: post<{ serviceId: number; provider?: string }, PaymentStart>('/api/pay/createOrder'),
  payOrder: post<{ ordernum: string }, PaymentStart>('/api/pay/payOrder'),
  cancelOrder: post<{ ordernum: string }, { order: OrderView }>('/api/pay/cancelOrder'),
};
