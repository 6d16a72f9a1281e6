import { useState } from 'react';
import { Button, Callout, ControlGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../../KernelProvider';
import { ApiError } from '../../api/client';
import { accountApi } from '../account-api';
import { validateActivation, type FieldErrors } from '../validation';
import { AccountFrame } from './AccountFrame';
import { TextField } from './fields';
import { useSendCode } from './use-send-code';
import { HOME_PATH } from '../../plugin/route-table';

export function EmailActivationScreen() {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'code'>>({});
  const [busy, setBusy] = useState(false);
  const sender = useSendCode(api, 'activation', params.get('sent') === '1');

  const submit = async () => {
    const problems = validateActivation({ email, code });
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const done = await accountApi.activate(api, email, code);
      if (done?.passwordRequired) {
        navigate(`/CreateNewPassword?email=${encodeURIComponent(email.trim())}&setPassword=1`, { replace: true });
        return;
      }
      sender.setNotice({ intent: 'success', key: 'account.activation.success' });
      navigate(HOME_PATH, { replace: true });
    } catch (e) {
      const wrong = e instanceof ApiError && e.kind === 'business';
      sender.setNotice({ intent: 'danger', key: wrong ? 'account.activation.codeWrong' : 'account.genericError' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountFrame title={t('account.activation.title')}>
      <Callout intent="warning" icon="time" className="tessera-account-hint">{t('account.activation.hint')}</Callout>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }} noValidate>
        <TextField id="activation-email" label={t('account.email')} type="email" autoComplete="username" value={email} onChange={setEmail} error={errors.email} />
        <ControlGroup fill className="tessera-code-row">
          <TextField id="activation-code" label={t('account.code')} value={code} onChange={setCode} error={errors.code} autoComplete="one-time-code" />
          <Button className="tessera-send-code" disabled={sender.wait > 0} loading={sender.busy}
            text={sender.wait > 0 ? t('account.activation.resendIn', { seconds: sender.wait }) : t('account.activation.send')}
            onClick={async () => { const p = await sender.send(email); setErrors((er) => ({ ...er, email: p ?? undefined })); }} />
        </ControlGroup>
        {sender.notice && (
          <Callout intent={sender.notice.intent} className="tessera-account-failure" role="status">
            {t(sender.notice.key)}{sender.notice.info ? ` (${sender.notice.info})` : ''}
          </Callout>
        )}
        <Button type="submit" intent="primary" fill loading={busy} text={t('account.activation.submit')} />
      </form>
      <div className="tessera-account-links">
        <Link to="/login/login">{t('account.register.toLogin')}</Link>
      </div>
    </AccountFrame>
  );
}
EmailActivationScreen.displayName = 'EmailActivationScreen';
