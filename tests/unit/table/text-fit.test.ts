import { describe, expect, it } from 'vitest';
import { TextFit } from '../../../src/kernel/table/text-fit';

/** A canvas stand-in: every character 7 px wide, CJK 14 px; counts the measurements. */
function fakeContext() {
  const context = {
    font: '',
    calls: 0,
    measureText(text: string) {
      context.calls++;
      let width = 0;
      for (const char of text) width += /[\u3000-\u9fff]/.test(char) ? 14 : 7;
      return { width } as TextMetrics;
    },
  };
  return context;
}

describe('TextFit', () => {
  it('adds up character widths and keeps a pixel to spare', () => {
    const fit = new TextFit('14px sans-serif', fakeContext());
    expect(fit.fits('', 0)).toBe(true);
    expect(fit.fits('Active', 43)).toBe(true); // 42 px
    expect(fit.fits('Active', 42)).toBe(false);
    expect(fit.fits('$1,234.50', 120)).toBe(true);
    expect(fit.fits('账户名称', 57)).toBe(true); // 56 px
    expect(fit.fits('账户名称很长很长', 57)).toBe(false);
  });

  it('measures each character once, not each text', () => {
    const context = fakeContext();
    const fit = new TextFit('14px sans-serif', context);
    fit.fits('2024-01-02 03:04', 200);
    const first = context.calls;
    fit.fits('2023-12-31 23:59', 200);
    fit.fits('2024-01-02 03:04', 200);
    expect(first).toBeLessThanOrEqual(8);
    expect(context.calls).toBe(first + 2); // only '5' and '9' were new
  });

  it('never claims a fit for text whose width does not add up, or without a canvas', () => {
    const fit = new TextFit('14px sans-serif', fakeContext());
    expect(fit.fits('ok 👍', 500)).toBe(false); // surrogate pair
    expect(fit.fits('e\u0301', 500)).toBe(false); // combining mark
    expect(fit.fits('مرحبا', 500)).toBe(false); // joined script
    expect(fit.fits('tab\there', 500)).toBe(false); // control character
    expect(new TextFit('14px sans-serif', null).fits('a', 500)).toBe(false);
  });
});
