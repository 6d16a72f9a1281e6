/**
 * The taxonomy as a tree: targeting browse answers a flat list of interests, each with its path
 * (`Interests › topic › subtopic › name`); the tree is built from the paths. A category is a path
 * prefix; an interest is a leaf at the end of its own path (the last path entry is its name, so the
 * parent is the path without it). Categories sort before interests, both by name.
 */
import type { Interest } from './interest';

export interface TaxonomyNode {
  /** the path prefix joined by \u0000 for a category, the interest id for a leaf */
  key: string;
  label: string;
  children: TaxonomyNode[];
  interest?: Interest;
  /** interests below this node (a leaf counts itself) */
  count: number;
}

const SEP = '\u0000';

export function buildTaxonomy(items: readonly Interest[]): TaxonomyNode[] {
  const root: TaxonomyNode = { key: '', label: '', children: [], count: 0 };
  const categories = new Map<string, TaxonomyNode>([['', root]]);
  const category = (parts: readonly string[]): TaxonomyNode => {
    const key = parts.join(SEP);
    let node = categories.get(key);
    if (node) return node;
    const parent = category(parts.slice(0, -1));
    node = { key: `c${SEP}${key}`, label: parts[parts.length - 1]!, children: [], count: 0 };
    categories.set(key, node);
    parent.children.push(node);
    return node;
  };
  const seen = new Set<string>();
  for (const it of items) {
    if (seen.has(it.id)) continue;
    seen.add(it.id);
    // the path ends with the interest's own name; a path without it is the category itself
    const parts = it.path.length && it.path[it.path.length - 1] === it.name ? it.path.slice(0, -1) : it.path;
    const parent = category(parts);
    parent.children.push({ key: it.id, label: it.name, children: [], interest: it, count: 1 });
  }
  const finish = (n: TaxonomyNode): number => {
    n.children.sort((a, b) => Number(!!a.interest) - Number(!!b.interest) || a.label.localeCompare(b.label));
    if (n.interest) return 1;
    n.count = n.children.reduce((sum, c) => sum + finish(c), 0);
    return n.count;
  };
  finish(root);
  return root.children;
}

/** The categories whose label or whose interests match `text` (case-insensitive), for the browse filter. */
export function filterTaxonomy(nodes: readonly TaxonomyNode[], text: string): TaxonomyNode[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...nodes];
  const walk = (n: TaxonomyNode): TaxonomyNode | null => {
    if (n.label.toLowerCase().includes(q)) return n;
    if (n.interest) return null;
    const children = n.children.map(walk).filter((c): c is TaxonomyNode => c !== null);
    return children.length ? { ...n, children, count: children.reduce((s, c) => s + c.count, 0) } : null;
  };
  return nodes.map(walk).filter((c): c is TaxonomyNode => c !== null);
}

/** Every interest below a node (a category's "select all"). */
export function interestsUnder(node: TaxonomyNode): Interest[] {
  if (node.interest) return [node.interest];
  return node.children.flatMap(interestsUnder);
}
