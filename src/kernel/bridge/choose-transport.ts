import { EXTENSION_MARK } from '../../../protocol';
import type { BridgeTransport } from './transport';
import { createWindowTransport } from './window-transport';
import { createDemoTransport } from './demo-transport';
import type { RuntimeSettings } from '../api/runtime';

/**
 * The boot rule of docs/INTERFACES.md section 4: an extension that marked the page wins; otherwise demo
 * mode uses the in-page demo executor; otherwise the extension transport, which then reports that
 * the extension is missing.
 */
export function chooseTransport(runtime: RuntimeSettings | null, latestVersion: () => Promise<string | null>, doc: Document = document): BridgeTransport {
  if (doc.documentElement.hasAttribute(EXTENSION_MARK)) return createWindowTransport();
  if (runtime?.demo && runtime.graphBase) return createDemoTransport({ graphBase: runtime.graphBase, latestVersion });
  return createWindowTransport();
}
