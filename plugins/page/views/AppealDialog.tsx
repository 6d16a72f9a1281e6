import { useEffect, useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, Spinner, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { codeWord, getItem, showToast, useBridge, useBus, useRunner, useSettings } from '@kernel';
import { userAppealStatus } from '../api';

/** The operator's own account appeal: its status (read at once) and the submit (a runner job of one item, the user). */
export function AppealDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('page');
  const bridge = useBridge();
  const bus = useBus();
  const runner = useRunner();
  const dark = useSettings().theme === 'dark';
  const [state, setState] = useState<{ status: string; canAppeal: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [round, setRound] = useState(0);
  useEffect(() => {
    const onFinished = (e: { actionId: string }) => { if (e.actionId === 'page.userAppealSubmit') setRound((r) => r + 1); };
    bus.on('job:finished', onFinished);
    return () => bus.off('job:finished', onFinished);
  }, [bus]);
  useEffect(() => {
    if (!isOpen) return;
    const c = new AbortController();
    setState(null);
    userAppealStatus(bridge, { signal: c.signal }).then((s) => { if (!c.signal.aborted) setState(s); }, (e) => { if (!c.signal.aborted) setError((e as Error).message); });
    return () => c.abort();
  }, [bridge, isOpen, round]);
  const submit = () => {
    try {
      runner.start('page.userAppealSubmit', { appeal_comment: comment }, [{ id: getItem('fbid') || 'me', name: getItem('fbname') ?? '' }]);
      void showToast(t('started'), 'primary');
      setComment('');
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('appeal.title')} icon="take-action" className={dark ? 'bp6-dark' : undefined}>
      <DialogBody className="page-tool">
        {!state && !error && <Spinner size={16} />}
        {state && <div data-testid="page-user-appeal">{t('appeal.status', { status: codeWord(t, 'appealStatus', state.status) || '—' })} {state.canAppeal ? t('appeal.canAppeal') : t('appeal.cannot')}</div>}
        <FormGroup label={t('appeal.comment')} labelFor="page-appeal-comment">
          <TextArea id="page-appeal-comment" fill rows={3} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
        </FormGroup>
        {error && <Callout intent="danger" compact className="tessera-pre">{error}</Callout>}
      </DialogBody>
      <DialogFooter actions={<>
        <Button text={t('cancel')} onClick={onClose} />
        <Button intent="primary" text={t('appeal.submit')} disabled={!comment.trim() || !state?.canAppeal} onClick={submit} />
      </>} />
    </Dialog>
  );
}
