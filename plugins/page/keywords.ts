/** A page's blocked keywords after adding, removing or replacing with a list (case-insensitive, order kept, no duplicates). */
export function mergeKeywords(current: readonly string[], words: readonly string[], mode: 'add' | 'remove' | 'replace'): string[] {
  const clean = (list: readonly string[]) => {
    const seen = new Set<string>();
    return list.map((w) => w.trim()).filter((w) => w && !seen.has(w.toLowerCase()) && seen.add(w.toLowerCase()));
  };
  if (mode === 'replace') return clean(words);
  if (mode === 'remove') {
    const drop = new Set(words.map((w) => w.trim().toLowerCase()));
    return clean(current).filter((w) => !drop.has(w.toLowerCase()));
  }
  return clean([...current, ...words]);
}
