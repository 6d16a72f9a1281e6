import type { TileConfig } from './workspace-file';

/**
 * Titles of the tiles: the view's title, with the tile's number when several tiles show that view
 * ("Ad accounts 1", "Ad accounts 2") so an operator can tell them apart; never the tile's id.
 */
export function tileTitles(
  configById: Record<string, TileConfig>,
  viewTitle: (viewId: string) => string,
  numbered: (title: string, n: number) => string,
): Record<string, string> {
  const perView = new Map<string, number>();
  for (const config of Object.values(configById)) perView.set(config.viewId, (perView.get(config.viewId) ?? 0) + 1);
  const titles: Record<string, string> = {};
  for (const [tileId, config] of Object.entries(configById)) {
    const title = viewTitle(config.viewId);
    titles[tileId] = (perView.get(config.viewId) ?? 0) > 1 ? numbered(title, config.n ?? 1) : title;
  }
  return titles;
}

/** Tiles another tile can follow: the others whose view publishes a selection (a row type). */
export function followCandidates(tileId: string, configById: Record<string, TileConfig>, rowTypeOf: (viewId: string) => string | undefined): string[] {
  return Object.keys(configById).filter((id) => id !== tileId && rowTypeOf(configById[id].viewId) !== undefined);
}
