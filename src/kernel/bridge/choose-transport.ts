import { EXTENSION_MARK } from '../../../protocol';
import type { BridgeTransport } from './transport';
import { createWindowTransport } from './window-transport';
import { createDemoTransport } from './demo-transport';
import type { RuntimeSettings } from '../api/runtime';
import { getExtensionState } from './extension-status';

/**
 * The boot rule of docs/INTERFACES.md section 4: an extension that marked the page wins; otherwise demo
 * mode uses the in-page demo executor; otherwise the extension transport, which then reports that
 * the extension is missing.
 */
export function chooseTransport(runtime: RuntimeSettings | null, latestVersion: () => Promise<string | null>, doc: Document = document): BridgeTransport {
  const tooOld = () => getExtensionState().belowMinimum;
  if (doc.documentElement.hasAttribute(EXTENSION_MARK)) return createWindowTransport(window, { tooOld });
  if (runtime?.demo && runtime.graphBase) return createDemoTransport({ graphBase: runtime.graphBase, latestVersion });
  return createWindowTransport(window, { tooOld });
}
