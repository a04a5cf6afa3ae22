package web

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

const csrfCookie = "tenkaichi_csrf"

// CSRF checks a token on every state-changing request: the double-submit
// cookie of Echo's middleware, plus its Sec-Fetch-Site check.
func (k *Kit) CSRF() echo.MiddlewareFunc {
	return middleware.CSRFWithConfig(middleware.CSRFConfig{
		TokenLookup:    "form:_csrf,header:X-CSRF-Token",
		CookieName:     csrfCookie,
		CookiePath:     "/",
		CookieHTTPOnly: true,
		CookieSameSite: http.SameSiteStrictMode,
		CookieMaxAge:   12 * 3600,
		CookieSecure:   k.SecureCookies,
		// A missing token is as forbidden as a wrong one.
		ErrorHandler: func(err error, c echo.Context) error { return csrfRefused(err) },
		// A browser that says the form came from another origin of the same
		// site (a sibling subdomain, another port) is refused outright: such
		// a site can set our token cookie, so the double-submit check cannot
		// tell it from us.
		AllowSecFetchSiteFunc: func(c echo.Context) (bool, error) {
			return false, csrfRefused(errors.New("state-changing request from another origin (Sec-Fetch-Site: " + c.Request().Header.Get(echo.HeaderSecFetchSite) + ")"))
		},
	})
}

func csrfRefused(err error) error {
	return &Error{Code: http.StatusForbidden, Err: err, Msg: i18n.M("AdminFormExpired", nil)}
}

// RequestLog logs one line per request: its status, duration and number
// of database queries (errors are answered first, so the status is final).
func (k *Kit) RequestLog(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		ctx, queries := storage.WithQueryCounter(c.Request().Context())
		c.SetRequest(c.Request().WithContext(ctx))
		err := next(c)
		if err != nil {
			c.Error(err)
		}
		status := c.Response().Status
		level := slog.LevelInfo
		if status >= 500 {
			level = slog.LevelError
		}
		if !k.Log.Enabled(c.Request().Context(), level) {
			// Not logged: spare working out the line (the client's address
			// is read from headers), on every request.
			return nil
		}
		k.Log.Log(c.Request().Context(), level, "request",
			"method", c.Request().Method, "path", c.Request().URL.Path, "status", status,
			"duration_ms", time.Since(start).Milliseconds(), "queries", queries.Count(), "ip", c.RealIP())
		return nil
	}
}

// ContextWithTimeout is the request's context, ended after d at most.
func ContextWithTimeout(c echo.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(c.Request().Context(), d)
}
