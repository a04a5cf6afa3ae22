package rating

import (
	"cmp"
	"slices"
)

// Player is a player as rated across the events given so far.
type Player struct {
	Name     string // as the latest event names them
	MemberID string // "" for a player known by name
	Rating
	Matches int // rated games played
}

// Ledger rates players across events, one rating period per event, in the
// order they are added. A player is known by their member number where
// the event file has one, else by their exact name: the same member number
// is the same player whatever the name, and a player without one is the
// player of that name who had none either.
type Ledger struct {
	tau     float64
	players map[string]*Player // by key (see key)
}

// NewLedger is a ledger with no player yet, rating with system constant tau.
func NewLedger(tau float64) *Ledger {
	return &Ledger{tau: tau, players: make(map[string]*Player)}
}

// key is how the ledger knows a player across events.
func key(p EventPlayer) string {
	if p.MemberID != "" {
		return "member " + p.MemberID
	}
	return "name " + p.Name
}

// AddEvent rates the event as one rating period: its entrants join the
// ledger at Start, everyone in the ledger is rated from their games in it
// (none for those who did not play, whose deviation grows). Two entrants
// the ledger could not tell apart are a *Problem, and nothing changes.
func (l *Ledger) AddEvent(ev *Event) error {
	keyOf := make(map[string]string, len(ev.Players)) // event id → key
	idOf := make(map[string]string, len(ev.Players))  // key → event id
	for _, p := range ev.Players {
		k := key(p)
		if other, dup := idOf[k]; dup {
			if p.MemberID != "" {
				return &Problem{Key: "same-member", Args: []any{p.MemberID, other, p.ID}}
			}
			return &Problem{Key: "same-name", Args: []any{p.Name, other, p.ID}}
		}
		keyOf[p.ID], idOf[k] = k, p.ID
	}
	for _, p := range ev.Players {
		k := keyOf[p.ID]
		if pl, ok := l.players[k]; ok {
			pl.Name = p.Name
		} else {
			l.players[k] = &Player{Name: p.Name, MemberID: p.MemberID, Rating: Start}
		}
	}
	games := make([]Game, len(ev.Games))
	for i, gm := range ev.Games {
		games[i] = Game{A: keyOf[gm.A], B: keyOf[gm.B], ScoreA: gm.ScoreA}
		l.players[games[i].A].Matches++
		l.players[games[i].B].Matches++
	}
	before := make(map[string]Rating, len(l.players))
	for k, pl := range l.players {
		before[k] = pl.Rating
	}
	for k, r := range RatePeriod(before, games, l.tau) {
		l.players[k].Rating = r
	}
	return nil
}

// Players are everyone rated so far, the highest rating first (then the
// surest, then by name and member number).
func (l *Ledger) Players() []Player {
	out := make([]Player, 0, len(l.players))
	for _, pl := range l.players {
		out = append(out, *pl)
	}
	slices.SortFunc(out, func(a, b Player) int {
		return cmp.Or(cmp.Compare(b.Rating.Rating, a.Rating.Rating), cmp.Compare(a.Deviation, b.Deviation),
			cmp.Compare(a.Name, b.Name), cmp.Compare(a.MemberID, b.MemberID))
	})
	return out
}
