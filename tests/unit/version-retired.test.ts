// A #2635 pause tells the reader why in their language, and who can fix it: an admin where, an operator whom to ask.
import { describe, expect, it } from 'vitest';
import en from '../../src/kernel/i18n/locales/en-US.json';
import zh from '../../src/kernel/i18n/locales/zh-CN.json';
import { PLATFORM_SETTINGS_PATH, versionRetiredText } from '../../src/kernel/runner/VersionRetired';
import { graphUrl, graphVersion, toGraphError } from '../../src/kernel/bridge/bridge';
import { onVersionRetired, setGraphVersion } from '../../src/kernel/bridge/graph-version';
import { setRuntime } from '../../src/kernel/api/runtime';

const translator = (locale: { runner: object }) => (key: string, o: Record<string, unknown> = {}) => {
  const text = (locale.runner as Record<string, unknown>)[key.replace(/^runner\./, '')];
  if (typeof text !== 'string') throw new Error(`missing ${key}`);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(o[name]));
};

describe('the #2635 pause message', () => {
  it('says the platform no longer serves this version, in en-US and zh-CN', () => {
    expect(versionRetiredText('user', translator(en))).toMatch(/^Every job is paused: the platform no longer serves this version\. Ask your admin/);
    expect(versionRetiredText('user', translator(zh))).toMatch(/^所有任务已暂停：平台已不再提供此版本。请联系管理员/);
  });

  it('tells an admin where to change it and an operator to ask an admin', () => {
    for (const locale of [en, zh]) {
      const admin = versionRetiredText('admin', translator(locale));
      const operator = versionRetiredText('user', translator(locale));
      expect(admin).toBe(locale.runner.versionRetiredAdmin);
      expect(operator).toBe(locale.runner.versionRetiredOperator);
      expect(admin).not.toBe(operator);
    }
    expect(PLATFORM_SETTINGS_PATH).toBe('/admin/index?tab=platform');
  });
});

describe('the configured Graph version', () => {
  it('is read at call time from the runtime: v24.0 until told, then what /api/runtime says', () => {
    try {
      setRuntime(null);
      setGraphVersion('v24.0');
      expect(graphUrl('me')).toBe('https://graph.facebook.com/v24.0/me?access_token={{access_token}}');
      setRuntime({ demo: false, graphBase: null, webVersion: '1', graphVersion: 'v26.0', websocketUrl: null, paymentPublicKey: null });
      expect(graphVersion()).toBe('v26.0');
      expect(graphUrl('act_1', { fields: 'name' })).toBe('https://graph.facebook.com/v26.0/act_1?fields=name&access_token={{access_token}}');
      // a runtime that carries no version, or something else, leaves the last good one
      setRuntime({ demo: false, graphBase: null, webVersion: '1', graphVersion: '../../evil', websocketUrl: null, paymentPublicKey: null });
      expect(graphVersion()).toBe('v26.0');
    } finally {
      setRuntime(null);
      setGraphVersion('v24.0');
    }
  });

  it('a #2635 answer asks for a new runtime read; other errors do not', () => {
    let reads = 0;
    const stop = onVersionRetired(() => { reads += 1; });
    try {
      toGraphError({ status: 400, headers: {}, body: { error: { message: 'Invalid parameter', code: 100 } } });
      expect(reads).toBe(0);
      const e = toGraphError({ status: 400, headers: {}, body: { error: { message: '(#2635) You are calling a deprecated version of the Ads API. Please update to the latest version: v24.0.', type: 'OAuthException', code: 2635 } } });
      expect(e.code).toBe(2635);
      expect(reads).toBe(1);
    } finally {
      stop();
    }
  });
});
