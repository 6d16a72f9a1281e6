import { bodyCellStyle } from './cell-style';
import {
  startTransition,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import { flushSync } from 'react-dom';
import type { TFunction } from 'i18next';
import { columnAtChild, GridRow, type ColumnWindow, type GridRowHandlers } from './GridRow';
import type { SelectionSet } from './selection';
import { CELL_PADDING, displayText, HEADER_HEIGHT, HEADER_ROWS, ROW_HEIGHT } from './table-model';
import { TextFit } from './text-fit';
import { coverFor, covers, positionsOf, restingCover, visibleRows, type Ranges } from './windowing';
import type { DataColumn } from './types';

/** Where a visible column goes: its width, and for a pinned column the side and its distance from that edge. */
export interface ColumnLayout {
  width: number;
  grow: boolean;
  pin: false | 'start' | 'end';
  /** px from the scroller's start edge (pinned to the start, checkbox column included) or end edge. */
  inset: number;
  /** The last start-pinned or first end-pinned column: draws the line the others scroll under. */
  edge: boolean;
}

interface DataGridProps<Row> extends GridRowHandlers {
  rows: readonly Row[];
  /** Positions in `rows` of the rows to show, in order (the current page in paged mode). */
  view: Int32Array;
  rowId: (row: number) => string;
  /** The display text of a cell; stable for one data set. */
  textOf: (row: number, column: DataColumn<Row>) => string;
  columns: readonly DataColumn<Row>[];
  header: ReactNode;
  /** Shown instead of rows (loading, empty, no match). */
  overlay: ReactNode;
  layout: readonly ColumnLayout[];
  totalWidth: number;
  selection: SelectionSet;
  /** Position in `rows` of the active row, or -1. */
  activeRow: number;
  busy: boolean;
  /** Scroll back to the top whenever this changes (sort, filter, page). */
  resetKey: string;
  t: TFunction;
  /** The leading column's width (selectColumnWidth). */
  selectWidth: number;
  /** Rows open (the table has `onRowOpen`): each row shows an "open details" button. */
  openable: boolean;
  /** The column that names a row (its `name` column, shown or not): the open button says "Open details of <name>". */
  nameColumn?: DataColumn<Row>;
}

/**
 * Rows kept beyond the viewport once scrolling has paused, so the first frames of a scroll land on
 * rendered rows: more in the direction of the last movement (a scroll set by script is reported
 * a frame late, so at 2,500 rows/s the first two frames, ~85 rows, must already be there).
 */
const RESTING_AHEAD = 96;
const RESTING_BEHIND = 32;
/**
 * Row elements that leave the window are unmounted at most this many per render; until then they
 * stay where they are (their content still right) and are the first reused for rows entering.
 * A scroll that starts from a wide resting window does not remove dozens of rows in one frame.
 */
const UNMOUNTS_PER_RENDER = 12;
/** A scroll of up to this many viewports, after a pause, still counts as a movement (not a jump). */
const CONTINUOUS_VIEWPORTS = 3;
/** Scroll events closer than this belong to one movement. */
const MOVEMENT_GAP_MS = 120;
/** A 60 Hz display frame. */
const FRAME_MS = 1000 / 60;
const QUIET_MS = 150;
const ASSUMED_VIEWPORT = 800;
const ASSUMED_WIDTH = 1920;
/** Columns this far (px) outside the horizontal viewport are rendered too. */
const COLUMN_MARGIN = 40;

const clipsAll = () => false;

/** What a mounted row element shows: a position of the view (or of an earlier view, when stale) and its row. */
interface Shown {
  position: number;
  row: number;
  stale: boolean;
}

interface Extent {
  /** Rendered row positions (unclamped), sorted, disjoint. */
  ranges: Ranges;
}

function isEditable(target: EventTarget) {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA|BUTTON)$/.test(target.tagName));
}

/**
 * Pinned columns, and the unpinned columns overlapping the horizontal viewport (plus a margin);
 * all of them when they fit. `pinnedStart`/`pinnedEnd`: how many visible columns are pinned to
 * each side (they come first and last).
 */
function columnWindow(edges: readonly number[], across: { left: number; width: number }, pinnedStart: number, pinnedEnd: number): ColumnWindow {
  const count = edges.length - 1;
  const centerEnd = Math.max(pinnedStart, count - pinnedEnd);
  const all = { pinnedStart, start: pinnedStart, end: centerEnd, centerEnd, offset: 0, trailing: 0, partial: false };
  if (count <= 0 || edges[count] <= across.width || centerEnd === pinnedStart) return all;
  const from = across.left - COLUMN_MARGIN;
  const to = across.left + across.width + COLUMN_MARGIN;
  let start = pinnedStart;
  while (start < centerEnd - 1 && edges[start + 1] <= from) start++;
  let end = start;
  while (end < centerEnd && edges[end] < to) end++;
  end = Math.max(end, start + 1);
  return {
    pinnedStart,
    start,
    end,
    centerEnd,
    offset: edges[start] - edges[pinnedStart],
    // Only needed to keep end-pinned columns at the far edge, where sticky positioning holds them.
    trailing: pinnedEnd > 0 ? edges[centerEnd] - edges[end] : 0,
    partial: start > pinnedStart || end < centerEnd,
  };
}


/** The current frame's time (the requestAnimationFrame timestamp), else now. */
function frameTime(): number {
  const time = typeof document !== 'undefined' ? document.timeline?.currentTime : null;
  return typeof time === 'number' ? time : performance.now();
}

function viewportOf(element: HTMLElement | null): number {
  const height = element ? element.clientHeight - HEADER_HEIGHT : 0;
  return height > 0 ? height : ASSUMED_VIEWPORT;
}

function whenIdle(callback: () => void): () => void {
  const idle = (globalThis as { requestIdleCallback?: typeof requestIdleCallback }).requestIdleCallback;
  if (typeof idle === 'function') {
    const handle = idle(callback, { timeout: 500 });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, 50);
  return () => clearTimeout(timer);
}

/**
 * The one scroll container: sticky header rows on top, then a body as tall as all rows in which
 * only some rows exist, each at a fixed 32 px offset, in recycled elements. Which rows (see
 * windowing.ts):
 *
 * - at rest, the viewport plus RESTING rows either side (widened at idle, after a pause), so the
 *   first frames of a scroll land on rendered rows;
 * - while scrolling, the viewport and where it will be a frame later at the current speed.
 *   Slowly that is one block with a lead; fast (more than a viewport per frame) two blocks, and
 *   the rows that pass between two frames, never on screen, are not rendered at all: each frame
 *   renders about one viewport of new rows however fast the scroll is;
 * - the window follows the scroll offset in a ResizeObserver callback, which runs after
 *   requestAnimationFrame callbacks and layout, right before paint: it sees the offset the frame
 *   will show (also one set by script in requestAnimationFrame) and renders synchronously, so
 *   a mis-predicted frame is corrected before it is painted, never shown blank or stale;
 * - in a table wider than the viewport, only the columns near it are rendered.
 */
export function DataGrid<Row>(props: DataGridProps<Row>) {
  const { rows, view, rowId, textOf, columns, header, overlay, layout, totalWidth, selection, activeRow, busy, resetKey, t } = props;
  const { onToggle, onActivate, onOpen } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const idPrefix = useId();
  const [extent, setExtent] = useState<Extent>(() => ({ ranges: coverFor(0, ASSUMED_VIEWPORT, 0, 0) }));
  const extentRef = useRef(extent);
  extentRef.current = extent;
  const motion = useRef({
    top: 0,
    time: 0,
    /** Predicted movement per frame, px (signed). */
    step: 0,
    armed: false,
    /** The next offset followed is the first of a movement (see follow). */
    starting: false,
    /** The offset the first scroll event of a movement reported. */
    eventTop: 0,
    /** The direction of the last movement (1 down, -1 up). */
    direction: 1 as 1 | -1,
    tick: 0,
    quiet: 0 as ReturnType<typeof setTimeout> | 0,
    cancelIdle: null as (() => void) | null,
  });
  const count = view.length;
  /** The last scroll offset and viewport height seen (what is on screen, for rendering). */
  const shown = useRef({ top: 0, height: ASSUMED_VIEWPORT });

  // Horizontal window: only the columns near the viewport are rendered in a wide table.
  const [across, setAcross] = useState({ left: 0, width: ASSUMED_WIDTH });
  const acrossRef = useRef(across);
  acrossRef.current = across;
  const edges = useMemo(() => {
    const starts: number[] = [];
    let x = props.selectWidth;
    for (const { width } of layout) {
      starts.push(x);
      x += width;
    }
    starts.push(x);
    return starts;
  }, [layout]);
  const edgesRef = useRef(edges);
  edgesRef.current = edges;
  let pinnedStart = 0;
  while (pinnedStart < layout.length && layout[pinnedStart].pin === 'start') pinnedStart++;
  let pinnedEnd = 0;
  while (pinnedEnd < layout.length - pinnedStart && layout[layout.length - 1 - pinnedEnd].pin === 'end') pinnedEnd++;
  const pinnedRef = useRef({ pinnedStart, pinnedEnd });
  pinnedRef.current = { pinnedStart, pinnedEnd };

  const show = useCallback((ranges: Ranges, sync: boolean) => {
    const next = { ranges };
    extentRef.current = next;
    if (sync) flushSync(() => setExtent(next));
    else setExtent(next);
  }, []);

  /** After a pause, widen the window at idle (low priority, interruptible). */
  const scheduleRest = useCallback(() => {
    const m = motion.current;
    if (m.quiet) clearTimeout(m.quiet);
    m.cancelIdle?.();
    m.cancelIdle = null;
    m.quiet = setTimeout(() => {
      m.quiet = 0;
      m.step = 0;
      m.cancelIdle = whenIdle(() => {
        m.cancelIdle = null;
        const scroller = scrollRef.current;
        if (!scroller) return;
        const ranges = restingCover(scroller.scrollTop, viewportOf(scroller), m.direction, RESTING_AHEAD, RESTING_BEHIND);
        if (covers(extentRef.current.ranges, ranges) && extentRef.current.ranges.length === 1) return;
        extentRef.current = { ranges };
        startTransition(() => setExtent({ ranges }));
      });
    }, QUIET_MS);
  }, []);

  // Sort, filter or page: back to the top, and render only the rows near the viewport first.
  const [lastReset, setLastReset] = useState(resetKey);
  if (lastReset !== resetKey) {
    setLastReset(resetKey);
    shown.current = { ...shown.current, top: 0 };
    setExtent({ ranges: coverFor(0, shown.current.height, 0, 0) });
  }
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (scroller && scroller.scrollTop !== 0) {
      motion.current.top = 0;
      scroller.scrollTop = 0;
    }
    scheduleRest();
  }, [resetKey, scheduleRest]);

  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    const sentinel = sentinelRef.current;
    if (!scroller) return undefined;
    const m = motion.current;
    const measure = () => {
      const top = scroller.scrollTop;
      const height = viewportOf(scroller);
      shown.current = { top, height };
      const width = scroller.clientWidth || ASSUMED_WIDTH;
      if (width !== acrossRef.current.width) setAcross((previous) => ({ ...previous, width }));
      if (!covers(extentRef.current.ranges, [visibleRows(top, height)])) show(coverFor(top, height, 0, 0), false);
    };
    measure();
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    resize?.observe(scroller);

    /**
     * Follows one scroll offset per frame: the movement since the last one is the expected next
     * step; the window becomes this offset's viewport plus the next frame's. `time` is the frame's
     * time (the requestAnimationFrame timestamp).
     */
    const follow = (top: number, time: number, height: number, sync: boolean) => {
      const starting = m.starting;
      // The first step of a movement: a scroll by the user is seen in the frame that shows it,
      // so it moved from where the grid rested; a scroll set by script in requestAnimationFrame
      // is reported a frame late, and the offset has moved on since the event — by one frame.
      const moved = starting && top !== m.eventTop ? top - m.eventTop : top - m.top;
      const elapsed = time - m.time;
      m.top = top;
      m.time = time;
      m.starting = false;
      if (moved === 0 && elapsed < MOVEMENT_GAP_MS) return;
      if (moved === 0) m.step = 0;
      // The next frame is expected to move as far as this one did (at 60 Hz or, when frames take
      // longer, at that pace); a miss is caught by the check before paint.
      else if (!starting && elapsed > 0 && elapsed < MOVEMENT_GAP_MS) m.step = moved;
      // First offset after a pause: a short move starts a movement (and from this very frame the
      // next one is rendered ahead, one viewport of new rows a frame), a long one is a jump.
      else m.step = Math.abs(moved) <= CONTINUOUS_VIEWPORTS * height ? moved : 0;
      if (m.step !== 0) m.direction = m.step > 0 ? 1 : -1;
      const wanted = coverFor(top, height, m.step, 0);
      if (!covers(extentRef.current.ranges, wanted)) show(wanted, sync);
    };

    // The check before paint: a ResizeObserver callback runs after requestAnimationFrame
    // callbacks and layout, right before paint, so it sees the scroll offset this frame shows
    // (also one set by script in requestAnimationFrame after the scroll event). Rows rendered
    // here are laid out again before that paint.
    const beforePaint =
      typeof ResizeObserver === 'function' && sentinel
        ? new ResizeObserver(() => {
            if (!m.armed) return;
            m.armed = false;
            follow(scroller.scrollTop, frameTime(), viewportOf(scroller), true);
          })
        : null;
    if (beforePaint && sentinel) beforePaint.observe(sentinel);

    const onScroll = () => {
      const top = scroller.scrollTop;
      const height = viewportOf(scroller);
      shown.current = { top, height };
      const left = scroller.scrollLeft;
      if (left !== acrossRef.current.left) {
        const pins = pinnedRef.current;
        const before = columnWindow(edgesRef.current, acrossRef.current, pins.pinnedStart, pins.pinnedEnd);
        const next = { left, width: scroller.clientWidth || ASSUMED_WIDTH };
        const after = columnWindow(edgesRef.current, next, pins.pinnedStart, pins.pinnedEnd);
        acrossRef.current = next;
        if (before.start !== after.start || before.end !== after.end) flushSync(() => setAcross(next));
      }
      if (sentinel && beforePaint) {
        // The first event of a movement: the offset it left was shown about a frame ago (the
        // observer measures the first step from it).
        const now = frameTime();
        if (now - m.time >= MOVEMENT_GAP_MS) {
          m.time = now - FRAME_MS;
          m.starting = true;
          m.eventTop = top;
        }
        // Resize the sentinel: its observer runs before this frame paints and follows the offset.
        m.armed = true;
        sentinel.style.width = `${1 + (++m.tick % 2)}px`;
        // A jump (or a browser whose observer stays silent) still gets its rows right away.
        if (!covers(extentRef.current.ranges, [visibleRows(top, height)])) show(coverFor(top, height, 0, 0), true);
      } else {
        follow(top, frameTime(), height, true);
      }
      scheduleRest();
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      scroller.removeEventListener('scroll', onScroll);
      resize?.disconnect();
      beforePaint?.disconnect();
      if (m.quiet) clearTimeout(m.quiet);
      m.cancelIdle?.();
    };
  }, [scheduleRest, show]);

  const columnRange = columnWindow(edges, across, pinnedStart, pinnedEnd);
  const columnsShown = useMemo<ColumnWindow>(
    () => ({ ...columnRange }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [columnRange.pinnedStart, columnRange.start, columnRange.end, columnRange.centerEnd, columnRange.offset, columnRange.trailing, columnRange.partial],
  );

  // "Select row {{id}}" once per language, not one translation call per rendered row.
  const selectLabel = useMemo(() => {
    const marker = '\u0000';
    const [before, after = ''] = t('table.selectRow', { id: marker, interpolation: { escapeValue: false } }).split(marker);
    return (id: string) => before + id + after;
  }, [t]);
  // "Open details of <name>": the row's name (its `name` column, shown or not), else its id.
  const nameColumn = useMemo(() => props.nameColumn ?? columns.find((column) => column.id === 'name'), [props.nameColumn, columns]);
  const openLabel = useMemo(() => {
    const marker = '\u0000';
    const [before, after = ''] = t('table.openRow', { name: marker, interpolation: { escapeValue: false } }).split(marker);
    return (row: number, id: string) => before + ((nameColumn && textOf(row, nameColumn).trim()) || id) + after;
  }, [t, nameColumn, textOf]);

  const cellStyles = useMemo<CSSProperties[]>(() => layout.map((column) => bodyCellStyle(column)), [layout]);

  // The cells' font, read once the grid is in the document; until then every cell clips.
  const [font, setFont] = useState<string | null>(null);
  useLayoutEffect(() => {
    if (scrollRef.current) setFont(TextFit.fontOf(scrollRef.current));
  }, []);
  const textFit = useMemo(() => (font === null ? null : new TextFit(font)), [font]);
  const fits = useMemo(() => {
    if (textFit === null) return clipsAll;
    const room = layout.map(({ width }) => width - CELL_PADDING);
    return (text: string, i: number) => textFit.fits(text, room[i]);
  }, [textFit, layout]);

  // Slots: a row position keeps its slot (its React key) while it stays rendered, and a slot
  // that showed a position keeps it across a new view (sort, filter: same offset, new row).
  // Positions entering the window take the slots of positions that left it (farthest from the
  // viewport first: their elements exist), then free slots. Slots left over are unmounted a few
  // per render (UNMOUNTS_PER_RENDER); until then they stay where they are, untouched (no render):
  // still right when the view is the same, "stale" (showing the row an earlier view had there)
  // when it is not. A stale row is never on screen — every position in the window takes the
  // slot that showed it — and the next widening at idle reuses it.
  const slots = useRef<{ shows: Map<number, Shown>; size: number; view: Int32Array | null; rows: readonly Row[] | null }>({
    shows: new Map(),
    size: 0,
    view: null,
    rows: null,
  });
  const positions = overlay ? [] : positionsOf(extent.ranges, count);
  // A selection change re-renders the rows on screen at once and the rows around them (rendered
  // for a scroll to come) after that frame has been painted, in the background.
  const [laterSelection, setLaterSelection] = useState(selection);
  useEffect(() => {
    if (laterSelection === selection) return undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = () => {
      timer = setTimeout(() => startTransition(() => setLaterSelection(selection)), 0);
    };
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(apply) : (apply(), 0);
    return () => {
      if (frame && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [selection, laterSelection]);
  const [onScreenFrom, onScreenTo] = visibleRows(shown.current.top, shown.current.height);
  const previous = slots.current;
  const sameRows = previous.rows === rows;
  const sameView = sameRows && previous.view === view;
  // A new data set drops every slot: a stale row must still point at a row of `rows`.
  const mounted = sameRows ? previous.shows : new Map<number, Shown>();
  const slotAt = new Map<number, number>();
  for (const [slot, shown] of mounted) slotAt.set(shown.position, slot);
  const assigned = new Map<number, number>();
  const taken = new Uint8Array(previous.size + positions.length);
  for (const p of positions) {
    const slot = slotAt.get(p);
    if (slot !== undefined) {
      assigned.set(p, slot);
      taken[slot] = 1;
    }
  }
  const middle = (onScreenFrom + onScreenTo) / 2;
  const leftovers: number[] = [];
  for (const slot of mounted.keys()) if (taken[slot] === 0) leftovers.push(slot);
  const distance = (slot: number) => Math.abs(mounted.get(slot)!.position - middle);
  leftovers.sort((a, b) => distance(b) - distance(a));
  for (const slot of leftovers) taken[slot] = 1;
  let free = 0;
  let reuse = 0;
  let size = previous.size;
  for (const p of positions) {
    if (assigned.has(p)) continue;
    let slot: number;
    if (reuse < leftovers.length) slot = leftovers[reuse++];
    else {
      while (free < size && taken[free] === 1) free++;
      slot = free < size ? free : size++;
    }
    taken[slot] = 1;
    assigned.set(p, slot);
  }
  const shows = new Map<number, Shown>();
  for (const [p, slot] of assigned) shows.set(slot, { position: p, row: view[p], stale: false });
  const kept = leftovers.slice(reuse);
  for (let k = Math.min(kept.length, UNMOUNTS_PER_RENDER); k < kept.length; k++) {
    const before = mounted.get(kept[k])!;
    // A row below the end of a shorter view would make the grid scroll further than its rows.
    if (before.position >= count) continue;
    const stale = before.stale || !sameView;
    shows.set(kept[k], stale === before.stale ? before : { ...before, stale });
  }
  // The slots are what the DOM shows, so they are kept when a render is committed, never during render:
  // React may render and drop a pass (the reset's first pass above, or a transition — the resting window,
  // the selection of rows off screen — that a scroll interrupts), and a pass that left its slots behind
  // had the next render trust rows the DOM never got (rows given new content off screen; stale rows).
  const rendered = { shows, size, view, rows };
  useLayoutEffect(() => {
    slots.current = rendered;
  });

  const activate = useCallback(
    (row: number) => {
      onActivate(row);
      // Keyboard navigation needs the grid focused, but never steal focus from a control in a cell.
      const scroller = scrollRef.current;
      if (scroller && !scroller.contains(document.activeElement)) scroller.focus({ preventScroll: true });
    },
    [onActivate],
  );

  const scrollToPosition = (position: number) => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const height = viewportOf(scroller);
    const top = position * ROW_HEIGHT;
    if (top < scroller.scrollTop) scroller.scrollTop = top;
    else if (top + ROW_HEIGHT > scroller.scrollTop + height) scroller.scrollTop = top + ROW_HEIGHT - height;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget && isEditable(event.target)) return;
    if (count === 0) return;
    const current = activeRow < 0 ? -1 : view.indexOf(activeRow);
    const page = Math.max(1, Math.floor(viewportOf(scrollRef.current) / ROW_HEIGHT));
    let next = current;
    switch (event.key) {
      case 'ArrowDown': next = Math.min(count - 1, current + 1); break;
      case 'ArrowUp': next = Math.max(0, current - 1); break;
      case 'PageDown': next = Math.min(count - 1, current + page); break;
      case 'PageUp': next = Math.max(0, current - page); break;
      case 'Home': next = 0; break;
      case 'End': next = count - 1; break;
      case 'Enter':
        if (current >= 0) onOpen(view[current]);
        event.preventDefault();
        return;
      case ' ':
        if (current >= 0) onToggle(view[current], !selection.hasRow(view[current]), event.shiftKey);
        event.preventDefault();
        return;
      default:
        return;
    }
    event.preventDefault();
    if (next < 0) next = 0;
    onActivate(view[next]);
    scrollToPosition(next);
  };

  // The full text of a cell as its tooltip, set when the pointer enters the cell.
  const hoverRows = useRef(rows);
  hoverRows.current = rows;
  const hover = useRef({ view, textOf, columns, window: columnsShown });
  hover.current = { view, textOf, columns, window: columnsShown };
  const onPointerOver = useCallback((event: PointerEvent<HTMLDivElement>) => {
    const cell = (event.target as Element).closest?.('[role="gridcell"]');
    const rowElement = cell?.parentElement;
    if (!cell || !rowElement || cell.classList.contains('tessera-dt__cell--select')) return;
    const { view: current, textOf: text, columns: shown, window: win } = hover.current;
    const position = Number(rowElement.getAttribute('aria-rowindex')) - HEADER_ROWS - 1;
    const column = shown[columnAtChild(Array.prototype.indexOf.call(rowElement.children, cell), win)];
    if (!column || position < 0 || position >= current.length) return;
    const data = hoverRows.current[current[position]];
    const word = column.cell ? displayText(column, data) : text(current[position], column);
    const code = word === '' ? undefined : column.code?.(data);
    const title = code === undefined || code === null || code === '' ? word : `${word} — ${code}`;
    if (cell.getAttribute('title') !== title) cell.setAttribute('title', title);
  }, []);

  const activePosition = activeRow < 0 ? -1 : view.indexOf(activeRow);
  const activeRendered = activePosition >= 0 && assigned.has(activePosition);

  // Rendered in slot order, not view order: a recycled row element is updated where it is, never
  // moved in the DOM (a move re-creates its layout objects). Rows are placed by their offset, and
  // aria-rowindex gives assistive technology the view order.
  const items: ReactNode[] = new Array(size);
  for (const [slot, { position: p, row, stale }] of shows) {
    items[slot] = (
      <GridRow<Row>
        key={slot}
        data={rows[row]}
        row={row}
        rowId={rowId(row)}
        position={p}
        domId={!stale && p === activePosition ? `${idPrefix}-active` : undefined}
        columns={columns}
        columnWindow={columnsShown}
        cellStyles={cellStyles}
        fits={fits}
        textOf={textOf}
        selected={(p >= onScreenFrom && p < onScreenTo ? selection : laterSelection).hasRow(row)}
        active={!stale && row === activeRow}
        stale={stale}
        selectLabel={selectLabel}
        openLabel={props.openable ? openLabel : undefined}
        onToggle={onToggle}
        onActivate={activate}
        onOpen={onOpen}
      />
    );
  }
  return (
    <div
      ref={scrollRef}
      className={`tessera-dt__scroll${layout.some((column) => column.pin) ? ' tessera-dt__scroll--pinned' : ''}${pinnedStart > 0 ? ' tessera-dt__scroll--pinned-start' : ''}`}
      role="grid"
      aria-label={t('table.grid')}
      aria-rowcount={count + HEADER_ROWS}
      aria-colcount={columns.length + 1}
      aria-multiselectable
      aria-busy={busy}
      aria-activedescendant={activeRendered ? `${idPrefix}-active` : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <div ref={sentinelRef} className="tessera-dt__sentinel" aria-hidden />
      {/* A checked row checkbox nobody sees: the browser loads its check image with the table, not on the first selection. */}
      <input className="tessera-dt__check tessera-dt__warm" type="checkbox" checked readOnly tabIndex={-1} aria-hidden />
      <div className="tessera-dt__canvas" style={{ minWidth: totalWidth }}>
        {header}
        {overlay ? (
          // As wide as the viewport, not the columns: a wide table in a narrow tile still shows it.
          // A row of one cell: a grid owns rows only (axe: aria-required-children).
          <div className="tessera-dt__overlay" role="row" style={{ width: across.width }}>
            <div className="tessera-dt__overlay-cell" role="gridcell">{overlay}</div>
          </div>
        ) : (
          <div role="rowgroup" className="tessera-dt__body" style={{ height: count * ROW_HEIGHT }} onPointerOver={onPointerOver}>
            {items}
          </div>
        )}
      </div>
    </div>
  );
}
DataGrid.displayName = 'DataGrid';
