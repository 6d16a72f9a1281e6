// The `fields=` language: `a,b,users{id,role},owned_ad_accounts.limit(5).summary(true){id,name}`.
import { GraphError } from '../errors';

export interface FieldSel {
  name: string;
  /** output key (`.as(alias)` renames) */
  key: string;
  mods: Record<string, string>;
  sub: FieldSel[] | null;
  /** the text of `sub`, for the `fields=` of a nested edge's next link */
  subSrc: string | null;
}

const MAX_DEPTH = 8;

export function parseFields(src: string): FieldSel[] {
  let pos = 0;
  const fail = (): never => {
    throw new GraphError(400, 100, `(#100) Syntax error "Expected end of string instead of \\"${src.slice(pos, pos + 1)}\\"." at character ${pos}: ${src}`);
  };
  const ws = () => { while (pos < src.length && /\s/.test(src[pos]!)) pos++; };
  const ident = (): string => {
    ws();
    const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(pos));
    if (!m) fail();
    pos += m![0].length;
    return m![0];
  };
  const arg = (): string => {
    // up to the matching ')', allowing nested brackets in e.g. filtering([...])
    let depth = 0;
    const start = pos;
    for (; pos < src.length; pos++) {
      const c = src[pos]!;
      if (c === '(' || c === '[' || c === '{') depth++;
      else if (c === ']' || c === '}') depth--;
      else if (c === ')') {
        if (depth === 0) return src.slice(start, pos++);
        depth--;
      }
    }
    return fail();
  };
  let depth = 0;
  const list = (closing: string | null): FieldSel[] => {
    if (++depth > MAX_DEPTH) throw new GraphError(400, 100, `(#100) Field expansion is nested more than ${MAX_DEPTH} levels deep`);
    const out: FieldSel[] = [];
    for (;;) {
      ws();
      if (closing && src[pos] === closing) { pos++; depth--; return out; }
      if (!closing && pos >= src.length) return out;
      const name = ident();
      const sel: FieldSel = { name, key: name, mods: {}, sub: null, subSrc: null };
      for (;;) {
        ws();
        if (src[pos] === '.') {
          pos++;
          const mod = ident();
          ws();
          if (src[pos] !== '(') fail();
          pos++;
          const value = arg().trim();
          if (mod === 'as') sel.key = value;
          else sel.mods[mod] = value;
        } else if (src[pos] === '{' && !sel.sub) {
          pos++;
          const start = pos;
          sel.sub = list('}');
          sel.subSrc = src.slice(start, pos - 1);
        } else break;
      }
      out.push(sel);
      ws();
      if (src[pos] === ',') { pos++; continue; }
      if (closing && src[pos] === closing) { pos++; depth--; return out; }
      if (!closing && pos >= src.length) return out;
      fail();
    }
  };
  if (!src.trim()) return [];
  return list(null);
}

export function selsOf(names: readonly string[]): FieldSel[] {
  return names.map((name) => ({ name, key: name, mods: {}, sub: null, subSrc: null }));
}
