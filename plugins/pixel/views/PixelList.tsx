import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  recordRecent, DataTable, ListButtons, ListStatus, useApi, useAreaList,
  type AreaList, type ListLoadContext, type ViewProps,
} from '@kernel';
import { loadPixels } from '../load';
import { pixelColumns } from '../columns';
import { CACHE_KEY } from '../cache';
import { toItem } from '../checks';
import type { Pixel } from '../types';
import { PixelDetail } from './PixelDetail';
import './pixel.css';

const getId = (p: Pixel) => p.id;
/**
 * After a pixel job: no pixel action changes a listed field (sharing, connections, people and partners
 * show through the outputs and the detail panel), so the touched rows are kept as they are instead of
 * asking every business's list again; a forced reload reads everything.
 */
const keepRows = async (ids: readonly string[], ctx: { rows: ReadonlyMap<string, Pixel> }) => ids.flatMap((id) => ctx.rows.get(id) ?? []);
/** A business tile's selection filters the list: pixels owned by, or listed through, a selected business. */
export const FOLLOW = { rowType: 'business', match: (p: Pixel, ids: ReadonlySet<string>) => ids.has(p.business_id) || (p.via ?? []).some((id) => ids.has(id)) };

/**
 * The pixel list by business: the kernel's list hook loads it (cached 12 h as `pixel_list`, streamed
 * with a progress display, forced reload), follows a business selection, publishes its selection as
 * `pixel` rows and reloads after a job; this view adds the columns, the detail panel and the recent-item record.
 */
export default function PixelList({ tileId: sourceId, followedSelection: followed }: Pick<ViewProps, 'tileId' | 'followedSelection'>) {
  const { t, i18n } = useTranslation('pixel');
  const api = useApi();
  const [open, setOpen] = useState<Pixel | null>(null);
  const load = useCallback(({ bridge, signal, emit, progress }: ListLoadContext<Pixel>) => loadPixels(bridge, {
    signal, onRows: emit,
    onProgress: (p) => progress({ pages: p.page, rows: p.rows, detailsDone: p.done, detailsTotal: p.total }),
  }), []);
  const list = useAreaList<Pixel>({ cacheKey: CACHE_KEY, load, rowType: 'pixel', getId, toItem, sourceId, followed, follow: FOLLOW, reread: keepRows });
  const columns = useMemo(() => pixelColumns(t), [t, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps

  const openPixel = (p: Pixel) => {
    setOpen(p);
    recordRecent(api, 'pixel', { record_id: p.id, record_name: p.name, bm_id: p.business?.id ?? p.relation_business.id, bm_name: p.business?.name ?? p.relation_business.name });
  };

  return (
    <div className="pixel-list" data-testid="pixel-list">
      <ListStatus list={list as AreaList<unknown>} />
      <DataTable viewId="pixel.list" rows={list.visible} columns={columns} getRowId={getId} loading={list.loading && list.rows.length === 0}
        selection={list.selection} onSelectionChange={list.onSelectionChange} onRowOpen={openPixel} exportFileName="pixels" emptyText={t('empty')}
        toolbar={<ListButtons list={list as AreaList<unknown>} testId="pixel-actions" />} />
      <PixelDetail pixel={open} onClose={() => setOpen(null)} />
    </div>
  );
}
