package pairing

// Maximum-weight matching in a general graph: Edmonds' blossom algorithm with
// the O(n³) primal-dual bookkeeping described by Galil ("Efficient algorithms
// for finding maximum matching in graphs", ACM Computing Surveys 1986).
//
// Written for this package from the published description. Weights are int64
// and every computation stays in integers: vertex duals are kept at twice their
// textbook value, so the slack of an edge (i,j) is u_i + u_j - 2·w_ij plus
// twice the duals of the blossoms containing both ends.
//
// The solver accepts a warm start: an initial matching made only of edges of
// maximal weight, which is a valid intermediate state of the primal-dual
// method when every vertex dual starts at that maximal weight. Swiss fields
// are mostly paired inside score groups by such edges, so only the few
// leftover players need search stages.

import "context"

// Edge is an undirected weighted edge between vertices I and J.
type Edge struct {
	I, J int
	W    int64
}

// matcher holds the state of one run. Vertices are 0..n-1, blossoms n..2n-1.
// Endpoint p of edge k is vertex endpoint[p]; p^1 is the other end.
type matcher struct {
	n, m     int
	edges    []Edge
	endpoint []int
	neighb   [][]int // neighb[v]: endpoints p with endpoint[p^1] == v (remote ends)
	mate     []int   // mate[v]: remote endpoint of v's matched edge, or -1
	label    []int8  // 0 free, 1 S (outer), 2 T (inner); bit 4 marks scanBlossom breadcrumbs
	labelEnd []int   // endpoint through which the blossom/vertex got its label
	inBloss  []int   // top-level blossom containing each vertex
	parent   []int   // blossom parent, -1 for top level
	childs   [][]int // sub-blossoms of a blossom, in cycle order from the base
	endps    [][]int // endps[b][i]: endpoint linking childs[i] to childs[i+1]
	base     []int   // base vertex of each blossom, -1 if the slot is unused
	bestEdge []int   // least-slack edge to an S-blossom (delta2/delta3 candidates)
	bestList [][]int // per S-blossom: least-slack edges to neighbouring S-blossoms
	unused   []int
	dual     []int64
	allowed  []bool
	queue    []int
	maxCard  bool

	bestTo  []int // scratch for addBlossom
	touched []int

	ctx context.Context // lives for one solveMatching call; checked each pass
}

// MaxWeightMatching returns mate[v] (the vertex matched to v, or -1) for a
// maximum-weight matching of the graph with n vertices. With maxCardinality it
// returns the heaviest among the matchings of maximum size.
func MaxWeightMatching(n int, edges []Edge, maxCardinality bool) []int {
	mate, _, _ := solveMatching(context.Background(), n, edges, maxCardinality, 0, nil)
	return mate
}

// solveMatching runs the algorithm. If top > 0 every vertex dual starts at top
// (which must be at least every edge weight), and warm lists edges of weight
// exactly top that are matched before the first stage. It returns the mates
// and the final state, whose duals certify optimality. A large matching takes
// long (minutes for thousands of vertices on the complete graph), so the
// context is checked as the algorithm goes: once it is done, solveMatching
// returns its error and no matching.
func solveMatching(ctx context.Context, n int, edges []Edge, maxCard bool, top int64, warm []int) ([]int, *matcher, error) {
	m := len(edges)
	s := &matcher{n: n, m: m, edges: edges, maxCard: maxCard, ctx: ctx}
	s.endpoint = make([]int, 2*m)
	deg := make([]int, n)
	var maxW int64
	for k, e := range edges {
		s.endpoint[2*k] = e.I
		s.endpoint[2*k+1] = e.J
		deg[e.I]++
		deg[e.J]++
		if e.W > maxW {
			maxW = e.W
		}
	}
	// One backing array for all adjacency lists keeps allocation flat.
	flat := make([]int, 2*m)
	s.neighb = make([][]int, n)
	off := 0
	for v := 0; v < n; v++ {
		s.neighb[v] = flat[off : off : off+deg[v]]
		off += deg[v]
	}
	for k, e := range edges {
		s.neighb[e.I] = append(s.neighb[e.I], 2*k+1)
		s.neighb[e.J] = append(s.neighb[e.J], 2*k)
	}
	if top > 0 {
		maxW = top
	}
	s.mate = fill(make([]int, n), -1)
	s.label = make([]int8, 2*n)
	s.labelEnd = fill(make([]int, 2*n), -1)
	s.inBloss = make([]int, n)
	for v := range s.inBloss {
		s.inBloss[v] = v
	}
	s.parent = fill(make([]int, 2*n), -1)
	s.childs = make([][]int, 2*n)
	s.endps = make([][]int, 2*n)
	s.base = fill(make([]int, 2*n), -1)
	for v := 0; v < n; v++ {
		s.base[v] = v
	}
	s.bestEdge = fill(make([]int, 2*n), -1)
	s.bestList = make([][]int, 2*n)
	s.unused = make([]int, 0, n)
	for b := 2*n - 1; b >= n; b-- {
		s.unused = append(s.unused, b)
	}
	s.dual = make([]int64, 2*n)
	for v := 0; v < n; v++ {
		s.dual[v] = maxW
	}
	s.allowed = make([]bool, m)
	s.bestTo = fill(make([]int, 2*n), -1)

	free := n
	for _, k := range warm {
		e := edges[k]
		if e.W != maxW || s.mate[e.I] != -1 || s.mate[e.J] != -1 || e.I == e.J {
			panic("pairing: warm start edge is not a free edge of maximal weight")
		}
		s.mate[e.I] = 2*k + 1
		s.mate[e.J] = 2 * k
		free -= 2
	}
	if m == 0 {
		return s.mates(), s, nil
	}
	for free >= 2 {
		augmented, err := s.stage()
		if err != nil {
			return nil, nil, err
		}
		if !augmented {
			break
		}
		free -= 2
	}
	return s.mates(), s, nil
}

func fill(a []int, v int) []int {
	for i := range a {
		a[i] = v
	}
	return a
}

func (s *matcher) mates() []int {
	out := make([]int, s.n)
	for v, p := range s.mate {
		if p >= 0 {
			out[v] = s.endpoint[p]
		} else {
			out[v] = -1
		}
	}
	return out
}

func (s *matcher) slack(k int) int64 {
	e := s.edges[k]
	return s.dual[e.I] + s.dual[e.J] - 2*e.W
}

// leaves calls f for every vertex inside blossom b.
func (s *matcher) leaves(b int, f func(v int)) {
	if b < s.n {
		f(b)
		return
	}
	for _, c := range s.childs[b] {
		s.leaves(c, f)
	}
}

// assignLabel labels the top-level blossom of w with t (1 = S, 2 = T),
// reached through endpoint p, and labels the mate of a T-blossom's base S.
func (s *matcher) assignLabel(w int, t int8, p int) {
	for {
		b := s.inBloss[w]
		s.label[w], s.label[b] = t, t
		s.labelEnd[w], s.labelEnd[b] = p, p
		s.bestEdge[w], s.bestEdge[b] = -1, -1
		if t == 1 {
			s.leaves(b, func(v int) { s.queue = append(s.queue, v) })
			return
		}
		base := s.base[b]
		mp := s.mate[base]
		w, t, p = s.endpoint[mp], 1, mp^1
	}
}

// scanBlossom walks up the alternating trees from v and w. It returns the base
// of the new blossom if they meet, or -1 if they reach two different roots
// (an augmenting path).
func (s *matcher) scanBlossom(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := s.inBloss[v]
		if s.label[b]&4 != 0 {
			base = s.base[b]
			break
		}
		path = append(path, b)
		s.label[b] = 5
		if s.labelEnd[b] == -1 {
			v = -1 // reached a root
		} else {
			v = s.endpoint[s.labelEnd[b]]
			b = s.inBloss[v]
			v = s.endpoint[s.labelEnd[b]]
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		s.label[b] = 1
	}
	return base
}

// addBlossom shrinks the odd cycle closed by edge k with the given base.
func (s *matcher) addBlossom(base, k int) {
	v, w := s.edges[k].I, s.edges[k].J
	bb := s.inBloss[base]
	bv := s.inBloss[v]
	bw := s.inBloss[w]
	b := s.unused[len(s.unused)-1]
	s.unused = s.unused[:len(s.unused)-1]
	s.base[b] = base
	s.parent[b] = -1
	s.parent[bb] = b
	var path, endps []int
	for bv != bb {
		s.parent[bv] = b
		path = append(path, bv)
		endps = append(endps, s.labelEnd[bv])
		v = s.endpoint[s.labelEnd[bv]]
		bv = s.inBloss[v]
	}
	path = append(path, bb)
	reverse(path)
	reverse(endps)
	endps = append(endps, 2*k)
	for bw != bb {
		s.parent[bw] = b
		path = append(path, bw)
		endps = append(endps, s.labelEnd[bw]^1)
		w = s.endpoint[s.labelEnd[bw]]
		bw = s.inBloss[w]
	}
	s.childs[b] = path
	s.endps[b] = endps
	s.label[b] = 1
	s.labelEnd[b] = s.labelEnd[bb]
	s.dual[b] = 0
	s.leaves(b, func(x int) {
		if s.label[s.inBloss[x]] == 2 {
			// A former T-vertex is now inside an S-blossom: scan it.
			s.queue = append(s.queue, x)
		}
		s.inBloss[x] = b
	})
	// Merge the least-slack edges of the children towards other S-blossoms.
	consider := func(k int) {
		j := s.edges[k].J
		if s.inBloss[j] == b {
			j = s.edges[k].I
		}
		bj := s.inBloss[j]
		if bj != b && s.label[bj] == 1 {
			if s.bestTo[bj] == -1 {
				s.bestTo[bj] = k
				s.touched = append(s.touched, bj)
			} else if s.slack(k) < s.slack(s.bestTo[bj]) {
				s.bestTo[bj] = k
			}
		}
	}
	for _, c := range path {
		if s.bestList[c] == nil {
			s.leaves(c, func(x int) {
				for _, p := range s.neighb[x] {
					consider(p / 2)
				}
			})
		} else {
			for _, k := range s.bestList[c] {
				consider(k)
			}
		}
		s.bestList[c] = nil
		s.bestEdge[c] = -1
	}
	list := make([]int, 0, len(s.touched))
	for _, bj := range s.touched {
		list = append(list, s.bestTo[bj])
		s.bestTo[bj] = -1
	}
	s.touched = s.touched[:0]
	s.bestList[b] = list
	s.bestEdge[b] = -1
	for _, k := range list {
		if s.bestEdge[b] == -1 || s.slack(k) < s.slack(s.bestEdge[b]) {
			s.bestEdge[b] = k
		}
	}
}

func reverse(a []int) {
	for i, j := 0, len(a)-1; i < j; i, j = i+1, j-1 {
		a[i], a[j] = a[j], a[i]
	}
}

// at indexes a cycle list with Python-style negative indices.
func at(a []int, i int) int {
	if i < 0 {
		i += len(a)
	}
	return a[i]
}

// expandBlossom undoes blossom b. At the end of a stage (endStage) nested
// blossoms with zero dual go too; in mid-stage a T-blossom is expanded and its
// children relabelled so the alternating tree stays valid.
func (s *matcher) expandBlossom(b int, endStage bool) {
	for _, c := range s.childs[b] {
		s.parent[c] = -1
		if c < s.n {
			s.inBloss[c] = c
		} else if endStage && s.dual[c] == 0 {
			s.expandBlossom(c, endStage)
		} else {
			s.leaves(c, func(v int) { s.inBloss[v] = c })
		}
	}
	if !endStage && s.label[b] == 2 {
		childs, endps := s.childs[b], s.endps[b]
		entry := s.inBloss[s.endpoint[s.labelEnd[b]^1]]
		j := indexOf(childs, entry)
		var jstep, trick int
		if j&1 != 0 {
			j -= len(childs)
			jstep, trick = 1, 0
		} else {
			jstep, trick = -1, 1
		}
		p := s.labelEnd[b]
		for j != 0 {
			// Relabel the T-sub-blossom and the S-sub-blossom after it.
			s.label[s.endpoint[p^1]] = 0
			s.label[s.endpoint[at(endps, j-trick)^trick^1]] = 0
			s.assignLabel(s.endpoint[p^1], 2, p)
			s.allowed[at(endps, j-trick)/2] = true
			j += jstep
			p = at(endps, j-trick) ^ trick
			s.allowed[p/2] = true
			j += jstep
		}
		bv := at(childs, j)
		s.label[s.endpoint[p^1]], s.label[bv] = 2, 2
		s.labelEnd[s.endpoint[p^1]], s.labelEnd[bv] = p, p
		s.bestEdge[bv] = -1
		j += jstep
		for at(childs, j) != entry {
			bv = at(childs, j)
			if s.label[bv] == 1 {
				j += jstep
				continue
			}
			found := -1
			s.leaves(bv, func(v int) {
				if found == -1 && s.label[v] != 0 {
					found = v
				}
			})
			if found != -1 {
				s.label[found] = 0
				s.label[s.endpoint[s.mate[s.base[bv]]]] = 0
				s.assignLabel(found, 2, s.labelEnd[found])
			}
			j += jstep
		}
	}
	s.label[b] = 0
	s.labelEnd[b] = -1
	s.childs[b] = nil
	s.endps[b] = nil
	s.base[b] = -1
	s.bestList[b] = nil
	s.bestEdge[b] = -1
	s.unused = append(s.unused, b)
}

func indexOf(a []int, x int) int {
	for i, y := range a {
		if y == x {
			return i
		}
	}
	panic("pairing: blossom child not found")
}

// augmentBlossom swaps matched and unmatched edges along the even path inside
// blossom b from vertex v to the base, making v the new base.
func (s *matcher) augmentBlossom(b, v int) {
	t := v
	for s.parent[t] != b {
		t = s.parent[t]
	}
	if t >= s.n {
		s.augmentBlossom(t, v)
	}
	childs, endps := s.childs[b], s.endps[b]
	i := indexOf(childs, t)
	j := i
	var jstep, trick int
	if i&1 != 0 {
		j -= len(childs)
		jstep, trick = 1, 0
	} else {
		jstep, trick = -1, 1
	}
	for j != 0 {
		j += jstep
		t = at(childs, j)
		p := at(endps, j-trick) ^ trick
		if t >= s.n {
			s.augmentBlossom(t, s.endpoint[p])
		}
		j += jstep
		t = at(childs, j)
		if t >= s.n {
			s.augmentBlossom(t, s.endpoint[p^1])
		}
		s.mate[s.endpoint[p]] = p ^ 1
		s.mate[s.endpoint[p^1]] = p
	}
	// Rotate so the new base comes first.
	s.childs[b] = append(append([]int{}, childs[i:]...), childs[:i]...)
	s.endps[b] = append(append([]int{}, endps[i:]...), endps[:i]...)
	s.base[b] = s.base[s.childs[b][0]]
}

// augmentMatching flips the augmenting path through edge k.
func (s *matcher) augmentMatching(k int) {
	v, w := s.edges[k].I, s.edges[k].J
	for _, sp := range [2][2]int{{v, 2*k + 1}, {w, 2 * k}} {
		x, p := sp[0], sp[1]
		for {
			bs := s.inBloss[x]
			if bs >= s.n {
				s.augmentBlossom(bs, x)
			}
			s.mate[x] = p
			if s.labelEnd[bs] == -1 {
				break // reached a root
			}
			t := s.endpoint[s.labelEnd[bs]]
			bt := s.inBloss[t]
			x = s.endpoint[s.labelEnd[bt]]
			j := s.endpoint[s.labelEnd[bt]^1]
			if bt >= s.n {
				s.augmentBlossom(bt, j)
			}
			s.mate[j] = s.labelEnd[bt]
			p = s.labelEnd[bt] ^ 1
		}
	}
}

// stage grows alternating trees from all free vertices until it augments the
// matching (true) or proves no augmentation improves it (false). It stops with
// the context's error when the context is done.
func (s *matcher) stage() (bool, error) {
	s.startStage()
	for {
		// Each pass ends in a dual change over every vertex: a cheap point to
		// notice a cancellation.
		if err := s.ctx.Err(); err != nil {
			return false, err
		}
		if s.growTrees() {
			break
		}
		// No tight edge left to explore: change the duals.
		d := s.nextDelta()
		s.changeDuals(d.delta)
		switch d.kind {
		case 1:
			return false, nil
		case 2:
			s.allowed[d.edge] = true
			i := s.edges[d.edge].I
			if s.label[s.inBloss[i]] == 0 {
				i = s.edges[d.edge].J
			}
			s.queue = append(s.queue, i)
		case 3:
			s.allowed[d.edge] = true
			s.queue = append(s.queue, s.edges[d.edge].I)
		case 4:
			s.expandBlossom(d.blossom, false)
		}
	}
	// End of stage: S-blossoms whose dual fell to zero are expanded.
	for b := s.n; b < 2*s.n; b++ {
		if s.parent[b] == -1 && s.base[b] >= 0 && s.label[b] == 1 && s.dual[b] == 0 {
			s.expandBlossom(b, true)
		}
	}
	return true, nil
}

// startStage clears the labels and best edges and labels every free vertex
// S, the roots of the stage's trees.
func (s *matcher) startStage() {
	n := s.n
	for i := range s.label {
		s.label[i] = 0
		s.bestEdge[i] = -1
	}
	for b := n; b < 2*n; b++ {
		s.bestList[b] = nil
	}
	clear(s.allowed)
	s.queue = s.queue[:0]
	for v := 0; v < n; v++ {
		if s.mate[v] == -1 && s.label[s.inBloss[v]] == 0 {
			s.assignLabel(v, 1, -1)
		}
	}
}

// growTrees explores the tight edges of the queued S-vertices, labelling,
// forming blossoms, until it augments the matching (true) or runs out.
func (s *matcher) growTrees() bool {
	for len(s.queue) > 0 {
		v := s.queue[len(s.queue)-1]
		s.queue = s.queue[:len(s.queue)-1]
		if s.scanVertex(v) {
			return true
		}
	}
	return false
}

// scanVertex explores the edges of S-vertex v; true when one augments the
// matching. An edge not yet tight is remembered as its blossom's best.
func (s *matcher) scanVertex(v int) bool {
	for _, p := range s.neighb[v] {
		k := p / 2
		w := s.endpoint[p]
		if s.inBloss[v] == s.inBloss[w] {
			continue
		}
		var kslack int64
		if !s.allowed[k] {
			kslack = s.slack(k)
			if kslack <= 0 {
				s.allowed[k] = true
			}
		}
		switch {
		case s.allowed[k]:
			if s.takeTightEdge(v, w, p, k) {
				return true
			}
		case s.label[s.inBloss[w]] == 1:
			b := s.inBloss[v]
			if s.bestEdge[b] == -1 || kslack < s.slack(s.bestEdge[b]) {
				s.bestEdge[b] = k
			}
		case s.label[w] == 0:
			if s.bestEdge[w] == -1 || kslack < s.slack(s.bestEdge[w]) {
				s.bestEdge[w] = k
			}
		}
	}
	return false
}

// takeTightEdge follows tight edge k from S-vertex v to w (p the endpoint at
// v): w is labelled T, a blossom forms, or the matching is augmented (true).
func (s *matcher) takeTightEdge(v, w, p, k int) bool {
	switch {
	case s.label[s.inBloss[w]] == 0:
		s.assignLabel(w, 2, p^1)
	case s.label[s.inBloss[w]] == 1:
		if base := s.scanBlossom(v, w); base >= 0 {
			s.addBlossom(base, k)
		} else {
			s.augmentMatching(k)
			return true
		}
	case s.label[w] == 0:
		// w sits unlabelled inside a T-blossom.
		s.label[w] = 2
		s.labelEnd[w] = p ^ 1
	}
	return false
}

// dualStep is the dual change a stage makes when no tight edge is left:
// its kind (1: the end, the duals of free vertices reach zero; 2: an edge
// from a free vertex turns tight; 3: an edge between S-blossoms turns
// tight; 4: a T-blossom's dual reaches zero and it expands), its size, and
// the edge or blossom.
type dualStep struct {
	kind          int
	delta         int64
	edge, blossom int
}

// nextDelta is the smallest dual change that makes progress.
func (s *matcher) nextDelta() dualStep {
	n := s.n
	d := dualStep{kind: -1, edge: -1, blossom: -1}
	if !s.maxCard {
		d.kind, d.delta = 1, s.minVertexDual()
	}
	for v := 0; v < n; v++ {
		if s.label[s.inBloss[v]] == 0 && s.bestEdge[v] != -1 {
			if sl := s.slack(s.bestEdge[v]); d.kind == -1 || sl < d.delta {
				d.delta, d.kind, d.edge = sl, 2, s.bestEdge[v]
			}
		}
	}
	for b := 0; b < 2*n; b++ {
		if s.parent[b] == -1 && s.label[b] == 1 && s.bestEdge[b] != -1 {
			if sl := s.slack(s.bestEdge[b]) / 2; d.kind == -1 || sl < d.delta {
				d.delta, d.kind, d.edge = sl, 3, s.bestEdge[b]
			}
		}
	}
	for b := n; b < 2*n; b++ {
		if s.base[b] >= 0 && s.parent[b] == -1 && s.label[b] == 2 &&
			(d.kind == -1 || s.dual[b] < d.delta) {
			d.delta, d.kind, d.blossom = s.dual[b], 4, b
		}
	}
	if d.kind == -1 {
		// Maximum cardinality reached; finish with a final dual step.
		d.kind, d.delta = 1, max(0, s.minVertexDual())
	}
	return d
}

// minVertexDual is the smallest dual of a vertex.
func (s *matcher) minVertexDual() int64 {
	delta := s.dual[0]
	for v := 1; v < s.n; v++ {
		delta = min(delta, s.dual[v])
	}
	return delta
}

// changeDuals changes the duals by delta: down for S-vertices and up for
// T-vertices, the other way for the top-level blossoms.
func (s *matcher) changeDuals(delta int64) {
	n := s.n
	for v := 0; v < n; v++ {
		switch s.label[s.inBloss[v]] {
		case 1:
			s.dual[v] -= delta
		case 2:
			s.dual[v] += delta
		}
	}
	for b := n; b < 2*n; b++ {
		if s.base[b] >= 0 && s.parent[b] == -1 {
			switch s.label[b] {
			case 1:
				s.dual[b] += delta
			case 2:
				s.dual[b] -= delta
			}
		}
	}
}

// edgeSlack returns the full slack of a would-be edge (i,j) of weight w under
// the final duals, blossom duals included. Non-negative for every edge of the
// graph means the matching is optimal for it.
func (s *matcher) edgeSlack(i, j int, w int64) int64 {
	sl := s.dual[i] + s.dual[j] - 2*w
	if sl >= 0 {
		return sl
	}
	// Add the duals of blossoms containing both i and j.
	bi := s.parent[i]
	for bi != -1 {
		if s.contains(bi, j) {
			for b := bi; b != -1; b = s.parent[b] {
				sl += 2 * s.dual[b]
			}
			break
		}
		bi = s.parent[bi]
	}
	return sl
}

func (s *matcher) contains(b, v int) bool {
	for x := s.parent[v]; x != -1; x = s.parent[x] {
		if x == b {
			return true
		}
	}
	return false
}
