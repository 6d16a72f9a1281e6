import { useSyncExternalStore } from 'react';
import { schemas } from '../../generated/schemas.js';
import { loadValidators, loadedValidators } from '../validators';
import { getItem, setItem } from '../storage';

/**
 * A plugin's settings: declared as a JSON Schema in its manifest (`settings`), rendered by the settings
 * drawer with the schema form, kept through the typed storage (`tessera-plugin-settings`), defaults
 * from the schema. A value the schema refuses is never stored.
 */

const listeners = new Set<() => void>();
let version = 0;

function schemaOf(pluginId: string): { properties?: Record<string, { default?: unknown }> } | undefined {
  return schemas[`${pluginId}.settings`] as { properties?: Record<string, { default?: unknown }> } | undefined;
}

/** Stored values over the schema's defaults. */
export function getPluginSettings(pluginId: string): Record<string, unknown> {
  const defaults = Object.fromEntries(Object.entries(schemaOf(pluginId)?.properties ?? {}).flatMap(([k, p]) => (p.default === undefined ? [] : [[k, p.default]])));
  return { ...defaults, ...(getItem('tessera-plugin-settings')?.[pluginId] ?? {}) };
}

/** Stores a plugin's settings after checking them against its schema; resolves to the problems (nothing stored then). */
export async function setPluginSettings(pluginId: string, values: Record<string, unknown>): Promise<string[]> {
  await loadValidators();
  const validate = loadedValidators()![`${pluginId}.settings`];
  if (!validate) return [`plugin "${pluginId}" declares no settings`];
  const next = { ...getPluginSettings(pluginId), ...values };
  if (!validate(next)) return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
  const all = getItem('tessera-plugin-settings') ?? {};
  setItem('tessera-plugin-settings', { ...all, [pluginId]: next });
  version += 1;
  listeners.forEach((l) => l());
  return [];
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** One setting of a plugin, re-rendering when it changes. */
export function usePluginSetting<T>(pluginId: string, key: string, fallback: T): T {
  useSyncExternalStore(subscribe, () => version);
  const value = getPluginSettings(pluginId)[key];
  return value === undefined ? fallback : (value as T);
}
