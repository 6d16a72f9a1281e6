import { useLayoutEffect, useRef, useState } from 'react';
import './measure-text.css';

/**
 * How many items fit, in order, into `available` pixels, given where each item ends (its right edge,
 * measured from the start of the row); the overflow button takes `gap + moreWidth` after the last
 * shown item when any are left out.
 */
export function fitCount(ends: readonly number[], available: number, gap: number, moreWidth: number): number {
  const n = ends.length;
  if (n === 0 || ends[n - 1] <= available) return n;
  let k = n - 1;
  while (k > 0 && ends[k - 1] + gap + moreWidth > available) k--;
  return k;
}

/** A text that takes its width without being text (CSS draws it): the hidden copies hold no findable text. */
export function MeasureText({ text }: { text: string }) {
  return <span className="tessera-measure-text" data-text={text} />;
}

/**
 * How many of a row's items fit its box: `measureRef` holds a hidden copy of all items (their natural
 * widths), `boxRef` the space they share; a ResizeObserver re-fits when either changes size, and
 * `items` (a key of what the copy shows) re-fits when it changes.
 */
export function useFitCount(items: unknown, gap: number, moreWidth: number) {
  const boxRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(Number.MAX_SAFE_INTEGER);
  useLayoutEffect(() => {
    const box = boxRef.current;
    const measure = measureRef.current;
    if (!box || !measure) return undefined;
    // Each item ends where the next begins (less the gap); the last where the copy ends. Offsets,
    // not rectangles: an environment without layout (jsdom) reports 0 and shows every item.
    const fit = () => {
      const items = Array.from(measure.children) as HTMLElement[];
      const ends = items.map((item, i) => (i < items.length - 1 ? items[i + 1].offsetLeft - gap : measure.scrollWidth));
      setShown(fitCount(ends, box.clientWidth, gap, moreWidth));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [items, gap, moreWidth]);
  return { boxRef, measureRef, shown };
}
