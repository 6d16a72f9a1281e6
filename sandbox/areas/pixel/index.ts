// The pixel area: the pixel node with its sharing and people edges, the pixel parts of businesses,
// business users and ad accounts, and its web calls (the list by business, datasets, connections).
import type { SandboxArea } from '../../area';
import { PIXEL_COUNTS, generatePixels } from './data';
import { findPixel, pixelExtensions, pixelType } from './graph';
import { pixelWeb } from './web';

export const pixelArea: SandboxArea = {
  id: 'pixel',
  counts: PIXEL_COUNTS,
  sharedStream: true,
  generate: generatePixels,
  types: { pixel: pixelType },
  extend: pixelExtensions,
  findNode: findPixel,
  web: pixelWeb,
  objects: {
    pixel: (data, id) => {
      const p = data.pixels.get(id);
      return p ? { type: p.kind ?? 'pixel', ...p } : null;
    },
    dataset: (data, id) => {
      const p = data.pixels.get(id);
      return p?.kind === 'dataset' ? { type: 'dataset', ...p } : null;
    },
  },
  summary: (data) => ({ pixels: data.pixels.size }),
};
