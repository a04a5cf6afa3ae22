package judge

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/gamelog"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// listAllPlayersUpTo is the biggest event whose ruling form lists every
// player: at 5,000 players the list was 205 KB and no judge could use it.
const listAllPlayersUpTo = 100

// foundPlayersShown bounds the players a name search offers.
const foundPlayersShown = 50

// findParam is the page's GET parameter (and the ruling form's field) with
// the judge's search for the penalised player: a table number or a name.
const findParam = "player"

// findQuery is the search for the penalised player a request carries.
func findQuery(c echo.Context) string {
	return web.Clip(strings.Join(strings.Fields(c.FormValue(findParam)), " "), 80)
}

// offerPlayers fills the form's choice of the penalised player: every
// player of a small event; in a big one, the players of the ruling's match,
// those the judge found (f.Find) and the one already chosen.
func (h *Handler) offerPlayers(ctx context.Context, e *storage.Event, f *views.JudgeRulingForm) error {
	n, err := h.Store.CountEntries(ctx, e.ID)
	if err != nil {
		return err
	}
	if n <= listAllPlayersUpTo {
		entries, err := h.Store.EntryNames(ctx, e.ID)
		if err != nil {
			return err
		}
		f.Entries = make([]views.Option, 0, len(entries))
		for _, en := range entries {
			f.Entries = append(f.Entries, views.Option{Value: strconv.FormatInt(en.ID, 10), Label: en.PlayerName})
		}
		return nil
	}
	f.FindPlayers = true
	o := offer{h: h, ctx: ctx, e: e, f: f, offered: map[int64]bool{}}
	if id, ok := optionalID(f.Match); ok && id != nil {
		if err := o.match(*id); err != nil {
			return err
		}
	}
	if err := o.find(); err != nil {
		return err
	}
	return o.chosen()
}

// offer gathers the groups of players a big event's ruling form offers,
// each player once.
type offer struct {
	h       *Handler
	ctx     context.Context
	e       *storage.Event
	f       *views.JudgeRulingForm
	offered map[int64]bool
}

// group offers the players (those not offered yet) under label.
func (o *offer) group(label i18n.Message, players []storage.EntryName) {
	g := views.JudgePlayerGroup{Label: label}
	for _, p := range players {
		if !o.offered[p.ID] {
			o.offered[p.ID] = true
			g.Options = append(g.Options, views.Option{Value: strconv.FormatInt(p.ID, 10), Label: p.PlayerName})
		}
	}
	if len(g.Options) > 0 {
		o.f.EntryGroups = append(o.f.EntryGroups, g)
	}
}

// matchGroup offers the players of a match (one for a bye) under label.
func (o *offer) matchGroup(label i18n.Message, m *storage.Match) error {
	var players []storage.EntryName
	for _, id := range []*int64{&m.P1EntryID, m.P2EntryID} {
		if id == nil {
			continue
		}
		name, err := gamelog.EntryName(o.ctx, o.h.Store, o.e.ID, id)
		if err != nil {
			return err
		}
		players = append(players, storage.EntryName{ID: *id, PlayerName: name})
	}
	o.group(label, players)
	return nil
}

// match offers the two players of the ruling's match (an unknown match is
// the match field's problem, said when the ruling is saved).
func (o *offer) match(id int64) error {
	m, err := o.h.Store.MatchByID(o.ctx, o.e.ID, id)
	if errors.Is(err, storage.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	label, err := gamelog.NewMatchLabels(o.ctx, o.h.Store, o.e.ID).Label(&id)
	if err != nil {
		return err
	}
	return o.matchGroup(label, m)
}

// find offers the players the judge's search finds: a table's two in the
// latest round for a number, else those whose name holds it.
func (o *offer) find() error {
	q := o.f.Find
	if q == "" {
		return nil
	}
	if table, err := strconv.Atoi(q); err == nil && table > 0 {
		return o.table(table)
	}
	entries, err := o.h.Store.EntryNames(o.ctx, o.e.ID)
	if err != nil {
		return err
	}
	matches, _ := web.FindRows(entries, q, func(en storage.EntryName, needle string) bool {
		return web.NameMatches(en.PlayerName, needle)
	})
	found, shown := len(matches), matches[:min(len(matches), foundPlayersShown)]
	switch {
	case found == 0:
		o.f.Found = i18n.M("JudgeNoPlayerFound", i18n.Args{"Query": q})
	case found > foundPlayersShown:
		o.f.Found = i18n.M("JudgePlayersFoundFirst", i18n.Args{"Count": found, "Query": q, "Shown": foundPlayersShown})
	default:
		o.f.Found = i18n.MN("PlayersFound", found, i18n.Args{"Query": q})
	}
	o.group(i18n.M("JudgeFoundPlayersGroup", i18n.Args{"Query": q}), shown)
	return nil
}

// table offers the players at a table of the latest round.
func (o *offer) table(table int) error {
	r, err := o.h.Store.LatestRound(o.ctx, o.e.ID)
	if errors.Is(err, storage.ErrNotFound) {
		o.f.Found = i18n.M("JudgeNoRoundYet", nil)
		return nil
	}
	if err != nil {
		return err
	}
	m, err := o.h.Store.MatchAtTable(o.ctx, r.ID, table)
	if errors.Is(err, storage.ErrNotFound) {
		o.f.Found = i18n.M("JudgeNoSuchTable", i18n.Args{"Table": table, "Round": r.Number})
		return nil
	}
	if err != nil {
		return err
	}
	o.f.Found = i18n.M("JudgeTableFound", i18n.Args{"Table": table, "Round": r.Number})
	return o.matchGroup(i18n.M("JudgeTableGroup", i18n.Args{"Table": table, "Round": r.Number}), m)
}

// chosen keeps the player already chosen (a form sent back) on offer.
func (o *offer) chosen() error {
	id, ok := optionalID(o.f.Entry)
	if !ok || id == nil || o.offered[*id] {
		return nil
	}
	en, err := o.h.Store.EntryByID(o.ctx, o.e.ID, *id)
	if errors.Is(err, storage.ErrNotFound) {
		return nil
	} else if err != nil {
		return err
	}
	o.group(i18n.M("JudgeChosenPlayerGroup", nil), []storage.EntryName{{ID: en.ID, PlayerName: en.PlayerName}})
	return nil
}
