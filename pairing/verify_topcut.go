package pairing

// verifyTopCut checks that each top-cut round of the file plays matches of
// the bracket the Swiss standings give, with the results of the rounds
// before it. It stops at the first round that does not.
func verifyTopCut(ev *Event) *TopCutCheck {
	tc := &TopCutCheck{Rounds: len(ev.TopCut.Rounds)}
	key := func(a, b string) MatchPair { return MatchPair{P1: min(a, b), P2: max(a, b)} }
	for ri, r := range ev.TopCut.Rounds {
		at := func(match int, k string, args ...any) Problem {
			pr := problemAt(0, match, 0, k, args...)
			pr.CutRound = ri + 1
			return pr
		}
		before := *ev
		before.TopCut = &TopCut{Size: ev.TopCut.Size, Rounds: ev.TopCut.Rounds[:ri]}
		br, err := BuildTopCut(&before, 0)
		if err != nil {
			tc.Problems = append(tc.Problems, at(0, "cut-cannot", err))
			return tc
		}
		if ri >= len(br.Rounds) {
			tc.Problems = append(tc.Problems, at(0, "cut-extra-round", len(br.Rounds)))
			return tc
		}
		var want PairList
		inBracket := make(map[MatchPair]bool)
		for _, m := range br.Rounds[ri].Matches {
			if !m.Bye && m.P1 != nil && m.P2 != nil {
				want.add(MatchPair{P1: *m.P1, P2: *m.P2})
				inBracket[key(*m.P1, *m.P2)] = true
			}
		}
		for mi, m := range r.Matches {
			if !inBracket[key(m.P1, m.P2)] {
				tc.Problems = append(tc.Problems, at(mi+1, "cut-not-in-bracket", MatchPair{P1: m.P1, P2: m.P2}, want))
			}
		}
		if len(tc.Problems) > 0 {
			return tc
		}
	}
	return tc
}
