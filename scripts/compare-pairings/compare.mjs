// Side-by-side: tenkaichi's Swiss pairing against the npm package
// tournament-pairings, on the same events. Each round both pair the same
// history; the event then continues with tenkaichi's pairing and seeded
// random results (so both always see identical input).
//
// Usage: node compare.mjs [sizes] [seed]   e.g. node compare.mjs 16,64,256,1000 7
import { Swiss } from 'tournament-pairings';
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

const sizes = (process.argv[2] || '16,64,256,1000').split(',').map(Number);
const seed = Number(process.argv[3] || 7);
const gopair = new URL('./node_modules/.tenkaichi-gopair', import.meta.url).pathname;

// mulberry32: small seeded generator for match results.
function rng(a) {
  return () => {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Recommended Swiss rounds (docs/pairing.md).
function rounds(n) {
  const table = [[8, 3], [16, 4], [32, 5], [64, 6], [128, 7], [226, 8], [409, 9]];
  for (const [max, r] of table) if (n <= max) return r;
  return 10;
}

function state(ev) {
  const s = new Map(ev.players.map(p => [p.id, { score: 0, opps: new Set(), byes: 0, upDown: false }]));
  for (const r of ev.rounds) {
    const before = new Map([...s].map(([id, v]) => [id, v.score]));
    for (const m of r.matches) {
      const a = s.get(m.p1);
      if (m.p2 === null) { a.byes++; a.score += 3; continue; }
      const b = s.get(m.p2);
      a.opps.add(m.p2); b.opps.add(m.p1);
      if (before.get(m.p1) !== before.get(m.p2)) { a.upDown = true; b.upDown = true; }
      if (m.result === 'p1') a.score += 3;
      else if (m.result === 'p2') b.score += 3;
      else if (m.result === 'draw') { a.score += 1; b.score += 1; }
    }
  }
  return s;
}

// Quality of a pairing given the state before it.
function quality(st, pairs) {
  let sq = 0, rematches = 0, byes = 0, secondByes = 0, maxGap = 0;
  for (const [a, b] of pairs) {
    if (b === null) { byes++; if (st.get(a).byes > 0) secondByes++; continue; }
    const d = st.get(a).score - st.get(b).score;
    sq += d * d; maxGap = Math.max(maxGap, Math.abs(d));
    if (st.get(a).opps.has(b)) rematches++;
  }
  return { sq, rematches, byes, secondByes, maxGap };
}

const rows = [];
for (const n of sizes) {
  const ev = { seed, players: [], rounds: [] };
  for (let i = 1; i <= n; i++) ev.players.push({ id: `p${String(i).padStart(5, '0')}` });
  const rand = rng(seed * 1000 + n);
  const R = rounds(n);
  const tot = { go: { ms: 0, max: 0, sq: 0, rem: 0, extraByes: 0, second: 0, gap: 0 },
                tp: { ms: 0, max: 0, sq: 0, rem: 0, extraByes: 0, second: 0, gap: 0 } };
  for (let r = 1; r <= R; r++) {
    const st = state(ev);
    const go = JSON.parse(execFileSync(gopair, { input: JSON.stringify(ev), maxBuffer: 1 << 28 }).toString());
    const goPairs = go.matches.map(([a, b]) => [a, b === '' ? null : b]);
    const players = [...st].map(([id, v]) => ({ id, score: v.score, receivedBye: v.byes > 0, avoid: [...v.opps], pairedUpDown: v.upDown }));
    const t0 = performance.now();
    const tpMatches = Swiss(players, r);
    const tpMs = performance.now() - t0;
    const tpPairs = tpMatches.map(m => [m.player1, m.player2]);
    for (const [k, pairs, ms] of [['go', goPairs, go.ns / 1e6], ['tp', tpPairs, tpMs]]) {
      const q = quality(st, pairs);
      const t = tot[k];
      t.ms += ms; t.max = Math.max(t.max, ms); t.sq += q.sq; t.rem += q.rematches;
      t.extraByes += Math.max(0, q.byes - (n % 2)); t.second += q.secondByes; t.gap = Math.max(t.gap, q.maxGap);
    }
    ev.rounds.push({ number: r, matches: goPairs.map(([a, b], i) => {
      if (b === null) return { p1: a, p2: null, result: 'bye' };
      const x = rand();
      return { table: i + 1, p1: a, p2: b, result: x < 0.45 ? 'p1' : x < 0.9 ? 'p2' : 'draw' };
    }) });
  }
  for (const k of ['go', 'tp']) {
    const t = tot[k];
    rows.push([n, R, k === 'go' ? 'tenkaichi' : 'tournament-pairings', (t.ms / R).toFixed(1), t.max.toFixed(1), t.sq, t.gap, t.rem, t.second, t.extraByes]);
  }
}
const head = ['players', 'rounds', 'pairer', 'mean ms/round', 'max ms/round', 'sum of squared gaps', 'largest gap', 'rematches', 'second byes', 'extra byes'];
console.log('| ' + head.join(' | ') + ' |');
console.log('|' + head.map(() => '---').join('|') + '|');
for (const r of rows) console.log('| ' + r.join(' | ') + ' |');
