/**
 * The flavour this bundle was built for. build.ts replaces this module's text at bundle time; the
 * value here is what type-checking and the unit tests see.
 */
export type Flavour = 'production' | 'development';
export const FLAVOUR: Flavour = 'development';
