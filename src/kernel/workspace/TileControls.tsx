import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useMosaic, useMosaicWindow } from 'react-mosaic-component';

/**
 * A tile's own toolbar buttons, in place of react-mosaic's defaults (which carry English titles):
 * split, maximise / restore, close, and the follow menu.
 */
export function TileControls({ viewId, title, maximised, onMaximise, follow }: {
  viewId: string;
  /** The tile's title: every button says which tile it acts on ("Close tile Ad account list"). */
  title: string;
  maximised: boolean;
  onMaximise: (on: boolean) => void;
  follow: FollowMenuProps | null;
}) {
  const { t } = useTranslation();
  const { mosaicActions } = useMosaic<string>();
  const { mosaicWindowActions } = useMosaicWindow();
  const split = () => {
    if (maximised) onMaximise(false);
    // The workspace's createNode receives the view id: the new tile shows the same view.
    mosaicWindowActions.split(viewId).catch((e: unknown) => console.warn('[tessera] split failed', e));
  };
  const close = () => {
    if (maximised) onMaximise(false);
    mosaicActions.remove(mosaicWindowActions.getPath());
  };
  const maximiseLabel = maximised ? t('workspace.restore', { title }) : t('workspace.maximise', { title });
  const splitLabel = t('workspace.split', { title });
  const closeLabel = t('workspace.closeTile', { title });
  return (
    <>
      {follow && <FollowMenu {...follow} tileTitle={title} />}
      <Button size="small" variant="minimal" icon="split-columns" className="tessera-tile-split" title={splitLabel} aria-label={splitLabel} onClick={split} />
      <Button size="small" variant="minimal" icon={maximised ? 'minimize' : 'maximize'} className="tessera-tile-maximise" title={maximiseLabel} aria-label={maximiseLabel}
        aria-pressed={maximised} onClick={() => onMaximise(!maximised)} />
      <Button size="small" variant="minimal" icon="cross" className="tessera-tile-close" title={closeLabel} aria-label={closeLabel} onClick={close} />
    </>
  );
}
TileControls.displayName = 'TileControls';

export interface FollowMenuProps {
  /** The followed tile, or null. */
  value: string | null;
  /** Tiles this one can follow, with their titles. */
  candidates: readonly { tileId: string; title: string }[];
  onChange: (tileId: string | null) => void;
}

/** Which tile's selection this tile filters by: a small button that names the followed tile by its title. */
function FollowMenu({ value, candidates, onChange, tileTitle }: FollowMenuProps & { tileTitle: string }) {
  const { t } = useTranslation();
  const followed = candidates.find((c) => c.tileId === value);
  const label = followed ? t('workspace.following', { title: tileTitle, followed: followed.title }) : t('workspace.followTile', { title: tileTitle });
  return (
    <PopoverNext
      placement="bottom-end"
      arrow={false}
      animation="minimal"
      content={
        <Menu aria-label={t('workspace.follow')}>
          <MenuItem text={t('workspace.followNone')} icon={value === null ? 'tick' : 'blank'} onClick={() => onChange(null)} />
          {candidates.length > 0 && <MenuDivider title={t('workspace.followWhich')} />}
          {candidates.map((c) => (
            <MenuItem key={c.tileId} text={c.title} icon={c.tileId === value ? 'tick' : 'blank'} data-follow-tile={c.tileId} onClick={() => onChange(c.tileId)} />
          ))}
          {candidates.length === 0 && <MenuItem disabled text={t('workspace.followNothing')} />}
        </Menu>
      }
    >
      <Button size="small" variant="minimal" icon="link" className="tessera-tile-follow" intent={followed ? 'primary' : 'none'}
        title={label} aria-label={label} text={followed ? <span className="tessera-tile-follow-text">{followed.title}</span> : undefined} />
    </PopoverNext>
  );
}
