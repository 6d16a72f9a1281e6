// The two built-in providers: `manual` (an admin marks the order paid) and `sandbox` (demo mode; pays at once).
import crypto from 'node:crypto';
import type { PaymentProvider } from './types';

export const manualProvider: PaymentProvider = {
  id: 'manual',
  available: () => true,
  async startPayment(order) {
    return {
      status: 'pending',
      clientData: {
        instructions: 'manual',
        ordernum: order.ordernum,
        amountCents: order.amountCents,
        currency: order.currency,
      },
    };
  },
};

export const sandboxProvider: PaymentProvider = {
  id: 'sandbox',
  available: ({ demo }) => demo,
  async startPayment() {
    return { status: 'paid', providerRef: `sandbox_${crypto.randomBytes(8).toString('hex')}` };
  },
};
