import { useState, type FormEvent } from 'react';
import { Button, Classes, InputGroup, PopoverNext, Spinner } from '@blueprintjs/core';
import { BookmarkIcon, TickIcon, TrashIcon } from '@blueprintjs/icons';
import type { TFunction } from 'i18next';
import type { SavedView } from '../../../protocol/api';
import type { AddressViews } from './use-list-address';
import { useActiveOrg } from '../core/active-org';

const noEscape = { interpolation: { escapeValue: false } } as const;

/**
 * The table toolbar's "Views" menu on a route screen: the operator's saved views of this list (apply,
 * delete) and "save the current filters, sort and columns as …" (a name already saved is replaced).
 * The views are read from the server each time the menu opens.
 */
export function ViewsMenu({ views, t, onError, onSaved }: {
  views: AddressViews;
  t: TFunction;
  onError: (error: unknown) => void;
  onSaved: (name: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [list, setList] = useState<SavedView[] | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  // in a team the views are the team's (docs/TEAMS.md "What a team shares"); its viewers only apply them
  const team = useActiveOrg();
  const readOnly = team?.role === 'viewer';

  const load = () => {
    setList(null);
    views.list().then(setList, (error: unknown) => {
      setList([]);
      onError(error);
    });
  };
  const trimmed = name.trim();
  const replaces = list?.some((v) => v.name === trimmed) ?? false;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || busy) return;
    setBusy(true);
    try {
      await views.save(trimmed);
      onSaved(trimmed);
      setName('');
      setOpen(false);
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = async (view: SavedView) => {
    try {
      await views.remove(view.name);
      setList((previous) => previous?.filter((v) => v.name !== view.name) ?? null);
    } catch (error) {
      onError(error);
    }
  };

  const content = (
    <div className="tessera-dt__views-menu" role="group" aria-label={t('table.viewsTitle')} data-testid="views-menu">
      {team && <p className={Classes.TEXT_MUTED} data-testid="views-team">{t('table.viewsOfTeam', { team: team.name, ...noEscape })}</p>}
      {list === null ? (
        <div className="tessera-dt__views-loading"><Spinner size={16} /></div>
      ) : list.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('table.viewsEmpty')}</p>
      ) : (
        <ul className="tessera-dt__views-list">
          {list.map((view) => (
            <li key={view.name} className="tessera-dt__views-item" data-view-name={view.name}>
              <Button
                variant="minimal"
                alignText="start"
                fill
                icon={view.name === views.current ? <TickIcon /> : <BookmarkIcon />}
                text={view.name}
                title={t('table.viewApply', { name: view.name, ...noEscape })}
                onClick={() => {
                  views.apply(view);
                  setOpen(false);
                }}
              />
              <Button variant="minimal" size="small" icon={<TrashIcon />} disabled={readOnly} aria-label={t('table.viewDelete', { name: view.name, ...noEscape })} title={t('table.viewDelete', { name: view.name, ...noEscape })} onClick={() => void remove(view)} />
            </li>
          ))}
        </ul>
      )}
      {readOnly ? <p className={Classes.TEXT_MUTED}>{t('table.viewsViewerReadOnly')}</p> : (
      <form className="tessera-dt__views-save" onSubmit={(event) => void save(event)}>
        <label className={Classes.LABEL}>
          {t('table.viewSaveAs')}
          <InputGroup
            size="small"
            value={name}
            maxLength={60}
            placeholder={t('table.viewName')}
            aria-label={t('table.viewName')}
            data-testid="view-name"
            onChange={(event) => setName(event.currentTarget.value)}
          />
        </label>
        <Button type="submit" size="small" intent="primary" loading={busy} disabled={!trimmed} data-testid="view-save"
          text={replaces ? t('table.viewReplace') : t('table.viewSave')} />
      </form>
      )}
    </div>
  );

  return (
    <PopoverNext
      content={content}
      placement="bottom-end"
      isOpen={open}
      onInteraction={(next) => {
        setOpen(next);
        if (next) load();
      }}
    >
      <Button variant="minimal" icon={<BookmarkIcon />} text={views.current ?? t('table.views')} data-testid="views-button" aria-label={t('table.views')} />
    </PopoverNext>
  );
}
