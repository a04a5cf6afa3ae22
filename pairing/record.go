package pairing

import (
	"context"
	"sort"
)

// AlgorithmVersion names the pairing algorithm: the criteria, their weights
// (docs/pairing.md, "How: maximum-weight matching") and the seeded choice
// among equal pairings. Any change that can pair some event differently
// takes a new version, so a round recorded under an older one is not
// checked against rules it was not paired by.
const AlgorithmVersion = "tenkaichi-swiss/1"

// RoundRecord is what a Swiss round's pairing was computed from and the
// proof that it is optimal: the event file's rounds[].pairing (optional).
// PairNextRound fills Pairing.Record; the server stores it when it
// publishes the round and puts it in the export. It is plain data, so it
// travels as JSON; tenkaichi verify checks it against the file's own
// earlier rounds (docs/pairing.md, "Verifying a pairing").
type RoundRecord struct {
	Algorithm   string `json:"algorithm"`
	Round       int    `json:"round"`
	Seed        uint64 `json:"seed"`
	Exact       bool   `json:"exact,omitempty"`
	Tiebreakers string `json:"tiebreakers"`
	// Standings are the players who were paired, best first: the order
	// and the counts the weights were computed from.
	Standings []RecordEntry `json:"standings"`
	// AwardedByes are the players left out with a bye awarded beforehand.
	AwardedByes []string `json:"awarded_byes,omitempty"`
	// SeedOrder is the event's seed order of a seeded round 1 (Event.SeedOrder).
	SeedOrder []string `json:"seed_order,omitempty"`
	// Day is the day of a two-day event's round (1 or 2; 0 for a one-day
	// event); Eligible, for a day-2 round, the players who advanced (by
	// id): only they could be paired.
	Day      int      `json:"day,omitempty"`
	Eligible []string `json:"eligible,omitempty"`
	// Teams: a team event's round, whose standings are the teams (ids are
	// team names, teams.go).
	Teams bool        `json:"teams,omitempty"`
	Units WeightUnits `json:"units"`
	// Weight is the total weight of the pairing computed, its bye included;
	// Cost the same pairing counted criterion by criterion.
	Weight      int64           `json:"weight"`
	Cost        RecordCost      `json:"cost"`
	Certificate DualCertificate `json:"certificate"`
}

// RecordEntry is one player as the pairing saw them.
type RecordEntry struct {
	ID         string `json:"id"`
	Points     int    `json:"points"`
	Byes       int    `json:"byes,omitempty"`        // byes had before this round
	PairedDown int    `json:"paired_down,omitempty"` // earlier rounds in which they were paired down
}

// WeightUnits are the units of the lexicographic weight: a pair (i, j)
// weighs Top − (met·Rematch + (points_i − points_j)²·ScoreGap + repeated
// pair-down·PairDown); the bye with player i weighs Top − (byes_i·SecondBye
// + players ranked below i·ByeRank).
type WeightUnits struct {
	PairDown  int64 `json:"pair_down"`
	ScoreGap  int64 `json:"score_gap"`
	ByeRank   int64 `json:"bye_rank"`
	SecondBye int64 `json:"second_bye"`
	Rematch   int64 `json:"rematch"`
	Top       int64 `json:"top"`
}

// RecordCost is Cost with JSON names.
type RecordCost struct {
	Rematches       int `json:"rematches"`
	SecondByes      int `json:"second_byes"`
	ByeRankFromLast int `json:"bye_rank_from_last"`
	ScoreGapSquares int `json:"score_gap_squares"`
	RepeatPairDowns int `json:"repeat_pair_downs"`
}

// DualCertificate is an optimal solution of the matching's linear
// programming dual, in integers: a value y for each vertex and z ≥ 0 for
// some odd sets of vertices (blossoms). For every pair (i, j) that may be
// paired, slack = y_i + y_j + 2·Σ z_B (over blossoms B holding both) −
// 2·w_ij must be ≥ 0; if every pair of a perfect matching has slack 0 and
// every blossom with z > 0 holds (|B|−1)/2 of its pairs, no pairing weighs
// more (docs/pairing.md). Vertices are the entries of Standings in order,
// then the bye when the number of players is odd.
type DualCertificate struct {
	Duals    []int64       `json:"duals"`
	ByeDual  *int64        `json:"bye_dual,omitempty"`
	Blossoms []BlossomDual `json:"blossoms"`
}

// BlossomDual is a blossom and its dual z. Blossoms nest: one holds the
// vertices it lists (indices into Standings, len(Standings) being the
// bye) and every vertex of the inner blossoms it lists (positions in
// Blossoms, each before it). A vertex or a blossom is listed at most once,
// so any two blossoms are disjoint or one holds the other.
type BlossomDual struct {
	Vertices []int `json:"vertices"`
	Inner    []int `json:"inner,omitempty"`
	Dual     int64 `json:"dual"`
}

// index is the position of vertex v in a record: its standings rank, and
// len(Standings) for the bye.
func (p *problem) index(v int) int {
	if v == p.bye {
		return len(p.tal)
	}
	return p.rank[v]
}

// certificateOf copies the solver's final duals: every vertex's, and the
// blossoms with a positive dual, inner ones first (a blossom whose dual
// is 0 adds nothing to any slack: its contents belong to its parent).
func (p *problem) certificateOf(s *matcher) DualCertificate {
	n := len(p.tal)
	c := DualCertificate{Duals: make([]int64, n), Blossoms: []BlossomDual{}}
	for v := 0; v < n; v++ {
		c.Duals[p.rank[v]] = s.dual[v]
	}
	if p.bye >= 0 {
		d := s.dual[p.bye]
		c.ByeDual = &d
	}
	// collect returns what b puts in its nearest kept ancestor: itself
	// when kept, otherwise its own contents.
	var collect func(b int) (vertices, inner []int)
	collect = func(b int) (vertices, inner []int) {
		if b < s.n {
			return []int{p.index(b)}, nil
		}
		for _, ch := range s.childs[b] {
			v, in := collect(ch)
			vertices, inner = append(vertices, v...), append(inner, in...)
		}
		if s.dual[b] <= 0 {
			return vertices, inner
		}
		sort.Ints(vertices)
		c.Blossoms = append(c.Blossoms, BlossomDual{Vertices: vertices, Inner: inner, Dual: s.dual[b]})
		return nil, []int{len(c.Blossoms) - 1}
	}
	for b := s.n; b < 2*s.n; b++ {
		if s.base[b] >= 0 && s.parent[b] == -1 {
			collect(b)
		}
	}
	return c
}

// record describes the pairing mate of p: its input, its weight and the
// final duals of the solver (p.final), vertices renumbered in standings
// order.
func (p *problem) record(opts PairOptions, mate []int, cost Cost) *RoundRecord {
	_, weight := p.priced(p.matePairs(mate))
	day, _ := p.h.ev.RoundDay(p.round)
	return &RoundRecord{Day: day, Eligible: eligibleIDs(p.h.ev, p.round), Algorithm: AlgorithmVersion, Round: p.round, Seed: p.h.ev.Seed, Exact: opts.Exact,
		Tiebreakers: profileOrDefault(p.h.ev.Tiebreakers), Standings: p.standingsEntries(),
		AwardedByes: append([]string(nil), p.awarded...), SeedOrder: p.seedOrder(), Units: p.units(),
		Weight: weight, Cost: RecordCost(cost), Certificate: p.certificateOf(p.final)}
}

// RecordRound computes the record of round n of ev as PairNextRound would
// have made it when the round was paired: from the rounds before it, with
// the players ev has in round n. For a caller that did not keep
// Pairing.Record from pairing time (the server publishing a round paired
// earlier); the record describes the pairing computed, whatever round n
// holds now. ErrNoSuchRound when ev has no round n.
func RecordRound(ctx context.Context, ev *Event, n int, opts PairOptions) (*RoundRecord, error) {
	if n < 1 || n > len(ev.Rounds) {
		return nil, ErrNoSuchRound
	}
	for _, r := range ev.Rounds[:n-1] {
		for mi, m := range r.Matches {
			if m.Result == "" {
				return nil, inputError(r.Number, mi+1, m.Table, "no-result")
			}
		}
	}
	p, mate, err := solveRound(ctx, roundEvent(ev, rosters(ev)[n-1], n), opts)
	if err != nil {
		return nil, err
	}
	cost, _ := p.priced(p.matePairs(mate))
	return p.record(opts, mate, cost), nil
}
