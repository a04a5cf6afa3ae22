package seasons

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/pairing/league"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// tiebreakerSlots is how many tiebreakers the form offers: every one.
var tiebreakerSlots = len(league.AllTiebreakers)

// newSeason is what a new season's form starts from: this year, every
// format of the first game, points as many stores give them.
func newSeason(today time.Time) *leagues.Season {
	return &leagues.Season{Game: string(web.EventGames[0].ID),
		StartsOn: time.Date(today.Year(), 1, 1, 0, 0, 0, 0, time.UTC), EndsOn: time.Date(today.Year(), 12, 31, 0, 0, 0, 0, time.UTC),
		PointsByPlacing: []int{10, 8, 6, 5, 4, 3, 2, 1}, PointsAttendance: 1, PointsWin: 3, PointsDraw: 1,
		Tiebreakers: slices.Clone(league.AllTiebreakers), Public: true}
}

// seasonForm fills the form from a season.
func seasonForm(se *leagues.Season) views.SeasonForm {
	itoa := strconv.Itoa
	placing := make([]string, len(se.PointsByPlacing))
	for i, p := range se.PointsByPlacing {
		placing[i] = itoa(p)
	}
	f := views.SeasonForm{ID: se.ID, Version: int64(se.Version), League: se.IsLeague(), Name: se.Name, Game: se.Game, Format: se.Format,
		StartsOn: day(se.StartsOn), EndsOn: day(se.EndsOn), PointsByPlacing: strings.Join(placing, ", "),
		PointsAttendance: itoa(se.PointsAttendance), PointsWin: itoa(se.PointsWin), PointsDraw: itoa(se.PointsDraw),
		BestN: itoa(se.BestN), MinPlayers: itoa(se.MinPlayers), FinalCut: itoa(se.FinalCut), Public: se.Public,
		Errors: views.FieldProblems{}}
	f.Tiebreakers = make([]string, tiebreakerSlots)
	copy(f.Tiebreakers, se.Tiebreakers)
	return f
}

func day(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Format(time.DateOnly)
}

// withChoices adds the form's choices: games, formats, tiebreakers and,
// for a league, every store with those in it ticked.
func (h *Handler) withChoices(ctx context.Context, f *views.SeasonForm, storeIDs []int64) error {
	for _, g := range web.EventGames {
		f.Games = append(f.Games, views.Option{Value: string(g.ID), Label: web.GameName(ctx, g.ID)})
	}
	f.Formats = web.GameFormatOptions(ctx)
	f.TiebreakerChoices = []views.Choice{{Value: "", Label: i18n.M("LeagueTiebreakerNone", nil)}}
	for _, k := range league.AllTiebreakers {
		f.TiebreakerChoices = append(f.TiebreakerChoices, views.Choice{Value: k, Label: views.SeasonTiebreakerName(k)})
	}
	if !f.League {
		return nil
	}
	shops, err := accounts.New(h.Store).Shops(ctx)
	if err != nil {
		return err
	}
	for _, sh := range shops {
		f.Stores = append(f.Stores, views.StoreCheck{ID: sh.ID, Name: sh.Name, Checked: slices.Contains(storeIDs, sh.ID)})
	}
	return nil
}

// readSeasonForm reads the posted form into f (as typed, to show again)
// and se; it notes in f.Errors each field it cannot read. The store and
// the rules' bounds are storage's to check.
func readSeasonForm(c echo.Context, f *views.SeasonForm, se *leagues.Season) {
	val := func(name string) string { return strings.TrimSpace(c.FormValue(name)) }
	f.Name, f.Game, f.Format = val("name"), val("game"), val("format")
	f.StartsOn, f.EndsOn, f.PointsByPlacing = val("starts_on"), val("ends_on"), val("points_by_placing")
	f.PointsAttendance, f.PointsWin, f.PointsDraw = val("points_attendance"), val("points_win"), val("points_draw")
	f.BestN, f.MinPlayers, f.FinalCut = val("best_n"), val("min_players"), val("final_cut")
	f.Public = c.FormValue("public") == "on"
	f.Version, _ = strconv.ParseInt(val("version"), 10, 64)
	se.Version, se.Name, se.Game, se.Format, se.Public = int(f.Version), f.Name, f.Game, f.Format, f.Public
	if f.Game != "" && !web.GameKnown(f.Game) {
		f.Errors["game"] = i18n.M("LeagueErrGameUnknown", nil)
	}
	if f.Format != "" && !web.FormatBelongsTo(f.Game, f.Format) {
		f.Errors["format"] = i18n.M("LeagueErrFormatOfGame", nil)
	}
	se.StartsOn = readDay(f, "starts_on", f.StartsOn)
	se.EndsOn = readDay(f, "ends_on", f.EndsOn)
	se.PointsByPlacing = readPlacing(f)
	for _, n := range []struct {
		field, value string
		into         *int
	}{{"points_attendance", f.PointsAttendance, &se.PointsAttendance}, {"points_win", f.PointsWin, &se.PointsWin},
		{"points_draw", f.PointsDraw, &se.PointsDraw}, {"best_n", f.BestN, &se.BestN},
		{"min_players", f.MinPlayers, &se.MinPlayers}, {"final_cut", f.FinalCut, &se.FinalCut}} {
		*n.into = readCount(f, n.field, n.value)
	}
	f.Tiebreakers = make([]string, tiebreakerSlots)
	se.Tiebreakers = nil
	for i := range f.Tiebreakers {
		f.Tiebreakers[i] = val("tiebreaker_" + strconv.Itoa(i+1))
		if f.Tiebreakers[i] != "" {
			se.Tiebreakers = append(se.Tiebreakers, f.Tiebreakers[i])
		}
	}
	if f.League {
		se.StoreIDs = nil
		for _, raw := range c.Request().Form["stores"] {
			if id, err := strconv.ParseInt(raw, 10, 64); err == nil {
				se.StoreIDs = append(se.StoreIDs, id)
			}
		}
	}
}

// readDay reads a date field; an empty one is storage's to name.
func readDay(f *views.SeasonForm, field, raw string) time.Time {
	if raw == "" {
		return time.Time{}
	}
	t, err := time.Parse(time.DateOnly, raw)
	if err != nil {
		f.Errors[field] = i18n.M("LeagueErrBadDate", nil)
	}
	return t
}

// readCount reads a whole number; empty is 0.
func readCount(f *views.SeasonForm, field, raw string) int {
	if raw == "" {
		return 0
	}
	n, err := strconv.Atoi(raw)
	if err != nil {
		f.Errors[field] = i18n.M("LeagueErrNotANumber", nil)
	}
	return n
}

// readPlacing reads "10, 8, 6" (commas, spaces or semicolons between).
func readPlacing(f *views.SeasonForm) []int {
	fields := strings.FieldsFunc(f.PointsByPlacing, func(r rune) bool { return r == ',' || r == ';' || r == ' ' || r == '\t' })
	out := make([]int, 0, len(fields))
	for _, s := range fields {
		n, err := strconv.Atoi(s)
		if err != nil {
			f.Errors["points_by_placing"] = i18n.M("LeagueErrPlacingList", i18n.Args{"Value": s})
			return nil
		}
		out = append(out, n)
	}
	return out
}

// problemMessages word storage's and pairing/league's problem keys from
// their values, in the order the keys give them.
var problemMessages = map[string]func(a []any) i18n.Message{
	"season-name-missing": func([]any) i18n.Message { return i18n.M("LeagueErrNameMissing", nil) },
	"season-name-too-long": func(a []any) i18n.Message {
		return i18n.M("LeagueErrNameTooLong", i18n.Args{"Length": arg(a, 0), "Max": arg(a, 1)})
	},
	"season-game-missing": func([]any) i18n.Message { return i18n.M("LeagueErrGameUnknown", nil) },
	"season-date-missing": func([]any) i18n.Message { return i18n.M("LeagueErrDateMissing", nil) },
	"season-ends-before-start": func(a []any) i18n.Message {
		return i18n.M("LeagueErrEndsBeforeStart", i18n.Args{"Start": arg(a, 0), "End": arg(a, 1)})
	},
	"season-stores-missing": func([]any) i18n.Message { return i18n.M("LeagueErrStoresMissing", nil) },
	"season-store-unknown":  func([]any) i18n.Message { return i18n.M("LeagueErrStoreUnknown", nil) },
	"season-event-other-store": func(a []any) i18n.Message {
		return i18n.M("LeagueErrEventOtherStore", i18n.Args{"Event": arg(a, 0)})
	},
	"league-too-many-places": func(a []any) i18n.Message {
		return i18n.M("LeagueErrTooManyPlaces", i18n.Args{"Count": arg(a, 0), "Max": arg(a, 1)})
	},
	"league-placing-points-range": func(a []any) i18n.Message {
		place, _ := arg(a, 0).(int)
		return i18n.M("LeagueErrPlacingPointsRange", i18n.Args{"Place": ordinal(place), "Points": arg(a, 1), "Max": arg(a, 2)})
	},
	"league-points-range": func(a []any) i18n.Message {
		return i18n.M("LeagueErrPointsRange", i18n.Args{"Value": arg(a, 0), "Max": arg(a, 1)})
	},
	"league-count-range": func(a []any) i18n.Message {
		return i18n.M("LeagueErrCountRange", i18n.Args{"Value": arg(a, 0), "Max": arg(a, 1)})
	},
	"league-tiebreaker-unknown": func([]any) i18n.Message { return i18n.M("LeagueErrTiebreakerUnknown", nil) },
	"league-tiebreaker-twice": func(a []any) i18n.Message {
		key, _ := arg(a, 0).(string)
		return i18n.M("LeagueErrTiebreakerTwice", i18n.Args{"Tiebreaker": views.SeasonTiebreakerName(key)})
	},
}

// arg is the i-th value of a problem, or nil.
func arg(a []any, i int) any {
	if i < len(a) {
		return a[i]
	}
	return nil
}

// problemMessage words one of storage's field problems.
func problemMessage(p storage.FieldProblem) i18n.Message {
	if word, ok := problemMessages[p.Key]; ok {
		return word(p.Args)
	}
	return i18n.M("LeagueErrInvalid", nil)
}

// ordinal is a place worded as the reader's language says it.
type ordinal int

func (o ordinal) In(ctx context.Context) string { return i18n.Ordinal(ctx, int(o)) }

// addProblems puts storage's field problems into the form, the first
// problem of each field.
func addProblems(f *views.SeasonForm, inv *storage.InvalidError) {
	for _, p := range inv.Problems {
		if _, dup := f.Errors[p.Field]; !dup {
			f.Errors[p.Field] = problemMessage(p)
		}
	}
}
