// Prints the table's small CSS icons as PNG data URIs at 1x and 2x (src/kernel/table/data-table.css).
// Chromium paints an SVG background image by replaying the SVG on every draw; a bitmap it only copies,
// which matters for images on every row of a scrolled table (bench/table/README.md, "Checkbox images").
// Run: npx tsx scripts/raster-icons.ts (Debian's Chromium at /usr/bin/chromium).
import { chromium } from 'playwright-core';

const path = (fill: string, d: string) => `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'><path fill='${fill}' d='${d}'/></svg>`;
// Blueprint's small-tick and small-minus (16 px grid), and the "open" glyph of a row's details button.
const TICK = 'M12 5c-.28 0-.53.11-.71.29L7 9.59l-2.29-2.3a1.003 1.003 0 0 0-1.42 1.42l3 3c.18.18.43.29.71.29s.53-.11.71-.29l5-5A1.003 1.003 0 0 0 12 5';
const MINUS = 'M11 7H5c-.55 0-1 .45-1 1s.45 1 1 1h6c.55 0 1-.45 1-1s-.45-1-1-1';
const OPEN = 'M2 2h7v2H4v8h8V7h2v7H2V2zm9 0h3v3h-2V4.4L8.7 7.7 7.3 6.3 10.6 3H11V2z';

const icons = [
  { name: 'check (checked)', svg: path('white', TICK), size: 16 },
  { name: 'check (indeterminate)', svg: path('white', MINUS), size: 16 },
  { name: 'open (light)', svg: path('#5f6b7c', OPEN), size: 14 },
  { name: 'open (dark)', svg: path('#abb3bf', OPEN), size: 14 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const icon of icons) {
    const urls: string[] = [];
    for (const scale of [1, 2]) {
      const page = await browser.newPage({ deviceScaleFactor: scale });
      await page.setContent(`<body style="margin:0"><img id="i" width="${icon.size}" height="${icon.size}" src="data:image/svg+xml,${encodeURIComponent(icon.svg)}"></body>`);
      const png = await page.locator('#i').screenshot({ omitBackground: true });
      urls.push(`url("data:image/png;base64,${png.toString('base64')}") ${scale}x`);
      await page.close();
    }
    console.log(`/* ${icon.name} */\nbackground-image: image-set(${urls.join(', ')});\n`);
  }
} finally {
  await browser.close();
}
