import { Button, HTMLTable, NonIdealState, Spinner, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/**
 * A widget's state while its list is not cached but its area has tried (useCacheLoadState): the list is
 * being loaded in this page right now (a list tile of the workspace, or the area's screen), so the
 * widget waits for it instead of offering a load; or the last load failed, and the widget says why and
 * opens the area, where the list shows the error and loads again.
 */
export function ListLoadState({ state, onOpen }: { state: 'loading' | { failed: string }; onOpen: () => void }) {
  const { t } = useTranslation();
  if (state === 'loading') {
    return <div data-testid="widget-list-loading"><NonIdealState icon={<Spinner size={32} />} description={t('dashboard.listLoading')} /></div>;
  }
  return (
    <div data-testid="widget-list-failed">
      <NonIdealState icon="error" description={t('dashboard.listFailed', { error: state.failed })}
        action={<Button icon="arrow-right" text={t('dashboard.listFailedOpen')} onClick={onOpen} />} />
    </div>
  );
}

/**
 * A list widget before its area's list is cached: waiting for a load under way or why the last one
 * failed (ListLoadState), else what the widget would show and a button that opens the area to load it.
 * Widgets never load by themselves.
 */
export function ListNotCached({ state, onOpen, icon, text, loadText }: {
  state: 'loading' | { failed: string } | null; onOpen: () => void; icon: IconName; text: string; loadText: string;
}) {
  if (state) return <ListLoadState state={state} onOpen={onOpen} />;
  return <NonIdealState icon={icon} description={text} action={<Button text={loadText} onClick={onOpen} />} />;
}

/**
 * One figure of a widget: its label, the count, and the filter its area's list opens with when clicked
 * (none: not clickable; `{}` with a `path`: another screen of the area, unfiltered).
 */
export type Figure = readonly [label: string, count: number, filter?: Record<string, string>, path?: string];

/** A widget's figures over a cached list: a caption (the total), one row per figure, and a link to the area. */
export function FiguresTable({ caption, figures, onOpen, openText, testId }: {
  caption: string; figures: readonly Figure[]; onOpen: (filter?: Record<string, string>, path?: string) => void; openText: string; testId: string;
}) {
  const { i18n } = useTranslation();
  return (
    <div data-testid={testId}>
      <div className="bp6-text-muted">{caption}</div>
      <HTMLTable compact striped>
        <tbody>{figures.map(([label, n, filter, path]) => (
          <tr key={label} data-filter={filter ? JSON.stringify(filter) : undefined} data-path={path}>
            <td>{filter ? <a role="button" tabIndex={0} onClick={() => onOpen(filter, path)} onKeyDown={(e) => e.key === 'Enter' && onOpen(filter, path)}>{label}</a> : label}</td>
            <td>{n.toLocaleString(i18n.language)}</td>
          </tr>
        ))}</tbody>
      </HTMLTable>
      <Button variant="minimal" icon="arrow-right" text={openText} onClick={() => onOpen()} />
    </div>
  );
}
