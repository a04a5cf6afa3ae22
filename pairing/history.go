package pairing

// tally is what the rounds so far say about each player. Matches without a
// result are ignored (standings mid-round show the last complete results).
type tally struct {
	idx     int
	id      string
	name    string
	dropped bool
	entered int    // first round the player could play
	random  uint64 // last tiebreaker (Event.TiebreakKey)

	points                   int
	wins, losses, draws      int // byes count as wins, missed rounds as losses
	byes                     int
	missed                   int   // rounds missed by a late entry
	opponents                []int // one entry per played match (real opponents only)
	playedPoints, playedWins int   // from real matches only (byes and missed rounds left out)
	playedDraws, played      int
	gamePoints, gamesPlayed  int // mtg game points: 3 per game won, 1 per drawn game
	byeGamePoints            int // a bye counts as two game wins (MTR)
	pairedDown               int // rounds in which the player met someone with fewer points
	lastRound                int // last round with a reported match
}

type history struct {
	ev      *Event
	pts     Points
	players []*tally
	index   map[string]int
	// met[i] lists the opponents of i with repetition (rematch detection).
	met [][]int
}

func newHistory(ev *Event) *history {
	h := &history{ev: ev, pts: ev.Scoring(), index: make(map[string]int, len(ev.Players))}
	for i, p := range ev.Players {
		h.players = append(h.players, &tally{idx: i, id: p.ID, name: p.Name, dropped: p.Dropped, entered: max(1, p.EnteredRound),
			random: ev.TiebreakKey(p)})
		h.index[p.ID] = i
	}
	h.met = make([][]int, len(ev.Players))
	for _, r := range ev.Rounds {
		// Points before this round, for pair-down history.
		before := make([]int, len(h.players))
		for i, t := range h.players {
			before[i] = t.points
		}
		for _, t := range h.players {
			if r.Number < t.entered {
				t.missed++
				t.losses++
				t.points += h.pts.Loss
			}
		}
		for _, m := range r.Matches {
			a := h.players[h.index[m.P1]]
			if m.P2 == nil {
				if m.Result == ResultBye {
					a.byes++
					a.wins++
					a.points += h.pts.Bye
					a.byeGamePoints += 6
					a.lastRound = r.Number
				}
				continue
			}
			b := h.players[h.index[*m.P2]]
			// A pairing counts as met even before its result is in.
			h.met[a.idx] = append(h.met[a.idx], b.idx)
			h.met[b.idx] = append(h.met[b.idx], a.idx)
			if m.Result == "" {
				continue
			}
			if before[a.idx] > before[b.idx] {
				a.pairedDown++
			} else if before[b.idx] > before[a.idx] {
				b.pairedDown++
			}
			a.opponents = append(a.opponents, b.idx)
			b.opponents = append(b.opponents, a.idx)
			a.played++
			b.played++
			a.lastRound, b.lastRound = r.Number, r.Number
			switch m.Result {
			case ResultP1:
				h.win(a, b)
			case ResultP2:
				h.win(b, a)
			case ResultDraw:
				for _, t := range []*tally{a, b} {
					t.draws++
					t.playedDraws++
					t.points += h.pts.Draw
					t.playedPoints += h.pts.Draw
				}
			case ResultDoubleLoss:
				for _, t := range []*tally{a, b} {
					t.losses++
					t.points += h.pts.Loss
					t.playedPoints += h.pts.Loss
				}
			}
			h.games(a, b, m)
		}
	}
	return h
}

func (h *history) win(w, l *tally) {
	w.wins++
	w.playedWins++
	w.points += h.pts.Win
	w.playedPoints += h.pts.Win
	l.losses++
	l.points += h.pts.Loss
	l.playedPoints += h.pts.Loss
}

// games adds mtg game points. Without game-by-game results a Swiss match is
// taken as one game with the match result (best of one); for a double loss
// that is one game played and lost by both (no game points for either).
func (h *history) games(a, b *tally, m Match) {
	games := m.Games
	if len(games) == 0 {
		switch m.Result {
		case ResultP1, ResultP2, ResultDraw:
			games = []string{m.Result}
		case ResultDoubleLoss:
			a.gamesPlayed++
			b.gamesPlayed++
			return
		}
	}
	for _, g := range games {
		a.gamesPlayed++
		b.gamesPlayed++
		switch g {
		case ResultP1:
			a.gamePoints += 3
		case ResultP2:
			b.gamePoints += 3
		case ResultDraw:
			a.gamePoints++
			b.gamePoints++
		}
	}
}

// timesMet counts earlier pairings of i and j.
func (h *history) timesMet(i, j int) int {
	n := 0
	for _, o := range h.met[i] {
		if o == j {
			n++
		}
	}
	return n
}
