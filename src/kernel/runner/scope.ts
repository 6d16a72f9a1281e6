import type { ScopeDeclaration } from '../plugin/types';

/**
 * How a plugin's items map to the platform's rate-limit scopes. The kernel knows the usage headers
 * (their names and format) but not which objects are limited on their own nor how the per-object
 * header keys them: the plugin declares both (`scope` in plugin.json), so the kernel names no area.
 */
export interface ScopeMap {
  /** The scope of an item id, or null when the item is limited only with its lane as a whole. */
  of(itemId: string): string | null;
  /** The scope a key of the per-object usage header names (the key itself when the plugin declares none). */
  fromUsageKey(key: string): string;
}

const NO_SCOPES: ScopeMap = { of: () => null, fromUsageKey: (key) => key };
const cache = new Map<string, ScopeMap>();

export function scopeMap(decl: ScopeDeclaration | undefined): ScopeMap {
  if (!decl) return NO_SCOPES;
  const cacheKey = `${decl.pattern}\u0000${decl.usageKey}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  let pattern: RegExp;
  try {
    pattern = new RegExp(decl.pattern);
  } catch {
    // The registry refuses such a plugin; a stray one only loses per-object pauses.
    return NO_SCOPES;
  }
  const map: ScopeMap = {
    of: (itemId) => (pattern.test(itemId) ? itemId : null),
    fromUsageKey: (key) => {
      if (pattern.test(key)) return key;
      // A key that does not become one of the plugin's scopes stays as the header spells it.
      const named = decl.usageKey.split('{key}').join(key);
      return pattern.test(named) ? named : key;
    },
  };
  cache.set(cacheKey, map);
  return map;
}
