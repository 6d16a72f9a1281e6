/**
 * Chromium derives an extension's id from the manifest `key` (base64 DER SubjectPublicKeyInfo):
 * sha256 of the DER bytes, the first 32 hex digits, each digit 0-f written as a letter a-p.
 * Pure so that build.ts, the key script and the tests compute the same id.
 */
export function extensionIdFromSha256Hex(sha256Hex: string): string {
  return [...sha256Hex.slice(0, 32).toLowerCase()].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');
}
