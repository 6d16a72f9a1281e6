import { useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RecognisedList, idsOf, useBus, usePastedList, useSettings } from '@kernel';

/**
 * "Pages by link": pasted page ids, links and user names become page ids the kernel's way (the lines
 * that name no page and the refused ones are listed and never sent); the found pages are then
 * published as the selection and the action palette opens, so any page action runs on them.
 */
export function ResolveDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('page');
  const bus = useBus();
  const dark = useSettings().theme === 'dark';
  const pasted = usePastedList('page');
  const [error, setError] = useState<string | null>(null);
  const ids = pasted.lines ? idsOf(pasted.lines) : [];

  const resolve = async () => {
    setError(null);
    try { await pasted.read(); } catch (e) { setError(e instanceof Error && e.message ? e.message : 'Unknown error'); }
  };
  const useThem = () => {
    bus.emit('selection:changed', { sourceTileId: 'page:by-link', rowType: 'page', ids, items: ids.map((id) => ({ id })) });
    onClose();
    bus.emit('palette:opened', undefined);
  };

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('resolve.title')} icon="link" className={dark ? 'bp6-dark' : undefined} style={{ width: 760 }}>
      <DialogBody className="page-tool page-resolve">
        <FormGroup label={t('resolve.entries')} labelFor="page-resolve-entries" helperText={t('resolve.help')}>
          <TextArea id="page-resolve-entries" fill rows={6} value={pasted.text} onChange={(e) => pasted.setText(e.currentTarget.value)} />
        </FormGroup>
        {pasted.lines && <RecognisedList lines={pasted.lines} format="page" testId="page-resolve-table" />}
        {error && <Callout intent="danger" compact className="tessera-pre">{error}</Callout>}
      </DialogBody>
      <DialogFooter actions={<>
        <Button text={t('cancel')} onClick={onClose} />
        <Button text={t('resolve.resolve')} loading={pasted.reading} disabled={!pasted.text.trim()} onClick={() => void resolve()} data-testid="page-resolve-button" />
        <Button intent="primary" text={t('resolve.use', { count: ids.length })} disabled={!ids.length} onClick={useThem} data-testid="page-resolve-use" />
      </>} />
    </Dialog>
  );
}
