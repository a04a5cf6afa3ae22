package pairing

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
)

// Pairing is the next round: matches with table numbers (best standings on
// table 1) and at most one bye chosen by the pairing, plus awarded byes.
type Pairing struct {
	Number  int
	Matches []Pair
	// Cost is the lexicographic cost of the chosen pairing (see docs/pairing.md).
	Cost Cost
	// Record is what the pairing was computed from and its optimality
	// certificate, for the round's event-file "pairing" (record.go).
	Record *RoundRecord
}

// Pair is one match of the new round. P2 is nil for a bye.
type Pair struct {
	Table  int
	P1     string
	P2     *string
	Reason *Reason // why a pair-down or bye happened; nil for ordinary pairings
	// Result is a result known when the round is paired: a team event's
	// seat with no player left loses its game (teams.go). "" otherwise.
	Result string
}

// Reason explains a pair-down or a bye to the organiser.
type Reason struct {
	Kind       string // "pair-down", "bye" or "awarded-bye"
	Player     string // the player paired down or given the bye
	FromPoints int    // the player's points (pair-down and both kinds of bye)
	ToPoints   int    // pair-down: the opponent's points (0 for a bye)
	Text       string
}

// Cost counts, for a pairing, each quality criterion in priority order.
type Cost struct {
	Rematches       int
	SecondByes      int // byes to players who already had one
	ByeRankFromLast int // 0 when the bye goes to the lowest-ranked player
	ScoreGapSquares int // sum over pairs of (points difference)²
	RepeatPairDowns int // pair-downs of players already paired down before
}

// PairOptions tunes the pairing. The zero value is the normal, fast pairing.
type PairOptions struct {
	// Exact solves the matching on the complete graph. It gives a pairing of
	// the same cost as the default path and exists to check it.
	Exact bool
}

// ErrNoPairing means no pairing exists (forbidden pairs rule everyone out).
var ErrNoPairing = errors.New("no pairing exists")

// problem is one round's pairing problem: active players as vertices 0..n-1,
// ordered by score group (highest first) and seeded shuffle inside a group,
// and a bye vertex n when n is odd.
type problem struct {
	h        *history
	round    int
	ids      []string
	tal      []*tally
	pts      []int
	rank     []int // standings position among active players (0 = best)
	group    []int // score group index (0 = highest)
	groups   [][]int
	bye      int // bye vertex, or -1
	nv       int // vertices including the bye vertex
	forbid   map[[2]int]bool
	awarded  []string
	standing map[string]int
	final    *matcher // the solver's last state: its duals certify the matching

	// Lexicographic weight units (see weights).
	uPD, uSq, uBye, uSecond, uRematch, top int64
}

// PairNextRound pairs the round after the last one in the event. Every match
// of earlier rounds must have a result.
func PairNextRound(ev *Event, opts PairOptions) (*Pairing, error) {
	return PairNextRoundContext(context.Background(), ev, opts)
}

// PairNextRoundContext is PairNextRound that gives up when ctx is done (the
// exact matching of a large field takes minutes): it then returns ctx's error.
func PairNextRoundContext(ctx context.Context, ev *Event, opts PairOptions) (*Pairing, error) {
	for _, r := range ev.Rounds {
		for mi, m := range r.Matches {
			if m.Result == "" {
				return nil, inputError(r.Number, mi+1, m.Table, "no-result")
			}
		}
	}
	p, mate, err := solveRound(ctx, ev, opts)
	if err != nil {
		return nil, err
	}
	out := p.result(mate)
	out.Record = p.record(opts, mate, out.Cost)
	return out, nil
}

// solveRound finds the optimal matching of the round after ev's last, and
// keeps the problem it solved (its weights, its final duals).
func solveRound(ctx context.Context, ev *Event, opts PairOptions) (*problem, []int, error) {
	p, err := newProblem(ev)
	if err != nil {
		return nil, nil, err
	}
	var mate []int
	if opts.Exact {
		mate, err = p.solveExact(ctx)
	} else {
		mate, err = p.solveFast(ctx)
	}
	if err != nil {
		return nil, nil, err
	}
	for v := 0; v < p.nv; v++ {
		if mate[v] == -1 {
			return nil, nil, fmt.Errorf("%w: forbidden pairs leave %q without an opponent in round %d", ErrNoPairing, p.name(v), p.round)
		}
	}
	if p.round == 1 && len(ev.SeedOrder) > 0 {
		mate = p.seededFirstRound(mate, ev.SeedOrder)
	}
	return p, mate, nil
}

func newProblem(ev *Event) (*problem, error) {
	h := newHistory(ev)
	round := len(ev.Rounds) + 1
	p := &problem{h: h, round: round, forbid: make(map[[2]int]bool), standing: make(map[string]int)}
	p.activePlayers(ev)
	n := len(p.tal)
	if n == 0 {
		return nil, inputError(round, 0, 0, "no-active-player")
	}
	p.scoreGroups(ev.Seed)
	p.bye = -1
	p.nv = n
	if n%2 == 1 {
		p.bye = n
		p.nv = n + 1
	}
	p.forbidPairs(ev.ForbiddenPairs)
	if err := p.weights(); err != nil {
		return nil, err
	}
	return p, nil
}

// activePlayers takes the players who play the round, in standings order
// (p.tal), leaving out the dropped, those who enter later and those with
// an awarded bye (p.awarded).
func (p *problem) activePlayers(ev *Event) {
	h := p.h
	st := h.standings(profileOrDefault(ev.Tiebreakers))
	awarded := make(map[string]bool)
	for _, b := range ev.Byes {
		if b.Round == p.round {
			awarded[b.Player] = true
		}
	}
	// On day 2 only those who advanced play.
	var day2 map[string]bool
	if day, _ := ev.RoundDay(p.round); day == 2 {
		day2 = ev.advancedSet()
	}
	for _, s := range st {
		t := h.players[h.index[s.ID]]
		p.standing[s.ID] = s.Rank
		if t.dropped || p.round < t.entered || (day2 != nil && !day2[t.id]) {
			continue
		}
		if awarded[t.id] {
			p.awarded = append(p.awarded, t.id)
			continue
		}
		p.tal = append(p.tal, t)
	}
}

// scoreGroups orders the active players into score groups, highest first;
// inside a group a shuffle seeded by the event and round gives the
// reproducible random choice among equal pairings. The players' vertices
// are their places in this order.
func (p *problem) scoreGroups(seed uint64) {
	// Rank among active players follows the standings order.
	rankOf := make(map[*tally]int, len(p.tal))
	for i, t := range p.tal {
		rankOf[t] = i
	}
	byPts := make(map[int][]*tally)
	var levels []int
	for _, t := range p.tal {
		if _, ok := byPts[t.points]; !ok {
			levels = append(levels, t.points)
		}
		byPts[t.points] = append(byPts[t.points], t)
	}
	sort.Sort(sort.Reverse(sort.IntSlice(levels)))
	rng := rand.New(rand.NewPCG(seed, uint64(p.round)))
	p.tal = p.tal[:0]
	for g, lv := range levels {
		members := byPts[lv]
		rng.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
		var grp []int
		for _, t := range members {
			grp = append(grp, len(p.tal))
			p.tal = append(p.tal, t)
			p.group = append(p.group, g)
			p.pts = append(p.pts, lv)
		}
		p.groups = append(p.groups, grp)
	}
	for _, t := range p.tal {
		p.ids = append(p.ids, t.id)
		p.rank = append(p.rank, rankOf[t])
	}
}

// forbidPairs marks the forbidden pairs of players who both play.
func (p *problem) forbidPairs(pairs [][2]string) {
	vertexOf := make(map[int]int, len(p.tal))
	for v, t := range p.tal {
		vertexOf[t.idx] = v
	}
	for _, fp := range pairs {
		a, okA := vertexOf[p.h.index[fp[0]]]
		b, okB := vertexOf[p.h.index[fp[1]]]
		if okA && okB {
			p.forbid[[2]int{min(a, b), max(a, b)}] = true
		}
	}
}

func profileOrDefault(name string) string {
	if name == "" {
		return ProfileBandai
	}
	return name
}

func (p *problem) name(v int) string {
	if v == p.bye {
		return "the bye"
	}
	return p.ids[v]
}

// weights sets the lexicographic units so that one unit of a criterion
// outweighs the largest possible total of all lower criteria.
func (p *problem) weights() error {
	n := int64(len(p.tal))
	pairs := n/2 + 1
	var maxSq, maxByes int64
	lo, hi := p.pts[len(p.pts)-1], p.pts[0]
	maxSq = int64(hi-lo) * int64(hi-lo)
	for _, t := range p.tal {
		maxByes = max(maxByes, int64(t.byes))
	}
	// Pairs that met most often: usually 1, so the rematch tier stays small.
	counts := make(map[[2]int]int64)
	var maxTimes int64
	for _, t := range p.tal {
		for _, o := range p.h.met[t.idx] {
			k := [2]int{min(t.idx, o), max(t.idx, o)}
			counts[k]++
			maxTimes = max(maxTimes, counts[k])
		}
	}
	maxTimes /= 2 // each meeting was counted from both sides
	ok := true
	const limit = 1 << 59 // duals and slacks stay a few times below the int64 range
	mul := func(a, b int64) int64 {
		hi, lo := bits.Mul64(uint64(a), uint64(b))
		if hi != 0 || lo > limit {
			ok = false
			return 1
		}
		return int64(lo)
	}
	add := func(xs ...int64) int64 {
		var s int64
		for _, x := range xs {
			s += x
			if s > limit {
				ok = false
			}
		}
		return s
	}
	p.uPD = 1
	maxPD := pairs
	p.uSq = maxPD + 1
	maxSqTot := mul(mul(p.uSq, max(maxSq, 1)), pairs)
	p.uBye = add(maxSqTot, maxPD, 1)
	maxByeTot := mul(p.uBye, n+1)
	p.uSecond = add(maxByeTot, maxSqTot, maxPD, 1)
	maxSecondTot := mul(p.uSecond, maxByes+1)
	p.uRematch = add(maxSecondTot, maxByeTot, maxSqTot, maxPD, 1)
	p.top = add(mul(p.uRematch, maxTimes+1), mul(p.uSecond, maxByes+1), maxByeTot, mul(p.uSq, max(maxSq, 1)), 2)
	if !ok {
		return inputError(p.round, 0, 0, "too-large")
	}
	return nil
}

// cost of the edge between vertices i and j (j may be the bye vertex), and
// whether the edge exists at all.
func (p *problem) cost(i, j int) (int64, bool) {
	if i == p.bye {
		i, j = j, i
	}
	if j == p.bye {
		t := p.tal[i]
		c := int64(t.byes)*p.uSecond + int64(len(p.tal)-1-p.rank[i])*p.uBye
		return c, true
	}
	if len(p.forbid) > 0 && p.forbid[[2]int{min(i, j), max(i, j)}] {
		return 0, false
	}
	ti, tj := p.tal[i], p.tal[j]
	c := int64(p.h.timesMet(ti.idx, tj.idx)) * p.uRematch
	d := int64(p.pts[i] - p.pts[j])
	c += d * d * p.uSq
	if d > 0 && ti.pairedDown > 0 || d < 0 && tj.pairedDown > 0 {
		c += p.uPD
	}
	return c, true
}

func (p *problem) edge(i, j int) (Edge, bool) {
	c, ok := p.cost(i, j)
	return Edge{I: i, J: j, W: p.top - c}, ok
}

// solveExact runs the blossom algorithm on the complete graph.
func (p *problem) solveExact(ctx context.Context) ([]int, error) {
	var edges []Edge
	for i := 0; i < p.nv; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for j := i + 1; j < p.nv; j++ {
			if e, ok := p.edge(i, j); ok {
				edges = append(edges, e)
			}
		}
	}
	mate, s, err := solveMatching(ctx, p.nv, edges, true, 0, nil)
	p.final = s
	return mate, err
}

// Small fields go straight to the exact path: it is already instant. A
// variable so tests can push small fields through the fast path.
var exactBelow = 48

// solveFast solves on a sparse candidate graph (a few neighbours inside the
// score group and in the next groups, all bye edges), warm-started with a
// greedy in-group pairing, then checks the final duals against every edge of
// the complete graph. Any edge with negative slack is added and the solve
// repeated, so the answer is always optimal for the complete graph: the duals
// are an LP certificate, not a heuristic.
func (p *problem) solveFast(ctx context.Context) ([]int, error) {
	if p.nv < exactBelow {
		return p.solveExact(ctx)
	}
	g := p.candidates()
	for iter := 0; ; iter++ {
		warm := p.greedy(g.edges)
		mate, s, err := solveMatching(ctx, p.nv, g.edges, true, p.top, warm)
		if err != nil {
			return nil, err
		}
		perfect := !slices.Contains(mate, -1)
		if iter > 20 {
			return p.solveExact(ctx)
		}
		if !perfect {
			// The sparse graph lacks a perfect matching (heavy rematch or
			// forbidden constraints): give the unmatched players every edge.
			for v, u := range mate {
				if u == -1 {
					for w := 0; w < p.nv; w++ {
						g.add(v, w)
					}
				}
			}
			continue
		}
		if p.violations(s, g.add) == 0 {
			p.final = s
			return mate, nil
		}
	}
}

// edgeSet is a graph of the problem's edges, each added once.
type edgeSet struct {
	p     *problem
	have  map[[2]int]bool
	edges []Edge
}

// add adds the edge between players i and j, if they may meet.
func (g *edgeSet) add(i, j int) {
	if i == j {
		return
	}
	key := [2]int{min(i, j), max(i, j)}
	if g.have[key] {
		return
	}
	if e, ok := g.p.edge(key[0], key[1]); ok {
		g.have[key] = true
		g.edges = append(g.edges, e)
	}
}

// candidates is the sparse candidate graph: for each player a few fresh
// opponents in their score group and in the next two, and every bye edge.
func (p *problem) candidates() *edgeSet {
	const k = 4
	g := &edgeSet{p: p, have: make(map[[2]int]bool, p.nv*6)}
	fresh := func(i, j int) bool {
		return (len(p.forbid) == 0 || !p.forbid[[2]int{min(i, j), max(i, j)}]) && p.h.timesMet(p.tal[i].idx, p.tal[j].idx) == 0
	}
	// link joins v to up to k fresh players of grp, scanning from start.
	link := func(v int, grp []int, start int) {
		got := 0
		for d := 0; d < len(grp) && got < k; d++ {
			u := grp[(start+d)%len(grp)]
			if u != v && fresh(v, u) {
				g.add(v, u)
				got++
			}
		}
	}
	for gi, grp := range p.groups {
		for pos, v := range grp {
			link(v, grp, pos+1)
			for dg := 1; dg <= 2 && gi+dg < len(p.groups); dg++ {
				lower := p.groups[gi+dg]
				link(v, lower, pos*len(lower)/len(grp))
			}
		}
	}
	if p.bye >= 0 {
		for v := 0; v < p.bye; v++ {
			g.add(v, p.bye)
		}
	}
	return g
}

// greedy returns a warm-start matching: in-group fresh pairs (and the bye to
// the best bye candidate) whose weight equals the top weight.
func (p *problem) greedy(edges []Edge) []int {
	used := make([]bool, p.nv)
	var warm []int
	for k, e := range edges {
		if e.W == p.top && !used[e.I] && !used[e.J] {
			used[e.I], used[e.J] = true, true
			warm = append(warm, k)
		}
	}
	return warm
}

// violations checks every player pair against the final duals and calls add
// for each edge with negative slack. Players are split by score group and by
// top-level blossom; blocks whose smallest duals (plus the blossom duals they
// share) already cover the largest weight possible between them are skipped,
// and inside a block both sides are sorted by dual so the scan stops early.
func (p *problem) violations(s *matcher, add func(i, j int)) int {
	c := newCertificate(s)
	blocks := p.dualBlocks(s, c)
	count := 0
	check := func(i, j int, ub int64) {
		base := s.dual[i] + s.dual[j] - 2*ub
		if base >= 0 {
			return
		}
		sh := c.shared(i, j)
		if base+sh >= 0 {
			return
		}
		cost, ok := p.cost(i, j)
		if !ok {
			return
		}
		if s.dual[i]+s.dual[j]-2*(p.top-cost)+sh < 0 {
			add(i, j)
			count++
		}
	}
	for a := range p.groups {
		for b := a; b < len(p.groups); b++ {
			d := int64(p.pts[p.groups[a][0]] - p.pts[p.groups[b][0]])
			ub := p.top - d*d*p.uSq // no edge between groups a and b weighs more
			for xi, x := range blocks[a] {
				ys := blocks[b]
				if a == b {
					ys = ys[xi:]
				}
				for _, y := range ys {
					scanBlockPair(s, c, x, y, ub, check)
				}
			}
		}
	}
	return count
}

// dualBlock is the players of a score group in one top-level blossom (or
// outside any: top -1), sorted by dual, ascending, and their smallest dual.
type dualBlock struct {
	top  int
	vs   []int
	minD int64
}

// dualBlocks splits each score group's players by top-level blossom.
func (p *problem) dualBlocks(s *matcher, c *certificate) [][]*dualBlock {
	blocks := make([][]*dualBlock, len(p.groups))
	for g, grp := range p.groups {
		byTop := make(map[int]*dualBlock)
		for _, v := range grp {
			t := c.top[v]
			if t == v {
				t = -1 // all vertices outside blossoms share one block
			}
			b := byTop[t]
			if b == nil {
				b = &dualBlock{top: t}
				byTop[t] = b
				blocks[g] = append(blocks[g], b)
			}
			b.vs = append(b.vs, v)
		}
		for _, b := range blocks[g] {
			sort.Slice(b.vs, func(x, y int) bool { return s.dual[b.vs[x]] < s.dual[b.vs[y]] })
			b.minD = s.dual[b.vs[0]]
		}
	}
	return blocks
}

// scanBlockPair checks the pairs of blocks x and y whose duals do not
// already cover ub, the largest weight possible between them; both are
// sorted by dual, so the scan stops early.
func scanBlockPair(s *matcher, c *certificate, x, y *dualBlock, ub int64, check func(i, j int, ub int64)) {
	extra := int64(0)
	if x.top == y.top && x.top >= 0 {
		extra = c.cum[x.top]
	}
	if x.minD+y.minD+extra >= 2*ub {
		return
	}
	for xx, i := range x.vs {
		if s.dual[i]+y.minD+extra >= 2*ub {
			break
		}
		js := y.vs
		if x == y {
			js = js[xx+1:]
		}
		for _, j := range js {
			if s.dual[i]+s.dual[j]+extra >= 2*ub {
				break
			}
			check(i, j, ub)
		}
	}
}

// certificate answers "how much blossom dual do vertices i and j share" in
// O(1): the lowest common blossom comes from an Euler tour of the blossom
// forest and a sparse table of minimum depths.
type certificate struct {
	top   []int   // top-level blossom of each vertex (the vertex itself if none)
	cum   []int64 // 2·z summed over a node and all its ancestors
	first []int   // first position of each node in the tour
	tour  []int
	depth []int
	table [][]int // table[k][i]: tour position of least depth in [i, i+2^k)
}

func newCertificate(s *matcher) *certificate {
	nn := 2 * s.n
	c := &certificate{top: make([]int, s.n), cum: make([]int64, nn), first: make([]int, nn), depth: make([]int, nn)}
	var walk func(x, d int, above int64, root int)
	walk = func(x, d int, above int64, root int) {
		c.depth[x] = d
		c.cum[x] = above
		if x >= s.n {
			c.cum[x] += 2 * s.dual[x]
		} else {
			c.top[x] = root
		}
		c.first[x] = len(c.tour)
		c.tour = append(c.tour, x)
		if x >= s.n {
			for _, ch := range s.childs[x] {
				walk(ch, d+1, c.cum[x], root)
				c.tour = append(c.tour, x)
			}
		}
	}
	for x := 0; x < nn; x++ {
		if (x < s.n || s.base[x] >= 0) && s.parent[x] == -1 {
			walk(x, 0, 0, x)
		}
	}
	m := len(c.tour)
	c.table = [][]int{make([]int, m)}
	for i := range c.table[0] {
		c.table[0][i] = i
	}
	for k := 1; 1<<k <= m; k++ {
		prev := c.table[k-1]
		cur := make([]int, m-(1<<k)+1)
		for i := range cur {
			a, b := prev[i], prev[i+1<<(k-1)]
			if c.depth[c.tour[b]] < c.depth[c.tour[a]] {
				a = b
			}
			cur[i] = a
		}
		c.table = append(c.table, cur)
	}
	return c
}

// shared returns twice the summed duals of the blossoms containing both i
// and j (0 when they are in different top-level blossoms).
func (c *certificate) shared(i, j int) int64 {
	if c.top[i] != c.top[j] || i == j {
		return 0
	}
	l, r := c.first[i], c.first[j]
	if l > r {
		l, r = r, l
	}
	k := bits.Len(uint(r-l+1)) - 1
	a, b := c.table[k][l], c.table[k][r-(1<<k)+1]
	if c.depth[c.tour[b]] < c.depth[c.tour[a]] {
		a = b
	}
	return c.cum[c.tour[a]]
}

// result turns the matching into tables and reasons.
func (p *problem) result(mate []int) *Pairing {
	out := &Pairing{Number: p.round}
	type pr struct{ a, b int }
	var prs []pr
	byeV := -1
	for v := 0; v < len(p.tal); v++ {
		u := mate[v]
		if u == p.bye && p.bye >= 0 {
			byeV = v
			continue
		}
		if v < u {
			// Higher standing first.
			if p.rank[u] < p.rank[v] {
				prs = append(prs, pr{u, v})
			} else {
				prs = append(prs, pr{v, u})
			}
		}
	}
	sort.Slice(prs, func(x, y int) bool { return p.rank[prs[x].a] < p.rank[prs[y].a] })
	// Group sizes including players moved down from above, for reasons.
	incoming := make([]int, len(p.groups))
	for _, e := range prs {
		ga, gb := p.group[e.a], p.group[e.b]
		if ga < gb {
			incoming[gb]++
		} else if gb < ga {
			incoming[ga]++
		}
	}
	for i, e := range prs {
		b := p.ids[e.b]
		pair := Pair{Table: i + 1, P1: p.ids[e.a], P2: &b}
		c, _ := p.cost(e.a, e.b)
		out.Cost.add(p, c)
		hi, lo := e.a, e.b
		if p.pts[lo] > p.pts[hi] {
			hi, lo = lo, hi
		}
		if p.pts[hi] > p.pts[lo] {
			g := p.group[hi]
			size := len(p.groups[g]) + incoming[g]
			var why string
			if size%2 == 1 {
				why = fmt.Sprintf("the %d-point group had an odd number of players (%d", p.pts[hi], len(p.groups[g]))
				if incoming[g] > 0 {
					why += fmt.Sprintf(" plus %d moved down from above", incoming[g])
				}
				why += ")"
			} else {
				why = fmt.Sprintf("pairing everyone inside the %d-point group would have needed a rematch, a forbidden pairing or a worse bye", p.pts[hi])
			}
			if p.tal[hi].pairedDown > 0 {
				why += fmt.Sprintf("; %s had been paired down before, but no other player could move down instead", p.ids[hi])
			}
			pair.Reason = &Reason{Kind: "pair-down", Player: p.ids[hi], FromPoints: p.pts[hi], ToPoints: p.pts[lo],
				Text: fmt.Sprintf("%s (%d points) plays %s (%d points): %s.", p.ids[hi], p.pts[hi], p.ids[lo], p.pts[lo], why)}
		}
		out.Matches = append(out.Matches, pair)
	}
	if byeV >= 0 {
		c, _ := p.cost(byeV, p.bye)
		out.Cost.add(p, c)
		out.Matches = append(out.Matches, Pair{P1: p.ids[byeV], Reason: p.byeReason(byeV)})
	}
	for _, id := range p.awarded {
		out.Matches = append(out.Matches, Pair{P1: id, Reason: &Reason{Kind: "awarded-bye", Player: id,
			FromPoints: p.h.players[p.h.index[id]].points,
			Text:       fmt.Sprintf("%s has a bye awarded before pairing for round %d.", id, p.round)}})
	}
	return out
}

func (c *Cost) add(p *problem, w int64) {
	c.Rematches += int(w / p.uRematch)
	w %= p.uRematch
	c.SecondByes += int(w / p.uSecond)
	w %= p.uSecond
	c.ByeRankFromLast += int(w / p.uBye)
	w %= p.uBye
	c.ScoreGapSquares += int(w / p.uSq)
	w %= p.uSq
	c.RepeatPairDowns += int(w)
}

func (p *problem) byeReason(v int) *Reason {
	t := p.tal[v]
	n := len(p.tal)
	var skipped []string
	for u := range p.tal {
		if p.rank[u] > p.rank[v] {
			skipped = append(skipped, p.ids[u])
		}
	}
	var text string
	switch {
	case len(skipped) == 0 && t.byes == 0:
		text = fmt.Sprintf("%s is the lowest-ranked active player (%d of %d) and has not had a bye.", t.id, p.rank[v]+1, n)
	case t.byes == 0:
		sort.Slice(skipped, func(a, b int) bool { return p.standing[skipped[a]] < p.standing[skipped[b]] })
		text = fmt.Sprintf("%s is ranked %d of %d active players; the players ranked lower (%s) have had a bye or could not sit out without forcing a rematch or forbidden pairing.",
			t.id, p.rank[v]+1, n, strings.Join(skipped, ", "))
	default:
		text = fmt.Sprintf("%s already had a bye, but every player without one was needed to avoid a rematch or forbidden pairing.", t.id)
	}
	return &Reason{Kind: "bye", Player: t.id, FromPoints: t.points, Text: text}
}

// Round turns the pairing into an event-file round, with results from
// result() for real matches (nil leaves them unreported).
func (pr *Pairing) Round(result func() string) Round {
	r := Round{Number: pr.Number, Matches: []Match{}}
	for _, m := range pr.Matches {
		mm := Match{Table: m.Table, P1: m.P1, P2: m.P2}
		if m.P2 == nil {
			mm.Result = ResultBye
		} else if result != nil {
			mm.Result = result()
		}
		r.Matches = append(r.Matches, mm)
	}
	return r
}
