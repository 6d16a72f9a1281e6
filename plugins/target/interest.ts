/** An interest as the area shows, selects, saves and exports it. */
export interface Interest {
  id: string;
  name: string;
  /** audience size range (people); 0 when the platform gave none */
  lower: number;
  upper: number;
  /** the taxonomy path, the interest's own name last */
  path: string[];
  topic: string;
  description: string;
}

/** The platform's row (search and targeting browse). */
export interface RawInterest {
  id: string | number;
  name?: string;
  type?: string;
  audience_size_lower_bound?: number;
  audience_size_upper_bound?: number;
  /** before v13 */
  audience_size?: number;
  path?: unknown;
  topic?: string;
  description?: string | null;
}

export function toInterest(r: RawInterest): Interest {
  const lower = Number(r.audience_size_lower_bound ?? r.audience_size ?? 0) || 0;
  const upper = Number(r.audience_size_upper_bound ?? r.audience_size ?? lower) || lower;
  return {
    id: String(r.id),
    name: r.name ?? '',
    lower, upper,
    path: Array.isArray(r.path) ? r.path.map(String) : [],
    topic: r.topic ?? '',
    description: r.description ?? '',
  };
}

/** "1.2M – 1.4M" in the operator's locale (compact numbers); '' when unknown. */
export function audienceRange(i: Pick<Interest, 'lower' | 'upper'>, locale: string): string {
  if (!i.lower && !i.upper) return '';
  const f = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
  return i.lower === i.upper ? f.format(i.lower) : `${f.format(i.lower)} – ${f.format(i.upper)}`;
}

/** The path as one line: "Interests › Fitness and wellness › Yoga". */
export const pathText = (i: Pick<Interest, 'path'>) => i.path.join(' › ');
