/** Epoch seconds as `YYYY-MM-DD HH:mm` (UTC); '' for none. */
export function isoDay(s: number | null | undefined): string {
  if (typeof s !== 'number' || !Number.isFinite(s)) return '';
  return new Date(s * 1000).toISOString().slice(0, 16).replace('T', ' ');
}
