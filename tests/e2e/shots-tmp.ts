import { launchBrowser } from './browser';
import { startServer } from './server';
import { prepareOperator, setLocale } from './fixtures';

const server = await startServer();
const browser = await launchBrowser();
const page = browser.context.pages()[0] ?? (await browser.context.newPage());
await page.setViewportSize({ width: 1440, height: 900 });
await prepareOperator(page, { baseUrl: server.baseUrl });
const api = async (path: string, body: unknown) => page.evaluate(async ({ path, body }) => {
  const token = (JSON.parse(localStorage.getItem('token') ?? '{}') as { v?: string }).v ?? '';
  await fetch(path, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}, { path, body });
await api('/api/watch/settings', { checks: { 'adaccount.health': { enabled: true, everyS: 5 }, 'page.status': { enabled: false, everyS: 21600 } } });
await api('/api/watch/checks', { check: 'business.people', ok: false, reason: 'No social-network account is signed in in this browser' });
for (const [locale, theme] of [['en-US', 'light'], ['zh-CN', 'dark'], ['en-US', 'dark'], ['zh-CN', 'light']] as const) {
  await setLocale(page, locale);
  await page.goto(`${server.baseUrl}/dashboard/index`);
  await page.getByTestId('theme-toggle').waitFor();
  const dark = await page.evaluate(() => document.body.classList.contains('bp6-dark') || document.documentElement.classList.contains('bp6-dark') || !!document.querySelector('.bp6-dark'));
  if (dark !== (theme === 'dark')) await page.getByTestId('theme-toggle').click();
  await page.locator('[data-testid="last-checks"]').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(locale === 'en-US' && theme === 'light' ? 30_000 : 3000);
  await page.screenshot({ path: `/tmp/shots/dashboard-${locale}-${theme}.png` });
  await page.locator('[data-testid="last-checks"]').screenshot({ path: `/tmp/shots/lastchecks-${locale}-${theme}.png` });
  await page.goto(`${server.baseUrl}/watch/settings`);
  await page.locator('[data-testid="watch-checks-settings"]').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(1500);
  await page.locator('[data-testid="watch-checks-settings"]').screenshot({ path: `/tmp/shots/checks-settings-${locale}-${theme}.png` });
}
await browser.close();
await server.stop();
