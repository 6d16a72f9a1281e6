/**
 * The page ↔ extension protocol (docs/INTERFACES.md section 4): message types and their validators,
 * the request placeholders, the platform hosts, the allow-list of platform calls, the extension's ids
 * and the deadlines both sides keep. The app
 * (src/kernel/bridge, the demo transport) and the extension (extension/src, bundled by
 * extension/build.ts) both import it from here; neither keeps a copy.
 *
 * This folder imports nothing outside itself — no React, no kernel, no extension code, no browser
 * APIs beyond `URL` — so that both sides can bundle it (tests/extension/protocol.test.ts checks).
 */
export * from './messages';
export * from './placeholders';
export * from './hosts';
export * from './allow-list';
export * from './guard';
export * from './canonical';
export * from './documents';
export * from './executor';
export * from './extension-ids';
