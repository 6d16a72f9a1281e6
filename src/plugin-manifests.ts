// Every plugin folder's manifest module; manifests are declarative, so importing them runs no plugin code.
// main.tsx imports this module once there is a session (the login page needs no area).
export const manifests = import.meta.glob('/plugins/*/index.ts', { eager: true });
