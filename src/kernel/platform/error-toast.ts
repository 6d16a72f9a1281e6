import { showToast } from '../core/toaster';
import { GraphError } from '../bridge/bridge';
import { BridgeError } from '../bridge/transport';

/** The one error toast of platform replies (5000 ms; an identical message is not shown twice at once). */
export function toastPlatformError(error: unknown): void {
  const message = error instanceof GraphError || error instanceof BridgeError || error instanceof Error ? error.message : typeof error === 'string' ? error : 'Unknown error';
  void showToast(message, 'danger');
}
