package server

import (
	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
)

// staffEvent loads the event in the URL for its staff: organisers, and the
// judges attached to it. Anyone else gets 404 for a draft (it is private)
// and 403 otherwise, so a judge of one event cannot touch another.
func (s *Server) staffEvent(c echo.Context) (*storage.Event, error) {
	e, err := s.eventParam(c)
	if err != nil {
		return nil, err
	}
	if currentUser(c) == nil {
		return nil, forbidden("Sign in to do this.")
	}
	ok, err := s.isStaff(c, e)
	if err != nil {
		return nil, err
	}
	if !ok {
		if e.Status == storage.StatusDraft {
			return nil, notFound()
		}
		return nil, forbidden("Only the organisers and judges of this event can do this.")
	}
	return e, nil
}

// isStaff reports whether the signed-in user is an organiser or one of the
// event's judges.
func (s *Server) isStaff(c echo.Context, e *storage.Event) (bool, error) {
	u := currentUser(c)
	switch {
	case u == nil:
		return false, nil
	case u.Role == storage.RoleOrganiser:
		return true, nil
	}
	return s.store.IsEventJudge(c.Request().Context(), e.ID, u.ID)
}

// organiserEvent loads the event in the URL for an organiser only.
func (s *Server) organiserEvent(c echo.Context) (*storage.Event, error) {
	e, err := s.eventParam(c)
	if err != nil {
		return nil, err
	}
	if u := currentUser(c); u == nil || u.Role != storage.RoleOrganiser {
		return nil, forbidden("Only organisers can do this.")
	}
	return e, nil
}

func nav(e *storage.Event, current string) views.EventNav {
	return views.EventNav{EventID: e.ID, Name: e.Name, Current: current}
}
