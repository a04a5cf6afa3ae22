package server

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
)

// gameFormats lists the games events can be created for and their formats,
// in the order the form offers them.
var gameFormats = []struct {
	Game    views.Option
	Formats []views.Option
}{
	{views.Option{Value: "fusion-world", Label: "Dragon Ball Super Card Game Fusion World"}, []views.Option{
		{Value: "fw-standard", Label: "Standard"},
		{Value: "fw-draft", Label: "Draft"},
		{Value: "fw-sealed", Label: "Sealed"},
	}},
}

var statusLabels = map[string]string{
	storage.StatusDraft:        "Draft",
	storage.StatusRegistration: "Registration open",
	storage.StatusRunning:      "Running",
	storage.StatusTopCut:       "Top cut",
	storage.StatusFinished:     "Finished",
}

func gameOptions() []views.Option {
	var out []views.Option
	for _, g := range gameFormats {
		out = append(out, g.Game)
	}
	return out
}

func formatOptions() []views.Option {
	var out []views.Option
	for _, g := range gameFormats {
		for _, f := range g.Formats {
			out = append(out, views.Option{Value: f.Value, Label: g.Game.Label + ": " + f.Label})
		}
	}
	return out
}

func formatLabel(format string) string {
	for _, g := range gameFormats {
		for _, f := range g.Formats {
			if f.Value == format {
				return f.Label
			}
		}
	}
	return format
}

func formatBelongsTo(game, format string) bool {
	for _, g := range gameFormats {
		if g.Game.Value != game {
			continue
		}
		for _, f := range g.Formats {
			if f.Value == format {
				return true
			}
		}
	}
	return false
}

func gameKnown(game string) bool {
	for _, g := range gameFormats {
		if g.Game.Value == game {
			return true
		}
	}
	return false
}

func statusOptions() []views.Option {
	var out []views.Option
	for _, st := range storage.EventStatuses {
		out = append(out, views.Option{Value: st, Label: statusLabels[st]})
	}
	return out
}

// withChoices adds the select boxes' options to a form.
func withChoices(f views.EventForm) views.EventForm {
	f.Games, f.Formats, f.Statuses = gameOptions(), formatOptions(), statusOptions()
	f.BestOfs = []views.Option{{Value: "1", Label: "Best of one"}, {Value: "3", Label: "Best of three"}, {Value: "5", Label: "Best of five"}}
	f.EndOfRounds = []views.Option{
		{Value: "draw", Label: "a draw"},
		{Value: "double-loss", Label: "a loss for both players"},
		{Value: "count", Label: "won by the player with more life, then more deck cards"},
	}
	f.TiebreakerProfiles = []views.Option{
		{Value: "bandai", Label: "Bandai: OMW% (33% floor), then OOMW%"},
		{Value: "pokemon", Label: "Pokémon-style: OWP% (25% floor), OOWP%, head-to-head"},
		{Value: "mtg", Label: "Magic-style: OMW%, GW%, OGW%"},
	}
	return f
}

// newEventForm is the blank form with Bandai's defaults.
func newEventForm(today time.Time) views.EventForm {
	return withChoices(views.EventForm{
		Game: "fusion-world", Format: "fw-standard", Date: today.Format(time.DateOnly),
		RoundMinutes: "35", TopCutSize: "8", TopCutBestOf: "3", Status: storage.StatusDraft,
		SelfRegistration: true, EndOfRound: "draw", ExtraTurns: "3", Tiebreakers: "bandai",
		PointsWin: "3", PointsDraw: "1", PointsLoss: "0", PointsBye: "3",
	})
}

func eventFormFrom(e *storage.Event) views.EventForm {
	f := views.EventForm{
		ID: e.ID, Version: e.Version, Name: e.Name, Game: e.Game, Format: e.Format, Date: e.Date(),
		Venue: e.Venue, RoundMinutes: strconv.Itoa(e.RoundMinutes), TopCutSize: strconv.Itoa(e.TopCutSize),
		TopCutBestOf: strconv.Itoa(e.TopCutBestOf), Status: e.Status,
	}
	if e.SwissRounds != nil {
		f.SwissRounds = strconv.Itoa(*e.SwissRounds)
	}
	if e.PlayerCap != nil {
		f.PlayerCap = strconv.Itoa(*e.PlayerCap)
	}
	if e.DeckDeadline != nil {
		f.DeckDeadline = e.DeckDeadline.UTC().Format(deadlineLayout)
	}
	f.SelfRegistration, f.EndOfRound, f.ExtraTurns, f.Tiebreakers = e.SelfRegistration, e.EndOfRound, strconv.Itoa(e.ExtraTurns), e.Tiebreakers
	f.PointsWin, f.PointsDraw = strconv.Itoa(e.PointsWin), strconv.Itoa(e.PointsDraw)
	f.PointsLoss, f.PointsBye = strconv.Itoa(e.PointsLoss), strconv.Itoa(e.PointsBye)
	return withChoices(f)
}

// readEventForm reads the posted form into f (keeping what was typed, for
// re-rendering) and into ev when every field is valid.
func readEventForm(c echo.Context) (views.EventForm, storage.Event, bool) {
	f := withChoices(views.EventForm{
		Name:         strings.TrimSpace(c.FormValue("name")),
		Game:         c.FormValue("game"),
		Format:       c.FormValue("format"),
		Date:         strings.TrimSpace(c.FormValue("date")),
		Venue:        strings.TrimSpace(c.FormValue("venue")),
		RoundMinutes: strings.TrimSpace(c.FormValue("round_minutes")),
		SwissRounds:  strings.TrimSpace(c.FormValue("swiss_rounds")),
		TopCutSize:   strings.TrimSpace(c.FormValue("top_cut_size")),
		TopCutBestOf: strings.TrimSpace(c.FormValue("top_cut_best_of")),
		Status:       c.FormValue("status"),
		PlayerCap:    strings.TrimSpace(c.FormValue("player_cap")),
		DeckDeadline: strings.TrimSpace(c.FormValue("deck_deadline")),
		// An unticked box is absent from the form.
		SelfRegistration: c.FormValue("self_registration") == "on",
		EndOfRound:       c.FormValue("end_of_round"),
		ExtraTurns:       strings.TrimSpace(c.FormValue("extra_turns")),
		Tiebreakers:      c.FormValue("tiebreakers"),
		PointsWin:        strings.TrimSpace(c.FormValue("points_win")),
		PointsDraw:       strings.TrimSpace(c.FormValue("points_draw")),
		PointsLoss:       strings.TrimSpace(c.FormValue("points_loss")),
		PointsBye:        strings.TrimSpace(c.FormValue("points_bye")),
		Errors:           views.FieldErrors{},
	})
	f.Version, _ = strconv.Atoi(c.FormValue("version"))
	var ev storage.Event
	errs := f.Errors

	switch n := utf8.RuneCountInString(f.Name); {
	case n == 0:
		errs["name"] = "Give the event a name."
	case n > 120:
		errs["name"] = "Use at most 120 characters."
	}
	if !gameKnown(f.Game) {
		errs["game"] = "Choose a game from the list."
	}
	if !formatBelongsTo(f.Game, f.Format) {
		errs["format"] = "Choose a format of this game from the list."
	}
	date, err := time.Parse(time.DateOnly, f.Date)
	if err != nil {
		errs["date"] = "Give the date as YYYY-MM-DD, for example 2026-12-31."
	}
	if utf8.RuneCountInString(f.Venue) > 200 {
		errs["venue"] = "Use at most 200 characters."
	}
	roundMinutes := intField(errs, "round_minutes", f.RoundMinutes, 35, 1, 300, "Give the round length as a whole number of minutes from 1 to 300.")
	var swiss *int
	if f.SwissRounds != "" {
		n := intField(errs, "swiss_rounds", f.SwissRounds, 0, 1, 20, "Give a number of rounds from 1 to 20, or leave it blank.")
		swiss = &n
	}
	topCut := intField(errs, "top_cut_size", f.TopCutSize, 0, 0, 256, "Give a top cut size from 0 (no cut) to 256.")
	if topCut == 1 {
		errs["top_cut_size"] = "A top cut needs at least 2 players; use 0 for no cut."
	}
	bestOf := intField(errs, "top_cut_best_of", f.TopCutBestOf, 3, 1, 5, "Choose best of one, three or five.")
	if bestOf%2 == 0 {
		errs["top_cut_best_of"] = "Choose best of one, three or five."
	}
	if _, ok := statusLabels[f.Status]; !ok {
		errs["status"] = "Choose a status from the list."
	}
	var cap *int
	if f.PlayerCap != "" {
		n := intField(errs, "player_cap", f.PlayerCap, 0, 2, 10000, "Give a cap from 2 to 10000 players, or leave it blank.")
		cap = &n
	}
	var deadline *time.Time
	if f.DeckDeadline != "" {
		t, err := time.Parse(deadlineLayout, f.DeckDeadline)
		if err != nil {
			errs["deck_deadline"] = "Give the deadline as a date and time, for example 2026-12-31T09:30."
		} else {
			deadline = &t
		}
	}
	if f.EndOfRound == "" {
		f.EndOfRound = "draw"
	}
	if !optionKnown(f.EndOfRounds, f.EndOfRound) {
		errs["end_of_round"] = "Choose what happens at time from the list."
	}
	if f.Tiebreakers == "" {
		f.Tiebreakers = "bandai"
	}
	if !optionKnown(f.TiebreakerProfiles, f.Tiebreakers) {
		errs["tiebreakers"] = "Choose tiebreakers from the list."
	}
	extra := intField(errs, "extra_turns", f.ExtraTurns, 3, 0, 10, "Give from 0 to 10 extra turns.")
	const pointsMsg = "Give points as a whole number from 0 to 10."
	win := intField(errs, "points_win", f.PointsWin, 3, 0, 10, pointsMsg)
	draw := intField(errs, "points_draw", f.PointsDraw, 1, 0, 10, pointsMsg)
	loss := intField(errs, "points_loss", f.PointsLoss, 0, 0, 10, pointsMsg)
	bye := intField(errs, "points_bye", f.PointsBye, 3, 0, 10, pointsMsg)
	if _, ok := errs["points_win"]; !ok && (win <= draw || draw < loss) {
		errs["points_win"] = "A win must be worth more than a draw, and a draw at least as much as a loss."
	}
	if len(errs) > 0 {
		return f, ev, false
	}
	ev = storage.Event{
		Version: f.Version, Name: f.Name, Game: f.Game, Format: f.Format, StartsOn: date, Venue: f.Venue,
		RoundMinutes: roundMinutes, SwissRounds: swiss, TopCutSize: topCut, TopCutBestOf: bestOf, Status: f.Status,
		PlayerCap: cap, DeckDeadline: deadline, SelfRegistration: f.SelfRegistration, EndOfRound: f.EndOfRound, ExtraTurns: extra,
		Tiebreakers: f.Tiebreakers, PointsWin: win, PointsDraw: draw, PointsLoss: loss, PointsBye: bye,
	}
	return f, ev, true
}

// intField parses a whole number in [lo, hi]; blank gives def. A problem is
// recorded under field with msg.
func intField(errs views.FieldErrors, field, raw string, def, lo, hi int, msg string) int {
	if raw == "" {
		return def
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < lo || n > hi {
		errs[field] = msg
		return def
	}
	return n
}

func optionKnown(options []views.Option, v string) bool {
	for _, o := range options {
		if o.Value == v {
			return true
		}
	}
	return false
}

// deadlineLayout is how a datetime-local input sends a time.
const deadlineLayout = "2006-01-02T15:04"
