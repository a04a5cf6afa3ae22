package server

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
)

// appError is an error with the status to answer and a message safe to show.
// The wrapped error is logged, never shown.
type appError struct {
	Code int
	Safe string
	Err  error
}

func (e *appError) Error() string {
	if e.Err != nil {
		return e.Safe + ": " + e.Err.Error()
	}
	return e.Safe
}

func (e *appError) Unwrap() error { return e.Err }

func notFound() error { return &appError{Code: http.StatusNotFound, Safe: "This page does not exist."} }
func forbidden(msg string) error {
	return &appError{Code: http.StatusForbidden, Safe: msg}
}

// handleError is the one place that turns an error into a response: storage
// errors become 404/409, everything unexpected a logged 500 with no detail.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	if errors.Is(err, context.Canceled) && c.Request().Context().Err() != nil {
		// The client went away (a phone closed the page): nothing to answer.
		s.log.Debug("request cancelled by the client", "path", c.Request().URL.Path)
		return
	}
	code, msg := http.StatusInternalServerError, "Something went wrong on our side. Please try again."
	var ae *appError
	var he *echo.HTTPError
	switch {
	case errors.As(err, &ae):
		code, msg = ae.Code, ae.Safe
	case errors.Is(err, storage.ErrNotFound):
		code, msg = http.StatusNotFound, "This page does not exist."
	case errors.Is(err, storage.ErrStale):
		code, msg = http.StatusConflict, "Someone else changed this while you were editing. Reload the page and make your change again."
	case errors.Is(err, storage.ErrConflict):
		code, msg = http.StatusConflict, "That clashes with something that already exists."
	case errors.As(err, &he):
		code = he.Code
		msg = http.StatusText(code)
		switch code {
		case http.StatusNotFound, http.StatusMethodNotAllowed:
			msg = "This page does not exist."
		case http.StatusForbidden:
			msg = "The form had expired or did not come from this site. Go back, reload the page and try again."
		case http.StatusTooManyRequests:
			msg = "Too many attempts. Wait a few minutes and try again."
		case http.StatusRequestEntityTooLarge:
			msg = "What you sent is too large."
		case http.StatusBadRequest:
			msg = "The request could not be read."
		}
	}
	if code >= 500 {
		s.log.Error("request failed", "method", c.Request().Method, "path", c.Request().URL.Path, "err", err)
	} else {
		s.log.Debug("request refused", "status", code, "path", c.Request().URL.Path, "err", err)
	}
	if c.Request().Method == http.MethodHead {
		_ = c.NoContent(code)
		return
	}
	p := s.page(c, http.StatusText(code))
	if rerr := render(c, code, views.ErrorPage(p, code, msg)); rerr != nil {
		s.log.Error("render error page", "err", rerr)
	}
}
