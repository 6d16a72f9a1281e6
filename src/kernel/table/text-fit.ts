/**
 * Whether a cell's text fits its column, measured on a canvas in the cells' font.
 *
 * Why: a cell that clips its text (overflow: clip, for the ellipsis) gets a clip node of its own
 * in the browser's paint property trees, and every rendered row has a dozen such cells. Those
 * nodes split the painted content into thousands of chunks that the compositor walks on every
 * frame; cells whose text fits need no clip, and most cells (status, currency, amounts, dates,
 * roles) fit. A text that does not fit, or any text when there is no canvas (tests), is clipped
 * as before.
 */
export class TextFit {
  private readonly context: CanvasRenderingContext2D | null;
  /** Advance widths of the characters below U+0080, measured once (NaN until then). */
  private readonly ascii = new Float64Array(128).fill(Number.NaN);
  /** Advance widths of other characters seen (CJK, Latin-1, currency signs). */
  private readonly others = new Map<number, number>();

  /** `context` is for tests; by default a canvas of this document (none under jsdom). */
  constructor(
    readonly font: string,
    context: Pick<CanvasRenderingContext2D, 'font' | 'measureText'> | null = TextFit.canvasContext(),
  ) {
    this.context = context as CanvasRenderingContext2D | null;
    if (this.context) {
      this.context.font = font;
      // The cells shape without kerning or ligatures (data-table.css), so a text is as wide as
      // the sum of its characters: one table read per character, not a measureText per text
      // (5–10 µs each, too slow for a frame of new rows).
      if ('fontKerning' in this.context) this.context.fontKerning = 'none';
    }
  }

  /** The font a cell of this element (the grid) uses, as a canvas font. */
  static fontOf(element: Element): string {
    const style = getComputedStyle(element);
    return `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  }

  private static canvasContext(): CanvasRenderingContext2D | null {
    if (typeof document === 'undefined' || typeof navigator === 'undefined' || /jsdom/i.test(navigator.userAgent)) return null;
    try {
      return document.createElement('canvas').getContext('2d');
    } catch {
      return null;
    }
  }

  /** The advance width of one character, or NaN when it is not simple enough to add up. */
  private advance(code: number): number {
    if (code < 128) {
      let width = this.ascii[code];
      if (Number.isNaN(width)) {
        width = code < 32 ? Number.NaN : this.context!.measureText(String.fromCharCode(code)).width;
        this.ascii[code] = width;
      }
      return width;
    }
    let width = this.others.get(code);
    if (width === undefined) {
      width = isSimple(code) ? this.context!.measureText(String.fromCharCode(code)).width : Number.NaN;
      if (this.others.size >= OTHERS_KEPT) this.others.clear();
      this.others.set(code, width);
    }
    return width;
  }

  /** True when `text` is known to fit in `available` px (false without a canvas, or for scripts that do not add up). */
  fits(text: string, available: number): boolean {
    if (text.length === 0) return true;
    if (!this.context || available <= 0) return false;
    let width = 0;
    for (let i = 0; i < text.length; i++) {
      width += this.advance(text.charCodeAt(i));
      // NaN (a character that does not add up) fails this test too.
      if (!(width <= available - 1)) return false;
    }
    return true;
  }
}

const OTHERS_KEPT = 4096;

/**
 * Characters whose widths add up with kerning and ligatures off: Latin-1 letters and signs,
 * general punctuation, currency signs, CJK and Hangul, full-width forms. Combining marks,
 * surrogates (emoji) and scripts that shape letters together (Arabic, Indic, Thai…) are not.
 */
function isSimple(code: number): boolean {
  return (
    (code >= 0xa0 && code < 0x0300) ||
    (code >= 0x2000 && code < 0x2070 && (code < 0x200b || code > 0x200f) && (code < 0x202a || code > 0x202e)) ||
    (code >= 0x20a0 && code < 0x20d0) ||
    (code >= 0x3000 && code < 0xa000) ||
    (code >= 0xac00 && code < 0xd7a4) ||
    (code >= 0xff01 && code < 0xff61)
  );
}
