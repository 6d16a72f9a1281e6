/**
 * Platform HTML as plain text (the rename reply, docs/SPEC.md, pages): tags dropped, entities decoded,
 * whitespace folded. Pure string work — nothing is parsed into a document, so no markup or script in
 * the reply can run or load anything; the result is rendered as text.
 */
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

export function htmlToText(html: string): string {
  const withoutInert = html
    .replace(/<(script|style|template|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ');
  const breaks = withoutInert.replace(/<\s*(br|\/p|\/div|\/li|\/h\d|\/tr)\b[^>]*>/gi, '\n');
  const noTags = breaks.replace(/<\/?[a-zA-Z][^>]*>/g, ' ').replace(/<[^>]*$/g, ' ');
  const decoded = noTags.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    }
    return NAMED[e.toLowerCase()] ?? m;
  });
  return decoded.split('\n').map((l) => l.replace(/[ \t\f\v\r\u00a0]+/g, ' ').trim()).filter(Boolean).join('\n');
}

/**
 * The name-change status (docs/SPEC.md, pages): 1 when the settings reply mentions the pseudonymous
 * name field (the change is pending or allowed), else 0.
 */
export function renameStatus(html: string): 0 | 1 {
  // the field itself (`name="pseudonymous_name"`), not the words in text a page name could carry
  return /<(input|textarea|select)\b[^>]*\bname\s*=\s*["']?pseudonymous_name\b/i.test(html) ? 1 : 0;
}
