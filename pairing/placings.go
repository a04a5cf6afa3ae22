package pairing

import "slices"

// Placing is a player's final place in the event; Place is 0 while it is
// not decided yet. LostIn names the top-cut round a player was knocked out
// in ("Semifinals"), as soon as they are, even before their place is
// decided; "" for everyone else.
type Placing struct {
	ID     string
	Place  int
	LostIn string
}

// Placings ranks the whole field for the final results. Without a top cut
// (b nil) the places are the Swiss ranks. With one, the top cut comes first
// by how far each player went: the winner 1st, the finalist 2nd, the
// semifinal losers 3rd–4th, the quarterfinal losers 5th–8th and so on, each
// group in Swiss order; then everyone else (dropped players included) in
// Swiss order, from the cut's size + 1.
//
// A group's places are decided once every match of its round has a winner
// (its order depends on who else lost in that round); until then they are
// 0. The places after the cut are decided as soon as there is a bracket, so
// call this with a bracket only once the top cut has started.
//
// standings are the Swiss standings (Standings); the result lists every
// player of standings: decided places in order, then the undecided in Swiss
// order.
func Placings(standings []Standing, b *Bracket) []Placing {
	out := make([]Placing, 0, len(standings))
	if b == nil {
		for _, s := range standings {
			out = append(out, Placing{ID: s.ID, Place: s.Rank})
		}
		return out
	}
	seed := make(map[string]int, len(b.Seeds))
	for _, s := range b.Seeds {
		seed[s.ID] = s.Seed
	}
	place := make(map[string]int, len(standings))
	lostIn := make(map[string]string)
	// Losers of round r (of n) take the places after the 2^(n-r) players
	// still in: the final's loser 2nd, the semifinals' from 3rd.
	n := len(b.Rounds)
	for r, round := range b.Rounds {
		first := 1<<(n-r-1) + 1
		var losers []string
		decided := true
		for _, m := range round.Matches {
			if m.Winner == nil {
				decided = false
				continue
			}
			if m.Bye || m.P1 == nil || m.P2 == nil {
				continue
			}
			loser := *m.P1
			if *m.Winner == *m.P1 {
				loser = *m.P2
			}
			losers = append(losers, loser)
			lostIn[loser] = round.Name
		}
		if !decided {
			continue
		}
		// Seeds are the Swiss order of the players in the cut.
		slices.SortFunc(losers, func(x, y string) int { return seed[x] - seed[y] })
		for i, id := range losers {
			place[id] = first + i
		}
	}
	if b.Champion != nil {
		place[*b.Champion] = 1
	}
	next := b.Size + 1
	for _, s := range standings {
		if _, inCut := seed[s.ID]; !inCut {
			place[s.ID] = next
			next++
		}
	}
	var undecided []Placing
	for _, s := range standings {
		if p := place[s.ID]; p > 0 {
			out = append(out, Placing{ID: s.ID, Place: p, LostIn: lostIn[s.ID]})
		} else {
			undecided = append(undecided, Placing{ID: s.ID, LostIn: lostIn[s.ID]})
		}
	}
	slices.SortFunc(out, func(x, y Placing) int { return x.Place - y.Place })
	return append(out, undecided...)
}
