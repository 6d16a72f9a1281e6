import { useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, Tag, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useBridge, useBus, useSettings } from '@kernel';
import { idsOf, resolvePageLines, type ResolvedLine } from '../resolve';

/**
 * "Pages by link": pasted page ids, links and codes become page ids (the unresolved and refused lines
 * are listed and never sent); the found pages are then published as the selection and the action
 * palette opens, so any page action runs on them through the runner.
 */
export function ResolveDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('page');
  const bridge = useBridge();
  const bus = useBus();
  const dark = useSettings().theme === 'dark';
  const [text, setText] = useState('');
  const [lines, setLines] = useState<ResolvedLine[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = lines ? idsOf(lines) : [];

  const resolve = async () => {
    setBusy(true);
    setError(null);
    try {
      setLines(await resolvePageLines(bridge, text));
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : 'Unknown error');
    } finally {
      setBusy(false);
    }
  };
  const useThem = () => {
    bus.emit('selection:changed', { sourceTileId: 'page:by-link', rowType: 'page', ids, items: ids.map((id) => ({ id })) });
    onClose();
    bus.emit('palette:opened', undefined);
  };
  const stateText = (l: ResolvedLine) => (l.state === 'refused' ? t(`resolve.problem.${l.problem ?? 'entry'}`) : t(`resolve.state.${l.state}`));
  const intent = (l: ResolvedLine) => (l.id ? 'success' : l.state === 'refused' ? 'danger' : 'warning');

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('resolve.title')} icon="link" className={dark ? 'bp6-dark' : undefined} style={{ width: 720 }}>
      <DialogBody className="page-tool page-resolve">
        <FormGroup label={t('resolve.entries')} labelFor="page-resolve-entries" helperText={t('resolve.help')}>
          <TextArea id="page-resolve-entries" fill rows={6} value={text} onChange={(e) => { setText(e.currentTarget.value); setLines(null); }} />
        </FormGroup>
        {lines && (
          <>
            <div data-testid="page-resolve-summary" data-count={ids.length}>{t('resolve.summary', { found: ids.length, missing: lines.filter((l) => !l.id).length })}</div>
            <HTMLTable compact striped data-testid="page-resolve-table">
              <thead><tr><th>{t('resolve.line')}</th><th>{t('resolve.entry')}</th><th>{t('resolve.result')}</th></tr></thead>
              <tbody>{lines.map((l) => (
                <tr key={l.line} data-state={l.state}><td>{l.line}</td><td className="tessera-pre">{l.text}</td>
                  <td><Tag minimal intent={intent(l)}>{stateText(l)}</Tag> {l.id ?? ''}</td></tr>
              ))}</tbody>
            </HTMLTable>
          </>
        )}
        {error && <Callout intent="danger" compact className="tessera-pre">{error}</Callout>}
      </DialogBody>
      <DialogFooter actions={<>
        <Button text={t('cancel')} onClick={onClose} />
        <Button text={t('resolve.resolve')} loading={busy} disabled={!text.trim()} onClick={() => void resolve()} data-testid="page-resolve-button" />
        <Button intent="primary" text={t('resolve.use', { count: ids.length })} disabled={!ids.length} onClick={useThem} data-testid="page-resolve-use" />
      </>} />
    </Dialog>
  );
}
