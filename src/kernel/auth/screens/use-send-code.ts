import { useEffect, useState } from 'react';
import type { ApiClient } from '../../api/client';
import { ApiError } from '../../api/client';
import { accountApi } from '../account-api';
import { emailProblem } from '../validation';

export const RESEND_SECONDS = 60;

/** The send-code button's state: one send a minute (the server enforces the same), with a countdown. */
export function useSendCode(api: ApiClient, purpose: 'activation' | 'reset', initiallySent = false) {
  const [wait, setWait] = useState(initiallySent ? RESEND_SECONDS : 0);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ intent: 'success' | 'danger'; key: string; info?: string } | null>(
    initiallySent ? { intent: 'success', key: 'account.activation.sent' } : null,
  );

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((w) => w - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const send = async (email: string): Promise<string | null> => {
    const problem = emailProblem(email);
    if (problem) return problem;
    setBusy(true);
    try {
      await accountApi.sendCode(api, email, purpose);
      setNotice({ intent: 'success', key: 'account.activation.sent' });
      setWait(RESEND_SECONDS);
    } catch (e) {
      const retryAfter = e instanceof ApiError ? e.retryAfterSeconds : undefined;
      if (retryAfter) setWait(retryAfter);
      setNotice({ intent: 'danger', key: 'account.activation.sendFailed', info: e instanceof ApiError && e.kind !== 'network' && e.kind !== 'timeout' ? e.message : undefined });
    } finally {
      setBusy(false);
    }
    return null;
  };

  return { wait, busy, notice, send, setNotice };
}
