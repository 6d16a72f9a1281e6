export interface Order {
  ordernum: string;
  status: 'pending' | 'paid' | 'cancelled' | 'failed';
  provider: string;
  amountCents: number;
  amount: string;
  currency: string;
  service: { id: number; kind: string; name: string; level: string; durationDays: number; fuelAmount: number } | null;
  createdAt: string;
  updatedAt: string;
  paidAt: string | null;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '—' : d.toLocaleString();
}
