package server

import (
	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// staffEvent loads the event in the URL for its staff: organisers of its
// store, and the judges attached to it (access.go). Anyone else gets 404 for
// a draft (it is private) and 403 otherwise, so a judge of one event, or an
// organiser of another store, cannot touch it.
func (s *Server) staffEvent(c echo.Context) (*storage.Event, error) {
	e, err := s.eventParam(c)
	if err != nil {
		return nil, err
	}
	if currentUser(c) == nil {
		return nil, forbidden(i18n.T(c.Request().Context(), "SignInFirst", nil))
	}
	ok, err := s.isStaff(c, e)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, refuseEvent(c, e)
	}
	return e, nil
}

// isStaff reports whether the signed-in user is an organiser of the event's
// store or one of the event's judges.
func (s *Server) isStaff(c echo.Context, e *storage.Event) (bool, error) {
	a, err := s.accessTo(c, e)
	return a >= accessJudge, err
}

// isEventOrganiser reports whether the signed-in user organises the event
// (an organiser of its store, or the instance admin).
func (s *Server) isEventOrganiser(c echo.Context, e *storage.Event) (bool, error) {
	a, err := s.accessTo(c, e)
	return a == accessOrganiser, err
}

// organiserEvent loads the event in the URL for an organiser of its store.
func (s *Server) organiserEvent(c echo.Context) (*storage.Event, error) {
	e, err := s.eventParam(c)
	if err != nil {
		return nil, err
	}
	if u := currentUser(c); u == nil || u.Role != storage.RoleOrganiser {
		return nil, forbidden(i18n.T(c.Request().Context(), "OnlyOrganisers", nil))
	}
	ok, err := s.isEventOrganiser(c, e)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, refuseEvent(c, e)
	}
	return e, nil
}

func nav(e *storage.Event, current string) views.EventNav {
	return views.EventNav{EventID: e.ID, Name: e.Name, Current: current}
}
