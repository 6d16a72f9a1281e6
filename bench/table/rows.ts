import type { AdAccount } from '../../plugins/adaccount/types';

/** mulberry32: a small, fast, deterministic PRNG (same seed → same rows in every run). */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ADJECTIVES = [
  'Blue', 'Red', 'Green', 'Golden', 'Silver', 'Rapid', 'Quiet', 'Bright', 'Happy', 'Lucky', 'Urban', 'Royal', 'Prime',
  'Smart', 'Fresh', 'Wild', 'North', 'South', 'East', 'West', 'Sunny', 'Cosmic', 'Little', 'Grand', 'Modern',
];
const NOUNS = [
  'Store', 'Shop', 'Studio', 'Market', 'Outlet', 'Garden', 'Kitchen', 'Fashion', 'Games', 'Travel', 'Beauty', 'Sports',
  'Books', 'Pets', 'Tech', 'Home', 'Coffee', 'Bakery', 'Fitness', 'Music', 'Auto', 'Toys', 'Shoes', 'Jewelry', 'Media',
];
const ZH = ['广告账户', '旗舰店', '跨境电商', '品牌推广', '游戏出海', '服饰', '美妆', '家居'];
const SUFFIXES = ['', ' Ads', ' US', ' EU', ' Asia', ' Main', ' Backup', ' Test'];
const CURRENCIES = ['USD', 'USD', 'USD', 'USD', 'EUR', 'GBP', 'CNY', 'HKD', 'JPY', 'TWD', 'VND', 'IDR', 'BRL', 'INR', 'AUD'];
const TIMEZONES = [
  'America/Los_Angeles', 'America/New_York', 'Asia/Shanghai', 'Asia/Hong_Kong', 'Europe/London', 'Europe/Berlin',
  'Asia/Tokyo', 'Asia/Singapore', 'America/Sao_Paulo', 'Australia/Sydney', 'Asia/Kolkata', 'Asia/Jakarta',
];
const COUNTRIES = ['US', 'CN', 'HK', 'GB', 'DE', 'JP', 'SG', 'BR', 'AU', 'IN', 'ID', 'VN'];
const STATUSES = [1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 7, 8, 9, 100, 101];
const CARDS = ['Visa', 'Mastercard', 'American Express', 'UnionPay', 'PayPal'];
const BUSINESS_COUNT = 600;

/**
 * `count` ad accounts shaped like the area's rows (the fields its columns read), deterministic
 * from `seed`. Strings that repeat in real data (currency, time zone, business names) are shared.
 */
export function generateAdAccounts(count: number, seed = 20250601): AdAccount[] {
  const random = prng(seed);
  const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const businesses = Array.from({ length: BUSINESS_COUNT }, (_, i) => ({
    id: String(100000000000000 + i * 7919),
    name: `${pick(ADJECTIVES)} ${pick(NOUNS)} ${i % 3 === 0 ? 'Group' : 'Ltd'} ${i}`,
  }));
  const rows: AdAccount[] = new Array(count);
  const base = Date.UTC(2019, 0, 1) / 1000;
  for (let i = 0; i < count; i++) {
    const accountId = String(1000000000000000 + i * 104729 + Math.floor(random() * 104729)); // unique
    const zh = random() < 0.12;
    const name = zh
      ? `${pick(ZH)} ${pick(ADJECTIVES)} ${i}`
      : `${pick(ADJECTIVES)} ${pick(NOUNS)} ${i}${pick(SUFFIXES)}`;
    const status = pick(STATUSES);
    const currency = pick(CURRENCIES);
    const business = random() < 0.7 ? businesses[Math.floor(random() * BUSINESS_COUNT)] : undefined;
    const created = base + Math.floor(random() * 5 * 365 * 86400);
    const hasCard = random() < 0.8;
    const row: AdAccount = {
      id: `act_${accountId}`,
      account_id: accountId,
      name,
      account_status: status,
      disable_reason: status === 1 ? 0 : Math.floor(random() * 16),
      currency,
      timezone_name: pick(TIMEZONES),
      business_country_code: pick(COUNTRIES),
      created_time: new Date(created * 1000).toISOString().replace('.000Z', '+0000'),
      next_bill_date: random() < 0.6 ? new Date((created + 86400 * (30 + Math.floor(random() * 900))) * 1000).toISOString().replace('.000Z', '+0000') : undefined,
      balance: String(Math.floor(random() * 500000)),
      spend_cap: random() < 0.3 ? String(Math.floor(random() * 10000) * 100) : '0',
      amount_spent: String(Math.floor(random() * 50000000)),
      owner_business: business ? { id: business.id, name: business.name } : undefined,
      ownerrole: random() < 0.8 ? 1001 : pick([1002, 1003]),
      funding_source_details: hasCard ? { display_string: `${pick(CARDS)} *${String(1000 + Math.floor(random() * 9000))}` } : undefined,
      is_prepay_account: !hasCard,
      total_prepay_balance: hasCard ? undefined : { amount: String(Math.floor(random() * 100000)), currency },
    };
    rows[i] = row;
  }
  return rows;
}
