/** The options page: the sandbox base (development flavour) and the current identity, in zh-CN and en-US. */
import { DEFAULT_SANDBOX_BASE, normalizeSandboxBase, SANDBOX_BASE_KEY } from './lib/sandbox-base';
import type { OptionsRequest, OptionsState } from './relay';

const t = (key: string, subs?: string[]) => chrome.i18n.getMessage(key, subs) || key;
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

document.documentElement.lang = chrome.i18n.getUILanguage();
document.title = t('optionsTitle');
for (const el of document.querySelectorAll<HTMLElement>('[data-i18n]')) el.textContent = t(el.dataset.i18n!);

const input = $<HTMLInputElement>('sandbox-base');
const status = $<HTMLSpanElement>('sandbox-status');

function say(text: string, kind: 'ok' | 'error' | '' = '') {
  status.textContent = text;
  status.className = kind;
}

async function state(): Promise<OptionsState | null> {
  try {
    return (await chrome.runtime.sendMessage({ kind: 'options:state' } satisfies OptionsRequest)) as OptionsState;
  } catch {
    return null;
  }
}

async function render() {
  const s = await state();
  $('version').textContent = s?.version ?? chrome.runtime.getManifest().version;
  $('flavour').textContent = s ? t(s.flavour === 'development' ? 'flavourDevelopment' : 'flavourProduction') : '—';
  const dev = s?.flavour === 'development';
  $('sandbox').hidden = !dev;
  if (dev && document.activeElement !== input) input.value = s?.sandboxBase ?? DEFAULT_SANDBOX_BASE;
  $('identity-id').textContent = s?.identity?.id ?? '—';
  $('identity-name').textContent = s?.identity?.name || '—';
  $('identity-hint').textContent = s?.identity ? '' : t(dev ? 'identityNoneSandbox' : 'identityNone');
}

$<HTMLFormElement>('sandbox-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const base = normalizeSandboxBase(input.value);
  if (!base) {
    say(t('invalidSandboxBase'), 'error');
    return;
  }
  await chrome.storage.local.set({ [SANDBOX_BASE_KEY]: base });
  input.value = base;
  say(t('saved'), 'ok');
  await render();
});

$('sandbox-default').addEventListener('click', async () => {
  await chrome.storage.local.remove(SANDBOX_BASE_KEY);
  input.value = DEFAULT_SANDBOX_BASE;
  say(t('saved'), 'ok');
  await render();
});

$('identity-refresh').addEventListener('click', () => void render());

void render();
