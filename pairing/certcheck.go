package pairing

import (
	"context"
	"sort"
)

// Checking a DualCertificate needs nothing of the solver: only the weights
// (problem.cost, the documented formula) and the matching to prove. A
// certificate that holds proves the matching maximum among all perfect
// matchings (docs/pairing.md, "Verifying a pairing"):
//
//	w(M') = Σ_{ij∈M'} w_ij ≤ Σ_{ij∈M'} (y_i + y_j)/2 + Σ_B z_B·|M' ∩ B|
//	      ≤ Σ_v y_v/2 + Σ_B z_B·(|B|−1)/2,
//
// with equality for M when its pairs are tight and its blossoms full.

// certBound keeps every sum of the check inside int64: a value beyond it
// is refused rather than allowed to overflow into a false "holds".
const certBound = int64(1) << 60

// vertexPair is a pair of the matching to prove (v2 may be the bye vertex),
// with where the file has it.
type vertexPair struct {
	v1, v2       int
	match, table int
}

// certFinding is one way a certificate fails, as a verify problem key.
type certFinding struct {
	key          string
	args         []any
	match, table int
}

// certCheck is a certificate laid over a problem's vertices.
type certCheck struct {
	p      *problem
	y      []int64 // by vertex
	blooms []BlossomDual
	parent []int   // enclosing blossom of each blossom, -1 at the top
	depth  []int   // of each blossom: 0 at the top
	cum    []int64 // 2·z of a blossom and of all that enclose it
	size   []int   // vertices a blossom holds
	in     []int   // innermost blossom of each vertex, -1 for none
}

// checkCertificate checks c for the matching pairs of p, c's vertex k
// being p's vertex vertexOf[k] (the bye last). It returns what fails,
// nothing when the certificate proves the matching optimal.
func (p *problem) checkCertificate(ctx context.Context, c *DualCertificate, vertexOf []int, pairs []vertexPair) ([]certFinding, error) {
	cc, bad := p.layCertificate(c, vertexOf)
	if bad != nil {
		return []certFinding{*bad}, nil
	}
	var out []certFinding
	if f, err := cc.feasible(ctx); err != nil {
		return nil, err
	} else if f != nil {
		out = append(out, *f)
	}
	inside := make([]int, len(cc.blooms))
	var loose *certFinding // the first pair of the matching with slack, and how many have
	for _, mp := range pairs {
		if sl, ok := cc.slack(mp.v1, mp.v2); ok && sl != 0 {
			if loose == nil {
				loose = &certFinding{key: "cert-not-tight", args: []any{p.pairOf(mp.v1, mp.v2), sl, 0}, match: mp.match, table: mp.table}
			}
			loose.args[2] = loose.args[2].(int) + 1
		}
		for b := cc.common(mp.v1, mp.v2); b >= 0; b = cc.parent[b] {
			inside[b]++
		}
	}
	if loose != nil {
		out = append(out, *loose)
	}
	for k, b := range cc.blooms {
		if want := (cc.size[k] - 1) / 2; b.Dual > 0 && inside[k] != want {
			out = append(out, certFinding{key: "cert-not-full", args: []any{k + 1, b.Dual, inside[k], want}})
		}
	}
	return out, nil
}

// layCertificate checks the certificate's shape and maps it onto p's
// vertices: one dual per player, a bye dual exactly when there is a bye
// vertex, values in range, blossoms nested as a forest of odd sets of 3
// or more vertices.
func (p *problem) layCertificate(c *DualCertificate, vertexOf []int) (*certCheck, *certFinding) {
	n := len(p.tal)
	if len(c.Duals) != n || len(vertexOf) != p.nv {
		return nil, &certFinding{key: "cert-duals", args: []any{len(c.Duals), n}}
	}
	if (c.ByeDual != nil) != (p.bye >= 0) {
		return nil, &certFinding{key: "cert-bye-dual"}
	}
	nb := len(c.Blossoms)
	cc := &certCheck{p: p, y: make([]int64, p.nv), blooms: c.Blossoms, parent: make([]int, nb),
		depth: make([]int, nb), cum: make([]int64, nb), size: make([]int, nb), in: make([]int, p.nv)}
	for k, d := range c.Duals {
		cc.y[vertexOf[k]] = d
	}
	if c.ByeDual != nil {
		cc.y[p.bye] = *c.ByeDual
	}
	for _, y := range cc.y {
		if y <= -certBound || y >= certBound {
			return nil, &certFinding{key: "cert-range"}
		}
	}
	for i := range cc.in {
		cc.in[i] = -1
	}
	for k := range cc.parent {
		cc.parent[k] = -1
	}
	var zSum int64
	for k, b := range c.Blossoms {
		if b.Dual < 0 {
			return nil, &certFinding{key: "cert-blossom-negative", args: []any{k + 1, b.Dual}}
		}
		if zSum += min(b.Dual, certBound); zSum >= certBound {
			return nil, &certFinding{key: "cert-range"}
		}
		for _, m := range b.Vertices {
			if m < 0 || m >= p.nv || cc.in[vertexOf[m]] >= 0 {
				return nil, &certFinding{key: "cert-member", args: []any{k + 1, m}}
			}
			cc.in[vertexOf[m]] = k
		}
		cc.size[k] = len(b.Vertices)
		for _, inner := range b.Inner {
			if inner < 0 || inner >= k || cc.parent[inner] >= 0 {
				return nil, &certFinding{key: "cert-nesting", args: []any{k + 1, inner + 1}}
			}
			cc.parent[inner] = k
			cc.size[k] += cc.size[inner]
		}
		if cc.size[k] < 3 || cc.size[k]%2 == 0 {
			return nil, &certFinding{key: "cert-blossom-size", args: []any{k + 1, cc.size[k]}}
		}
	}
	// Outermost first: a blossom's parent comes after it in the list.
	for k := nb - 1; k >= 0; k-- {
		cc.cum[k] = 2 * c.Blossoms[k].Dual
		if up := cc.parent[k]; up >= 0 {
			cc.depth[k] = cc.depth[up] + 1
			cc.cum[k] += cc.cum[up]
		}
	}
	return cc, nil
}

// common is the innermost blossom holding both i and j, or -1.
func (cc *certCheck) common(i, j int) int {
	a, b := cc.in[i], cc.in[j]
	for a >= 0 && b >= 0 && a != b {
		if cc.depth[a] >= cc.depth[b] {
			a = cc.parent[a]
		} else {
			b = cc.parent[b]
		}
	}
	if a < 0 || b < 0 {
		return -1
	}
	return a
}

// slack of the pair (i, j) under the certificate; ok is false when the
// pair may not be paired (forbidden), so it has no weight to bound.
func (cc *certCheck) slack(i, j int) (int64, bool) {
	cost, ok := cc.p.cost(i, j)
	if !ok {
		return 0, false
	}
	s := cc.y[i] + cc.y[j] - 2*(cc.p.top-cost)
	if b := cc.common(i, j); b >= 0 {
		s += cc.cum[b]
	}
	return s, true
}

// feasible checks every pair of vertices, the bye included: the first pair
// with negative slack and how many there are, or nil when none has. A pair
// of players with points p and q weighs at most top − (p − q)²·score_gap
// and blossom duals only add to a slack, so among players sorted by dual
// inside each score group the scan of a pair of groups stops where the two
// duals alone cover that bound: every later pair has slack ≥ 0 too.
func (cc *certCheck) feasible(ctx context.Context) (*certFinding, error) {
	p := cc.p
	var first *certFinding
	count := 0
	check := func(i, j int) {
		if sl, ok := cc.slack(i, j); ok && sl < 0 {
			count++
			if first == nil {
				first = &certFinding{key: "cert-infeasible", args: []any{p.pairOf(i, j), sl, 0}}
			}
		}
	}
	if p.bye >= 0 {
		for v := 0; v < len(p.tal); v++ {
			check(v, p.bye)
		}
	}
	groups := make([][]int, len(p.groups))
	for g, grp := range p.groups {
		groups[g] = append([]int(nil), grp...)
		sort.Slice(groups[g], func(x, y int) bool { return cc.y[groups[g][x]] < cc.y[groups[g][y]] })
	}
	for a, ga := range groups {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		for b := a; b < len(groups); b++ {
			gb := groups[b]
			d := int64(p.pts[ga[0]] - p.pts[gb[0]])
			bound := 2 * (p.top - d*d*p.uSq)
			for x, i := range ga {
				js := gb
				if a == b {
					js = gb[x+1:]
				}
				if len(js) == 0 || cc.y[i]+cc.y[js[0]] >= bound {
					break
				}
				for _, j := range js {
					if cc.y[i]+cc.y[j] >= bound {
						break
					}
					check(i, j)
				}
			}
		}
	}
	if first != nil {
		first.args[2] = count
	}
	return first, nil
}

// pairOf names the pair of vertices i and j (either may be the bye).
func (p *problem) pairOf(i, j int) MatchPair {
	if i == p.bye {
		i, j = j, i
	}
	if j == p.bye {
		return MatchPair{P1: p.ids[i]}
	}
	return MatchPair{P1: p.ids[i], P2: p.ids[j]}
}
