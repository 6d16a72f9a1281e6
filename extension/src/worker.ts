/**
 * The service worker: executes the page's requests inside the user's session (production) or
 * against the sandbox (development), keeps the outcome journal, answers version and identity.
 * The pure parts live in lib/ (executor, journal, sessions); this file wires them to chrome.*.
 */
import { FLAVOUR } from './build-config';
import { createCatalogueSource } from '../../protocol';
import { openInBackground } from './lib/background-tab';
import { createCheckScheduler } from './lib/checks';
import { createExecutor } from './lib/executor';
import { OutcomeJournal, type KeyValueStorage } from './lib/journal';
import { createKeepAlive } from './lib/keepalive';
import { originMatches } from './lib/origins';
import { createPlatformSession, readCookies } from './lib/platform-session';
import { createProductTabs, PRESENCE_QUESTION, type PresenceAnswer } from './lib/product-tabs';
import { DEFAULT_SANDBOX_BASE, normalizeSandboxBase, SANDBOX_BASE_KEY } from './lib/sandbox-base';
import { createSandboxSession } from './lib/sandbox-session';
import type { SessionSource } from './lib/session';
import { BRIDGE_PORT, type RelayReply, type RelayRequest, type OptionsRequest } from './relay';

const manifest = chrome.runtime.getManifest();
/** The product origins, fixed at build time in the content script's matches. */
const productPatterns: string[] = manifest.content_scripts?.[0]?.matches ?? [];

const sessionArea: KeyValueStorage = {
  get: (keys) => chrome.storage.session.get(keys),
  set: (items) => chrome.storage.session.set(items),
  remove: (keys) => chrome.storage.session.remove(keys),
};

let sandboxBase: Promise<string> | null = null;
const getSandboxBase = () => (sandboxBase ??= chrome.storage.local.get(SANDBOX_BASE_KEY)
  .then((v) => normalizeSandboxBase(v[SANDBOX_BASE_KEY]) ?? DEFAULT_SANDBOX_BASE)
  .catch(() => DEFAULT_SANDBOX_BASE));
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'local' && SANDBOX_BASE_KEY in changes) {
    sandboxBase = null;
    session.invalidate();
  }
});

const fetchFn: typeof fetch = (...args) => fetch(...args);
const session: SessionSource = FLAVOUR === 'development'
  ? createSandboxSession({ base: getSandboxBase, fetch: fetchFn })
  : createPlatformSession({
    fetch: fetchFn,
    storage: { get: (key) => chrome.storage.session.get(key), set: sessionArea.set, remove: sessionArea.remove },
    cookie: async (url, name) => (await chrome.cookies.get({ url, name }))?.value ?? null,
    allCookies: (url) => readCookies(url, (u) => chrome.cookies.getAll({ url: u }), async (u, name) => (await chrome.cookies.get({ url: u, name })) ?? null),
  });

const journal = new OutcomeJournal(sessionArea);

// The watch's scheduled checks (lib/checks.ts; extension/README.md, "Scheduled checks").
const productTabs = createProductTabs({
  tabIds: async () => (await chrome.tabs.query({})).flatMap((t) => (t.id === undefined ? [] : [t.id])),
  ask: async (tabId) => {
    const answer = (await chrome.tabs.sendMessage(tabId, PRESENCE_QUESTION, { frameId: 0 })) as PresenceAnswer | undefined;
    return typeof answer?.origin === 'string' ? answer : null;
  },
});
const checks = createCheckScheduler({
  local: { get: (key) => chrome.storage.local.get(key), set: (items) => chrome.storage.local.set(items) },
  session: { get: (key) => chrome.storage.session.get(key), set: (items) => chrome.storage.session.set(items) },
  alarms: {
    create: (name, when) => chrome.alarms.create(name, { when }),
    clear: async (name) => { await chrome.alarms.clear(name); },
    exists: async (name) => (await chrome.alarms.get(name)) !== undefined,
  },
  productTabOpen: (origin) => productTabs.isOpen(origin),
  tabExists: (tabId) => chrome.tabs.get(tabId).then(() => true, () => false),
  openInBackground: (url) => openInBackground(url, {
    normalWindows: () => chrome.windows.getAll({ windowTypes: ['normal'] }),
    createTab: (options) => chrome.tabs.create(options),
    createWindow: (options) => chrome.windows.create(options),
  }),
  closeTab: (tabId) => chrome.tabs.remove(tabId),
  isProductOrigin: (origin) => originMatches(origin, productPatterns),
});
chrome.alarms.onAlarm.addListener((alarm) => { void checks.ring(alarm.name).catch(() => undefined); });
void checks.restore().catch(() => undefined);

const executor = createExecutor({
  flavour: FLAVOUR,
  version: manifest.version,
  fetch: fetchFn,
  session,
  journal,
  sandboxBase: FLAVOUR === 'development' ? getSandboxBase : undefined,
  // Read by the worker itself from the product origin (no cookies, no cache): a script on the page cannot change it.
  catalogue: createCatalogueSource({ fetch: fetchFn }),
  checks,
});
const keepAlive = createKeepAlive(() => chrome.runtime.getPlatformInfo());

function senderOrigin(sender: chrome.runtime.MessageSender | undefined): string | undefined {
  if (!sender) return undefined;
  if (sender.origin) return sender.origin;
  try { return sender.url ? new URL(sender.url).origin : undefined; } catch { return undefined; }
}

// The content script's long-lived port: accepted only from our own content script, in a top frame of
// a product origin. Each message is handled on its own (thousands may be in flight at once).
chrome.runtime.onConnect.addListener((port) => {
  const sender = port.sender;
  if (port.name !== BRIDGE_PORT || sender?.id !== chrome.runtime.id || !sender.tab || (sender.frameId ?? 0) !== 0 || !originMatches(senderOrigin(sender), productPatterns)) {
    port.disconnect();
    return;
  }
  let open = true;
  const origin = senderOrigin(sender) ?? null;
  if (origin) productTabs.connected(port, origin);
  port.onDisconnect.addListener(() => { open = false; productTabs.disconnected(port); });
  port.onMessage.addListener((envelope: RelayRequest) => {
    if (typeof envelope !== 'object' || envelope === null || typeof envelope.seq !== 'number') return;
    keepAlive.begin();
    executor.handle(envelope.message, origin, sender.tab?.id ?? null)
      .catch(() => null)
      .then((reply) => {
        if (open) {
          const out: RelayReply = { seq: envelope.seq, reply };
          try { port.postMessage(out); } catch { /* the tab went away */ }
        }
      })
      .finally(() => keepAlive.end());
  });
});

// The options page (an extension page: its URL is ours; a content script's sender URL is the web page's) asks for state and identity.
chrome.runtime.onMessage.addListener((message: OptionsRequest, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id || !sender.url?.startsWith(chrome.runtime.getURL(''))) return false;
  if (message?.kind === 'options:state') {
    void (async () => sendResponse({
      flavour: FLAVOUR,
      version: manifest.version,
      sandboxBase: FLAVOUR === 'development' ? await getSandboxBase() : null,
      identity: await session.identity().catch(() => null),
    }))();
    return true;
  }
  return false;
});
