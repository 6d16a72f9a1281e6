// A job paused for #2635 in the jobs panel: an admin gets the link to the platform screen, an operator
// is told to ask an admin, in the page's language.
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { VersionRetiredCallout } from '../../src/kernel/runner/VersionRetired';
import { createI18n } from '../../src/kernel/i18n';
import { clearSession, patchSession } from '../../src/kernel/core/session';

async function show(role: 'admin' | 'user', locale: 'en-US' | 'zh-CN') {
  patchSession({ token: 't', info: { id: '1', email: 'a@b.c', role, plugins: [] }, infoStatus: 'ready' });
  const i18n = await createI18n([], locale);
  render(<MemoryRouter><I18nextProvider i18n={i18n}><VersionRetiredCallout /></I18nextProvider></MemoryRouter>);
  return screen.getByTestId('job-version-retired');
}

afterEach(() => clearSession());

describe('the #2635 callout', () => {
  it('gives an admin the link to Administration → Platform version', async () => {
    const callout = await show('admin', 'en-US');
    expect(callout.textContent).toContain('the platform no longer serves this version. Set a version it serves in Administration → Platform version');
    expect(screen.getByTestId('platform-settings-link').getAttribute('href')).toBe('/admin/index?tab=platform');
  });

  it('tells an operator to ask the admin, with no link, in Chinese too', async () => {
    const callout = await show('user', 'zh-CN');
    expect(callout.textContent).toBe('所有任务已暂停：平台已不再提供此版本。请联系管理员设置较新的平台版本，然后继续任务。');
    expect(screen.queryByTestId('platform-settings-link')).toBeNull();
  });
});
