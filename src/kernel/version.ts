declare const __WEB_VERSION__: string;

/** The version of this web bundle (package.json at build time); the spec's current web version is 2.2.1. */
export const WEB_VERSION: string = typeof __WEB_VERSION__ === 'string' ? __WEB_VERSION__ : '0.0.0';
