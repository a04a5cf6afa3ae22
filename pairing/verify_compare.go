package pairing

import (
	"context"
	"slices"
)

// compare weighs the file's pairing against the optimum mate: on a worse
// pairing, the first criterion it does worse on and both weights; on an
// equally good one that differs, what the seed chose instead.
func (p *problem) compare(ev *Event, n int, mate []int, pairs []vertexPair) []Problem {
	optimum := p.matePairs(mate)
	best, bestW := p.priced(optimum)
	got, gotW := p.priced(pairs)
	switch {
	case gotW < bestW:
		return append(p.worseCriterion(ev, n, got, best, pairs, optimum), problemAt(n, 0, 0, "weight", gotW, bestW))
	case gotW > bestW:
		return []Problem{problemAt(n, 0, 0, "heavier", gotW, bestW)}
	}
	if seeded, file := p.differences(mate, pairs); len(seeded.Pairs) > 0 {
		return []Problem{problemAt(n, 0, 0, "not-seeded", seeded, file)}
	}
	return nil
}

// priced is the cost, criterion by criterion, and the total weight of
// pairs.
func (p *problem) priced(pairs []vertexPair) (Cost, int64) {
	var c Cost
	var w int64
	for _, vp := range pairs {
		x, _ := p.cost(vp.v1, vp.v2)
		c.add(p, x)
		w += p.top - x
	}
	return c, w
}

// worseCriterion says the highest criterion (docs/pairing.md) on which
// the file's pairing got does worse than the optimum best.
func (p *problem) worseCriterion(ev *Event, n int, got, best Cost, pairs, optimum []vertexPair) []Problem {
	switch {
	case got.Rematches != best.Rematches:
		var out []Problem
		for _, vp := range pairs {
			if vp.v2 == p.bye || p.h.timesMet(p.tal[vp.v1].idx, p.tal[vp.v2].idx) == 0 {
				continue
			}
			mp := p.pairOf(vp.v1, vp.v2)
			if best.Rematches == 0 {
				out = append(out, problemAt(n, vp.match, vp.table, "rematch-avoidable", mp, lastMet(ev, n, mp.P1, mp.P2)))
			} else {
				out = append(out, problemAt(n, vp.match, vp.table, "rematch-too-many", mp, lastMet(ev, n, mp.P1, mp.P2), got.Rematches, best.Rematches))
			}
		}
		return out
	case got.SecondByes != best.SecondByes:
		b := p.byeOf(pairs)
		return []Problem{problemAt(n, b.match, b.table, "second-bye-avoidable", p.ids[b.v1], firstBye(ev, n, p.ids[b.v1]))}
	case got.ByeRankFromLast != best.ByeRankFromLast:
		b, e := p.byeOf(pairs), p.byeOf(optimum)
		return []Problem{problemAt(n, b.match, b.table, "bye-rank", p.ids[b.v1], p.rank[b.v1]+1, len(p.tal), p.ids[e.v1], p.rank[e.v1]+1)}
	case got.ScoreGapSquares != best.ScoreGapSquares:
		return []Problem{problemAt(n, 0, 0, "score-gaps", got.ScoreGapSquares, best.ScoreGapSquares)}
	case got.RepeatPairDowns != best.RepeatPairDowns:
		return []Problem{problemAt(n, 0, 0, "repeat-pair-downs", got.RepeatPairDowns, best.RepeatPairDowns)}
	}
	return nil
}

// byeOf is the pair of pairs that is the bye (there is one: a criterion
// about the bye differs).
func (p *problem) byeOf(pairs []vertexPair) vertexPair {
	for _, vp := range pairs {
		if vp.v2 == p.bye {
			return vp
		}
	}
	return vertexPair{}
}

// lastMet is the last round before n in which a and b played each other.
func lastMet(ev *Event, n int, a, b string) int {
	for i := n - 2; i >= 0; i-- {
		for _, m := range ev.Rounds[i].Matches {
			if m.P2 != nil && (m.P1 == a && *m.P2 == b || m.P1 == b && *m.P2 == a) {
				return ev.Rounds[i].Number
			}
		}
	}
	return 0
}

// firstBye is the first round before n in which id had a bye.
func firstBye(ev *Event, n int, id string) int {
	for _, r := range ev.Rounds[:n-1] {
		for _, m := range r.Matches {
			if m.P2 == nil && m.P1 == id && m.Result == ResultBye {
				return r.Number
			}
		}
	}
	return 0
}

// differences lists the pairs the seed chose (best table first) that the
// file does not have, and the file's pairs the seed did not choose.
func (p *problem) differences(mate []int, pairs []vertexPair) (seeded, file PairList) {
	key := func(m MatchPair) MatchPair {
		if m.P2 != "" && m.P2 < m.P1 {
			m.P1, m.P2 = m.P2, m.P1
		}
		return m
	}
	inFile := make(map[MatchPair]bool, len(pairs))
	for _, vp := range pairs {
		inFile[key(p.pairOf(vp.v1, vp.v2))] = true
	}
	inSeed := make(map[MatchPair]bool, len(pairs))
	for _, m := range p.result(mate).Matches {
		if m.Reason != nil && m.Reason.Kind == "awarded-bye" {
			continue
		}
		mp := MatchPair{P1: m.P1}
		if m.P2 != nil {
			mp.P2 = *m.P2
		}
		inSeed[key(mp)] = true
		if !inFile[key(mp)] {
			seeded.add(mp)
		}
	}
	for _, vp := range pairs {
		if mp := p.pairOf(vp.v1, vp.v2); !inSeed[key(mp)] {
			file.add(mp)
		}
	}
	return seeded, file
}

// standingsEntries are the players to pair as a record lists them.
func (p *problem) standingsEntries() []RecordEntry {
	out := make([]RecordEntry, len(p.tal))
	for v, t := range p.tal {
		out[p.rank[v]] = RecordEntry{ID: t.id, Points: p.pts[v], Byes: t.byes, PairedDown: t.pairedDown}
	}
	return out
}

func (p *problem) units() WeightUnits {
	return WeightUnits{PairDown: p.uPD, ScoreGap: p.uSq, ByeRank: p.uBye, SecondBye: p.uSecond, Rematch: p.uRematch, Top: p.top}
}

// checkRecord compares round n's record with what the file gives, and
// checks its certificate against the weights the file gives and the
// file's pairing (when that is a whole matching).
func (p *problem) checkRecord(ctx context.Context, ev *Event, n int, rec *RoundRecord, mate []int, pairs []vertexPair, whole bool) ([]Problem, error) {
	if rec.Algorithm != AlgorithmVersion {
		return []Problem{problemAt(n, 0, 0, "record-algorithm", rec.Algorithm, AlgorithmVersion)}, nil
	}
	var out []Problem
	add := func(key string, args ...any) { out = append(out, problemAt(n, 0, 0, key, args...)) }
	if rec.Round != n {
		add("record-round", rec.Round)
	}
	if rec.Seed != ev.Seed {
		add("record-seed", rec.Seed, ev.Seed)
	}
	if tb := profileOrDefault(ev.Tiebreakers); rec.Tiebreakers != tb {
		add("record-tiebreakers", rec.Tiebreakers, tb)
	}
	ours := p.standingsEntries()
	if len(rec.Standings) != len(ours) {
		add("record-players", len(rec.Standings), len(ours))
	} else if k := firstDifference(rec.Standings, ours); k >= 0 {
		r, o := rec.Standings[k], ours[k]
		add("record-standings", k+1, r.ID, r.Points, r.Byes, r.PairedDown, o.ID, o.Points, o.Byes, o.PairedDown)
	}
	if !sameIDs(rec.AwardedByes, p.awarded) {
		add("record-awarded")
	}
	if rec.Units != p.units() {
		add("record-units")
	}
	if _, w := p.priced(p.matePairs(mate)); rec.Weight != w {
		add("record-weight", rec.Weight, w)
	}
	if !whole {
		return out, nil
	}
	idx, unknown := p.recordVertices(rec)
	if unknown != "" {
		add("cert-players", unknown)
	}
	if idx == nil {
		return out, nil // not one vertex per player: said above
	}
	findings, err := p.checkCertificate(ctx, &rec.Certificate, idx, pairs)
	if err != nil {
		return nil, err
	}
	for _, f := range findings {
		out = append(out, f.problem(n))
	}
	return out, nil
}

func firstDifference(a, b []RecordEntry) int {
	for k := range a {
		if a[k] != b[k] {
			return k
		}
	}
	return -1
}

func sameIDs(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}

// recordVertices maps the record's vertex numbers to p's vertices by the
// players' ids; nil when the record does not name each player to pair
// once (unknown is then a player it names that is not one).
func (p *problem) recordVertices(rec *RoundRecord) (idx []int, unknown string) {
	if len(rec.Standings) != len(p.tal) {
		return nil, ""
	}
	vertexOf := make(map[string]int, len(p.ids))
	for v, id := range p.ids {
		vertexOf[id] = v
	}
	idx = make([]int, p.nv)
	used := make([]bool, p.nv)
	for k, e := range rec.Standings {
		v, ok := vertexOf[e.ID]
		if !ok {
			return nil, e.ID
		}
		if used[v] {
			return nil, ""
		}
		used[v] = true
		idx[k] = v
	}
	if p.bye >= 0 {
		idx[len(p.tal)] = p.bye
	}
	return idx, ""
}
