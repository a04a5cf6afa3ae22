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

// Error is an error with the status to answer and what to tell the reader:
// a Message, worded on the error page in the page's language (so an error
// made before the language is known reads right too). The wrapped error
// is logged, never shown.
type Error struct {
	Code int
	Msg  i18n.Message
	Err  error
}

// Error is what the reader is told (in English for a Message), with the
// logged cause after it.
func (e *Error) Error() string {
	text := e.said().In(context.Background())
	if e.Err != nil {
		return text + ": " + e.Err.Error()
	}
	return text
}

// Unwrap is the logged cause.
func (e *Error) Unwrap() error { return e.Err }

// NotFound answers 404 with the page's "does not exist" message.
func NotFound() error {
	return &Error{Code: http.StatusNotFound, Msg: i18n.M("AdminNotFound", nil)}
}

// Refused answers 403 saying why: m, worded on the error page.
func Refused(m i18n.Message) error {
	return &Error{Code: http.StatusForbidden, Msg: m}
}

// Failed answers status code saying why: m, worded on the error page.
func Failed(code int, m i18n.Message) error {
	return &Error{Code: code, Msg: m}
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
	code, msg := errorNotice(err)
	if code >= 500 {
		k.Log.Error("request failed", "method", c.Request().Method, "path", c.Request().URL.Path, "err", err)
	} else {
		k.Log.Debug("request refused", "status", code, "path", c.Request().URL.Path, "err", err)
	}
	if c.Request().Method == http.MethodHead {
		_ = c.NoContent(code)
		return
	}
	p := k.Page(c, http.StatusText(code))
	p.Heading = statusTitle(code)
	if rerr := Render(c, code, views.ErrorPage(p, code, msg)); rerr != nil {
		k.Log.Error("render error page", "err", rerr)
	}
}

// errorNotice is the status to answer err with and what to say: storage
// errors become 404/409, everything unexpected a 500 with no detail.
func errorNotice(err error) (int, i18n.Message) {
	var ae *Error
	var he *echo.HTTPError
	switch {
	case errors.As(err, &ae):
		return ae.Code, ae.said()
	case errors.Is(err, storage.ErrNotFound):
		return http.StatusNotFound, i18n.M("AdminNotFound", nil)
	case errors.Is(err, storage.ErrStale):
		return http.StatusConflict, i18n.M("AdminStale", nil)
	case errors.Is(err, storage.ErrConflict):
		return http.StatusConflict, i18n.M("AdminConflict", nil)
	case errors.As(err, &he):
		return he.Code, httpErrorNotice(he.Code)
	}
	return http.StatusInternalServerError, i18n.M("AdminServerError", nil)
}

// httpErrorNotice is what to say for a status echo answered with.
func httpErrorNotice(code int) i18n.Message {
	switch code {
	case http.StatusNotFound, http.StatusMethodNotAllowed:
		return i18n.M("AdminNotFound", nil)
	case http.StatusForbidden:
		return i18n.M("AdminFormExpired", nil)
	case http.StatusTooManyRequests:
		return i18n.M("AdminTooManyRequests", nil)
	case http.StatusRequestEntityTooLarge:
		return i18n.M("AdminTooLarge", nil)
	case http.StatusBadRequest:
		return i18n.M("AdminBadRequest", nil)
	}
	return i18n.Verbatim(http.StatusText(code))
}

// said is what the error page tells the reader.
func (e *Error) said() i18n.Message { return e.Msg }

// statusTitle is an error page's heading: the status, as a fact.
func statusTitle(code int) i18n.Message {
	switch code {
	case http.StatusBadRequest:
		return i18n.M("AdminStatusBadRequest", nil)
	case http.StatusUnauthorized:
		return i18n.M("AdminStatusUnauthorized", nil)
	case http.StatusForbidden:
		return i18n.M("AdminStatusForbidden", nil)
	case http.StatusNotFound, http.StatusMethodNotAllowed:
		return i18n.M("AdminStatusNotFound", nil)
	case http.StatusConflict:
		return i18n.M("AdminStatusConflict", nil)
	case http.StatusRequestEntityTooLarge:
		return i18n.M("AdminStatusTooLarge", nil)
	case http.StatusUnprocessableEntity:
		return i18n.M("AdminStatusUnprocessable", nil)
	case http.StatusTooManyRequests:
		return i18n.M("AdminStatusTooManyRequests", nil)
	case http.StatusServiceUnavailable:
		return i18n.M("AdminStatusUnavailable", nil)
	}
	if code >= 500 {
		return i18n.M("AdminStatusServerError", nil)
	}
	return i18n.Message{} // the page falls back to the status text
}
