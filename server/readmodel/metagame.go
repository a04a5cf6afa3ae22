package readmodel

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
)

// NoDecklist is the metagame's leader of the players without a
// decklist (in English: the pages say it in their language).
const NoDecklist = "No decklist"

// metaTally counts one leader's or colour's players and results.
type metaTally struct {
	label              string
	players            int
	wins, losses, draw int
}

func (t *metaTally) add(outcome string) {
	switch outcome {
	case "win":
		t.wins++
	case "loss":
		t.losses++
	case "draw":
		t.draw++
	}
}

// metaDeck is what the breakdown knows of one player's deck.
type metaDeck struct {
	leader  string   // label of the leader
	colours []string // colours of the deck
}

// metaColours splits a stored colour list ("Red/Blue", "red, blue" ...)
// into capitalised colour names, sorted.
func metaColours(s string) []string {
	fields := strings.FieldsFunc(s, func(r rune) bool {
		return r == ',' || r == '/' || r == ';' || r == '+' || r == '|' || r == ' '
	})
	seen := map[string]bool{}
	var out []string
	for _, f := range fields {
		f = strings.ToLower(strings.TrimSpace(f))
		if f == "" {
			continue
		}
		first, size := utf8.DecodeRuneInString(f)
		f = string(unicode.ToUpper(first)) + f[size:]
		if !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}

// metaOutcomes are the two players' outcomes of a confirmed result.
func metaOutcomes(result string) (p1, p2 string, ok bool) {
	switch result {
	case storage.ResultP1:
		return "win", "loss", true
	case storage.ResultP2:
		return "loss", "win", true
	case storage.ResultDraw:
		return "draw", "draw", true
	case storage.ResultDoubleLoss:
		return "loss", "loss", true
	}
	return "", "", false
}

// Metagame computes the leaders and colours of every registered player,
// with match win rates over confirmed Swiss results, mirrors left out.
// leader names a Leader by its card number (in the page's language; the
// API's is English).
func Metagame(d *EventData, pool rules.MapPool, leader func(number string) string) (players int, leaders, colours []views.MetaRow) {
	decks := map[int64]metaDeck{}
	lt, ct := map[string]*metaTally{}, map[string]*metaTally{}
	tally := func(m map[string]*metaTally, label string) *metaTally {
		t, ok := m[label]
		if !ok {
			t = &metaTally{label: label}
			m[label] = t
		}
		return t
	}
	for _, e := range d.Entries {
		if e.Waitlisted {
			continue
		}
		players++
		dk := metaDeck{leader: NoDecklist, colours: metaColours(e.DeckColours)}
		if num := strings.TrimSpace(e.DeckLeader); num != "" {
			dk.leader = leader(num)
			if c, ok := pool.Card(num); ok && len(dk.colours) == 0 {
				dk.colours = metaColours(strings.Join(c.Colours, ","))
			}
		}
		decks[e.ID] = dk
		tally(lt, dk.leader).players++
		for _, col := range dk.colours {
			tally(ct, col).players++
		}
	}
	for _, r := range d.SwissRounds() {
		for _, m := range d.Matches[r.Number] {
			if m.P2EntryID == nil || m.Status != storage.MatchConfirmed {
				continue
			}
			o1, o2, ok := metaOutcomes(m.Result)
			if !ok {
				continue
			}
			a, okA := decks[m.P1EntryID]
			b, okB := decks[*m.P2EntryID]
			if !okA || !okB {
				continue
			}
			if a.leader != b.leader {
				tally(lt, a.leader).add(o1)
				tally(lt, b.leader).add(o2)
			}
			for _, col := range a.colours {
				if !containsString(b.colours, col) {
					tally(ct, col).add(o1)
				}
			}
			for _, col := range b.colours {
				if !containsString(a.colours, col) {
					tally(ct, col).add(o2)
				}
			}
		}
	}
	return players, metaRows(lt, players), metaRows(ct, players)
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// metaRows orders tallies by players (most first), then by label, with
// "No decklist" last.
func metaRows(m map[string]*metaTally, players int) []views.MetaRow {
	out := make([]views.MetaRow, 0, len(m))
	for _, t := range m {
		r := views.MetaRow{Label: t.label, Players: t.players, Wins: t.wins, Losses: t.losses, Draws: t.draw}
		r.Matches = t.wins + t.losses + t.draw
		if players > 0 {
			r.SharePct = 100 * float64(t.players) / float64(players)
		}
		if r.Matches > 0 {
			r.WinRatePct = 100 * (float64(t.wins) + float64(t.draw)/2) / float64(r.Matches)
		}
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if (a.Label == NoDecklist) != (b.Label == NoDecklist) {
			return b.Label == NoDecklist
		}
		if a.Players != b.Players {
			return a.Players > b.Players
		}
		return a.Label < b.Label
	})
	return out
}
