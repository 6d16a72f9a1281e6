/**
 * The table bench page: the kernel DataTable with the ad-account columns over `?rows=N` generated
 * ad accounts, plus the in-page instrumentation that bench/table.ts drives (window.__bench).
 *
 * Every measured interaction is a real input event sent by Playwright. The page timestamps the
 * event (`event.timeStamp`, capture phase), watches the DOM with a MutationObserver until the
 * expected result is on screen, then waits for the next paint (rAF → setTimeout 0).
 * "On screen" is checked where the user looks: every row slot visible in the viewport must hold,
 * at that position, the row element of the expected view index whose Name cell shows the
 * expected text.
 */
import 'normalize.css';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import i18next from 'i18next';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { DataTable, tableLocales } from '../../src/kernel/table';
import { adAccountColumns } from '../../plugins/adaccount/columns';
import adaccountEn from '../../plugins/adaccount/locales/en-US.json';
import type { AdAccount } from '../../plugins/adaccount/types';
import type { BenchApi } from './api';
import { generateAdAccounts } from './rows';

declare global {
  interface Window {
    __bench: BenchApi;
    gc?: () => void;
  }
  interface Performance {
    memory?: { usedJSHeapSize: number };
  }
}

const params = new URLSearchParams(location.search);
const count = Number(params.get('rows') ?? 50_000);
const mountTable = params.get('mount') !== '0';
const FILTER_QUERY = 'stor';

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en-US',
  fallbackLng: 'en-US',
  defaultNS: 'kernel',
  ns: ['kernel', 'adaccount'],
  resources: { 'en-US': { kernel: tableLocales['en-US'], adaccount: adaccountEn } },
  interpolation: { escapeValue: false },
  initAsync: false,
});
const t = i18n.getFixedT('en-US', 'adaccount');

const scriptMs = performance.now();
let rows: AdAccount[] | null = generateAdAccounts(count);
const rowsMs = performance.now() - scriptMs;
const columns = adAccountColumns(t, { timeZone: 'Asia/Shanghai' });

// ---- Expected results, computed before the table mounts (and subtracted from first_row_ms). ----
const expectStart = performance.now();
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const nameColumn = columns.find((c) => c.id === 'name');
if (!nameColumn) throw new Error('no name column');
let sortedIndex: number[] | null = rows.map((_, i) => i);
{
  const names = rows.map((r) => r.name);
  sortedIndex.sort((a, b) => collator.compare(names[a], names[b]) || a - b);
}
let sortedNames: string[] | null = sortedIndex.map((i) => rows![i].name);
let dataNames: string[] | null = rows.map((r) => r.name); // the unsorted view (cold scenario's scroll)
const visibleColumns = columns.filter((c) => !c.hiddenByDefault);
const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
let filteredNames: string[] | null = [];
for (const i of sortedIndex) {
  const row = rows[i];
  if (visibleColumns.some((c) => (c.text ? c.text(row) : text(c.value(row))).toLowerCase().includes(FILTER_QUERY))) filteredNames.push(row.name);
}
const firstName = rows[0].name;
let filteredInData: string[] | null = null;
{
  const wanted = new Set(filteredNames);
  filteredInData = dataNames.filter((name) => wanted.has(name));
}
sortedIndex = null;
const expectMs = performance.now() - expectStart;

// ---- Geometry helpers: which row slots are visible, and what they show. ----
function grid(): HTMLElement {
  const el = document.querySelector<HTMLElement>('[role="grid"]');
  if (!el) throw new Error('no grid');
  return el;
}

interface Geometry {
  rowHeight: number;
  headerBottom: number; // viewport y where the header rows end (body rows are visible below it)
  viewBottom: number;
}
let geometry: Geometry | null = null;
function measure(): Geometry | null {
  if (geometry) return geometry;
  const scroller = grid();
  const filterRow = scroller.querySelector('[role="row"][aria-rowindex="2"]');
  const firstRow = scroller.querySelector('[role="row"][aria-rowindex="3"]');
  if (!filterRow || !firstRow) return null;
  const box = scroller.getBoundingClientRect();
  geometry = {
    rowHeight: firstRow.getBoundingClientRect().height,
    headerBottom: filterRow.getBoundingClientRect().bottom,
    viewBottom: box.top + scroller.clientHeight,
  };
  return geometry;
}

/** Every visible slot: the view index it must show and a viewport y inside it. */
function visibleSlots(g: Geometry, scrollTop: number, viewLength: number): { index: number; y: number }[] {
  const slots: { index: number; y: number }[] = [];
  const top = g.headerBottom;
  const bottom = g.viewBottom;
  // Body row i spans viewport [top + i*h - scrollTop, top + (i+1)*h - scrollTop).
  const first = Math.max(0, Math.floor(scrollTop / g.rowHeight));
  for (let i = first; i < viewLength; i++) {
    const start = top + i * g.rowHeight - scrollTop;
    if (start >= bottom) break;
    const end = start + g.rowHeight;
    if (end <= top) continue;
    // The middle of the row's visible part: a row that shows one pixel, [top, top + 1), is checked
    // at top + 0.5 (a point at top + 1 would be the next row's, and call the frame stale).
    const y = (Math.max(start, top) + Math.min(end, bottom)) / 2;
    slots.push({ index: i, y });
  }
  return slots;
}

/**
 * What each visible slot shows, read from the ARIA grid structure every table here uses: the row
 * element with aria-rowindex = view index + 3, where it is on screen, and its Name cell's text.
 * (One hit test per slot would be more literal but costs ~0.5 ms each, which would itself
 * slow the frames being measured.)
 */
function slotContents(g: Geometry, slots: { index: number; y: number }[]): (HTMLElement | null)[] {
  const wanted = new Map<number, number>();
  slots.forEach((slot, k) => wanted.set(slot.index + 3, k));
  const found: (HTMLElement | null)[] = slots.map(() => null);
  for (const row of grid().querySelectorAll<HTMLElement>('[role="row"][aria-rowindex]')) {
    const k = wanted.get(Number(row.getAttribute('aria-rowindex')));
    if (k === undefined) continue;
    // The row must be where the slot is (not merely in the DOM).
    const box = row.getBoundingClientRect();
    if (box.top <= slots[k].y && box.bottom > slots[k].y) found[k] = row;
  }
  return found;
}

function nameOf(row: HTMLElement | null): string | null {
  const cell = row?.children[nameColumnIndex()];
  return cell ? (cell.textContent ?? '').trim() : null;
}

let nameIndex = -1;
function nameColumnIndex(): number {
  if (nameIndex < 0) {
    const titles = [...grid().querySelectorAll('[role="row"][aria-rowindex="1"] > *')];
    nameIndex = titles.findIndex((cell) => cell.getAttribute('data-column-id') === 'name');
  }
  return nameIndex;
}

/** Do all visible slots show `names[index]`? */
function showsNames(names: readonly string[]): boolean {
  const g = measure();
  if (!g) return false;
  const slots = visibleSlots(g, grid().scrollTop, names.length);
  if (slots.length === 0) return false;
  const rows = slotContents(g, slots);
  return slots.every((slot, k) => nameOf(rows[k]) === names[slot.index]);
}

function countText(): string {
  return document.querySelector('[data-testid="table-count"]')?.textContent ?? '';
}

const checks = {
  sort: () => grid().querySelector('[data-column-id="name"]')?.getAttribute('aria-sort') === 'ascending' && showsNames(sortedNames!),
  filter: () => countText().startsWith(`${filteredNames!.length} of`) && showsNames(filteredNames!),
  // The cold page is not sorted: the expected rows are the matches in data order.
  search: () => countText().startsWith(`${filteredNames!.length} of`) && showsNames(filteredInDataOrder()),
  selectAll: () => {
    const g = measure();
    if (!g) return false;
    const head = grid().querySelector<HTMLInputElement>('[role="row"][aria-rowindex="1"] input[type="checkbox"]');
    if (!head?.checked) return false;
    const slots = visibleSlots(g, grid().scrollTop, count);
    const rows = slotContents(g, slots);
    return slots.length > 0 && rows.every((row) => row?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked === true);
  },
};

const filteredInDataOrder = () => filteredInData!;

const inputEvents = { sort: 'click', filter: 'keydown', search: 'input', selectAll: 'click' } as const;
const pending = new Map<string, Promise<number>>();

/** After the DOM shows the result: the next frame's paint (rAF), then the task after it. */
const afterPaint = () => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));

const api: BenchApi = {
  rows: count,
  columnCosts() {
    const sample = generateAdAccounts(5000, 7);
    const out: Record<string, number> = {};
    for (const column of columns) {
      const t0 = performance.now();
      for (const row of sample) {
        column.value(row);
        column.text?.(row);
      }
      out[column.id] = Math.round(((performance.now() - t0) / sample.length) * 1000 * 100) / 100; // µs per row
    }
    return out;
  },
  filterQuery: FILTER_QUERY,
  expectedFilterCount: filteredNames.length,
  arm(kind) {
    let inputAt = 0;
    let keydowns = 0;
    const type = inputEvents[kind];
    const onInput = (event: Event) => {
      if (kind === 'filter') {
        keydowns++;
        if (keydowns === FILTER_QUERY.length) inputAt = event.timeStamp; // the last keystroke
      } else if (!inputAt) inputAt = event.timeStamp;
    };
    window.addEventListener(type, onInput, true);
    pending.set(
      kind,
      new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          if (!inputAt || !checks[kind]()) return;
          api.lastDomMs = performance.now() - inputAt;
          observer.disconnect();
          window.removeEventListener(type, onInput, true);
          void afterPaint().then((end) => resolve(end - inputAt));
        });
        observer.observe(document.getElementById('root')!, { subtree: true, childList: true, attributes: true, characterData: true });
      }),
    );
  },
  result(kind) {
    return pending.get(kind) ?? Promise.reject(new Error(`not armed: ${kind}`));
  },
  /**
   * Scrolls the grid down at `rowsPerSecond`, moving scrollTop in requestAnimationFrame. A frame
   * is stale when, at the point the browser paints it, any visible row slot does not show the row
   * that belongs there (blank, or an old row). The check runs in a ResizeObserver callback, which
   * Chromium delivers after rAF callbacks and layout, right before paint: it sees that frame.
   */
  scroll(durationMs, rowsPerSecond, sorted) {
    const g = measure();
    const names = sorted ? sortedNames! : dataNames!;
    const scroller = grid();
    if (!g) return Promise.reject(new Error('no geometry'));
    const sentinel = document.createElement('div');
    sentinel.style.cssText = 'position:fixed;left:0;top:0;height:1px;width:1px;pointer-events:none;opacity:0';
    document.body.appendChild(sentinel);
    const frames: number[] = [];
    const staleExamples: string[] = [];
    const rendered: number[] = [];
    let stale = 0;
    let checked = 0;
    let done = false;
    let t0 = -1;
    let last = -1;
    let target = 0;
    let tick = 0;
    return new Promise((resolve) => {
      const observer = new ResizeObserver(() => {
        if (t0 < 0 || done) return;
        checked++;
        rendered.push(scroller.querySelectorAll('[role="row"]').length);
        const slots = visibleSlots(g, scroller.scrollTop, names.length);
        const rows = slotContents(g, slots);
        const bad = slots.findIndex((slot, k) => nameOf(rows[k]) !== names[slot.index]);
        if (bad >= 0) {
          stale++;
          if (staleExamples.length < 3) staleExamples.push(`scrollTop=${scroller.scrollTop} row ${slots[bad].index}: expected "${names[slots[bad].index]}", saw "${nameOf(rows[bad])}"`);
        }
      });
      observer.observe(sentinel);
      const step = (now: number) => {
        if (t0 < 0) {
          t0 = now;
          last = now;
        } else {
          frames.push(now - last);
          last = now;
        }
        if (now - t0 >= durationMs) {
          done = true;
          observer.disconnect();
          sentinel.remove();
          resolve({ frames, checked, stale, staleExamples, rendered });
          return;
        }
        target = Math.round(((now - t0) / 1000) * rowsPerSecond * g.rowHeight);
        scroller.scrollTop = target;
        sentinel.style.width = `${1 + (++tick % 2)}px`; // a size change: the observer fires this frame
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
  },
  async heapMb() {
    sortedNames = null;
    filteredNames = null;
    dataNames = null;
    filteredInData = null;
    for (let i = 0; i < 3; i++) {
      window.gc?.();
      await new Promise((r) => setTimeout(r, 100));
    }
    return (performance.memory?.usedJSHeapSize ?? NaN) / 1024 / 1024;
  },
};
window.__bench = api;

// ---- Mount, and time the first row. ----
if (!mountTable) {
  void api.heapMb().then((mb) => {
    api.rowsOnlyHeapMb = mb;
    api.firstRowMs = 0;
  });
} else {
  const root = document.getElementById('root')!;
  const firstRowObserver = new MutationObserver(() => {
    const g = measure();
    if (!g) return;
    const slots = visibleSlots(g, 0, 1);
    if (nameOf(slotContents(g, slots)[0]) !== firstName) return;
    firstRowObserver.disconnect();
    void afterPaint().then((end) => {
      api.firstRowParts = { scriptMs, rowsMs, mountMs: end - mountAt };
      api.firstRowMs = end - expectMs;
    });
  });
  firstRowObserver.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  const data = rows;
  rows = null;
  const mountAt = performance.now();
  createRoot(root).render(
    <I18nextProvider i18n={i18n}>
      <div style={{ height: '100vh', display: 'flex', flexDirection: 'column' }}>
        <DataTable<AdAccount> viewId="bench.adaccount" rows={data} columns={columns} getRowId={(r) => r.id} />
      </div>
    </I18nextProvider>,
  );
}
