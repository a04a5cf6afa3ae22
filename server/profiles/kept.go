package profiles

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// A public profile as every visitor without an account or a player's
// sign-in sees it is rendered once per player version (leagues.
// PlayerVersion, read first with one query: a change to the player, one of
// their events or a season changes it, on whichever instance it is made)
// and day (the seasons running today), kept compressed with an ETag.

const keptProfiles = 4096

// keptProfile is what an anonymous visitor gets for a profile's address:
// the page, a redirect to the record it was merged into, or (neither) 404.
type keptProfile struct {
	page     *web.SharedPage
	redirect string
}

// anonymous says whether the request sees profiles as everyone does.
func anonymous(c echo.Context) bool {
	if !web.PublicView(c) {
		return false
	}
	ck, err := c.Cookie(playerCookie)
	return err != nil || ck.Value == ""
}

// publicProfile answers an anonymous visitor's profile request as kept.
func (h *Handler) publicProfile(c echo.Context, id int64) error {
	ctx := c.Request().Context()
	v, err := h.leagues.PlayerVersion(ctx, id)
	if err != nil {
		return err
	}
	version := v + "/" + h.Today().Format(time.DateOnly)
	key := strconv.FormatInt(id, 10) + "/" + i18n.Lang(ctx)
	kp, err := h.pages.Get(key, version, func() (*keptProfile, error) { return h.renderPublicProfile(c, id) })
	switch {
	case err != nil:
		return err
	case kp.redirect != "":
		return c.Redirect(http.StatusMovedPermanently, kp.redirect)
	case kp.page == nil:
		return web.NotFound()
	}
	return web.SendShared(c, kp.page)
}

// renderPublicProfile renders the profile as everyone sees it, or says
// where the address leads instead.
func (h *Handler) renderPublicProfile(c echo.Context, id int64) (*keptProfile, error) {
	// Shared by the requests waiting for it: not cancelled with this one.
	ctx := context.WithoutCancel(c.Request().Context())
	p, err := h.Store.LivePlayer(ctx, id)
	if errors.Is(err, storage.ErrNotFound) {
		return &keptProfile{}, nil
	}
	if err != nil {
		return nil, err
	}
	if !p.Public || p.AnonymisedAt != nil {
		return &keptProfile{}, nil
	}
	if p.ID != id {
		return &keptProfile{redirect: "/players/" + strconv.FormatInt(p.ID, 10)}, nil
	}
	prof, err := h.freshProfile(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	m, err := h.profileModel(c, prof, viewer{stores: map[int64]bool{}})
	if err != nil {
		return nil, err
	}
	page := web.PublicPage(c, "")
	page.Heading = i18n.Verbatim(p.Name)
	sp, err := web.RenderShared(ctx, views.ProfileView(page, m))
	return &keptProfile{page: sp}, err
}
