import { HOME_PATH } from '../../plugin/route-table';

/** Only same-site paths are followed after login; anything else goes home (no open redirect). */
export function safeRedirect(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\') || redirect.startsWith('/login')) return HOME_PATH;
  return redirect;
}
