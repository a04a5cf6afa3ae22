package server

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// statusLabel names an event's status; the empty Message for one that is
// not a status.
func statusLabel(status string) i18n.Message {
	switch status {
	case storage.StatusDraft:
		return i18n.M("StaffStatusDraft", nil)
	case storage.StatusRegistration:
		return i18n.M("StaffStatusRegistration", nil)
	case storage.StatusRunning:
		return i18n.M("StaffStatusRunning", nil)
	case storage.StatusTopCut:
		return i18n.M("StaffTopCut", nil)
	case storage.StatusFinished:
		return i18n.M("StaffStatusFinished", nil)
	}
	return i18n.Message{}
}

func statusOptions() []views.Choice {
	var out []views.Choice
	for _, st := range storage.EventStatuses {
		out = append(out, views.Choice{Value: st, Label: statusLabel(st)})
	}
	return out
}

// withChoices adds the select boxes' options to a form, and the game's part:
// a new event chooses its game first (each game a link that starts the form
// again with its defaults); an edited one changes it with its format until a
// player has saved a decklist (GameLocked), which was checked for that game.
func withChoices(ctx context.Context, f views.EventForm) views.EventForm {
	g := web.GameOf(f.Game)
	f.GameName = web.GameName(ctx, g.ID)
	f.Statuses = statusOptions()
	f.Formats, f.FormatGroups, f.Games, f.GameChoices = nil, nil, nil, nil
	switch {
	case f.ID == 0:
		for _, eg := range web.EventGames {
			f.GameChoices = append(f.GameChoices, gameChoice(ctx, eg, eg.ID == g.ID))
		}
		f.Formats = formatOptionsOf(ctx, g.ID)
	case f.GameLocked:
		f.Formats = formatOptionsOf(ctx, g.ID)
	default:
		for _, eg := range web.EventGames {
			f.Games = append(f.Games, views.Option{Value: string(eg.ID), Label: web.GameName(ctx, eg.ID)})
		}
		f.FormatGroups = web.GameFormatOptions(ctx)
	}
	f.BestOfs = []views.Choice{{Value: "1", Label: i18n.M("StaffBestOfOne", nil)}, {Value: "3", Label: i18n.M("StaffBestOfThree", nil)}, {Value: "5", Label: i18n.M("StaffBestOfFive", nil)}}
	count := views.Choice{Value: "count", Label: i18n.M("StaffEndOfRoundCount", nil)}
	if g.MainPersonality {
		count.Label = i18n.M("EndOfRoundCountLifeDeck", nil)
	}
	f.EndOfRounds = []views.Choice{
		{Value: "draw", Label: i18n.M("StaffEndOfRoundDraw", nil)},
		{Value: "double-loss", Label: i18n.M("StaffEndOfRoundDoubleLoss", nil)},
		count,
	}
	f.Languages = languageChoices()
	f.TimeZones, f.ServerZone = timeZoneSuggestions, storage.ServerZoneName()
	f.TiebreakerProfiles = views.TiebreakerProfiles()
	return f
}

// formatOptionsOf are one game's formats for a select box.
func formatOptionsOf(ctx context.Context, g rules.Game) []views.Option {
	var out []views.Option
	for _, f := range web.FormatsOf(g) {
		out = append(out, views.Option{Value: f.ID, Label: web.FormatName(ctx, f.ID)})
	}
	return out
}

// gameChoice is one game of the new-event form's choice, with its formats
// and defaults said in a line.
func gameChoice(ctx context.Context, g web.EventGame, current bool) views.GameChoice {
	var names []string
	for _, f := range web.FormatsOf(g.ID) {
		names = append(names, web.FormatName(ctx, f.ID))
	}
	d := g.Defaults
	return views.GameChoice{
		Name: web.GameName(ctx, g.ID), URL: "/events/new?game=" + url.QueryEscape(string(g.ID)), Current: current,
		Formats: i18n.MN("GameChoiceFormats", len(names), i18n.Args{"Formats": strings.Join(names, ", ")}),
		Defaults: i18n.M("GameChoiceDefaults", i18n.Args{
			"Minutes": i18n.MN("MinuteCount", d.RoundMinutes, nil), "BestOf": d.TopCutBestOf,
			"Win": d.PointsWin, "Draw": d.PointsDraw, "Loss": d.PointsLoss, "Bye": d.PointsBye}),
	}
}

// newEventForm is the blank form of a game (Fusion World when game is not
// one), with that game's defaults.
func newEventForm(ctx context.Context, today time.Time, game string) views.EventForm {
	g, ok := web.LookupGame(game)
	if !ok {
		g = web.EventGames[0]
	}
	d := g.Defaults
	return withChoices(ctx, views.EventForm{
		Game: string(g.ID), Format: web.FormatsOf(g.ID)[0].ID, Date: today.Format(time.DateOnly),
		RoundMinutes: strconv.Itoa(d.RoundMinutes), TopCutSize: "8", TopCutBestOf: strconv.Itoa(d.TopCutBestOf), Status: storage.StatusDraft,
		SelfRegistration: true, IntentionalDraws: true, EndOfRound: "draw", ExtraTurns: strconv.Itoa(d.ExtraTurns), Tiebreakers: "bandai",
		PointsWin: strconv.Itoa(d.PointsWin), PointsDraw: strconv.Itoa(d.PointsDraw),
		PointsLoss: strconv.Itoa(d.PointsLoss), PointsBye: strconv.Itoa(d.PointsBye),
		TimeZone: storage.ServerZoneName(), Language: i18n.Lang(ctx), // the organiser's language
	})
}

// eventFormFrom is the edit form of a saved event; gameLocked when players
// have saved decklists for its game.
func eventFormFrom(ctx context.Context, e *storage.Event, gameLocked bool) views.EventForm {
	f := views.EventForm{
		ID: e.ID, Version: e.Version, Name: e.Name, Game: e.Game, Format: e.Format, Date: e.Date(),
		Venue: e.Venue, RoundMinutes: strconv.Itoa(e.RoundMinutes), TopCutSize: strconv.Itoa(e.TopCutSize),
		TopCutBestOf: strconv.Itoa(e.TopCutBestOf), Status: e.Status, GameLocked: gameLocked,
	}
	if e.SwissRounds != nil {
		f.SwissRounds = strconv.Itoa(*e.SwissRounds)
	}
	if e.PlayerCap != nil {
		f.PlayerCap = strconv.Itoa(*e.PlayerCap)
	}
	if e.DeckDeadline != nil {
		f.DeckDeadline = e.DeckDeadline.In(e.Location()).Format(deadlineLayout)
	}
	f.TimeZone, f.Language, f.FeatureTables = e.TimeZone, e.Language, e.FeatureTables
	f.IntentionalDraws = !e.NoIntentionalDraws
	f.SelfRegistration, f.EndOfRound, f.ExtraTurns, f.Tiebreakers = e.SelfRegistration, e.EndOfRound, strconv.Itoa(e.ExtraTurns), e.Tiebreakers
	f.SeedByRating, f.TeamEvent = e.SeedByRating, e.TeamEvent
	f.TwoDay = twoDayFormFrom(e)
	f.PointsWin, f.PointsDraw = strconv.Itoa(e.PointsWin), strconv.Itoa(e.PointsDraw)
	f.PointsLoss, f.PointsBye = strconv.Itoa(e.PointsLoss), strconv.Itoa(e.PointsBye)
	return withChoices(ctx, f)
}

// readEventForm reads the posted form into f (keeping what was typed, for
// re-rendering) and into ev when every field is valid.
// saved is the event being edited (nil when creating); its game cannot change
// when gameLocked (see withChoices).
func readEventForm(c echo.Context, saved *storage.Event, gameLocked bool) (views.EventForm, storage.Event, bool) {
	ctx := c.Request().Context()
	f := eventFormValues(c)
	if saved != nil {
		f.ID, f.GameLocked = saved.ID, gameLocked
	}
	f = withChoices(ctx, f)
	f.Version, _ = strconv.Atoi(c.FormValue("version"))
	ev := storage.Event{Version: f.Version, Name: f.Name, Game: f.Game, Format: f.Format, Venue: f.Venue, Status: f.Status,
		SelfRegistration: f.SelfRegistration, SeedByRating: f.SeedByRating, TeamEvent: f.TeamEvent, NoIntentionalDraws: !f.IntentionalDraws}
	readEventNaming(ctx, &f, &ev, saved, gameLocked)
	readEventRounds(ctx, &f, &ev)
	readEventPlace(ctx, &f, &ev)
	readEventScoring(ctx, &f, &ev)
	readFeatureTables(&f, &ev)
	readTwoDay(&f, &ev)
	if len(f.Errors) > 0 {
		return f, storage.Event{}, false
	}
	return f, ev, true
}

// eventFormValues is the event form as posted, trimmed.
func eventFormValues(c echo.Context) views.EventForm {
	return views.EventForm{
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
		SeedByRating:     c.FormValue("seed_by_rating") == "on",
		TeamEvent:        c.FormValue("team_event") == "on",
		IntentionalDraws: c.FormValue("intentional_draws") == "on",
		EndOfRound:       c.FormValue("end_of_round"),
		ExtraTurns:       strings.TrimSpace(c.FormValue("extra_turns")),
		Tiebreakers:      c.FormValue("tiebreakers"),
		PointsWin:        strings.TrimSpace(c.FormValue("points_win")),
		PointsDraw:       strings.TrimSpace(c.FormValue("points_draw")),
		PointsLoss:       strings.TrimSpace(c.FormValue("points_loss")),
		PointsBye:        strings.TrimSpace(c.FormValue("points_bye")),
		TimeZone:         strings.TrimSpace(c.FormValue("time_zone")),
		Language:         c.FormValue("language"),
		FeatureTables:    strings.TrimSpace(c.FormValue("feature_tables")),
		TwoDay:           twoDayFormValues(c),
		Errors:           views.FieldProblems{},
	}
}

// readEventNaming checks what the event is: its name, game and format,
// date, venue and status, and puts the date in ev.
func readEventNaming(ctx context.Context, f *views.EventForm, ev *storage.Event, saved *storage.Event, gameLocked bool) {
	errs := f.Errors
	switch n := utf8.RuneCountInString(f.Name); {
	case n == 0:
		errs["name"] = i18n.M("StaffErrEventName", nil)
	case n > 120:
		errs["name"] = i18n.M("StaffErrMax120", nil)
	}
	for field, msg := range gameFormatProblems(ctx, f.Game, f.Format, saved, gameLocked) {
		errs[field] = msg
	}
	date, err := time.Parse(time.DateOnly, f.Date)
	if err != nil {
		errs["date"] = i18n.M("StaffErrDate", nil)
	}
	ev.StartsOn = date
	if utf8.RuneCountInString(f.Venue) > 200 {
		errs["venue"] = i18n.M("StaffErrMax200", nil)
	}
	if statusLabel(f.Status).IsZero() {
		errs["status"] = i18n.M("StaffErrStatus", nil)
	}
}

// readEventRounds reads how the event is played: the round length, the
// Swiss rounds, the top cut, the player cap, the rule at time and its
// extra turns.
func readEventRounds(ctx context.Context, f *views.EventForm, ev *storage.Event) {
	errs := f.Errors
	ev.RoundMinutes = web.IntField(errs, "round_minutes", f.RoundMinutes, 35, 1, 300, i18n.M("StaffErrRoundMinutes", nil))
	if f.SwissRounds != "" {
		n := web.IntField(errs, "swiss_rounds", f.SwissRounds, 0, 1, 20, i18n.M("StaffErrSwissRounds", nil))
		ev.SwissRounds = &n
	}
	ev.TopCutSize = web.IntField(errs, "top_cut_size", f.TopCutSize, 0, 0, 256, i18n.M("StaffErrTopCutSize", nil))
	if ev.TopCutSize == 1 {
		errs["top_cut_size"] = i18n.M("StaffErrTopCutOne", nil)
	}
	ev.TopCutBestOf = web.IntField(errs, "top_cut_best_of", f.TopCutBestOf, 3, 1, 5, i18n.M("StaffErrBestOf", nil))
	if ev.TopCutBestOf%2 == 0 {
		errs["top_cut_best_of"] = i18n.M("StaffErrBestOf", nil)
	}
	if f.PlayerCap != "" {
		n := web.IntField(errs, "player_cap", f.PlayerCap, 0, 2, 10000, i18n.M("StaffErrPlayerCap", nil))
		ev.PlayerCap = &n
	}
	if f.EndOfRound == "" {
		f.EndOfRound = "draw"
	}
	if !optionKnown(f.EndOfRounds, f.EndOfRound) {
		errs["end_of_round"] = i18n.M("StaffErrEndOfRound", nil)
	}
	ev.EndOfRound = f.EndOfRound
	ev.ExtraTurns = web.IntField(errs, "extra_turns", f.ExtraTurns, 3, 0, 10, i18n.M("StaffErrExtraTurns", nil))
}

// readEventPlace reads the event's time zone and language, and the
// decklist deadline in that zone.
func readEventPlace(ctx context.Context, f *views.EventForm, ev *storage.Event) {
	errs := f.Errors
	zone := time.Local
	if f.TimeZone == "" {
		f.TimeZone = storage.ServerZoneName()
	}
	if loc, err := web.LoadZone(f.TimeZone); err != nil {
		errs["time_zone"] = i18n.M("StaffErrTimeZone", i18n.Args{"Zone": f.TimeZone})
	} else {
		zone = loc
	}
	if f.Language == "" {
		f.Language = "en"
	}
	if i18n.Supported(f.Language) != f.Language {
		errs["language"] = i18n.M("StaffErrLanguage", nil)
	}
	ev.TimeZone, ev.Language = f.TimeZone, f.Language
	if f.DeckDeadline != "" {
		t, err := time.ParseInLocation(deadlineLayout, f.DeckDeadline, zone)
		if err != nil {
			errs["deck_deadline"] = i18n.M("StaffErrDeadline", nil)
		} else {
			ev.DeckDeadline = &t
		}
	}
}

// readEventScoring reads the tiebreakers and the points of a win, a draw,
// a loss and a bye.
func readEventScoring(ctx context.Context, f *views.EventForm, ev *storage.Event) {
	errs := f.Errors
	if f.Tiebreakers == "" {
		f.Tiebreakers = "bandai"
	}
	if !optionKnown(f.TiebreakerProfiles, f.Tiebreakers) {
		errs["tiebreakers"] = i18n.M("StaffErrTiebreakers", nil)
	}
	ev.Tiebreakers = f.Tiebreakers
	pointsMsg := i18n.M("StaffErrPoints", nil)
	ev.PointsWin = web.IntField(errs, "points_win", f.PointsWin, 3, 0, 10, pointsMsg)
	ev.PointsDraw = web.IntField(errs, "points_draw", f.PointsDraw, 1, 0, 10, pointsMsg)
	ev.PointsLoss = web.IntField(errs, "points_loss", f.PointsLoss, 0, 0, 10, pointsMsg)
	ev.PointsBye = web.IntField(errs, "points_bye", f.PointsBye, 3, 0, 10, pointsMsg)
	if _, ok := errs["points_win"]; !ok && (ev.PointsWin <= ev.PointsDraw || ev.PointsDraw < ev.PointsLoss) {
		errs["points_win"] = i18n.M("StaffErrPointsOrder", nil)
	}
}

// gameFormatProblems checks that the game is one events run for, that the
// format is one of its formats, and that a locked game is not changed.
func gameFormatProblems(ctx context.Context, game, format string, saved *storage.Event, gameLocked bool) views.FieldProblems {
	errs := views.FieldProblems{}
	g, ok := web.LookupGame(game)
	switch {
	case !ok:
		errs["game"] = i18n.M("EventGameUnknown", nil)
		return errs
	case gameLocked && saved != nil && saved.Game != game:
		errs["game"] = i18n.M("EventGameLocked", i18n.Args{"Game": web.GameName(ctx, rules.Game(saved.Game))})
	}
	if !web.FormatBelongsTo(game, format) {
		var names []string
		for _, f := range web.FormatsOf(g.ID) {
			names = append(names, web.FormatName(ctx, f.ID))
		}
		errs["format"] = i18n.M("EventFormatNotOfGame", i18n.Args{"Game": web.GameName(ctx, g.ID), "Formats": strings.Join(names, ", ")})
	}
	return errs
}

func optionKnown(options []views.Choice, v string) bool {
	for _, o := range options {
		if o.Value == v {
			return true
		}
	}
	return false
}

// deadlineLayout is how a datetime-local input sends a time.
const deadlineLayout = "2006-01-02T15:04"

// timeZoneSuggestions are offered in the time zone box: zones of the
// countries whose languages the product speaks. Any IANA zone is accepted.
var timeZoneSuggestions = []string{"UTC", "Europe/London", "Europe/Berlin", "Europe/Paris", "Europe/Madrid",
	"Europe/Rome", "Europe/Lisbon", "America/Sao_Paulo", "America/New_York", "America/Chicago",
	"America/Los_Angeles", "America/Mexico_City", "Asia/Tokyo"}

// languageChoices are the languages an event or account may be in, each
// named in itself.
func languageChoices() []views.Option {
	var out []views.Option
	for _, l := range i18n.Languages() {
		out = append(out, views.Option{Value: l.Code, Label: l.Name})
	}
	return out
}
