import { useEffect } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router';
import { Layout } from './Layout';
import { HOME_PATH } from '../core/route-table';
import { RequireAuth } from '../auth/RequireAuth';
import { LoginScreen } from '../auth/screens/LoginScreen';
import { RegisterScreen } from '../auth/screens/RegisterScreen';
import { ForgotPasswordScreen } from '../auth/screens/ForgotPasswordScreen';
import { EmailActivationScreen } from '../auth/screens/EmailActivationScreen';
import { CreateNewPasswordScreen } from '../auth/screens/CreateNewPasswordScreen';
import { patchSession } from '../auth/session';

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
