import fs from 'node:fs';
const p = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = p.timeDeltas; const samples = p.samples;
for (let i = 0; i < samples.length; i++) self.set(samples[i], (self.get(samples[i]) ?? 0) + (dt[i] ?? 0));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const total = [...self.values()].reduce((a, b) => a + b, 0);
// self time by function and by "package"
const fn = new Map(), pkg = new Map();
for (const [id, t] of self) {
  const n = byId.get(id); const cf = n.callFrame;
  const k = `${cf.functionName || '(anon)'} ${cf.url.split('/').slice(-2).join('/')}:${cf.lineNumber}`;
  fn.set(k, (fn.get(k) ?? 0) + t);
  const m = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(cf.url); const g = m ? m[1] : cf.url ? (cf.url.includes('/server/') ? 'server/' + cf.url.split('/server/')[1] : cf.url.startsWith('node:') ? 'node' : cf.url) : cf.functionName;
  pkg.set(g, (pkg.get(g) ?? 0) + t);
}
const top = (m, n) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, t]) => `${(100 * t / total).toFixed(1).padStart(5)}% ${k}`).join('\n');
console.log('total ms', (total / 1000).toFixed(0));
console.log(top(pkg, 25)); console.log('---'); console.log(top(fn, 30));
// inclusive time for functions matching argv[3]
if (process.argv[3]) {
  const incl = new Map();
  for (const [id, t] of self) { let cur = id; const seen = new Set(); while (cur !== undefined) { const n = byId.get(cur); const k = `${n.callFrame.functionName} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t); } cur = parent.get(cur); } }
  console.log('--- inclusive'); console.log(top(new Map([...incl].filter(([k]) => new RegExp(process.argv[3]).test(k))), 40));
}
