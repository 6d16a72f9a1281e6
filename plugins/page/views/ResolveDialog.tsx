import { useState } from 'react';
import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { RecognisedList, useBus, usePastedList, useSettings, type Recognised } from '@kernel';

/**
 * "Pages by link": pasted page ids, links and user names become page ids the kernel's way (the lines
 * that name no page and the refused ones are listed and never sent); the found pages, each with the
 * platform's name for it, are then published as the selection (with their names, so the action
 * dialog's preview names them) and the action palette opens, so any page action runs on them.
 */
export function ResolveDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('page');
  const bus = useBus();
  const dark = useSettings().theme === 'dark';
  const pasted = usePastedList('page');
  const [error, setError] = useState<string | null>(null);
  const found = pasted.lines ? foundPages(pasted.lines) : [];
  const ids = found.map((p) => p.id);

  const resolve = async () => {
    setError(null);
    try { await pasted.read(); } catch (e) { setError(e instanceof Error && e.message ? e.message : 'Unknown error'); }
  };
  const useThem = () => {
    bus.emit('selection:changed', { sourceTileId: 'page:by-link', rowType: 'page', ids, items: found.map((p) => (p.name ? { id: p.id, name: p.name } : { id: p.id })) });
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
        {found.length > 0 && (
          <div className="page-resolve-found" data-testid="page-resolve-found" data-count={found.length}>
            <h5 className="bp6-heading">{t('resolve.found', { count: found.length })}</h5>
            <HTMLTable compact striped>
              <tbody>
                {found.map((p) => (
                  <tr key={p.id} data-id={p.id}>
                    <td>{p.id}</td>
                    {/* the platform's text, as text */}
                    <td className="tessera-pre">{p.name ?? <span className="bp6-text-muted">{t('resolve.noName')}</span>}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        )}
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

/** Each page found once, in the order of the lines, with the platform's name for it when it gave one. */
function foundPages(lines: readonly Recognised[]): { id: string; name?: string }[] {
  const out = new Map<string, { id: string; name?: string }>();
  for (const l of lines) if (l.id && !out.has(l.id)) out.set(l.id, { id: l.id, name: l.name });
  for (const l of lines) if (l.id && l.name && !out.get(l.id)!.name) out.get(l.id)!.name = l.name;
  return [...out.values()];
}
