package profiles

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// A player has no account: they sign in on their phone through the link of
// one of their entries (/p/:token/me) or their own sign-in link
// (/me/signin/:player/:token), derived like the phone links from the
// player's link generation, so a new generation (or their removal) revokes
// it. Signing in leaves a cookie that names the player and that generation,
// signed with the links' key: no session rows for players.

const (
	playerCookie   = "tenkaichi_player"
	playerLifetime = 30 * 24 * time.Hour
)

// mac is the links' HMAC of msg.
func (h *Handler) mac(ctx context.Context, msg string) (string, error) {
	key, err := h.LinkKey(ctx)
	if err != nil {
		return "", err
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(msg))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)), nil
}

// ownLinkToken is the secret of a player's own sign-in link.
func (h *Handler) ownLinkToken(ctx context.Context, playerID int64, generation int) (string, error) {
	return h.mac(ctx, fmt.Sprintf("player:%d:%d", playerID, generation))
}

// OwnLinkPath is the path of the player's own sign-in link.
func (h *Handler) OwnLinkPath(ctx context.Context, p *storage.Player) (string, error) {
	tok, err := h.ownLinkToken(ctx, p.ID, p.LinkGeneration)
	if err != nil {
		return "", err
	}
	return "/me/signin/" + strconv.FormatInt(p.ID, 10) + "/" + tok, nil
}

func sessionMessage(playerID int64, generation int, expires int64) string {
	return fmt.Sprintf("player-session:%d:%d:%d", playerID, generation, expires)
}

// signIn leaves the cookie that signs the player in on this browser.
func (h *Handler) signIn(c echo.Context, p *storage.Player) error {
	expires := h.Now().Add(playerLifetime).Unix()
	sig, err := h.mac(c.Request().Context(), sessionMessage(p.ID, p.LinkGeneration, expires))
	if err != nil {
		return err
	}
	c.SetCookie(&http.Cookie{
		Name: playerCookie, Value: fmt.Sprintf("%d.%d.%d.%s", p.ID, p.LinkGeneration, expires, sig),
		Path: "/", HttpOnly: true, Secure: h.Secure(c), SameSite: http.SameSiteLaxMode, MaxAge: int(playerLifetime.Seconds()),
	})
	return nil
}

// signOut forgets the player on this browser.
func (h *Handler) signOut(c echo.Context) {
	c.SetCookie(&http.Cookie{Name: playerCookie, Value: "", Path: "/", HttpOnly: true, Secure: h.Secure(c), SameSite: http.SameSiteLaxMode, MaxAge: -1})
}

// signedInPlayer is the live record of the player signed in on this
// browser, or nil: no cookie, a forged or expired one, or one of a link
// generation revoked since (a new link, a removal).
func (h *Handler) signedInPlayer(c echo.Context) (*storage.Player, error) {
	ck, err := c.Cookie(playerCookie)
	if err != nil || ck.Value == "" {
		return nil, nil
	}
	parts := strings.Split(ck.Value, ".")
	if len(parts) != 4 {
		return nil, nil
	}
	id, err1 := strconv.ParseInt(parts[0], 10, 64)
	gen, err2 := strconv.Atoi(parts[1])
	expires, err3 := strconv.ParseInt(parts[2], 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || h.Now().Unix() > expires {
		return nil, nil
	}
	want, err := h.mac(c.Request().Context(), sessionMessage(id, gen, expires))
	if err != nil {
		return nil, err
	}
	if !hmac.Equal([]byte(want), []byte(parts[3])) {
		return nil, nil
	}
	return h.liveSignIn(c.Request().Context(), id, gen)
}

// liveSignIn is the live record a sign-in of record id at generation gen
// leads to (the record it was merged into, if it was), or nil when the
// generation is no longer the record's or the player was removed.
func (h *Handler) liveSignIn(ctx context.Context, id int64, gen int) (*storage.Player, error) {
	rec, err := h.Store.PlayerByID(ctx, id)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if rec.LinkGeneration != gen || rec.AnonymisedAt != nil {
		return nil, nil
	}
	live, err := h.Store.LivePlayer(ctx, id)
	if err != nil || live.AnonymisedAt != nil {
		return nil, err
	}
	return live, nil
}

// SignInFromEntry signs in the player of the entry whose phone link this is
// and opens their settings.
func (h *Handler) SignInFromEntry(c echo.Context) error {
	en, _, err := h.PlayerFromLink(c)
	if err != nil {
		return err
	}
	if en.PlayerID == nil {
		return web.NotFound()
	}
	p, err := h.Store.LivePlayer(c.Request().Context(), *en.PlayerID)
	if err != nil {
		return err
	}
	if p.AnonymisedAt != nil {
		return web.NotFound()
	}
	if err := h.signIn(c, p); err != nil {
		return err
	}
	return web.Redirect(c, "/me")
}

// SignInOwnLink signs the player in through their own sign-in link.
func (h *Handler) SignInOwnLink(c echo.Context) error {
	ctx := c.Request().Context()
	id, err := strconv.ParseInt(c.Param("player"), 10, 64)
	if err != nil || id <= 0 {
		return h.LinkMiss(c)
	}
	rec, err := h.Store.PlayerByID(ctx, id)
	if errors.Is(err, storage.ErrNotFound) {
		return h.LinkMiss(c)
	}
	if err != nil {
		return err
	}
	want, err := h.ownLinkToken(ctx, rec.ID, rec.LinkGeneration)
	if err != nil {
		return err
	}
	if !hmac.Equal([]byte(want), []byte(c.Param("token"))) {
		return h.LinkMiss(c)
	}
	p, err := h.liveSignIn(ctx, rec.ID, rec.LinkGeneration)
	if err != nil {
		return err
	}
	if p == nil {
		return h.LinkMiss(c)
	}
	// The merged record's link leads to the record it was merged into; the
	// cookie names the record of the link, whose generation it checks.
	if err := h.signIn(c, rec); err != nil {
		return err
	}
	web.SetFlash(c, msgSignedInHere)
	return web.Redirect(c, "/me")
}

// requirePlayer is the signed-in player, or the error that sends anyone
// else away: 404, as for a wrong phone link.
func (h *Handler) requirePlayer(c echo.Context) (*storage.Player, error) {
	p, err := h.signedInPlayer(c)
	if err != nil {
		return nil, err
	}
	if p == nil {
		return nil, web.Failed(http.StatusNotFound, playerSignedOut)
	}
	return p, nil
}
