// Package seasons is a store's seasons and the instance's regional
// leagues (storage/leagues): the organiser's forms, the events that count,
// and the public leaderboard with its projector view, print sheet and CSV.
//
// A store's seasons are under /stores/:store/seasons, for its organisers
// and the instance admin; regional leagues (no store, several stores)
// under /leagues, for the instance admin only. The leaderboard,
// /seasons/:season, is public when the season is, and always shown to
// those who may change the season.
package seasons

import (
	"errors"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Handler serves the season pages.
type Handler struct {
	*web.Kit
	// The boards computed and the public pages rendered, by league
	// version (kept.go).
	boards *web.Keep[*readmodel.SeasonBoard]
	pages  *web.Keep[*web.SharedPage]
}

// New is the seasons of kit's store.
func New(kit *web.Kit) *Handler {
	return &Handler{Kit: kit, boards: web.NewKeep[*readmodel.SeasonBoard](keptBoards), pages: web.NewKeep[*web.SharedPage](keptBoardPages)}
}

// Flash notices of the season pages.
const (
	msgCreated  = "LeagueFlashCreated"
	msgSaved    = "LeagueFlashSaved"
	msgDeleted  = "LeagueFlashDeleted"
	msgEventSet = "LeagueFlashEventSet"
)

func init() {
	web.RegisterFlashes(map[string]string{
		msgCreated:  "season-created",
		msgSaved:    "season-saved",
		msgDeleted:  "season-deleted",
		msgEventSet: "season-event-set",
	})
}

const ctxStore = "seasons_store"

// scope is where a season's organiser pages hang: a store's seasons, or
// (store nil) the regional leagues.
type scope struct {
	store *accounts.Shop
	base  string // "/stores/1/seasons" or "/leagues"
	param string // the route parameter naming the season
}

func (sc scope) league() bool { return sc.store == nil }

func (sc scope) seasonPath(id int64) string { return sc.base + "/" + strconv.FormatInt(id, 10) }

// scopeOf is the request's scope (RequireStore ran for a store's pages).
func scopeOf(c echo.Context) scope {
	if sh, ok := c.Get(ctxStore).(*accounts.Shop); ok {
		return scope{store: sh, base: "/stores/" + strconv.FormatInt(sh.ID, 10) + "/seasons", param: "season"}
	}
	return scope{base: "/leagues", param: "league"}
}

// RequireStore loads the store in the URL for the instance admin or one
// of its organisers (after RequireOrganiser); anyone else gets 403.
func (h *Handler) RequireStore(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := strconv.ParseInt(c.Param("store"), 10, 64)
		if err != nil || id <= 0 {
			return web.NotFound()
		}
		sh, err := accounts.New(h.Store).ShopByID(c.Request().Context(), id)
		if err != nil {
			return err
		}
		ok, err := h.OrganisesStore(c, web.CurrentUser(c), sh.ID)
		if err != nil {
			return err
		}
		if !ok {
			return web.Refused(i18n.M("NotYourStore", nil))
		}
		c.Set(ctxStore, sh)
		return next(c)
	}
}

// season loads the season the URL names within the scope: a season of
// another store, or a store's season under /leagues, is not found.
func (h *Handler) season(c echo.Context, sc scope) (*leagues.Season, error) {
	id, err := strconv.ParseInt(c.Param(sc.param), 10, 64)
	if err != nil || id <= 0 {
		return nil, web.NotFound()
	}
	se, err := leagues.New(h.Store).SeasonByID(c.Request().Context(), id)
	if err != nil {
		return nil, err
	}
	switch {
	case sc.league() && !se.IsLeague():
		return nil, web.NotFound()
	case !sc.league() && (se.IsLeague() || *se.StoreID != sc.store.ID):
		return nil, web.NotFound()
	}
	return se, nil
}

// organises reports whether the signed-in user may change the season: an
// organiser of its store, or the instance admin (the only one who changes
// a regional league).
func (h *Handler) organises(c echo.Context, se *leagues.Season) (bool, error) {
	u := web.CurrentUser(c)
	if u == nil || u.Role != storage.RoleOrganiser {
		return false, nil
	}
	if se.IsLeague() {
		return u.IsAdmin, nil
	}
	return h.OrganisesStore(c, u, *se.StoreID)
}

// editPath is where the season's organiser pages are.
func editPath(se *leagues.Season) string {
	if se.IsLeague() {
		return "/leagues/" + strconv.FormatInt(se.ID, 10)
	}
	return "/stores/" + strconv.FormatInt(*se.StoreID, 10) + "/seasons/" + strconv.FormatInt(se.ID, 10)
}

func boardPath(id int64) string { return "/seasons/" + strconv.FormatInt(id, 10) }

// isInvalid unwraps storage's list of field problems.
func isInvalid(err error) (*storage.InvalidError, bool) {
	var inv *storage.InvalidError
	ok := errors.As(err, &inv)
	return inv, ok
}
