package transfer

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The store tokens page (/stores/:store/tokens): the store's organisers
// make a named token for a laptop (shown once), see the tokens and when
// each was last used, and revoke one. The route's middleware has checked
// that the viewer organises the store.

const msgTokenRevoked = "StoreTokenFlashRevoked"

func init() {
	web.RegisterFlashes(map[string]string{msgTokenRevoked: "token-revoked"})
}

// tokenStore is the store of the route (its organiser is checked by the
// route's middleware).
func (h *Handler) tokenStore(c echo.Context) (*accounts.Shop, error) {
	id, err := strconv.ParseInt(c.Param("store"), 10, 64)
	if err != nil || id <= 0 {
		return nil, web.NotFound()
	}
	return accounts.New(h.Store).ShopByID(c.Request().Context(), id)
}

// StoreTokens lists the store's tokens with the form for a new one.
func (h *Handler) StoreTokens(c echo.Context) error {
	return h.renderTokens(c, http.StatusOK, views.StoreTokensPage{})
}

// CreateStoreToken makes a token and shows it, this once.
func (h *Handler) CreateStoreToken(c echo.Context) error {
	sh, err := h.tokenStore(c)
	if err != nil {
		return err
	}
	name := strings.TrimSpace(c.FormValue("name"))
	token, t, err := leagues.New(h.Store).CreateStoreToken(c.Request().Context(), web.ActorOf(c), sh.ID, name)
	if errors.Is(err, storage.ErrInvalid) {
		m := views.StoreTokensPage{NewName: name, Errors: views.FieldProblems{
			"name": i18n.M("StoreTokenNameProblem", i18n.Args{"Max": 100})}}
		return h.renderTokens(c, http.StatusUnprocessableEntity, m)
	} else if err != nil {
		return err
	}
	// The answer holds a secret: no cache may keep it.
	c.Response().Header().Set("Cache-Control", "no-store")
	return h.renderTokens(c, http.StatusOK, views.StoreTokensPage{NewToken: token, NewTokenName: t.Name})
}

// RevokeStoreToken stops a token of the store from working.
func (h *Handler) RevokeStoreToken(c echo.Context) error {
	sh, err := h.tokenStore(c)
	if err != nil {
		return err
	}
	id, err := strconv.ParseInt(c.Param("token"), 10, 64)
	if err != nil {
		return web.NotFound()
	}
	// Another store's token is not found: a store's organiser reaches only
	// their store's tokens.
	if err := leagues.New(h.Store).RevokeStoreToken(c.Request().Context(), web.ActorOf(c), sh.ID, id); err != nil {
		return err
	}
	web.SetFlash(c, msgTokenRevoked)
	return web.Redirect(c, tokensURL(sh.ID))
}

func tokensURL(storeID int64) string {
	return "/stores/" + strconv.FormatInt(storeID, 10) + "/tokens"
}

// renderTokens fills the page's list and renders it.
func (h *Handler) renderTokens(c echo.Context, status int, m views.StoreTokensPage) error {
	sh, err := h.tokenStore(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	ts, err := leagues.New(h.Store).StoreTokens(ctx, sh.ID)
	if err != nil {
		return err
	}
	m.StoreID, m.StoreName, m.Zone = sh.ID, sh.Name, time.Local
	if m.PushURL, err = h.PublicURL(c, ""); err != nil {
		return err
	}
	m.PushURL = strings.TrimSuffix(m.PushURL, "/")
	for _, t := range ts {
		m.Tokens = append(m.Tokens, views.StoreTokenRow{ID: t.ID, Name: t.Name, CreatedAt: t.CreatedAt,
			LastUsedAt: t.LastUsedAt, RevokedAt: t.RevokedAt})
	}
	return web.Render(c, status, views.StoreTokensView(h.PageTitled(c, i18n.M("StoreTokensTitle", i18n.Args{"Store": sh.Name})), m))
}
