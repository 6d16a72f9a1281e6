import { ROW_HEIGHT } from './table-model';

/** Row positions [start, end), sorted and disjoint; unclamped (the view may be shorter). */
export type Ranges = readonly (readonly [number, number])[];

/** Rows rendered beyond the viewport (and beyond each predicted viewport) in any case. */
export const NEAR = 4;
/** How many frames ahead of a moving viewport are rendered. */
export const FRAMES_AHEAD = 1;
/** Rows around each predicted viewport (and the current one while moving). */
export const AHEAD_MARGIN = 1;

/** The rows a viewport `height` px tall shows at scroll offset `top`. */
export function visibleRows(top: number, height: number): [number, number] {
  const from = Math.max(0, top);
  return [Math.floor(from / ROW_HEIGHT), Math.floor((from + Math.max(1, height) - 1) / ROW_HEIGHT) + 1];
}

/**
 * The rows to render for a viewport at `top` moving `step` px per frame: the viewport now and
 * where it will be 1…FRAMES_AHEAD frames later, each with `extra` (at least NEAR) rows around it.
 * Slowly these overlap into one block with a lead; fast they are separate blocks, and the rows
 * between them (which pass between two frames, never on screen) are not rendered at all.
 */
export function coverFor(top: number, height: number, step: number, extra: number): Ranges {
  const margin = Math.max(NEAR, extra);
  const ranges: [number, number][] = [];
  const frames = step === 0 ? 0 : FRAMES_AHEAD;
  for (let k = 0; k <= frames; k++) {
    const [start, end] = visibleRows(top + k * step, height);
    // While moving, the check before paint catches any miss: a row of margin is enough.
    const around = frames === 0 ? margin : Math.max(AHEAD_MARGIN, extra);
    ranges.push([start - around, end + around]);
  }
  return merge(ranges);
}

/**
 * The rows to keep rendered at rest: the viewport, `behind` rows on the side the last movement
 * came from and `ahead` rows on the side it was heading (downwards when it never moved). A scroll
 * that continues then starts on rendered rows for its first frames.
 */
export function restingCover(top: number, height: number, direction: 1 | -1, ahead: number, behind: number): Ranges {
  const [start, end] = visibleRows(top, height);
  return direction > 0 ? [[start - behind, end + ahead]] : [[start - ahead, end + behind]];
}

/** The positions in both lists. */
export function intersect(a: Ranges, b: Ranges): Ranges {
  const out: [number, number][] = [];
  for (const [s1, e1] of a) {
    for (const [s2, e2] of b) {
      const start = Math.max(s1, s2);
      const end = Math.min(e1, e2);
      if (end > start) out.push([start, end]);
    }
  }
  return merge(out);
}

/** Sorted, with overlapping or touching ranges joined. */
export function merge(ranges: Ranges): Ranges {
  const sorted = ranges.filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [start, end] of sorted) {
    const last = out[out.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/** Whether every position wanted (within [0, ∞)) is in `have`. */
export function covers(have: Ranges, want: Ranges): boolean {
  return want.every(([start, end]) => {
    const from = Math.max(0, start);
    if (end <= from) return true;
    return have.some(([a, b]) => a <= from && end <= b);
  });
}

/** The positions in `ranges` that exist in a view of `count` rows, ascending. */
export function positionsOf(ranges: Ranges, count: number): number[] {
  const positions: number[] = [];
  for (const [start, end] of ranges) {
    for (let p = Math.max(0, start); p < Math.min(count, end); p++) positions.push(p);
  }
  return positions;
}
