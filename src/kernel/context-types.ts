import type { TFunction } from 'i18next';
import type { KernelBus } from './bus';
import type { KernelStore } from './store/store';
import type { LoadedPlugin } from './plugin/types';

export interface KernelUser {
  id?: string;
  email?: string;
  name?: string;
  role: string;
}

/** The one object a plugin's `activate` receives. */
export interface KernelContext {
  bus: KernelBus;
  store: KernelStore;
  t: TFunction;
  user: KernelUser | null;
  /** Plugins the current user may use. */
  plugins: readonly LoadedPlugin[];
}
