import { PLATFORM_HOSTS } from '../../../protocol';
import type { Flavour } from '../build-config';
import { DEV_ORIGIN_PATTERNS, originToMatchPattern } from './origins';

/** The parts of a Manifest V3 manifest this build writes or reads. */
export interface Manifest {
  manifest_version: 3;
  name: string;
  version: string;
  version_name?: string;
  description?: string;
  default_locale?: string;
  key?: string;
  permissions: string[];
  host_permissions: string[];
  background: { service_worker: string; type?: 'module' };
  content_scripts: { matches: string[]; js: string[]; run_at: string; all_frames: boolean }[];
  options_ui?: { page: string; open_in_tab?: boolean };
  web_accessible_resources: { resources: string[]; matches: string[]; use_dynamic_url?: boolean }[];
  [other: string]: unknown;
}

export const PLATFORM_HOST_PERMISSIONS: readonly string[] = PLATFORM_HOSTS.map((h) => `https://${h}/*`);

export interface ManifestInput {
  /** extension/manifest.json: the production template and the single source of the version. */
  template: Manifest;
  flavour: Flavour;
  /** Product origins (`https://app.example.com`); required for production, added to the loopback hosts in development. */
  origins: readonly string[];
  /** The flavour's public key (base64 DER SubjectPublicKeyInfo), which fixes the extension id. */
  key: string;
}

export function makeManifest({ template, flavour, origins, key }: ManifestInput): Manifest {
  if (!/^\d+(\.\d+){0,3}$/.test(template.version)) throw new Error(`manifest version must be 1 to 4 dot-separated integers, got ${JSON.stringify(template.version)}`);
  const given = origins.map(originToMatchPattern);
  // A product page over plain http can be rewritten on the way, and would then drive the user's session.
  const plain = given.filter((m) => m.startsWith('http://') && !/^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\/\*$/.test(m));
  if (flavour === 'production' && plain.length) throw new Error(`a production build refuses plain-http product origins (loopback aside): ${plain.join(', ')}; use https`);
  if (flavour === 'production' && given.length === 0) {
    throw new Error('a production build needs the product origins: pass --origins https://app.example.com[,https://other.example] or set TESSERA_EXTENSION_ORIGINS');
  }
  const matches = [...new Set(flavour === 'development' ? [...DEV_ORIGIN_PATTERNS, ...given] : given)];
  const hostPermissions = flavour === 'development' ? [...PLATFORM_HOST_PERMISSIONS, ...DEV_ORIGIN_PATTERNS] : [...PLATFORM_HOST_PERMISSIONS];
  const [cs] = template.content_scripts;
  const [war] = template.web_accessible_resources;
  if (!cs || !war) throw new Error('the manifest template needs one content_scripts entry and one web_accessible_resources entry');
  return {
    ...template,
    ...(flavour === 'development' ? { version_name: `${template.version} development` } : {}),
    key,
    permissions: [...new Set(['alarms', 'cookies', 'storage', ...template.permissions])],
    host_permissions: hostPermissions,
    content_scripts: [{ ...cs, matches, run_at: 'document_start', all_frames: false }],
    web_accessible_resources: [{ ...war, matches, use_dynamic_url: false }],
  };
}
