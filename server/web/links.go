package web

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/instance"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Players have no account: each entry has a secret link /p/{token}. The
// token is an HMAC of the entry's id and link generation under a key kept in
// the database, so every instance derives the same link, the organiser can
// show it again (to print or re-scan), and a new generation revokes it. The
// entry row stores only the token's SHA-256 for lookup.

// The public address is where phones reach this server. QR codes, posters,
// slips and player links are built on it. It comes from --base-url (or
// TENKAICHI_BASE_URL), else from the organiser's setting, else from the
// address the organiser's own browser used, which is only right when that
// browser used an address the phones can reach too.

// LinkKeyName is the database secret the player links are derived from.
const LinkKeyName = "player-links"

type linkKeys struct {
	mu  sync.Mutex
	key []byte
}

// LinkKey is the key of the player links, read once from the database.
func (k *Kit) LinkKey(ctx context.Context) ([]byte, error) {
	k.links.mu.Lock()
	defer k.links.mu.Unlock()
	if k.links.key == nil {
		key, err := instance.New(k.Store).Secret(ctx, LinkKeyName)
		if err != nil {
			return nil, err
		}
		k.links.key = key
	}
	return k.links.key, nil
}

// PlayerToken is the secret of an entry's phone link.
func PlayerToken(key []byte, entryID int64, generation int) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("entry:" + strconv.FormatInt(entryID, 10) + ":" + strconv.Itoa(generation)))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// PlayerPath is the path of an entry's phone page.
func (k *Kit) PlayerPath(ctx context.Context, e *storage.Entry) (string, error) {
	key, err := k.LinkKey(ctx)
	if err != nil {
		return "", err
	}
	return "/p/" + PlayerToken(key, e.ID, e.TokenGeneration), nil
}

// baseURL is the configured public address: the flag wins over the
// organiser's setting; "" when neither is set.
func (k *Kit) baseURL(c echo.Context) (string, error) {
	if k.FixedBaseURL != "" {
		return k.FixedBaseURL, nil
	}
	return instance.New(k.Store).Setting(c.Request().Context(), instance.SettingBaseURL)
}

// PublicURL makes a full link for a QR code, poster, slip or player link.
func (k *Kit) PublicURL(c echo.Context, path string) (string, error) {
	base, err := k.baseURL(c)
	if err != nil {
		return "", err
	}
	if base == "" {
		base = c.Scheme() + "://" + c.Request().Host
	}
	return base + path, nil
}

// AddressWarning is set when the links on a page will not open on a phone:
// no public address is configured and this page was opened on a loopback
// address (127.0.0.1, localhost, ::1), which every phone takes as itself.
func (k *Kit) AddressWarning(c echo.Context) (*views.AddressWarning, error) {
	base, err := k.baseURL(c)
	if err != nil || base != "" {
		return nil, err
	}
	host := c.Request().Host
	if !isLoopbackHost(host) {
		return nil, nil
	}
	u := CurrentUser(c)
	w := &views.AddressWarning{Host: host, Path: c.Request().URL.RequestURI(), CanSet: u != nil && u.Role == storage.RoleOrganiser && u.IsAdmin}
	ln := k.listenAddr.Load()
	switch {
	case ln == nil:
		// Not served by Serve (embedded): where it listens is unknown.
	case ln.IP.IsLoopback():
		w.LocalOnly = true
	case ln.IP.IsUnspecified():
		w.LAN = lanURLs(c.Scheme(), ln.Port)
		w.NoNetwork = len(w.LAN) == 0
	}
	return w, nil
}

// isLoopbackHost says whether a Host header names this machine only.
func isLoopbackHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.Trim(host, "[]")
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// lanURLs lists the addresses of this machine that other devices on its
// networks can use: IPv4 first, then global IPv6; no loopback or link-local.
func lanURLs(scheme string, port int) []string {
	ifaces, err := net.Interfaces()
	if err != nil {
		return nil
	}
	var v4, v6 []string
	for _, ifc := range ifaces {
		if ifc.Flags&net.FlagUp == 0 || ifc.Flags&net.FlagLoopback != 0 {
			continue
		}
		addrs, err := ifc.Addrs()
		if err != nil {
			continue
		}
		for _, a := range addrs {
			n, ok := a.(*net.IPNet)
			if !ok || n.IP.IsLoopback() || n.IP.IsLinkLocalUnicast() || !n.IP.IsGlobalUnicast() {
				continue
			}
			u := scheme + "://" + net.JoinHostPort(n.IP.String(), strconv.Itoa(port))
			if n.IP.To4() != nil {
				v4 = append(v4, u)
			} else {
				v6 = append(v6, u)
			}
		}
	}
	return append(v4, v6...)
}

// Player links are unguessable (256-bit HMACs), but an address that keeps
// presenting wrong links is slowed down all the same: after this many misses
// in the window its wrong links get 429 instead of 404, and no more misses
// are written. A valid link always works, so one player guessing on the
// venue's Wi-Fi (one shared address) cannot lock out everyone's phones. The
// misses are in the database, so every instance sees the same count.
const (
	linkMissWindow = 10 * time.Minute
	linkMissLimit  = 30
)

// PlayerFromLink finds the entry of the /p/:token link.
func (k *Kit) PlayerFromLink(c echo.Context) (*storage.Entry, *storage.Event, error) {
	ctx := c.Request().Context()
	en, err := k.Store.EntryByTokenHash(ctx, HashToken(c.Param("token")))
	if errors.Is(err, storage.ErrNotFound) {
		return nil, nil, k.LinkMiss(c)
	}
	if err != nil {
		return nil, nil, err
	}
	ev, err := k.Store.EventByID(ctx, en.EventID)
	if err != nil {
		return nil, nil, err
	}
	return en, ev, nil
}

// LinkMiss counts a wrong player link and says so, or says to wait when the
// address has had too many.
func (k *Kit) LinkMiss(c echo.Context) error {
	ctx, ip := c.Request().Context(), c.RealIP()
	misses, err := accounts.New(k.Store).LinkMisses(ctx, ip, k.Now().Add(-linkMissWindow))
	if err != nil {
		return err
	}
	if misses >= linkMissLimit {
		c.Response().Header().Set("Retry-After", strconv.Itoa(int(linkMissWindow.Seconds())))
		return Failed(http.StatusTooManyRequests, i18n.M("PhoneTooManyWrongLinks", nil))
	}
	if err := accounts.New(k.Store).RecordLinkMiss(ctx, ip); err != nil {
		return err
	}
	return Failed(http.StatusNotFound, i18n.M("PhoneLinkNotValid", nil))
}

// EventURL is a path under an event: EventURL(7, "/rounds") is "/events/7/rounds".
func EventURL(id int64, rest string) string {
	return "/events/" + strconv.FormatInt(id, 10) + rest
}
