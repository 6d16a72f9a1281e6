// The watch's settings screen in real Chromium against the real server (issue 34 item 3; docs/DECISIONS.md,
// "The watch: the operator's settings screen"): a preset switched off and on (kept by the server across
// a reload), an operator rule written, a webhook channel to a local receiver, "Send a test message"
// arriving there exactly once, and the screen in Chinese. The browser tests' server may send to this
// machine's shared receiver (tests/e2e/global-setup.ts; TESSERA_WEBHOOK_ALLOW_LOOPBACK=1, server/README.md).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifact, launchBrowser } from './browser';
import { prepareOperator, setLocale } from './fixtures';
import { freePort } from './server';
import { receivedOn } from '../server/receiver';

const server = { baseUrl: inject('baseUrl') };
const receiverUrl = inject('receiverUrl');
/** this run's own path on the shared receiver (ends in "hook": the secret shows as ••••hook) */
const HOOK_PATH = `/settings-${Date.now()}-tessera-hook`;
const received = () => receivedOn(receiverUrl, HOOK_PATH);
let browser: Awaited<ReturnType<typeof launchBrowser>>;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.context.pages()[0] ?? (await browser.context.newPage());
});
afterAll(async () => {
  // the server is every browser test's: the channels this test added go (the rule it wrote stays harmless)
  if (page) await deleteChannels().catch(() => undefined);
  await browser?.close();
});

/** Deletes the signed-in operator's channels and quiet hours (another browser test may have left some). */
const deleteChannels = () => page.evaluate(async () => {
  const token = (JSON.parse(localStorage.getItem('token') ?? '{}') as { v?: string }).v ?? '';
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const list = (await (await fetch('/api/watch/channels', { headers })).json()) as { data?: { id: number }[] };
  for (const c of list.data ?? []) await fetch('/api/watch/channels', { method: 'POST', headers, body: JSON.stringify({ id: c.id, delete: true }) });
  // quiet hours off again: another test's alert messages must not be held
  await fetch('/api/watch/settings', { method: 'POST', headers, body: JSON.stringify({ quietHours: null }) });
});

const presetSwitch = (id: string) => page.locator(`[data-watch-preset="${id}"]`);
const openSettings = async () => {
  await page.goto(`${server.baseUrl}/watch/settings`);
  await page.locator('[data-watch-presets]').waitFor({ timeout: 30_000 });
  await page.locator('[data-watch-channels], [data-watch-channels-empty]').first().waitFor();
};

describe('the watch settings screen', () => {
  it('switches a preset off and on, writes a rule, adds a webhook and sends it one test message; in Chinese too', async () => {
    await prepareOperator(page, { baseUrl: server.baseUrl });
    await deleteChannels();
    await openSettings();

    // a preset off, kept by the server; then on again
    expect(await presetSwitch('accountDisabled').isChecked()).toBe(true);
    await page.getByText('Ad account disabled', { exact: true }).click();
    await expect.poll(() => presetSwitch('accountDisabled').isChecked()).toBe(false);
    await openSettings();
    expect(await presetSwitch('accountDisabled').isChecked()).toBe(false);
    await page.getByText('Ad account disabled', { exact: true }).click();
    await expect.poll(() => presetSwitch('accountDisabled').isChecked()).toBe(true);
    await openSettings();
    expect(await presetSwitch('accountDisabled').isChecked()).toBe(true);

    // an operator rule: ad accounts whose spending limit is over 1000
    await page.getByTestId('watch-rule-add').click();
    const ruleForm = page.getByRole('dialog');
    await ruleForm.getByLabel('Name').fill('Big limits');
    await ruleForm.getByLabel('When').selectOption('spendCap');
    await ruleForm.getByLabel('Comparison').selectOption('gt');
    expect(await ruleForm.getByLabel('Comparison').locator('option').allTextContents()).toEqual(['is', 'is not', 'is more than', 'is at least', 'is less than', 'is at most', 'is empty', 'is not empty']);
    await ruleForm.getByLabel('Value').fill('1000');
    await page.screenshot({ path: artifact('watch-settings-rule-form-en-light.png') });
    await ruleForm.getByTestId('watch-rule-save').click();
    await ruleForm.waitFor({ state: 'detached' });
    await openSettings();
    const rule = page.locator('[data-watch-rule]');
    await expect.poll(() => rule.count()).toBe(1);
    expect(await rule.textContent()).toContain('Big limits');
    expect(await rule.textContent()).toContain('Ad account · Spend cap is more than 1000');

    // a webhook to the local receiver
    const url = `${receiverUrl}${HOOK_PATH}`;
    await page.getByTestId('watch-channel-add').click();
    const channelForm = page.getByRole('dialog');
    await channelForm.getByLabel('Kind').selectOption('webhook');
    await channelForm.getByLabel('Name').fill('Local receiver');
    await channelForm.getByLabel('Web address (https://…)').fill(url);
    await channelForm.getByTestId('watch-channel-save').click();
    await channelForm.waitFor({ state: 'detached' });
    const channel = page.locator('[data-watch-channel]');
    await expect.poll(() => channel.count()).toBe(1);
    expect(await channel.locator('[data-watch-secret]').textContent()).toBe('••••hook');
    expect(await channel.textContent()).toContain('127.0.0.1');
    expect(await page.content()).not.toContain('tessera-hook');

    // one test message, received once
    await channel.getByRole('button', { name: 'Send a test message' }).click();
    await channel.locator('[data-watch-test="sent"]').waitFor({ timeout: 20_000 });
    expect(await channel.locator('[data-watch-test]').textContent()).toBe('Test message sent');
    await page.waitForTimeout(1500); // nothing more arrives (a test is sent at once, not through the outbox)
    expect(await received()).toHaveLength(1);
    expect((await received())[0]!.body).toMatchObject({ test: true });

    // a webhook nobody listens at: the test says why it was not sent
    await page.getByTestId('watch-channel-add').click();
    await channelForm.getByLabel('Kind').selectOption('webhook');
    await channelForm.getByLabel('Name').fill('Nobody listens');
    await channelForm.getByLabel('Web address (https://…)').fill(`http://127.0.0.1:${await freePort()}/gone`);
    await channelForm.getByTestId('watch-channel-save').click();
    await channelForm.waitFor({ state: 'detached' });
    const dead = channel.nth(1);
    await dead.getByRole('button', { name: 'Send a test message' }).click();
    await dead.locator('[data-watch-test="failed"]').waitFor({ timeout: 20_000 });
    expect(await dead.locator('[data-watch-test]').textContent()).toMatch(/^The test message could not be sent: ./);
    expect(await channel.first().locator('[data-watch-test]').textContent()).toBe('Test message sent');
    expect(await received()).toHaveLength(1);
    await page.locator('[data-watch-section="channels"]').screenshot({ path: artifact('watch-settings-tests-en-light.png') });

    // quiet hours saved
    await page.getByText('Keep quiet at night (or any time of day)').click();
    await page.locator('#watch-quiet-from').fill('22:30');
    await page.locator('#watch-quiet-to').fill('07:00');
    await page.locator('#watch-quiet-zone').click();
    await page.locator('#watch-quiet-zone').fill('shangh');
    await page.getByRole('option', { name: 'Asia/Shanghai' }).click();
    await page.getByTestId('watch-quiet-save').click();
    await page.locator('[data-watch-saved]').waitFor();
    await openSettings();
    expect(await page.locator('#watch-quiet-from').inputValue()).toBe('22:30');
    expect(await page.locator('#watch-quiet-zone').inputValue()).toBe('Asia/Shanghai');

    await page.screenshot({ path: artifact('watch-settings-en-light.png') });
    // the whole screen at once, for the review of its look (taller than the operators' 1366 × 768)
    await page.setViewportSize({ width: 1366, height: 1500 });
    await page.screenshot({ path: artifact('watch-settings-en-light-full.png') });
    await page.getByTestId('theme-toggle').click();
    await page.locator('body.bp6-dark').waitFor({ state: 'attached' });
    await page.screenshot({ path: artifact('watch-settings-en-dark-full.png') });

    // in Chinese: the screen's words and the server's preset names
    await setLocale(page, 'zh-CN');
    await openSettings();
    await page.getByRole('heading', { name: '提醒与通知渠道' }).waitFor();
    await page.getByText('广告账户被停用', { exact: true }).waitFor();
    expect(await page.locator('[data-watch-section="channels"] h4').textContent()).toBe('通知渠道');
    expect(await page.locator('[data-watch-section="quiet"] h4').textContent()).toBe('免打扰时段');
    expect(await channel.getByRole('button', { name: '发送测试消息' }).count()).toBe(2);
    expect(await rule.textContent()).toContain('广告账户 · 花费上限 大于 1000');
    await page.screenshot({ path: artifact('watch-settings-zh-dark-full.png') });
    await page.getByTestId('watch-channel-add').click();
    await page.getByRole('dialog').getByLabel('类型').selectOption('telegram');
    await page.waitForTimeout(400); // the dialog's opening transition
    await page.screenshot({ path: artifact('watch-settings-telegram-form-zh-dark.png') });
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByTestId('theme-toggle').click();
    await page.locator('body:not(.bp6-dark)').waitFor({ state: 'attached' });
    await page.screenshot({ path: artifact('watch-settings-zh-light-full.png') });
    await page.getByTestId('watch-rule-add').click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(400); // the dialog's opening transition
    await page.screenshot({ path: artifact('watch-settings-rule-form-zh-light.png') });
    await page.setViewportSize({ width: 1366, height: 768 });
  });
});
