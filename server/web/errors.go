package web

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Error is an error with the status to answer and a message safe to show.
// The wrapped error is logged, never shown. An error made where the page's
// language is not known yet (before the language middleware, or with no
// request at hand) gives a message id instead, shown in the page's language.
type Error struct {
	Code int
	Safe string
	ID   string    // message id of Safe, if set
	Args i18n.Args // the message's values, with ID
	Err  error
}

// Error is the safe message, with the logged cause after it.
func (e *Error) Error() string {
	if e.Err != nil {
		return e.Safe + ": " + e.Err.Error()
	}
	return e.Safe
}

// Unwrap is the logged cause.
func (e *Error) Unwrap() error { return e.Err }

// NotFound answers 404 with the page's "does not exist" message.
func NotFound() error {
	return &Error{Code: http.StatusNotFound, Safe: "This page does not exist.", ID: "AdminNotFound"}
}

// Forbidden answers 403 with msg (already in the page's language).
func Forbidden(msg string) error {
	return &Error{Code: http.StatusForbidden, Safe: msg}
}

// HandleError is the one place that turns an error into a response: storage
// errors become 404/409, everything unexpected a logged 500 with no detail.
func (k *Kit) HandleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	if errors.Is(err, context.Canceled) && c.Request().Context().Err() != nil {
		// The client went away (a phone closed the page): nothing to answer.
		k.Log.Debug("request cancelled by the client", "path", c.Request().URL.Path)
		return
	}
	// A request refused before the language middleware (a CSRF failure, an
	// unknown address) has no language yet: the reader's is worked out here.
	ctx := i18n.WithLanguage(c.Request().Context(), requestLanguage(c))
	c.SetRequest(c.Request().WithContext(ctx))
	code, msg := http.StatusInternalServerError, i18n.T(ctx, "AdminServerError", nil)
	var ae *Error
	var he *echo.HTTPError
	switch {
	case errors.As(err, &ae):
		code, msg = ae.Code, ae.Safe
		if ae.ID != "" {
			msg = i18n.T(ctx, ae.ID, ae.Args)
		}
	case errors.Is(err, storage.ErrNotFound):
		code, msg = http.StatusNotFound, i18n.T(ctx, "AdminNotFound", nil)
	case errors.Is(err, storage.ErrStale):
		code, msg = http.StatusConflict, i18n.T(ctx, "AdminStale", nil)
	case errors.Is(err, storage.ErrConflict):
		code, msg = http.StatusConflict, i18n.T(ctx, "AdminConflict", nil)
	case errors.As(err, &he):
		code = he.Code
		msg = http.StatusText(code)
		switch code {
		case http.StatusNotFound, http.StatusMethodNotAllowed:
			msg = i18n.T(ctx, "AdminNotFound", nil)
		case http.StatusForbidden:
			msg = i18n.T(ctx, "AdminFormExpired", nil)
		case http.StatusTooManyRequests:
			msg = i18n.T(ctx, "AdminTooManyRequests", nil)
		case http.StatusRequestEntityTooLarge:
			msg = i18n.T(ctx, "AdminTooLarge", nil)
		case http.StatusBadRequest:
			msg = i18n.T(ctx, "AdminBadRequest", nil)
		}
	}
	if code >= 500 {
		k.Log.Error("request failed", "method", c.Request().Method, "path", c.Request().URL.Path, "err", err)
	} else {
		k.Log.Debug("request refused", "status", code, "path", c.Request().URL.Path, "err", err)
	}
	if c.Request().Method == http.MethodHead {
		_ = c.NoContent(code)
		return
	}
	p := k.Page(c, statusTitle(ctx, code))
	if rerr := Render(c, code, views.ErrorPage(p, code, msg)); rerr != nil {
		k.Log.Error("render error page", "err", rerr)
	}
}

// statusTitle is an error page's heading: the status in the page's language.
func statusTitle(ctx context.Context, code int) string {
	switch code {
	case http.StatusBadRequest:
		return i18n.T(ctx, "AdminStatusBadRequest", nil)
	case http.StatusUnauthorized:
		return i18n.T(ctx, "AdminStatusUnauthorized", nil)
	case http.StatusForbidden:
		return i18n.T(ctx, "AdminStatusForbidden", nil)
	case http.StatusNotFound, http.StatusMethodNotAllowed:
		return i18n.T(ctx, "AdminStatusNotFound", nil)
	case http.StatusConflict:
		return i18n.T(ctx, "AdminStatusConflict", nil)
	case http.StatusRequestEntityTooLarge:
		return i18n.T(ctx, "AdminStatusTooLarge", nil)
	case http.StatusUnprocessableEntity:
		return i18n.T(ctx, "AdminStatusUnprocessable", nil)
	case http.StatusTooManyRequests:
		return i18n.T(ctx, "AdminStatusTooManyRequests", nil)
	case http.StatusServiceUnavailable:
		return i18n.T(ctx, "AdminStatusUnavailable", nil)
	}
	if code >= 500 {
		return i18n.T(ctx, "AdminStatusServerError", nil)
	}
	return http.StatusText(code)
}
