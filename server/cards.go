package server

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/deckproblem"
	"github.com/tenkaichi-org/tenkaichi/views/fileproblem"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// maxCardFile bounds a card list upload; the full Fusion World list is ~1 MB.
const maxCardFile = 32 << 20

func (s *Server) cardsPage(c echo.Context, m views.CardsPage, status int) error {
	ctx := c.Request().Context()
	for _, eg := range web.EventGames {
		n, err := carddata.New(s.Store).CountCards(ctx, eg.ID)
		if err != nil {
			return err
		}
		m.Games = append(m.Games, views.GameCards{Label: web.GameName(ctx, eg.ID), Count: n})
	}
	lists, err := carddata.New(s.Store).BanLists(ctx)
	if err != nil {
		return err
	}
	builtin := rules.BuiltinBanLists()
	for _, eg := range web.EventGames {
		g := eg.ID
		for _, v := range lists.Versions(g) {
			isBuiltin := false
			if b := builtin.InForce(g, v.EffectiveDate()); b != nil && b.Effective == v.Effective && b.Name == v.Name {
				isBuiltin = true
			}
			m.BanLists = append(m.BanLists, views.BanListRow{
				Game: string(g), GameLabel: web.GameShortName(ctx, g), Name: v.Name, Effective: i18n.Date(ctx, v.EffectiveDate()),
				Entries: len(v.Entries), Builtin: isBuiltin, URL: "/banlists/" + string(g) + "/" + url.PathEscape(v.Effective),
			})
		}
	}
	u := web.CurrentUser(c)
	m.CanChange = u != nil && u.IsAdmin
	return web.Render(c, status, views.CardsPageView(s.PageTitled(c, i18n.M("JudgeCardsHeading", nil)), m))
}

func (s *Server) showCards(c echo.Context) error {
	return s.cardsPage(c, views.CardsPage{}, http.StatusOK)
}

func (s *Server) importCards(c echo.Context) error {
	fh, err := c.FormFile("file")
	if err != nil {
		return s.cardsPage(c, views.CardsPage{ImportProblem: i18n.M("JudgeImportNoFile", nil)}, http.StatusUnprocessableEntity)
	}
	f, err := fh.Open()
	if err != nil {
		return err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxCardFile+1))
	if err != nil {
		return err
	}
	if len(data) > maxCardFile {
		return s.cardsPage(c, views.CardsPage{ImportProblem: i18n.M("JudgeImportTooLarge", i18n.Args{"Max": "32 MB"})}, http.StatusRequestEntityTooLarge)
	}
	format := rules.CardFileAuto
	if strings.HasSuffix(strings.ToLower(fh.Filename), ".csv") {
		format = rules.CardFileCSV
	}
	cards, err := rules.ReadCards(strings.NewReader(string(data)), format)
	if err != nil {
		// The reader's errors name the record or line and are safe to show.
		return s.cardsPage(c, views.CardsPage{ImportProblem: i18n.M("JudgeImportFailed", i18n.Args{"File": fh.Filename, "Problem": fileproblem.Text(c.Request().Context(), err)})}, http.StatusUnprocessableEntity)
	}
	if len(cards) == 0 {
		return s.cardsPage(c, views.CardsPage{ImportProblem: i18n.M("JudgeImportEmpty", nil)}, http.StatusUnprocessableEntity)
	}
	defer s.cards.Forget() // after the import, whatever its outcome
	if err := carddata.New(s.Store).ImportCards(c.Request().Context(), web.ActorOf(c), cards, nil); err != nil {
		return err
	}
	web.SetFlash(c, msgCardsImported)
	return web.Redirect(c, "/cards")
}

func (s *Server) saveBanList(c echo.Context) error {
	text := c.FormValue("banlist")
	versions, err := rules.ReadBanLists(strings.NewReader(text))
	if err == nil && len(versions) == 0 {
		return s.cardsPage(c, views.CardsPage{BanListText: text, BanListProblem: i18n.M("JudgeBanListNoVersion", nil)}, http.StatusUnprocessableEntity)
	}
	if err != nil {
		return s.cardsPage(c, views.CardsPage{BanListText: text, BanListProblem: i18n.M("JudgeBanListFailed", i18n.Args{"Problem": fileproblem.Text(c.Request().Context(), err)})}, http.StatusUnprocessableEntity)
	}
	for _, v := range versions {
		if err := carddata.New(s.Store).SaveBanListVersion(c.Request().Context(), web.ActorOf(c), v); err != nil {
			return s.cardsPage(c, views.CardsPage{BanListText: text, BanListProblem: i18n.M("JudgeBanListFailed", i18n.Args{"Problem": fileproblem.Text(c.Request().Context(), err)})}, http.StatusUnprocessableEntity)
		}
	}
	web.SetFlash(c, msgBanListSaved)
	return web.Redirect(c, "/cards")
}

func (s *Server) showBanList(c echo.Context) error {
	lists, err := carddata.New(s.Store).BanLists(c.Request().Context())
	if err != nil {
		return err
	}
	g := rules.Game(c.Param("game"))
	for _, v := range lists.Versions(g) {
		if v.Effective != c.Param("effective") {
			continue
		}
		// A list names its cards by number; the name comes from the list when
		// it gives one, else from the stored card pool.
		pool, err := carddata.New(s.Store).CardPool(c.Request().Context(), g)
		if err != nil {
			return err
		}
		d := views.BanListDetail{GameLabel: web.GameShortName(c.Request().Context(), g), Name: v.Name, Effective: i18n.Date(c.Request().Context(), v.EffectiveDate()), Source: v.Source}
		for _, e := range v.Entries {
			status := i18n.M("JudgeBanned", nil)
			if e.Status == rules.StatusLimited {
				status = i18n.M("JudgeLimitedTo", i18n.Args{"Limit": e.Limit})
			}
			// The list's own name, else the pool's; a Japanese page says
			// the card data's Japanese name where it has one.
			name := i18n.Verbatim(e.Name)
			if card, ok := pool.Card(e.Number); ok && (e.Name == "" || web.CardName(c.Request().Context(), card) != card.Name) {
				name = i18n.Verbatim(web.CardName(c.Request().Context(), card))
			}
			if name.IsZero() {
				name = i18n.M("BanCardNotInPool", nil)
			}
			d.Entries = append(d.Entries, views.BanEntryRow{Number: e.Number, Name: name, Status: status, Since: i18n.DateOf(c.Request().Context(), e.Since)})
		}
		return web.Render(c, http.StatusOK, views.BanListPage(s.PageTitled(c, i18n.BanListNamed(v.Name)), d))
	}
	return web.NotFound()
}

func formatChoices(ctx context.Context) []views.Option {
	var out []views.Option
	for _, f := range rules.Formats() {
		out = append(out, views.Option{Value: f.ID, Label: web.GameFormatName(ctx, f.ID)})
	}
	return out
}

func (s *Server) deckCheckForm(c echo.Context) error {
	f := views.DeckCheckForm{Format: "fw-standard", Date: s.Today().Format(time.DateOnly), Formats: formatChoices(c.Request().Context())}
	return web.Render(c, http.StatusOK, views.DeckCheckPage(s.PageTitled(c, i18n.M("JudgeCheckDecklist", nil)), f))
}

func (s *Server) deckCheck(c echo.Context) error {
	f := views.DeckCheckForm{
		Format: c.FormValue("format"), Date: strings.TrimSpace(c.FormValue("date")), Deck: c.FormValue("deck"),
		Formats: formatChoices(c.Request().Context()), Errors: views.FieldProblems{},
	}
	format, ok := rules.LookupFormat(f.Format)
	game := rules.GameFusionWorld
	if !ok {
		f.Errors["format"] = i18n.M("JudgeFormatProblem", nil)
	} else {
		game = format.Game
	}
	date, err := time.Parse(time.DateOnly, f.Date)
	if err != nil {
		f.Errors["date"] = i18n.M("JudgeDateProblem", nil)
	}
	pool, err := carddata.New(s.Store).CardPool(c.Request().Context(), game)
	if err != nil {
		return err
	}
	web.WithCardNames(c, pool)
	var deck *rules.Decklist
	if problem := web.DeckTextTrouble(f.Deck, game); !problem.IsZero() {
		f.Errors["deck"] = problem
		f.Deck = web.ShowableText(f.Deck)
	} else if deck, err = web.ParseDeckText(f.Deck, pool); err != nil {
		f.Errors["deck"] = i18n.Verbatim(deckproblem.ReadError(c.Request().Context(), err))
	}
	if len(f.Errors) > 0 {
		return web.Render(c, http.StatusUnprocessableEntity, views.DeckCheckPage(s.PageTitled(c, i18n.M("JudgeCheckDecklist", nil)), f))
	}
	res, err := s.checkDeck(c, format, pool, deck, f.Deck, date)
	if err != nil {
		return err
	}
	f.Result = res
	return web.Render(c, http.StatusOK, views.DeckCheckPage(s.PageTitled(c, i18n.M("JudgeCheckDecklist", nil)), f))
}

// checkDeck validates a parsed deck against the stored pool and ban lists.
func (s *Server) checkDeck(c echo.Context, format *rules.Format, pool rules.CardPool, deck *rules.Decklist, text string, date time.Time) (*views.DeckResult, error) {
	ctx := c.Request().Context()
	bans, err := carddata.New(s.Store).BanLists(ctx)
	if err != nil {
		return nil, err
	}
	return deckResultView(ctx, format.Validate(deck, pool, bans, date), text, deck), nil
}

// deckSizes is a checked deck's sizes in its game's words: the side deck
// in Fusion World, the Z-Deck in Masters, the Sensei deck in Score DBZ, and
// what the DBZ CCGs count in the deck's size.
func deckSizes(r rules.Result, deck *rules.Decklist) i18n.Message {
	count := func(n int) i18n.Message { return i18n.MN("CardCount", n, nil) }
	section := func(s rules.DeckSection) int {
		n := 0
		if deck != nil {
			for _, e := range deck.Entries {
				if e.Section == s {
					n += e.Count
				}
			}
		}
		return n
	}
	game := rules.GameFusionWorld
	if f, ok := rules.LookupFormat(r.Format); ok {
		game = f.Game
	}
	switch game {
	case rules.GameMasters:
		return i18n.M("DeckSizesMasters", i18n.Args{"Main": count(r.Main), "Z": count(section(rules.SectionZDeck))})
	case rules.GameScoreDBZ:
		return i18n.M("DeckSizesScoreDBZ", i18n.Args{"Main": count(r.Main), "Sensei": count(section(rules.SectionSensei))})
	case rules.GamePaniniDBZ:
		return i18n.M("DeckSizesPaniniDBZ", i18n.Args{"Main": count(r.Main)})
	}
	return i18n.M("DeckSizes", i18n.Args{"Main": count(r.Main), "Side": count(r.Side)})
}

// deckResultView is a checked list as pages show it: each problem with the
// text of its line (a phone's text box has no line numbers), and a note when
// the first line was taken for the deck's name rather than a card.
func deckResultView(ctx context.Context, r rules.Result, text string, deck *rules.Decklist) *views.DeckResult {
	out := &views.DeckResult{Legal: r.Legal, Format: r.Format, BanList: r.BanList, Leader: r.Leader, Main: r.Main, Side: r.Side,
		Sizes: deckSizes(r, deck)}
	lines := strings.Split(text, "\n")
	lineText := func(n int) string { return web.DeckLineText(lines, n) }
	for _, p := range r.Problems {
		out.Problems = append(out.Problems, views.DeckProblem{Line: p.Line, Text: lineText(p.Line), Card: p.Card, Rule: p.Rule, Message: p.Message, Key: p.Key, Args: p.Args})
	}
	if deck != nil && deck.Name != "" {
		for i := range lines {
			if t := lineText(i + 1); t != "" {
				if t == deck.Name {
					out.NameNote = i18n.M("DeckNameLine", i18n.Args{"Line": i + 1, "Text": t})
				}
				break
			}
		}
	}
	return out
}
