package server

import (
	"context"
	"net/http"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/deckproblem"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

const metaNoDeck = "No decklist"

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

// metagame computes the leaders and colours of every registered player,
// with match win rates over confirmed Swiss results, mirrors left out.
// Leaders are named in ctx's language (the API's is English).
func metagame(ctx context.Context, d *eventData, pool rules.MapPool) (players int, leaders, colours []views.MetaRow) {
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
		dk := metaDeck{leader: metaNoDeck, colours: metaColours(e.DeckColours)}
		if num := strings.TrimSpace(e.DeckLeader); num != "" {
			dk.leader = web.LeaderLabel(ctx, pool, num)
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
	for _, r := range d.swissRounds() {
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
		if (a.Label == metaNoDeck) != (b.Label == metaNoDeck) {
			return b.Label == metaNoDeck
		}
		if a.Players != b.Players {
			return a.Players > b.Players
		}
		return a.Label < b.Label
	})
	return out
}

// showMetagame is for organisers always, and for everyone who may see the
// event once its decklists are published.
func (s *Server) showMetagame(c echo.Context) error {
	ev, err := s.EventParam(c)
	if err != nil {
		return err
	}
	ok, err := s.CanSee(c, ev)
	if err != nil {
		return err
	}
	if !ok {
		return web.NotFound()
	}
	organiser, err := s.IsEventOrganiser(c, ev)
	if err != nil {
		return err
	}
	if !ev.DecksPublic && !organiser {
		return web.Forbidden(i18n.T(c.Request().Context(), "JudgeMetaNotPublished", nil))
	}
	ctx := c.Request().Context()
	d, err := s.loadEventData(ctx, ev)
	if err != nil {
		return err
	}
	pool, err := s.Store.CardPool(ctx, rules.Game(ev.Game))
	if err != nil {
		return err
	}
	players, leaders, colours := metagame(ctx, d, pool)
	// The API keeps "No decklist" and the colours' English names; the page
	// says them in its language.
	for _, t := range []struct {
		rows   []views.MetaRow
		colour bool
	}{{leaders, false}, {colours, true}} {
		for i, r := range t.rows {
			switch {
			case r.Label == metaNoDeck:
				t.rows[i].Label = i18n.T(ctx, "JudgeMetaNoDecklist", nil)
			case t.colour:
				t.rows[i].Label = deckproblem.Colour(ctx, r.Label)
			}
		}
	}
	return web.Render(c, http.StatusOK, views.MetagamePageView(s.Page(c, i18n.T(ctx, "JudgeMetaHeading", i18n.Args{"Event": ev.Name})), views.MetagamePage{
		EventID: ev.ID, EventName: ev.Name, Players: players, Leaders: leaders, Colours: colours, IsPublic: ev.DecksPublic,
		MainPersonality: web.GameOf(ev.Game).MainPersonality}))
}
