import type { ExtensionMessage, PageMessage } from '../../protocol';

/** The name of the content script's long-lived port to the worker. */
export const BRIDGE_PORT = 'tessera-bridge';

/** Content script → worker: one page message, numbered so the reply (or a failure) finds its way back. */
export interface RelayRequest { seq: number; message: PageMessage }
/** Worker → content script. `reply` is null when the worker dropped the message. */
export interface RelayReply { seq: number; reply: ExtensionMessage | null }

export interface OptionsRequest { kind: 'options:state' }
export interface OptionsState {
  flavour: 'production' | 'development';
  version: string;
  sandboxBase: string | null;
  identity: { id: string; name: string } | null;
}
