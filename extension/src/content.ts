/**
 * The content script, injected at document_start into top frames of the product's origins only (the
 * manifest's matches, fixed at build time). It marks the page (`<html data-tessera-extension="VERSION">`,
 * docs/INTERFACES.md section 4) and relays page messages to the worker over one long-lived port, posting
 * the worker's replies back to the page. It reads only messages from this very window and origin,
 * and forwards only messages parsePageMessage accepts.
 */
import { EXTENSION_MARK, EXTENSION_SOURCE, parsePageMessage, type ExtensionMessage, type PageMessage } from '../../protocol';
import type { PresenceAnswer, PresenceQuestion } from './lib/product-tabs';
import { BRIDGE_PORT, type RelayReply, type RelayRequest } from './relay';

const version = chrome.runtime.getManifest().version;

function mark() {
  const root = document.documentElement;
  if (root) {
    root.setAttribute(EXTENSION_MARK, version);
    return;
  }
  // Not expected at document_start in Chromium, but never miss the mark.
  const observer = new MutationObserver(() => {
    if (document.documentElement) {
      observer.disconnect();
      document.documentElement.setAttribute(EXTENSION_MARK, version);
    }
  });
  observer.observe(document, { childList: true });
}
mark();

let port: chrome.runtime.Port | null = null;
let seq = 0;
const inFlight = new Map<number, { message: PageMessage; via: chrome.runtime.Port }>();

function toPage(reply: ExtensionMessage) {
  window.postMessage({ ...reply, source: EXTENSION_SOURCE }, location.origin);
}

/** The reply a message gets when the worker can no longer answer it (the page then needs not wait out its deadline). */
function failure(m: PageMessage, error: string): ExtensionMessage | null {
  switch (m.type) {
    case 'tessera:request':
      return { source: EXTENSION_SOURCE, type: 'tessera:response', requestId: m.requestId, ok: false, status: 0, headers: {}, body: null, error };
    case 'tessera:cookie':
      return { source: EXTENSION_SOURCE, type: 'tessera:cookieReply', requestId: m.requestId, cookies: [] };
    case 'tessera:outcome':
      return { source: EXTENSION_SOURCE, type: 'tessera:outcomeReply', requestId: m.requestId, state: 'unknown' };
    default:
      return null; // version and identity: the page's own timeout treats silence as "unknown"
  }
}

function connect(): chrome.runtime.Port {
  const p = chrome.runtime.connect({ name: BRIDGE_PORT });
  p.onMessage.addListener((r: RelayReply) => {
    if (!inFlight.has(r.seq)) return;
    inFlight.delete(r.seq);
    if (r.reply) toPage(r.reply);
  });
  p.onDisconnect.addListener(() => {
    void chrome.runtime.lastError; // read it so Chromium does not log it as unchecked
    if (port === p) port = null;
    // The worker stopped (or the extension was reloaded) with these still open: answer them.
    for (const [n, { message, via }] of inFlight) {
      if (via !== p) continue;
      inFlight.delete(n);
      const reply = failure(message, 'the extension stopped before replying; a write may or may not have been sent (ask tessera:outcome)');
      if (reply) toPage(reply);
    }
  });
  return p;
}

function relay(message: PageMessage) {
  const n = ++seq;
  try {
    const via = (port ??= connect());
    inFlight.set(n, { message, via });
    const envelope: RelayRequest = { seq: n, message };
    via.postMessage(envelope);
  } catch {
    // Extension context invalidated (the extension was updated or removed): nothing can be sent.
    inFlight.delete(n);
    port = null;
    const reply = failure(message, 'the extension is not available (reload the page)');
    if (reply) toPage(reply);
  }
}

window.addEventListener('message', (event: MessageEvent) => {
  if (event.source !== window || event.origin !== location.origin) return;
  const message = parsePageMessage(event.data);
  if (message) relay(message);
});

// The worker asks which product origin this tab is on when an alarm for due checks rings and it holds
// no port of that origin (lib/product-tabs.ts): it may have restarted since this tab last spoke.
chrome.runtime.onMessage.addListener((question: PresenceQuestion, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id || question?.kind !== 'checks:presence') return false;
  const answer: PresenceAnswer = { origin: location.origin };
  sendResponse(answer);
  return false;
});
