import { get } from './endpoint';

/** What the server tells the page about itself (no inline script may carry it). */
export type RuntimeSettings = {
  demo: boolean;
  graphBase: string | null;
  webVersion: string;
  /** the Graph API version every platform call names (`v24.0`): held by the server, set by an admin */
  graphVersion: string;
  websocketUrl: string | null;
  paymentPublicKey: string | null;
  /** Demo mode: the accounts a newcomer may try (operator first). */
  demoAccounts?: { email: string; role: 'user' | 'admin' }[];
  /** Demo mode with the published default password: that password; otherwise null. */
  demoPassword?: string | null;
};

/** The latest record of the companion extension (and each entry of its history). */
export type LatestRecord = {
  url: string;
  version: string;
  version_web: string;
  description: string;
  create_time: string | null;
  clear_index: string;
  type: number;
  func: { identify: string }[];
  /** An extension below this version is a forced update: the page sends it nothing (docs/INTERFACES.md section 9). */
  minVersion: string;
};

/** Public, read-only answers (no token needed). */
export const runtimeEndpoints = {
  runtime: get<RuntimeSettings, Record<string, string | number | boolean | undefined>>('/api/runtime'),
  /** `version`: the extension's own version, for the server's information only */
  latestExtension: get<LatestRecord, { version?: string }>('/api/plugins/latest'),
};
