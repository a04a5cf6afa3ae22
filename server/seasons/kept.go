package seasons

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// A leaderboard is computed once per league version (leagues.LeagueVersion,
// read first with one query: any change to a finished event, a player or a
// season changes it, on whichever instance it is made) and kept; so is
// its page as every visitor without an account sees it, compressed, with
// an ETag. The board is shown 100 rows a page, and searched by name.

const (
	boardRows      = 100  // rows a page
	boardEvents    = 50   // latest events listed
	keptBoards     = 32   // boards kept (a regional one of 20,000 players is about 4 MB)
	keptBoardPages = 1024 // public pages kept
)

// keptBoard is the URL's season's board, computed again only when the
// league version changed, with that version.
func (h *Handler) keptBoard(c echo.Context) (*readmodel.SeasonBoard, string, error) {
	id, err := strconv.ParseInt(c.Param("season"), 10, 64)
	if err != nil || id <= 0 {
		return nil, "", web.NotFound()
	}
	ctx := c.Request().Context()
	v, err := leagues.New(h.Store).LeagueVersion(ctx)
	if err != nil {
		return nil, "", err
	}
	version := strconv.FormatInt(v, 10)
	b, err := h.boards.Get(strconv.FormatInt(id, 10), version, func() (*readmodel.SeasonBoard, error) {
		// Shared by the requests waiting for it: not cancelled with this one.
		return readmodel.LoadSeasonBoard(context.WithoutCancel(ctx), h.Store, id)
	})
	return b, version, err
}

// boardSelection is which of the board's rows a request asks for.
type boardSelection struct {
	page   int
	query  string
	player int64
}

func selectionOf(c echo.Context) boardSelection {
	sel := boardSelection{page: 1, query: strings.TrimSpace(c.QueryParam("q"))}
	if n, err := strconv.Atoi(c.QueryParam("page")); err == nil && n > 0 {
		sel.page = n
	}
	if id, err := strconv.ParseInt(c.QueryParam("player"), 10, 64); err == nil && id > 0 {
		sel.player = id
	}
	return sel
}

// plain says whether the selection is a page of the whole board, as kept.
func (sel boardSelection) plain() bool { return sel.query == "" && sel.player == 0 }

// pageRows narrows m's rows to the page selected: the search's matches,
// the page with the player asked for, or the page number.
func pageRows(m *views.LeaderboardPage, sel boardSelection) {
	rows := m.Rows
	pg := views.LeaderPager{Query: sel.query, SearchURL: boardPath(m.SeasonID), Highlight: sel.player, Page: sel.page}
	if sel.query != "" {
		rows = matching(rows, sel.query)
		pg.ShowAllURL = boardPath(m.SeasonID)
	}
	if sel.player != 0 {
		for i, r := range rows {
			if r.PlayerID == sel.player {
				pg.Page = i/boardRows + 1
			}
		}
	}
	pg.Total = len(rows)
	pg.Pages = max(1, (len(rows)+boardRows-1)/boardRows)
	pg.Page = min(pg.Page, pg.Pages)
	link := func(page int) string {
		q := url.Values{}
		if sel.query != "" {
			q.Set("q", sel.query)
		}
		if page > 1 {
			q.Set("page", strconv.Itoa(page))
		}
		if len(q) == 0 {
			return boardPath(m.SeasonID)
		}
		return boardPath(m.SeasonID) + "?" + q.Encode()
	}
	if pg.Page > 1 {
		pg.PrevURL = link(pg.Page - 1)
	}
	if pg.Page < pg.Pages {
		pg.NextURL = link(pg.Page + 1)
	}
	from := (pg.Page - 1) * boardRows
	m.Rows = rows[from:min(len(rows), from+boardRows)]
	m.Pager = pg
}

// matching are the rows whose player's name has the query in it, case and
// accents aside.
func matching(rows []views.LeaderRow, query string) []views.LeaderRow {
	key := storage.NameKey(query)
	var out []views.LeaderRow
	for _, r := range rows {
		if strings.Contains(storage.NameKey(r.Name), key) {
			out = append(out, r)
		}
	}
	return out
}

// latestEvents keeps the board's list of events to the latest ones.
func latestEvents(m *views.LeaderboardPage) {
	if n := len(m.Events); n > boardEvents {
		m.MoreEventsHidden = n - boardEvents
		m.Events = m.Events[n-boardEvents:]
	}
}

// sendPublicBoard sends the page of the board as every visitor without an
// account sees it, rendered and compressed once per league version.
func (h *Handler) sendPublicBoard(c echo.Context, b *readmodel.SeasonBoard, version string, sel boardSelection) error {
	ctx := c.Request().Context()
	// A page past the last is the last: one kept page, whatever is asked.
	sel.page = min(sel.page, max(1, (len(b.Board.Rows)+boardRows-1)/boardRows))
	key := strconv.FormatInt(b.Season.ID, 10) + "/" + i18n.Lang(ctx) + "/" + strconv.Itoa(sel.page)
	page, err := h.pages.Get(key, version, func() (*web.SharedPage, error) {
		m, err := h.boardPage(c, b, false)
		if err != nil {
			return nil, err
		}
		pageRows(&m, sel)
		p := web.PublicPage(c, "")
		p.Heading = i18n.Verbatim(b.Season.Name)
		p.Back = m.Pager.SearchURL
		return web.RenderShared(context.WithoutCancel(ctx), views.LeaderboardView(p, m))
	})
	if err != nil {
		return err
	}
	return web.SendShared(c, page)
}

// Leaderboard shows a season's leaderboard, a page of it.
func (h *Handler) Leaderboard(c echo.Context) error {
	b, mine, version, err := h.visibleBoard(c)
	if err != nil {
		return err
	}
	sel := selectionOf(c)
	if web.PublicView(c) && sel.plain() {
		return h.sendPublicBoard(c, b, version, sel)
	}
	m, err := h.boardPage(c, b, mine)
	if err != nil {
		return err
	}
	pageRows(&m, sel)
	return web.Render(c, http.StatusOK, views.LeaderboardView(h.PageTitled(c, i18n.Verbatim(b.Season.Name)), m))
}
