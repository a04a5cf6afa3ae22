package staff

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/fileproblem"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The rounds page: pairing the next Swiss round, publishing and deleting
// a round, and starting the top cut (organisers); the event's judges see
// it too.

func (h *Handler) roundsPage(c echo.Context, e *storage.Event, problem i18n.Message, status int) error {
	d, err := h.staffData(c.Request().Context(), e)
	if err != nil {
		return err
	}
	m := views.RoundsPage{Nav: web.Nav(e, "rounds"), PairProblem: problem, NextNumber: len(d.Rounds) + 1}
	active := 0
	for _, en := range d.Entries {
		if en.Active() {
			active++
		}
	}
	if len(d.Rounds) == 0 {
		for _, en := range d.Entries {
			if en.Active() && !en.CheckedIn {
				m.NotCheckedIn = append(m.NotCheckedIn, en.PlayerName)
			}
		}
		m.DecksMissing, m.DecksIllegal = deckProblemsBeforeRound1(d)
	}
	recRounds, recCut := pairing.Recommend(active)
	m.Recommended = i18n.MN("RecommendedRounds", active, i18n.Args{"Rounds": i18n.MN("SwissRoundCount", recRounds, nil), "Cut": recCut})
	swissTarget := recRounds
	if e.SwissRounds != nil || e.TwoDay() {
		swissTarget = e.SwissTarget()
	}
	swiss, cut := d.SwissRounds(), d.TopCutRounds()
	for _, r := range d.Rounds {
		row := views.RoundRow{Number: r.Number, Kind: r.Kind, Status: r.Status}
		for _, mt := range d.Matches[r.Number] {
			row.Matches++
			if mt.Status != storage.MatchConfirmed {
				row.Outstanding++
			}
		}
		m.Rounds = append(m.Rounds, row)
	}
	allIn := true
	for _, r := range m.Rounds {
		if r.Outstanding > 0 || r.Status == storage.RoundPreview {
			allIn = false
		}
	}
	m.InTopCut = len(cut) > 0
	m.CanPair = !m.InTopCut && allIn && len(swiss) < swissTarget && active >= 2
	m.CutSize = e.TopCutSize
	m.CanStartCut = !m.InTopCut && allIn && e.TopCutSize >= 2 && len(swiss) >= 1 && len(swiss) >= swissTarget
	twoDayRounds(&m, d, allIn)
	if m.InTopCut && allIn {
		b, err := d.Bracket(e.TopCutSize)
		switch {
		case err != nil:
			if m.PairProblem.IsZero() {
				m.PairProblem = i18n.M("StaffErrTopCutCannotGoOn", i18n.Args{"Reason": pairingProblem(c.Request().Context(), err)})
			}
		case b.Champion == nil:
			m.CanPairNextCut = true
		}
	}
	return web.Render(c, status, views.RoundsPageView(h.PageTitled(c, i18n.M("StaffRoundsTitle", i18n.Args{"Event": e.Name})), m))
}

// deckProblemsBeforeRound1 names the players about to be paired whose
// decklist is missing, and those whose list is not legal, in an event that
// collects lists; in one that does not, nobody's list is missing.
func deckProblemsBeforeRound1(d *readmodel.EventData) (missing, illegal []string) {
	if !collectsDecklists(d) {
		return nil, nil
	}
	for _, en := range d.Entries {
		if !en.Active() {
			continue
		}
		switch en.DeckStatus {
		case storage.DeckLegal:
		case storage.DeckIllegal:
			illegal = append(illegal, en.PlayerName)
		default:
			missing = append(missing, en.PlayerName)
		}
	}
	return missing, illegal
}

// collectsDecklists: the event asks its players for decklists when the
// organiser set a deadline for them or locked them, or when a player has
// sent one. Events have no separate setting for it.
func collectsDecklists(d *readmodel.EventData) bool {
	if d.Event.DeckDeadline != nil || d.Event.DecksLocked {
		return true
	}
	for _, en := range d.Entries {
		if en.DeckStatus == storage.DeckLegal || en.DeckStatus == storage.DeckIllegal {
			return true
		}
	}
	return false
}

// ShowRounds is the rounds page.
func (h *Handler) ShowRounds(c echo.Context) error {
	e, err := h.StaffEvent(c)
	if err != nil {
		return err
	}
	return h.roundsPage(c, e, i18n.Message{}, http.StatusOK)
}

// PairRound pairs the next Swiss round as a preview.
func (h *Handler) PairRound(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	d, err := readmodel.Load(ctx, h.Store, e)
	if err != nil {
		return err
	}
	if len(d.TopCutRounds()) > 0 {
		return h.roundsPage(c, e, i18n.M("StaffErrTopCutStarted", nil), http.StatusConflict)
	}
	for _, r := range d.Rounds {
		if r.Status == storage.RoundPreview {
			return h.roundsPage(c, e, i18n.M("StaffErrStillPreview", i18n.Args{"Round": r.Number}), http.StatusConflict)
		}
	}
	if day1Waits(d) {
		return h.roundsPage(c, e, i18n.M("TwoDayCloseFirst", nil), http.StatusConflict)
	}
	// Round 1 is the last easy moment to chase decklists: pairing with some
	// missing or not legal needs "Pair anyway" (the page names the players).
	if missing, illegal := deckProblemsBeforeRound1(d); len(d.Rounds) == 0 && len(missing)+len(illegal) > 0 && c.FormValue("decks_ok") != "1" {
		return h.roundsPage(c, e, i18n.M("PairDeckProblems", nil), http.StatusConflict)
	}
	pe := d.PairingEvent(true)
	if e.SeedByRating && len(pe.Rounds) == 0 {
		if pe.SeedOrder, err = readmodel.RatingSeedOrder(ctx, h.Store, d); err != nil {
			return err
		}
	}
	var pr *pairing.Pairing
	if e.TeamEvent {
		pr, err = pairTeams(ctx, d)
	} else {
		pr, err = pairing.PairNextRound(pe, pairing.PairOptions{})
	}
	if lp := (*pairing.LineupProblem)(nil); errors.As(err, &lp) {
		return h.roundsPage(c, e, i18n.M("TeamErrLineup", i18n.Args{"Team": lp.Team, "Seat": lp.Seat}), http.StatusConflict)
	}
	if ns := (*noSeatError)(nil); errors.As(err, &ns) {
		return h.roundsPage(c, e, i18n.M("TeamErrNoSeat", i18n.Args{"Name": ns.Name}), http.StatusConflict)
	}
	var ie *pairing.InputError
	if errors.As(err, &ie) || errors.Is(err, pairing.ErrNoPairing) {
		return h.roundsPage(c, e, i18n.M("StaffErrCannotPair", i18n.Args{"Reason": pairingProblem(ctx, err)}), http.StatusConflict)
	}
	if err != nil {
		return err
	}
	matches := make([]storage.NewMatch, 0, len(pr.Matches))
	for _, pm := range pr.Matches {
		nm := storage.NewMatch{P1: readmodel.EntryIDOf(pm.P1), Result: pm.Result}
		if pm.P2 != nil {
			p2 := readmodel.EntryIDOf(*pm.P2)
			nm.P2 = &p2
			t := pm.Table
			nm.TableNo = &t
		}
		if note := readmodel.SeatNotPlayedNote(pm.Result); note != "" {
			nm.NoteReason, nm.Note = note, seatNotPlayedText(nm, note, d)
		}
		if pm.Reason != nil {
			// The note in English for the API and event file; the reason
			// as facts for pages in any language (MatchNote).
			nm.NoteReason = readmodel.NewPairingNote(pm.Reason, nm)
			nm.Note = reasonText(context.Background(), pm.Reason, d)
		}
		matches = append(matches, nm)
	}
	if !e.TeamEvent { // a team match keeps its three tables side by side
		seatFeatureTables(matches, e.FeatureTableNumbers())
		seatFixedPlayers(matches, d.ByID)
	}
	number := len(d.Rounds) + 1
	// The pairing's record goes with the round: published, it lets anyone
	// check the pairing with tenkaichi verify (the public pairing file).
	record, err := json.Marshal(pr.Record)
	if err != nil || pr.Record == nil {
		record = nil
	}
	if _, err := h.Store.CreateRecordedRound(ctx, web.ActorOf(c), e.ID, number, storage.KindSwiss, time.Duration(e.RoundMinutes)*time.Minute, matches, string(record)); err != nil {
		if errors.Is(err, storage.ErrRoundExists) {
			return h.roundsPage(c, e, i18n.M("StaffErrPairedMeanwhile", nil), http.StatusConflict)
		}
		return err
	}
	web.SetFlash(c, msgRoundPaired)
	return web.Redirect(c, fmt.Sprintf("/events/%d/rounds/%d", e.ID, number))
}

// reasonText explains a pair-down or bye with names (the pairing package
// knows players only by id).
func reasonText(ctx context.Context, r *pairing.Reason, d *readmodel.EventData) string {
	id := readmodel.EntryIDOf(r.Player)
	return readmodel.PairingNoteText(ctx, readmodel.PairingNote{Kind: r.Kind, From: r.FromPoints, To: r.ToPoints}, d.Name(&id))
}

// seatFixedPlayers moves the match of each player with a fixed table to that
// table, swapping table numbers with the match that had it.
func seatFixedPlayers(ms []storage.NewMatch, entries map[int64]*storage.Entry) {
	fixed := func(id int64) *int {
		if e, ok := entries[id]; ok {
			return e.FixedTable
		}
		return nil
	}
	for i := range ms {
		if ms[i].TableNo == nil {
			continue
		}
		want := fixed(ms[i].P1)
		if want == nil && ms[i].P2 != nil {
			want = fixed(*ms[i].P2)
		}
		if want == nil || *want == *ms[i].TableNo {
			continue
		}
		old := *ms[i].TableNo
		for j := range ms {
			if j != i && ms[j].TableNo != nil && *ms[j].TableNo == *want {
				t := old
				ms[j].TableNo = &t
			}
		}
		t := *want
		ms[i].TableNo = &t
	}
}

// PublishRound publishes a round's pairings; the first one starts the event.
func (h *Handler) PublishRound(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	r, err := h.roundParam(c, e)
	if err != nil {
		return err
	}
	if err := h.Store.PublishRound(c.Request().Context(), web.ActorOf(c), e.ID, r.Number); err != nil {
		return err
	}
	if e.Status == storage.StatusRegistration || e.Status == storage.StatusDraft {
		if err := h.setEventStatus(c, e, storage.StatusRunning); err != nil {
			return err
		}
	}
	web.SetFlash(c, msgRoundPublished)
	return web.Redirect(c, fmt.Sprintf("/events/%d/rounds/%d", e.ID, r.Number))
}

// setEventStatus moves the event on (running, top cut, finished) as play goes.
func (h *Handler) setEventStatus(c echo.Context, e *storage.Event, status string) error {
	if e.Status == status {
		return nil
	}
	e.Status = status
	err := h.Store.UpdateEvent(c.Request().Context(), web.ActorOf(c), e)
	if errors.Is(err, storage.ErrStale) {
		return nil // someone else changed it; their status stands
	}
	return err
}

// DeleteRound deletes the latest round, with a reason.
func (h *Handler) DeleteRound(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	r, err := h.roundParam(c, e)
	if err != nil {
		return err
	}
	reason := strings.TrimSpace(c.FormValue("reason"))
	if reason == "" {
		return h.renderRound(c, e, r, i18n.M("StaffErrDeleteReason", nil), http.StatusUnprocessableEntity)
	}
	err = h.Store.DeleteLatestRound(c.Request().Context(), web.ActorOf(c), e.ID, r.Number, reason)
	if errors.Is(err, storage.ErrNotLatestRound) {
		return h.renderRound(c, e, r, i18n.M("StaffErrDeleteLatest", nil), http.StatusConflict)
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgRoundDeleted)
	return web.Redirect(c, fmt.Sprintf("/events/%d/rounds", e.ID))
}

// StartTopCut pairs the first top-cut round from the Swiss standings, or the
// next top-cut round from the bracket's winners.
func (h *Handler) StartTopCut(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	d, err := readmodel.Load(ctx, h.Store, e)
	if err != nil {
		return err
	}
	for _, r := range d.Rounds {
		for _, mt := range d.Matches[r.Number] {
			if mt.Status != storage.MatchConfirmed {
				return h.roundsPage(c, e, i18n.M("StaffErrResultsMissing", i18n.Args{"Round": r.Number}), http.StatusConflict)
			}
		}
	}
	if e.TopCutSize < 2 {
		return h.roundsPage(c, e, i18n.M("StaffErrNoTopCut", nil), http.StatusConflict)
	}
	b, err := d.Bracket(e.TopCutSize)
	var ie *pairing.InputError
	if errors.As(err, &ie) {
		return h.roundsPage(c, e, i18n.M("StaffErrCannotStartCut", i18n.Args{"Reason": pairingProblem(c.Request().Context(), err)}), http.StatusConflict)
	}
	if err != nil {
		return err
	}
	cutRounds := len(d.TopCutRounds())
	if b.Champion != nil || cutRounds >= len(b.Rounds) {
		return h.roundsPage(c, e, i18n.M("StaffErrTopCutFinished", nil), http.StatusConflict)
	}
	matches, err := cutRoundMatches(d, b.Rounds[cutRounds])
	if errors.Is(err, pairing.ErrCutUndecided) {
		return h.roundsPage(c, e, i18n.M("StaffErrNextCutUndecided", nil), http.StatusConflict)
	}
	if lp := (*pairing.LineupProblem)(nil); errors.As(err, &lp) {
		return h.roundsPage(c, e, i18n.M("TeamErrLineup", i18n.Args{"Team": lp.Team, "Seat": lp.Seat}), http.StatusConflict)
	}
	if err != nil {
		return err
	}
	number := len(d.Rounds) + 1
	if _, err := h.Store.CreateRound(ctx, web.ActorOf(c), e.ID, number, storage.KindTopCut, time.Duration(e.RoundMinutes)*time.Minute*2, matches); err != nil {
		return err
	}
	if err := h.setEventStatus(c, e, storage.StatusTopCut); err != nil {
		return err
	}
	web.SetFlash(c, msgRoundPaired)
	return web.Redirect(c, fmt.Sprintf("/events/%d/rounds/%d", e.ID, number))
}

// cutRoundMatches are the matches of a bracket round: one per pair of
// players, or for a team event (readmodel.Bracket) the three seat matches of
// each team match (pairing.TeamCutPairs); byes last.
func cutRoundMatches(d *readmodel.EventData, br pairing.BracketRound) ([]storage.NewMatch, error) {
	var pairs []pairing.Pair
	if d.Event.TeamEvent {
		lineups, err := pairing.Lineups(d.PairingEvent(true), d.TeamSeats())
		if err != nil {
			return nil, err
		}
		if pairs, err = pairing.TeamCutPairs(br, lineups); err != nil {
			return nil, err
		}
	} else {
		table := 1
		for _, bm := range br.Matches {
			if bm.P1 == nil || (bm.P2 == nil && !bm.Bye) {
				return nil, pairing.ErrCutUndecided
			}
			p := pairing.Pair{P1: *bm.P1}
			if !bm.Bye {
				p.P2, p.Table = bm.P2, table
				table++
			}
			pairs = append(pairs, p)
		}
	}
	matches := make([]storage.NewMatch, 0, len(pairs))
	for _, p := range pairs {
		nm := storage.NewMatch{P1: readmodel.EntryIDOf(p.P1)}
		if p.P2 != nil {
			p2, t := readmodel.EntryIDOf(*p.P2), p.Table
			nm.P2, nm.TableNo = &p2, &t
		}
		matches = append(matches, nm)
	}
	sort.SliceStable(matches, func(i, j int) bool { return matches[i].TableNo != nil && matches[j].TableNo == nil })
	return matches, nil
}

// pairingProblem is why the pairing tools refused to pair a round or build
// the top cut, in the page's language (views/fileproblem, which the command
// line shares): a problem an organiser can meet (pairing.InputError's Key,
// no pairing at all) has its message, and so has one only an event file
// can have.
func pairingProblem(ctx context.Context, err error) string {
	return fileproblem.Text(ctx, err)
}
