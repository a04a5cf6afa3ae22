package profiles

import (
	"context"
	"errors"
	"math"
	"net/http"
	"sort"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// A player's profile (/players/:id): public only when the player turned it
// on; the organisers of the stores they played at and the player signed in
// on this browser always see it; anyone else gets 404, as for no player.

// viewer is who looks at a profile, and so what they may see of it.
type viewer struct {
	own    bool           // the player themselves
	stores map[int64]bool // stores of the player's events the viewer organises
}

func (v viewer) staff() bool { return len(v.stores) > 0 }

// seesDeck: a list is shown where its event publishes lists, to the player
// and to the organisers of the event's store.
func (v viewer) seesDeck(e *leagues.PlayerEntry) bool {
	return e.DeckPublished || v.own || v.stores[e.StoreID]
}

// Profile shows a player's profile.
func (h *Handler) Profile(c echo.Context) error {
	if id, err := strconv.ParseInt(c.Param("id"), 10, 64); err == nil && id > 0 && anonymous(c) {
		return h.publicProfile(c, id)
	}
	p, who, err := h.visiblePlayer(c)
	if err != nil {
		return err
	}
	if strconv.FormatInt(p.ID, 10) != c.Param("id") {
		// A merged record's address leads to the record it is now.
		return c.Redirect(http.StatusMovedPermanently, "/players/"+strconv.FormatInt(p.ID, 10))
	}
	prof, err := h.freshProfile(c.Request().Context(), p.ID)
	if err != nil {
		return err
	}
	m, err := h.profileModel(c, prof, who)
	if err != nil {
		return err
	}
	page := h.PageTitled(c, i18n.Verbatim(p.Name))
	page.ForPlayer = who.own
	return web.Render(c, http.StatusOK, views.ProfileView(page, m))
}

// visiblePlayer is the live record of the URL's player and who looks at
// it, or 404 when the viewer may not see it.
func (h *Handler) visiblePlayer(c echo.Context) (*storage.Player, viewer, error) {
	ctx := c.Request().Context()
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return nil, viewer{}, web.NotFound()
	}
	p, err := h.Store.LivePlayer(ctx, id)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, viewer{}, web.NotFound()
	}
	if err != nil {
		return nil, viewer{}, err
	}
	who, err := h.viewerOf(c, p)
	if err != nil {
		return nil, viewer{}, err
	}
	if !who.own && !who.staff() && (!p.Public || p.AnonymisedAt != nil) {
		return nil, viewer{}, web.NotFound()
	}
	return p, who, nil
}

func (h *Handler) viewerOf(c echo.Context, p *storage.Player) (viewer, error) {
	who := viewer{stores: map[int64]bool{}}
	me, err := h.signedInPlayer(c)
	if err != nil {
		return who, err
	}
	who.own = me != nil && me.ID == p.ID
	u := web.CurrentUser(c)
	if u == nil || u.Role != storage.RoleOrganiser {
		return who, nil
	}
	stores, err := h.leagues.PlayerStoreIDs(c.Request().Context(), p.ID)
	if err != nil {
		return who, err
	}
	for _, id := range stores {
		ok, err := h.OrganisesStore(c, u, id)
		if err != nil {
			return who, err
		}
		if ok {
			who.stores[id] = true
		}
	}
	return who, nil
}

// freshProfile reads the profile after computing the stale results of its
// finished events.
func (h *Handler) freshProfile(ctx context.Context, playerID int64) (*leagues.PlayerProfile, error) {
	prof, err := h.leagues.PlayerProfileOf(ctx, playerID)
	if err != nil {
		return nil, err
	}
	var finished []int64
	for _, e := range prof.Entries {
		if e.EventStatus == storage.StatusFinished {
			finished = append(finished, e.EventID)
		}
	}
	stale, err := h.leagues.StaleEventResults(ctx, finished)
	if err != nil {
		return nil, err
	}
	if len(stale) > 0 {
		if err := h.fresh(ctx, h.Store, stale); err != nil {
			return nil, err
		}
	}
	rerated, err := h.freshRatings(ctx, prof)
	if err != nil || len(stale) == 0 && !rerated {
		return prof, err
	}
	return h.leagues.PlayerProfileOf(ctx, playerID)
}

// freshRatings recomputes the ratings of the games of the player's
// finished events when an event finished or changed since the last
// recompute, as the season boards do, so that a profile's rating is never
// older than the events it lists. It reports whether it recomputed any.
func (h *Handler) freshRatings(ctx context.Context, prof *leagues.PlayerProfile) (bool, error) {
	games := map[string]bool{}
	for _, e := range prof.Entries {
		if e.EventStatus == storage.StatusFinished {
			games[e.Game] = true
		}
	}
	any := false
	for game := range games {
		stale, err := h.leagues.RatingsStale(ctx, game)
		if err != nil {
			return any, err
		}
		if stale {
			if _, err := h.leagues.RecomputeRatings(ctx, game); err != nil {
				return any, err
			}
			any = true
		}
	}
	return any, nil
}

func (h *Handler) profileModel(c echo.Context, prof *leagues.PlayerProfile, who viewer) (views.ProfilePage, error) {
	ctx := c.Request().Context()
	p := prof.Player
	m := views.ProfilePage{PlayerID: p.ID, Name: p.Name, Public: p.Public, Own: who.own, Staff: who.staff(), Removed: p.AnonymisedAt != nil}
	if who.own || who.staff() {
		m.MemberID = p.MemberID
	}
	leader, err := h.leaderNamer(ctx, prof.Entries)
	if err != nil {
		return m, err
	}
	leaders := map[string]*tally{}
	for i := range prof.Entries {
		e := &prof.Entries[i]
		if e.Waitlisted || e.EventStatus == storage.StatusDraft && !who.stores[e.StoreID] {
			continue
		}
		m.Events = append(m.Events, profileEvent(ctx, e))
		if e.DeckLeader == "" || !who.seesDeck(e) {
			continue
		}
		if e.Result != nil {
			name := leader(e.DeckLeader)
			if leaders[name] == nil {
				leaders[name] = &tally{}
			}
			leaders[name].add(e.Result)
		}
		if e.DeckText != "" && e.DeckPublished {
			m.Decks = append(m.Decks, views.ProfileDeck{EventID: e.EventID, EventName: e.EventName, Date: i18n.Date(ctx, e.EventDate), Leader: leader(e.DeckLeader), Text: e.DeckText})
		}
	}
	m.Leaders = leaderRecords(leaders)
	for _, r := range prof.Ratings {
		m.Ratings = append(m.Ratings, views.ProfileRating{Game: web.GameName(ctx, rules.Game(r.Game)),
			Rating: int(math.Round(r.Rating)), Deviation: int(math.Round(r.Deviation)), Matches: r.Matches})
	}
	m.Seasons, err = h.currentSeasons(ctx, p.ID, prof.SeasonIDs, who)
	return m, err
}

func profileEvent(ctx context.Context, e *leagues.PlayerEntry) views.ProfileEvent {
	v := views.ProfileEvent{EventID: e.EventID, Name: e.EventName, Date: i18n.Date(ctx, e.EventDate), Store: e.StoreName,
		Format: web.GameFormatName(ctx, e.Format), Finished: e.EventStatus == storage.StatusFinished, Dropped: e.DroppedRound != nil}
	if e.Result != nil {
		v.Place, v.Byes = e.Result.Place, e.Result.Byes
		v.Record = record(e.Result.Wins, e.Result.Losses, e.Result.Draws)
	}
	return v
}

func record(w, l, d int) string {
	return strconv.Itoa(w) + "-" + strconv.Itoa(l) + "-" + strconv.Itoa(d)
}

// tally adds up a player's results with one leader.
type tally struct{ events, wins, losses, draws int }

func (t *tally) add(r *leagues.EventResult) {
	t.events++
	t.wins += r.Wins + r.Byes
	t.losses += r.Losses
	t.draws += r.Draws
}

// leaderRecords lists the records, most played leader first.
func leaderRecords(by map[string]*tally) []views.LeaderRecord {
	out := make([]views.LeaderRecord, 0, len(by))
	for name, t := range by {
		out = append(out, views.LeaderRecord{Leader: name, Events: t.events, Record: record(t.wins, t.losses, t.draws)})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Events != out[j].Events {
			return out[i].Events > out[j].Events
		}
		return out[i].Leader < out[j].Leader
	})
	return out
}

// leaderNamer names Leaders by card number, in the page's language, from
// the Fusion World cards stored (other games' leaders keep their number).
func (h *Handler) leaderNamer(ctx context.Context, entries []leagues.PlayerEntry) (func(string) string, error) {
	var numbers []string
	for _, e := range entries {
		if e.DeckLeader != "" {
			numbers = append(numbers, e.DeckLeader)
		}
	}
	if len(numbers) == 0 {
		return func(n string) string { return n }, nil
	}
	cards, err := h.cards.Cards(ctx, numbers)
	if err != nil {
		return nil, err
	}
	return func(n string) string { return web.LeaderLabel(ctx, cards.Pool, n) }, nil
}

// currentSeasons is the player's place in each season running today that
// the viewer may see: a public one, or a private one of a store they
// organise (as its leaderboard).
func (h *Handler) currentSeasons(ctx context.Context, playerID int64, seasonIDs []int64, who viewer) ([]views.ProfileSeason, error) {
	today := h.Today()
	var out []views.ProfileSeason
	for _, id := range seasonIDs {
		state, err := h.leagues.SeasonStateOf(ctx, id)
		if err != nil {
			return nil, err
		}
		se := state.Season
		if today.Before(se.StartsOn) || today.After(se.EndsOn) || !se.Public && (se.StoreID == nil || !who.stores[*se.StoreID]) {
			continue
		}
		if err := h.fresh(ctx, h.Store, state.Stale); err != nil {
			return nil, err
		}
		board, err := h.leagues.SeasonLeaderboard(ctx, id)
		if err != nil {
			return nil, err
		}
		for _, row := range board.Board.Rows {
			if row.Player == playerID {
				out = append(out, views.ProfileSeason{SeasonID: id, Name: se.Name, Place: row.Place, Players: len(board.Board.Rows),
					Points: row.Points, Events: row.Attended})
			}
		}
	}
	return out, nil
}
