import { useState } from 'react';
import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../../KernelProvider';
import { ApiError } from '../../api/client';
import { useRuntime } from '../../api/runtime';
import { accountApi } from '../account-api';
import { validateLogin, type FieldErrors } from '../validation';
import { AccountFrame } from './AccountFrame';
import { TextField } from './fields';
import { safeRedirect } from './redirect';

export function LoginScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const runtime = useRuntime();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  // shown once the server asks for the unlock code it mailed (40011)
  const [unlockCode, setUnlockCode] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problems = validateLogin({ email, password });
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await accountApi.login(api, email, password, unlockCode ?? undefined);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      setFailure(e instanceof ApiError && e.kind !== 'network' && e.kind !== 'timeout' && e.kind !== 'http' ? e.message : t('account.loginError'));
      if (e instanceof ApiError && e.code === 40011) setUnlockCode((c) => c ?? '');
      if (e instanceof ApiError && e.code === 40005) navigate(`/login/emailActivation?email=${encodeURIComponent(email.trim())}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountFrame title={t('account.login.title')}>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
        <TextField id="login-email" label={t('account.email')} type="email" autoComplete="username" value={email} onChange={setEmail} error={errors.email} />
        <TextField id="login-password" label={t('account.password')} type="password" autoComplete="current-password" value={password} onChange={setPassword} error={errors.password} />
        {unlockCode !== null && (
          <TextField id="login-unlock" label={t('account.login.unlockCode')} value={unlockCode} onChange={setUnlockCode} autoComplete="one-time-code"
            placeholder={t('account.login.unlockHint')} />
        )}
        {failure && <Callout intent="danger" className="tessera-account-failure">{failure}</Callout>}
        <Button type="submit" intent="primary" fill loading={busy} text={t('account.login.submit')} />
      </form>
      <div className="tessera-account-links">
        <Link to="/login/register">{t('account.login.toRegister')}</Link>
        <Link to="/login/forgotPassword">{t('account.login.toForgot')}</Link>
      </div>
      {runtime?.demo && (
        <Callout intent="primary" icon="lab-test" className="tessera-account-demo" title={t('account.demo.title')}>
          <p>{runtime.demoPassword ? t('account.demo.withPassword', { password: runtime.demoPassword }) : t('account.demo.ownPassword')}</p>
          <p>{t('account.demo.adminOnConsole')}</p>
          <div className="tessera-account-demo-users">
            {/* the demo admin's password is never published (it is on the server's console): no button for it */}
            {(runtime.demoAccounts ?? []).filter((a) => a.role !== 'admin').map((a) => (
              <Button key={a.email} size="small" icon="log-in" data-demo-email={a.email}
                text={t(a.role === 'admin' ? 'account.demo.asAdmin' : 'account.demo.asOperator', { email: a.email })}
                onClick={() => {
                  setEmail(a.email);
                  if (runtime.demoPassword) setPassword(runtime.demoPassword);
                }} />
            ))}
          </div>
        </Callout>
      )}
    </AccountFrame>
  );
}
LoginScreen.displayName = 'LoginScreen';
