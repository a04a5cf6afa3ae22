package server

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The public address is where phones reach this server. QR codes, posters,
// slips and player links are built on it. It comes from --base-url (or
// TENKAICHI_BASE_URL), else from the organiser's setting, else from the
// address the organiser's own browser used, which is only right when that
// browser used an address the phones can reach too.

// ParseBaseURL checks a public address and returns it as "scheme://host[:port]".
// It must be an http or https address of the site's root: the pages use
// absolute paths, so a path prefix could not work.
func ParseBaseURL(raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", nil
	}
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Opaque != "" {
		return "", badBaseURL(func(ctx context.Context) string { return i18n.T(ctx, "AdminBaseURLNotFull", nil) })
	}
	u.Scheme = strings.ToLower(u.Scheme)
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return "", badBaseURL(func(ctx context.Context) string { return i18n.T(ctx, "AdminBaseURLScheme", nil) })
	case u.User != nil:
		return "", badBaseURL(func(ctx context.Context) string { return i18n.T(ctx, "AdminBaseURLUser", nil) })
	case u.Path != "" && u.Path != "/", u.RawQuery != "", u.Fragment != "":
		return "", badBaseURL(func(ctx context.Context) string { return i18n.T(ctx, "AdminBaseURLPath", nil) })
	case u.Hostname() == "":
		return "", badBaseURL(func(ctx context.Context) string { return i18n.T(ctx, "AdminBaseURLNoHost", nil) })
	}
	if p := u.Port(); p != "" {
		if _, err := net.LookupPort("tcp", p); err != nil {
			return "", badBaseURL(func(ctx context.Context) string { return i18n.T(ctx, "AdminBaseURLPort", i18n.Args{"Port": p}) })
		}
	}
	return u.Scheme + "://" + strings.ToLower(u.Host), nil
}

// BaseURLError says what is wrong with a public address: Error is English
// (the command line's flag), Message is in the language of a page.
type BaseURLError struct {
	message func(ctx context.Context) string
}

func badBaseURL(message func(ctx context.Context) string) error { return &BaseURLError{message} }

func (e *BaseURLError) Error() string { return e.Message(context.Background()) }

// Message is the problem in ctx's language.
func (e *BaseURLError) Message(ctx context.Context) string { return e.message(ctx) }

// baseURL is the configured public address: the flag wins over the
// organiser's setting; "" when neither is set.
func (s *Server) baseURL(c echo.Context) (string, error) {
	if s.cfg.BaseURL != "" {
		return s.cfg.BaseURL, nil
	}
	return s.store.Setting(c.Request().Context(), storage.SettingBaseURL)
}

// publicURL makes a full link for a QR code, poster, slip or player link.
func (s *Server) publicURL(c echo.Context, path string) (string, error) {
	base, err := s.baseURL(c)
	if err != nil {
		return "", err
	}
	if base == "" {
		base = c.Scheme() + "://" + c.Request().Host
	}
	return base + path, nil
}

// addressWarning is set when the links on a page will not open on a phone:
// no public address is configured and this page was opened on a loopback
// address (127.0.0.1, localhost, ::1), which every phone takes as itself.
func (s *Server) addressWarning(c echo.Context) (*views.AddressWarning, error) {
	base, err := s.baseURL(c)
	if err != nil || base != "" {
		return nil, err
	}
	host := c.Request().Host
	if !isLoopbackHost(host) {
		return nil, nil
	}
	u := currentUser(c)
	w := &views.AddressWarning{Host: host, Path: c.Request().URL.RequestURI(), CanSet: u != nil && u.Role == storage.RoleOrganiser && u.IsAdmin}
	ln := s.listenAddr.Load()
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

// showSettings is the organisers' page of installation settings.
func (s *Server) showSettings(c echo.Context) error {
	stored, err := s.store.Setting(c.Request().Context(), storage.SettingBaseURL)
	if err != nil {
		return err
	}
	return s.settingsPage(c, views.SettingsForm{BaseURL: stored}, http.StatusOK)
}

func (s *Server) settingsPage(c echo.Context, f views.SettingsForm, status int) error {
	f.FixedBaseURL = s.cfg.BaseURL
	w, err := s.addressWarning(c)
	if err != nil {
		return err
	}
	if w != nil {
		w.OnSettings = true
	}
	f.Warning = w
	return render(c, status, views.SettingsPage(s.page(c, i18n.T(c.Request().Context(), "AdminSettingsTitle", nil)), f))
}

func (s *Server) saveSettings(c echo.Context) error {
	raw := c.FormValue("base_url")
	base, err := ParseBaseURL(raw)
	var bad *BaseURLError
	if errors.As(err, &bad) {
		return s.settingsPage(c, views.SettingsForm{BaseURL: raw, Errors: views.FieldErrors{"base_url": bad.Message(c.Request().Context())}},
			http.StatusUnprocessableEntity)
	}
	if err := s.store.SetSetting(c.Request().Context(), actorOf(c), storage.SettingBaseURL, base); err != nil {
		return err
	}
	setFlash(c, msgSettingsSaved)
	return redirect(c, "/settings")
}
