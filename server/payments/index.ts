// The providers this server offers: the built-ins plus any adapter given in the configuration.
import type { ServerConfig } from '../config';
import { manualProvider, sandboxProvider } from './builtin';
import type { PaymentProvider } from './types';

export interface PaymentRegistry {
  /** the providers usable now, default first */
  list(): PaymentProvider[];
  get(id: string): PaymentProvider | null;
  defaultId: string;
}

export function createPaymentRegistry(config: ServerConfig): PaymentRegistry {
  const all = new Map<string, PaymentProvider>();
  for (const p of [manualProvider, sandboxProvider, ...config.paymentProviders]) all.set(p.id, p);
  const usable = [...all.values()].filter((p) => p.available({ demo: config.demo }));
  const wanted = config.paymentProvider ?? (config.demo ? 'sandbox' : 'manual');
  const defaultId = usable.some((p) => p.id === wanted) ? wanted : 'manual';
  return {
    list: () => [...usable].sort((a, b) => Number(b.id === defaultId) - Number(a.id === defaultId)),
    get: (id) => usable.find((p) => p.id === id) ?? null,
    defaultId,
  };
}

export type { PaymentProvider } from './types';
