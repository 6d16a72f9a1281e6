import { useState } from 'react';
import { Button, Callout, ControlGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../../KernelProvider';
import { ApiError } from '../../api/client';
import { accountApi } from '../account-api';
import { validateNewPassword, type FieldErrors } from '../validation';
import { AccountFrame } from './AccountFrame';
import { TextField } from './fields';
import { useSendCode } from './use-send-code';
import { HOME_PATH } from '../../plugin/route-table';

type Field = 'email' | 'code' | 'password' | 'confirmPassword';

export function CreateNewPasswordScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form, setForm] = useState({ email: params.get('email') ?? '', code: '', password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sender = useSendCode(api, 'reset');
  const set = (patch: Partial<typeof form>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async () => {
    const problems = validateNewPassword(form);
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await accountApi.createPassword(api, form);
      navigate(HOME_PATH, { replace: true });
    } catch (e) {
      setFailure(e instanceof ApiError && e.kind === 'business' ? e.message : t('account.genericError'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountFrame title={t('account.newPassword.title')}>
      <p className="bp6-text-muted">{t(params.get('setPassword') === '1' ? 'account.activation.setPassword' : 'account.newPassword.help')}</p>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
        <TextField id="reset-email" label={t('account.email')} type="email" autoComplete="username" value={form.email} onChange={(email) => set({ email })} error={errors.email} />
        <ControlGroup fill className="tessera-code-row">
          <TextField id="reset-code" label={t('account.resetCode')} value={form.code} onChange={(code) => set({ code })} error={errors.code} autoComplete="one-time-code" />
          <Button className="tessera-send-code" disabled={sender.wait > 0} loading={sender.busy}
            text={sender.wait > 0 ? t('account.activation.resendIn', { seconds: sender.wait }) : t('account.activation.send')}
            onClick={async () => { const p = await sender.send(form.email); setErrors((er) => ({ ...er, email: p ?? undefined })); }} />
        </ControlGroup>
        <TextField id="reset-password" label={t('account.newPasswordLabel')} type="password" autoComplete="new-password" value={form.password}
          onChange={(password) => set({ password })} error={errors.password} placeholder={t('account.v.passwordLength', { min: 5, max: 30 })} />
        <TextField id="reset-confirm" label={t('account.confirmPassword')} type="password" autoComplete="new-password" value={form.confirmPassword}
          onChange={(confirmPassword) => set({ confirmPassword })} error={errors.confirmPassword} />
        {sender.notice && <Callout intent={sender.notice.intent} className="tessera-account-failure" role="status">{t(sender.notice.key)}{sender.notice.info ? ` (${sender.notice.info})` : ''}</Callout>}
        {failure && <Callout intent="danger" className="tessera-account-failure">{failure}</Callout>}
        <Button type="submit" intent="primary" fill loading={busy} text={t('account.newPassword.submit')} />
      </form>
      <div className="tessera-account-links">
        <Link to="/login/login">{t('account.register.toLogin')}</Link>
      </div>
    </AccountFrame>
  );
}
CreateNewPasswordScreen.displayName = 'CreateNewPasswordScreen';
