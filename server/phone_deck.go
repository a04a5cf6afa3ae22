package server

import (
	"errors"
	"net/http"
	"sort"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/storage/decklists"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/deckproblem"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// A player's decklist, pasted on their page and checked at once against
// the event's format and the ban list in force on its date.

func (s *Server) playerDeck(c echo.Context) error {
	en, ev, err := s.PlayerFromLink(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	text := c.FormValue("deck")
	if ev.Status == storage.StatusFinished {
		return s.refuseFinishedDeck(c, en, ev, text)
	}
	_, sub, ferr := s.checkEntryDeck(c, ev, en, text)
	if !ferr.IsZero() {
		return s.renderPlayerHome(c, en, ev, views.PlayerHome{DeckText: web.ShowableText(text), DeckErrors: views.FieldProblems{"deck": ferr}}, http.StatusUnprocessableEntity)
	}
	err = decklists.New(s.Store).SaveDeck(ctx, storage.PlayerActor(en.PlayerName), ev.ID, en.ID, sub, false)
	if errors.Is(err, decklists.ErrDecksFinished) {
		return s.refuseFinishedDeck(c, en, ev, text)
	}
	if errors.Is(err, decklists.ErrDecksLocked) {
		return s.renderPlayerHome(c, en, ev, views.PlayerHome{DeckText: text, Problem: i18n.M("PhoneDecksLocked", nil)}, http.StatusConflict)
	}
	if errors.Is(err, decklists.ErrDeckDeadline) {
		return s.renderPlayerHome(c, en, ev, views.PlayerHome{DeckText: text, Problem: i18n.M("PhoneDeckDeadlinePassed", nil)}, http.StatusConflict)
	}
	if err != nil {
		return err
	}
	// Post/redirect/get: the player's page shows the saved list with every
	// problem at once, and a reload resends nothing.
	web.SetFlash(c, msgDeckSaved)
	return web.Redirect(c, "/p/"+c.Param("token"))
}

// refuseFinishedDeck answers a list sent after the event finished: its
// lists are final, whatever the text says.
func (s *Server) refuseFinishedDeck(c echo.Context, en *storage.Entry, ev *storage.Event, text string) error {
	msg := i18n.M("PhoneDecksFinished", nil)
	return s.renderPlayerHome(c, en, ev, views.PlayerHome{DeckText: web.ShowableText(text), Problem: msg}, http.StatusConflict)
}

// checkEntryDeck checks a pasted list against the event's format and the ban
// list in force on its date. A list that cannot be read returns a message
// naming the line.
func (s *Server) checkEntryDeck(c echo.Context, ev *storage.Event, en *storage.Entry, text string) (*views.DeckResult, decklists.DeckSubmission, i18n.Message) {
	var sub decklists.DeckSubmission
	ctx := c.Request().Context()
	format, ok := rules.LookupFormat(ev.Format)
	if !ok {
		return nil, sub, i18n.M("PhoneFormatUncheckable", nil)
	}
	if problem := web.DeckTextTrouble(text, format.Game); !problem.IsZero() {
		return nil, sub, problem
	}
	pool, err := carddata.New(s.Store).CardPool(ctx, format.Game)
	if err != nil {
		return nil, sub, i18n.M("PhoneCardPoolUnreadable", nil)
	}
	deck, err := web.ParseDeckText(text, pool)
	if err != nil {
		return nil, sub, i18n.Verbatim(deckproblem.ReadError(ctx, err))
	}
	bans, err := carddata.New(s.Store).BanLists(ctx)
	if err != nil {
		return nil, sub, i18n.M("PhoneBanListsUnreadable", nil)
	}
	r := format.Validate(deck, pool, bans, ev.StartsOn)
	if ev.TeamEvent {
		team, err := s.teamDeckProblems(ctx, format, en, deck, pool)
		if err != nil {
			return nil, sub, i18n.M("PhoneCardPoolUnreadable", nil)
		}
		r.Problems = append(r.Problems, team...)
		r.Legal = r.Legal && len(team) == 0
	}
	view := deckResultView(ctx, r, text, deck)
	sub = decklists.DeckSubmission{Text: text, Status: storage.DeckIllegal, Problems: storage.EncodeDeckProblems(deckProblemFacts(r.Problems)), Leader: r.Leader}
	if r.Legal {
		sub.Status, sub.Problems = storage.DeckLegal, ""
	}
	sub.Colours = deckColours(deck, pool, r, web.GameOf(ev.Game))
	return view, sub, i18n.Message{}
}

// deckColours is what the metagame groups decks by besides their Leader:
// the Leader's colours ("Blue/Red"), or in the DBZ CCGs the style of the
// deck's Mastery ("Saiyan"), which plays the part colours play elsewhere.
func deckColours(deck *rules.Decklist, pool rules.CardPool, r rules.Result, g web.EventGame) string {
	if g.MainPersonality {
		for _, e := range deck.Entries {
			if c, ok := pool.Card(e.Number); ok && rules.DBZKind(c) == rules.KindMastery {
				return c.Extra[rules.ExtraStyle]
			}
		}
		return ""
	}
	if c, ok := pool.Card(r.Leader); ok && r.Leader != "" {
		cols := append([]string(nil), c.Colours...)
		sort.Strings(cols)
		return strings.Join(cols, "/")
	}
	return ""
}
