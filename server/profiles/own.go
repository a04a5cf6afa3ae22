package profiles

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The signed-in player's own pages (/me): who sees their profile, their
// own sign-in link, the download of everything stored about them, and
// their removal. Anyone not signed in as a player gets 404.

// playerSignedOut is what a visitor who is not signed in as a player reads.
var playerSignedOut = i18n.M("ProfileErrSignedOut", nil)

// playerActor is the player as the audit log names them.
func playerActor(p *storage.Player) storage.Actor { return storage.PlayerActor(p.Name) }

func (h *Handler) playerPage(c echo.Context, title i18n.Message) views.Page {
	p := h.PageTitled(c, title)
	p.ForPlayer = true
	return p
}

// Own shows the signed-in player's settings.
func (h *Handler) Own(c echo.Context) error {
	p, err := h.requirePlayer(c)
	if err != nil {
		return err
	}
	return h.ownPage(c, p, nil, http.StatusOK)
}

// ownPage is the player's settings, with the password form's problems.
func (h *Handler) ownPage(c echo.Context, p *storage.Player, errs views.FieldProblems, status int) error {
	path, err := h.OwnLinkPath(c.Request().Context(), p)
	if err != nil {
		return err
	}
	link, err := h.PublicURL(c, path)
	if err != nil {
		return err
	}
	m := views.OwnProfilePage{PlayerID: p.ID, Name: p.Name, MemberID: p.MemberID, Public: p.Public, SignInURL: link,
		HasPassword: p.HasPassword(), Errors: errs}
	return web.Render(c, status, views.OwnProfileView(h.playerPage(c, i18n.M("ProfileOwnTitle", i18n.Args{"Name": p.Name})), m))
}

// SetPublic shows or hides the player's profile to everyone.
func (h *Handler) SetPublic(c echo.Context) error {
	p, err := h.requirePlayer(c)
	if err != nil {
		return err
	}
	public := c.FormValue("public") == "1"
	if err := h.leagues.SetPlayerPublic(c.Request().Context(), playerActor(p), p.ID, public); err != nil {
		return err
	}
	if public {
		web.SetFlash(c, msgNowPublic)
	} else {
		web.SetFlash(c, msgNowPrivate)
	}
	return web.Redirect(c, "/me")
}

// NewLink makes a new sign-in link for the player: the old one, and every
// browser signed in with it, stop working; this browser stays signed in.
func (h *Handler) NewLink(c echo.Context) error {
	p, err := h.requirePlayer(c)
	if err != nil {
		return err
	}
	gen, err := h.leagues.NewPlayerLinkGeneration(c.Request().Context(), playerActor(p), p.ID)
	if err != nil {
		return err
	}
	p.LinkGeneration = gen
	if err := h.signIn(c, p); err != nil {
		return err
	}
	web.SetFlash(c, msgNewLink)
	return web.Redirect(c, "/me")
}

// Data downloads everything stored about the player, as JSON.
func (h *Handler) Data(c echo.Context) error {
	p, err := h.requirePlayer(c)
	if err != nil {
		return err
	}
	d, err := h.leagues.PlayerDataOf(c.Request().Context(), p.ID)
	if err != nil {
		return err
	}
	body, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	name := "tenkaichi-player-" + strconv.FormatInt(p.ID, 10) + ".json"
	c.Response().Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSONCharsetUTF8, body)
}

// RemoveForm asks the player to confirm their removal.
func (h *Handler) RemoveForm(c echo.Context) error {
	p, err := h.requirePlayer(c)
	if err != nil {
		return err
	}
	return h.removePage(c, p, nil, http.StatusOK)
}

func (h *Handler) removePage(c echo.Context, p *storage.Player, errs views.FieldProblems, status int) error {
	m := views.RemovePlayerPage{Name: p.Name, Errors: errs}
	return web.Render(c, status, views.RemovePlayerView(h.playerPage(c, i18n.M("ProfileRemoveTitle", nil)), m))
}

// Remove removes the player at their request, once they confirmed it: it
// cannot be undone.
func (h *Handler) Remove(c echo.Context) error {
	p, err := h.requirePlayer(c)
	if err != nil {
		return err
	}
	if c.FormValue("confirm") != "1" {
		return h.removePage(c, p, views.FieldProblems{"confirm": i18n.M("ProfileErrConfirmRemoval", nil)}, http.StatusUnprocessableEntity)
	}
	// The audit row of the removal names the player as they are from now on.
	actor := storage.PlayerActor(storage.AnonymousName(p.ID))
	if err := h.leagues.AnonymisePlayer(c.Request().Context(), actor, p.ID); err != nil {
		return err
	}
	h.signOut(c)
	web.SetFlash(c, msgRemoved)
	return web.Redirect(c, "/")
}

// SignOut forgets the player on this browser.
func (h *Handler) SignOut(c echo.Context) error {
	h.signOut(c)
	web.SetFlash(c, msgSignedOut)
	return web.Redirect(c, "/")
}
