package pairing

import "context"

// rosters lists, for each Swiss round, the players the file has in it.
func rosters(ev *Event) []map[string]bool {
	out := make([]map[string]bool, len(ev.Rounds))
	for i, r := range ev.Rounds {
		out[i] = make(map[string]bool, 2*len(r.Matches))
		for _, m := range r.Matches {
			out[i][m.P1] = true
			if m.P2 != nil {
				out[i][*m.P2] = true
			}
		}
	}
	return out
}

// verifyRound checks Swiss round n: who is in it, that it is the pairing
// the seed and the earlier rounds give, and its record when it has one.
func verifyRound(ctx context.Context, ev *Event, in []map[string]bool, n int, opts VerifyOptions) (RoundCheck, error) {
	rc := RoundCheck{Number: n}
	round := ev.Rounds[n-1]
	if probs := unreportedBefore(ev, n); len(probs) > 0 {
		rc.Problems = probs
		return rc, nil
	}
	rc.Problems = append(rosterProblems(ev, in, n), dayTwoProblems(ev, n)...)
	pOpts := PairOptions{Exact: opts.Exact}
	if round.Pairing != nil {
		pOpts.Exact = round.Pairing.Exact
	}
	p, mate, err := solveRound(ctx, roundEvent(ev, in[n-1], n), pOpts)
	if ctx.Err() != nil {
		return rc, ctx.Err()
	}
	if err != nil {
		rc.Problems = append(rc.Problems, problemAt(n, 0, 0, "cannot-pair", err))
		return rc, nil
	}
	// The optimum is proved, not trusted: its own duals are checked the
	// way a recorded certificate is.
	own := p.certificateOf(p.final)
	findings, err := p.checkCertificate(ctx, &own, p.vertexByIndex(), p.matePairs(mate))
	if err != nil {
		return rc, err
	}
	if len(findings) > 0 {
		rc.Problems = append(rc.Problems, problemAt(n, 0, 0, "own-certificate", findings[0].problem(n)))
		return rc, nil
	}
	probs, pairs, whole := p.fileMatching(round, n)
	rc.Problems = append(rc.Problems, probs...)
	if whole {
		rc.Problems = append(rc.Problems, p.compare(ev, n, mate, pairs)...)
	}
	if rec := round.Pairing; rec != nil {
		probs, err := p.checkRecord(ctx, ev, n, rec, mate, pairs, whole)
		if err != nil {
			return rc, err
		}
		rc.Certified = len(probs) == 0 && whole
		rc.Problems = append(rc.Problems, probs...)
	}
	return rc, nil
}

// unreportedBefore names the first match before round n without a result:
// the pairing of round n cannot be recomputed without it.
func unreportedBefore(ev *Event, n int) []Problem {
	for _, r := range ev.Rounds[:n-1] {
		for mi, m := range r.Matches {
			if m.Result == "" {
				return []Problem{problemAt(n, 0, 0, "earlier-unreported", r.Number, mi+1)}
			}
		}
	}
	return nil
}

// rosterProblems finds players the file contradicts itself about in round
// n: one who plays after dropping, one missing while the file says they
// played or still play, one missing with an awarded bye (unless they
// dropped before it).
func rosterProblems(ev *Event, in []map[string]bool, n int) []Problem {
	var out []Problem
	at := matchOf(ev.Rounds[n-1])
	var day2 map[string]bool
	if day, _ := ev.RoundDay(n); day == 2 {
		day2 = ev.advancedSet()
	}
	for _, pl := range ev.Players {
		if day2 != nil && !day2[pl.ID] && !in[n-1][pl.ID] {
			continue // finished on day 1
		}
		after, known := pl.DroppedAfterRound()
		if in[n-1][pl.ID] {
			if pl.Dropped && known && n > after {
				out = append(out, droppedPlays(n, at[pl.ID], pl.ID, after))
			}
			continue
		}
		if n < max(1, pl.EnteredRound) {
			continue
		}
		switch {
		case awardedIn(ev, pl.ID, n) && (!pl.Dropped || playsAfter(in, pl.ID, n)):
			out = append(out, problemAt(n, 0, 0, "awarded-bye-missing", pl.ID))
		case known && after >= n:
			out = append(out, problemAt(n, 0, 0, "missing-listed", pl.ID, after))
		case !pl.Dropped && n > 1 && in[n-2][pl.ID] && !playsAfter(in, pl.ID, n):
			// Said once, at the first round they are missing from.
			out = append(out, problemAt(n, 0, 0, "missing-not-dropped", pl.ID, n-1))
		}
	}
	return out
}

// droppedPlays: id plays in round n at m after dropping after round after
// (0: before round 1, which the file tells from a drop of unknown round).
func droppedPlays(n int, m matchPlace, id string, after int) Problem {
	if after == 0 {
		return problemAt(n, m.match, m.table, "dropped-before-plays", id)
	}
	return problemAt(n, m.match, m.table, "dropped-plays", id, after)
}

type matchPlace struct{ match, table int }

// matchOf finds each player's match in a round.
func matchOf(r Round) map[string]matchPlace {
	out := make(map[string]matchPlace, 2*len(r.Matches))
	for mi, m := range r.Matches {
		out[m.P1] = matchPlace{mi + 1, m.Table}
		if m.P2 != nil {
			out[*m.P2] = matchPlace{mi + 1, m.Table}
		}
	}
	return out
}

func awardedIn(ev *Event, id string, n int) bool {
	for _, b := range ev.Byes {
		if b.Player == id && b.Round == n {
			return true
		}
	}
	return false
}

func playsAfter(in []map[string]bool, id string, n int) bool {
	for _, r := range in[n:] {
		if r[id] {
			return true
		}
	}
	return false
}

// roundEvent is the event as it stood when round n was paired: the rounds
// before it, and every player who had entered but is not in round n
// dropped (the file's dropped flags say how the event ended, not who had
// dropped by then).
func roundEvent(ev *Event, in map[string]bool, n int) *Event {
	cp := *ev
	cp.Rounds = ev.Rounds[:n-1]
	cp.TopCut = nil
	if ev.TwoDay != nil {
		// The cut is the whole file's (its day-1 rounds, its dropped
		// players' last rounds), not this copy's.
		td := *ev.TwoDay
		if day, _ := ev.RoundDay(n); day == 2 {
			td.Advanced = eligibleIDs(ev, n)
		}
		cp.TwoDay = &td
	}
	cp.Players = make([]Player, len(ev.Players))
	for i, pl := range ev.Players {
		pl.Dropped = !in[pl.ID] && n >= max(1, pl.EnteredRound)
		cp.Players[i] = pl
	}
	return &cp
}

// vertexByIndex maps a record's vertex numbers (standings order, the bye
// last) to p's vertices.
func (p *problem) vertexByIndex() []int {
	out := make([]int, p.nv)
	for v := 0; v < p.nv; v++ {
		out[p.index(v)] = v
	}
	return out
}

// matePairs is the matching mate as pairs of vertices.
func (p *problem) matePairs(mate []int) []vertexPair {
	var out []vertexPair
	for v, u := range mate {
		if v < u {
			out = append(out, vertexPair{v1: v, v2: u})
		}
	}
	return out
}

// fileMatching reads round n of the file as pairs of p's vertices (the
// pairing's bye paired with the bye vertex; awarded byes left out). whole
// is false when it is not a matching the weights can price: a forbidden
// pair, or the wrong number of byes.
func (p *problem) fileMatching(round Round, n int) (probs []Problem, pairs []vertexPair, whole bool) {
	vertexOf := make(map[string]int, len(p.ids))
	for v, id := range p.ids {
		vertexOf[id] = v
	}
	awarded := make(map[string]bool, len(p.awarded))
	for _, id := range p.awarded {
		awarded[id] = true
	}
	whole = true
	var byes []vertexPair
	for mi, m := range round.Matches {
		v1, ok1 := vertexOf[m.P1]
		if m.P2 == nil {
			if ok1 && !awarded[m.P1] {
				byes = append(byes, vertexPair{v1: v1, v2: p.bye, match: mi + 1, table: m.Table})
			}
			continue
		}
		v2, ok2 := vertexOf[*m.P2]
		if !ok1 || !ok2 {
			whole = false // not a player to pair; rosterProblems or Validate said why
			continue
		}
		if _, allowed := p.cost(v1, v2); !allowed {
			probs = append(probs, problemAt(n, mi+1, m.Table, "forbidden", MatchPair{m.P1, *m.P2}))
			whole = false
			continue
		}
		pairs = append(pairs, vertexPair{v1: v1, v2: v2, match: mi + 1, table: m.Table})
	}
	want := 0
	if p.bye >= 0 {
		want = 1
	}
	if len(byes) != want {
		probs = append(probs, problemAt(n, 0, 0, "bye-count", len(byes), len(p.tal), want))
		return probs, pairs, false
	}
	return probs, append(pairs, byes...), whole
}

// problem is the finding as a verify problem of round n.
func (f certFinding) problem(n int) Problem {
	return problemAt(n, f.match, f.table, f.key, f.args...)
}
