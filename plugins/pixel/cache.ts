/** The pixel list's cache name (docs/PLATFORM.md section 10.1), kept 12 hours like every list. */
export const CACHE_KEY = 'pixel_list';
