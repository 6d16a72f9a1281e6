import { useState } from 'react';
import { Button, Callout, Checkbox, FormGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../../KernelProvider';
import { ApiError } from '../../api/client';
import { accountApi } from '../account-api';
import { validateRegister, type FieldErrors } from '../validation';
import { AccountFrame } from './AccountFrame';
import { TextField } from './fields';

type Field = 'email' | 'password' | 'confirmPassword' | 'agree';

export function RegisterScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const [form, setForm] = useState({ email: '', password: '', confirmPassword: '', agree: false });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async () => {
    const problems = validateRegister(form);
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await accountApi.register(api, form);
      navigate(`/login/emailActivation?email=${encodeURIComponent(form.email.trim())}&sent=1`);
    } catch (e) {
      setFailure(e instanceof ApiError && e.kind === 'business' ? e.message : t('account.registerError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountFrame title={t('account.register.title')}>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
        <TextField id="register-email" label={t('account.email')} type="email" autoComplete="username" value={form.email} onChange={(email) => set({ email })} error={errors.email} />
        <TextField id="register-password" label={t('account.password')} type="password" autoComplete="new-password" value={form.password} onChange={(password) => set({ password })}
          error={errors.password} placeholder={t('account.v.passwordLength', { min: 5, max: 30 })} />
        <TextField id="register-confirm" label={t('account.confirmPassword')} type="password" autoComplete="new-password" value={form.confirmPassword}
          onChange={(confirmPassword) => set({ confirmPassword })} error={errors.confirmPassword} />
        <FormGroup intent={errors.agree ? 'danger' : 'none'} helperText={errors.agree ? t(errors.agree) : undefined}>
          <Checkbox checked={form.agree} onChange={(e) => set({ agree: e.currentTarget.checked })} label={t('account.register.agree')} />
        </FormGroup>
        {failure && <Callout intent="danger" className="tessera-account-failure">{failure}</Callout>}
        <Button type="submit" intent="primary" fill loading={busy} text={t('account.register.submit')} />
      </form>
      <div className="tessera-account-links">
        <Link to="/login/login">{t('account.register.toLogin')}</Link>
      </div>
    </AccountFrame>
  );
}
RegisterScreen.displayName = 'RegisterScreen';
