import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';

/** Where each icon's paths module lives: `<base>/16px/paths/<name>.js` (vite.config.ts, blueprintIconChunks). */
declare const __ICON_PATHS_BASE__: string;

/**
 * Blueprint's default loader fetches every icon's paths of a size at once (≈ 100 kB gzipped per size)
 * the first time any `<Icon icon="name">` renders. Here each icon is its own small module, fetched when
 * a screen first shows it (Blueprint's custom icon loader; docs/DECISIONS.md, "First-screen bundle").
 * Until its paths arrive an icon draws from Blueprint's icon font, as before.
 */
export async function loadIconPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  const px = size < IconSize.LARGE ? 16 : 20;
  const url = `${__ICON_PATHS_BASE__}/${px}px/paths/${name}.js`;
  const mod = (await import(/* @vite-ignore */ url)) as { default: IconPaths };
  return mod.default;
}

/** Called once at boot, before anything renders. */
export function loadIconsOneByOne(): void {
  Icons.setLoaderOptions({ loader: loadIconPaths });
}
