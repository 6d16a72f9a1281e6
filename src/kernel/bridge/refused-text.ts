import type { SupportedLocale } from '../i18n/types';

/**
 * The one sentence the bridge writes itself, in both languages: the bridge sits below React and
 * i18next, and importing the kernel's locale files here would put both languages' strings into
 * every signed-in page (docs/DECISIONS.md, "First-screen bundle").
 */
export const REFUSED_TEXT: Record<SupportedLocale, string> = {
  'zh-CN': '扩展拒绝了此请求（{{reason}}）。如果此功能本应可用，请更新扩展或联系管理员。',
  'en-US': 'The extension refused this request ({{reason}}). If this function should work, update the extension or ask your administrator.',
};
