// The pixel area: the pixel node with its sharing edges and the pixel parts of businesses,
// business users and ad accounts.
import type { SandboxArea } from '../../area';
import { PIXEL_COUNTS, generatePixels } from './data';
import { findPixel, pixelExtensions, pixelType } from './graph';

export const pixelArea: SandboxArea = {
  id: 'pixel',
  counts: PIXEL_COUNTS,
  sharedStream: true,
  generate: generatePixels,
  types: { pixel: pixelType },
  extend: pixelExtensions,
  findNode: findPixel,
  objects: {
    pixel: (data, id) => {
      const p = data.pixels.get(id);
      return p ? { type: 'pixel', ...p } : null;
    },
  },
  summary: (data) => ({ pixels: data.pixels.size }),
};
