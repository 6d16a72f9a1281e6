import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { lazyPart } from './lazy-part';
import { HOME_PATH } from '../plugin/route-table';
import { RequireAuth } from '../auth/RequireAuth';
import { LoginScreen } from '../auth/screens/LoginScreen';
import { patchSession } from '../core/session';

// The shell (navbar, menu, tabs, workspace) loads after sign-in; the account screens stay in the first chunk.
const Layout = lazyPart(async () => (await import('./Layout')).Layout, 'Layout');
export const preloadLayout = () => Layout.preload();
// The other account screens are rarer than the login page: each loads when opened, with every string
// (the login page's are in the first part, docs/PLUGINS.md, "Strings").
const ALL_STRINGS = { allStrings: true };
const RegisterScreen = lazyPart(async () => (await import('../auth/screens/RegisterScreen')).RegisterScreen, 'RegisterScreen', ALL_STRINGS);
const ForgotPasswordScreen = lazyPart(async () => (await import('../auth/screens/ForgotPasswordScreen')).ForgotPasswordScreen, 'ForgotPasswordScreen', ALL_STRINGS);
const EmailActivationScreen = lazyPart(async () => (await import('../auth/screens/EmailActivationScreen')).EmailActivationScreen, 'EmailActivationScreen', ALL_STRINGS);
const CreateNewPasswordScreen = lazyPart(async () => (await import('../auth/screens/CreateNewPasswordScreen')).CreateNewPasswordScreen, 'CreateNewPasswordScreen', ALL_STRINGS);

/**
 * The route table of docs/INTERFACES.md section 2. Plugin screens are resolved inside the Layout from the
 * registry, so adding a plugin folder adds its routes without touching this file.
 */
export function AppRoutes() {
  const retry = () => patchSession({ infoStatus: 'idle' });
  return (
    <Routes>
      <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
      <Route path="/login" element={<Navigate to="/login/login" replace />} />
      <Route path="/login/login" element={<LoginScreen />} />
      <Route path="/login/register" element={<RegisterScreen />} />
      <Route path="/login/forgotPassword" element={<ForgotPasswordScreen />} />
      <Route path="/login/emailActivation" element={<EmailActivationScreen />} />
      <Route path="/CreateNewPassword" element={<CreateNewPasswordScreen />} />
      <Route path="/redirect/*" element={<RequireAuth onRetry={retry}><RedirectScreen /></RequireAuth>} />
      <Route path="*" element={<RequireAuth onRetry={() => window.location.reload()}><Layout /></RequireAuth>} />
    </Routes>
  );
}
AppRoutes.displayName = 'AppRoutes';

/** `/redirect/<path>` replaces itself with `/<path>` (used to remount a screen); it never becomes a tab. */
function RedirectScreen() {
  const params = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/${params['*'] ?? ''}${search}`, { replace: true });
  }, [navigate, params, search]);
  return null;
}
