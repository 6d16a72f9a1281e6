// The payment-provider adapter: what a real provider implements to plug into the order flow.

/** What a provider is told about the order it should collect. */
export interface PaymentOrder {
  ordernum: string;
  amountCents: number;
  currency: string;
  /** the service's name, for the provider's checkout page */
  description: string;
  userId: number;
  email: string;
}

export interface PaymentStart {
  /** 'paid': the money is in (the order is settled at once); 'pending': wait for the provider (webhook) or an admin */
  status: 'pending' | 'paid';
  /** the provider's own reference (payment intent, transaction id) */
  providerRef?: string;
  /** whatever the app needs to continue: a checkout URL, a client secret, a QR code payload, instructions */
  clientData?: Record<string, unknown>;
}

export interface WebhookInput {
  headers: Record<string, string | string[] | undefined>;
  /** the body exactly as received, for signature checks */
  rawBody: string;
}

export interface WebhookResult {
  ordernum: string;
  status: 'paid' | 'failed';
  providerRef?: string;
}

export interface PaymentProvider {
  /** the id orders name (`manual`, `sandbox`, `stripe`, …) */
  readonly id: string;
  /** the publishable key the app needs for this provider's client library, if any */
  readonly publicKey?: string | null;
  /** sources this provider's client code needs, added to the content security policy */
  readonly csp?: { scriptSrc?: string[]; connectSrc?: string[]; frameSrc?: string[] };
  /** whether this provider may be used under the current settings (the sandbox only in demo mode) */
  available(settings: { demo: boolean }): boolean;
  /** starts (or restarts) collecting a pending order */
  startPayment(order: PaymentOrder): Promise<PaymentStart>;
  /**
   * Reads a provider's notification sent to POST /api/pay/webhook/<id>. Verify the signature here;
   * return null to ignore the call. A 'paid' result settles the order (idempotently).
   */
  handleWebhook?(input: WebhookInput): Promise<WebhookResult | null>;
}
