import { useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApi } from '../KernelProvider';
import { ApiError } from '../api/client';
import { accountApi } from './account-api';
import { clearSession, patchSession, useSession } from '../core/session';
import { validateLogin, type FieldErrors } from './validation';
import { TextField } from './screens/fields';
import { useSettings } from '../core/settings';

/**
 * The re-login dialog (src/kernel/auth/ReloginDialog.tsx shows it): its code loads when a session first
 * needs it, not at sign-in.
 */
export function ReloginDialogBox({ onLoggedIn }: { isOpen: boolean; onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const session = useSession();
  const { theme } = useSettings();
  const [email, setEmail] = useState(session.info?.email ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!session.relogin) return null;
  const reason = session.relogin.code === 50012 ? t('session.elsewhere') : t('session.expired');

  const submit = async () => {
    const problems = validateLogin({ email, password });
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await accountApi.login(api, email, password);
      patchSession({ relogin: null });
      setPassword('');
      onLoggedIn();
    } catch (e) {
      setFailure(e instanceof ApiError && e.kind === 'business' ? e.message : t('account.loginError'));
    } finally {
      setBusy(false);
    }
  };
  const leave = () => {
    clearSession();
    navigate('/login/login');
  };

  return (
    <Dialog isOpen title={t('session.reloginTitle')} icon="log-in" isCloseButtonShown={false} canEscapeKeyClose={false} canOutsideClickClose={false}
      className={theme === 'dark' ? 'bp6-dark' : undefined}>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
        <DialogBody>
          <Callout intent="warning">{reason}</Callout>
          <TextField id="relogin-email" label={t('account.email')} type="email" value={email} onChange={setEmail} error={errors.email} autoComplete="username" />
          <TextField id="relogin-password" label={t('account.password')} type="password" value={password} onChange={setPassword} error={errors.password} autoComplete="current-password" />
          {failure && <Callout intent="danger">{failure}</Callout>}
        </DialogBody>
        <DialogFooter actions={<><Button text={t('session.toLogin')} onClick={leave} /><Button type="submit" intent="primary" loading={busy} text={t('account.login.submit')} /></>} />
      </form>
    </Dialog>
  );
}
ReloginDialogBox.displayName = 'ReloginDialogBox';
