import { useKernel } from '../KernelProvider';
import { getSession, patchSession, useSession } from '../core/session';
import { showToast } from '../core/toaster';
import { API, apiGet } from '../api/endpoints';

/**
 * The spec's role switch, for admins: view the product as a user sees it (role user and the plugins
 * the policy enables for users). The server still knows the caller is an admin; this changes only
 * what the page shows, never what the server allows.
 */
export function useViewAsUser() {
  const { api, i18n } = useKernel();
  const session = useSession();
  const available = session.info?.role === 'admin';
  const active = session.viewAsUser !== null;
  const toggle = async () => {
    if (getSession().viewAsUser) {
      patchSession({ viewAsUser: null });
      return;
    }
    try {
      const policy = await apiGet(api, API.admin.policy);
      patchSession({ viewAsUser: { plugins: policy.roles.user } });
    } catch (e) {
      void showToast(i18n.t('user.viewAsFailed', { reason: (e as Error).message }), 'danger');
    }
  };
  return { available, active, toggle };
}
