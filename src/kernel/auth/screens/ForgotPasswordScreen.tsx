import { useState } from 'react';
import { Button, Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../../KernelProvider';
import { ApiError } from '../../api/client';
import { accountApi } from '../account-api';
import { emailProblem } from '../validation';
import { AccountFrame } from './AccountFrame';
import { TextField } from './fields';

export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problem = emailProblem(email);
    setError(problem ?? undefined);
    setFailure(null);
    if (problem) return;
    setBusy(true);
    try {
      await accountApi.forgotPassword(api, email);
      navigate(`/CreateNewPassword?email=${encodeURIComponent(email.trim())}`);
    } catch (e) {
      setFailure(e instanceof ApiError && e.kind === 'business' ? e.message : t('account.genericError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountFrame title={t('account.forgot.title')}>
      <p className="bp6-text-muted">{t('account.forgot.help')}</p>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
        <TextField id="forgot-email" label={t('account.email')} type="email" autoComplete="username" value={email} onChange={setEmail} error={error} />
        {failure && <Callout intent="danger" className="tessera-account-failure">{failure}</Callout>}
        <Button type="submit" intent="primary" fill loading={busy} text={t('account.forgot.submit')} />
      </form>
      <div className="tessera-account-links">
        <Link to="/login/login">{t('account.register.toLogin')}</Link>
      </div>
    </AccountFrame>
  );
}
ForgotPasswordScreen.displayName = 'ForgotPasswordScreen';
