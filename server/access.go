package server

import (
	"slices"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Who may do what with an event, on a server with several stores:
//
//   - an organiser of the event's store, and the instance admin, manage it;
//   - a judge attached to the event runs its floor (judge pages, results,
//     penalties, the clock);
//   - everyone else sees its public pages only, as if signed out; a draft
//     is not found.
//
// The check sits in the one place every event route passes: eventScope,
// the app group's middleware, works out the signed-in user's standing in
// the event of any /events/:id/... route, and requireOrganiser (on a route)
// and staffEvent / organiserEvent (in a handler) read it. A new organiser
// route written the usual way, `app.GET("/events/:id/x", h,
// requireOrganiser)`, is checked without doing anything more;
// TestEveryEventRouteChecksTheStore walks the route list to keep it so.

// eventAccess is what the signed-in user may do with one event.
type eventAccess int

const (
	accessPublic    eventAccess = iota // the public pages, like a visitor
	accessJudge                        // a judge attached to the event
	accessOrganiser                    // an organiser of its store, or the instance admin
)

const ctxEventAccess = "event_access"

// scopedEvent is the URL's event and the signed-in user's standing in it.
type scopedEvent struct {
	event  *storage.Event
	access eventAccess
}

// isEventRoute: the route names an event by :id (every such route is
// under /events/:id).
func isEventRoute(c echo.Context) bool {
	return strings.HasPrefix(c.Path(), "/events/:id")
}

// eventScope is app-group middleware: on an event route with someone signed
// in, it loads the event (404 if there is none) and their standing in it.
// Signed-out visitors get nothing here: organiser and staff routes send
// them to sign in, and the public pages load the event themselves.
func (s *Server) eventScope(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if currentUser(c) == nil || !isEventRoute(c) {
			return next(c)
		}
		e, err := s.eventParam(c)
		if err != nil {
			return err
		}
		if _, err := s.accessTo(c, e); err != nil {
			return err
		}
		return next(c)
	}
}

// accessTo is the signed-in user's standing in e, worked out once per
// request and event.
func (s *Server) accessTo(c echo.Context, e *storage.Event) (eventAccess, error) {
	if sc, ok := c.Get(ctxEventAccess).(*scopedEvent); ok && sc.event.ID == e.ID {
		return sc.access, nil
	}
	u := currentUser(c)
	a := accessPublic
	switch {
	case u == nil:
	case u.Role == storage.RoleOrganiser:
		ok, err := s.organisesStore(c, u, e.StoreID)
		if err != nil {
			return accessPublic, err
		}
		if ok {
			a = accessOrganiser
		}
	case u.Role == storage.RoleJudge:
		ok, err := s.store.IsEventJudge(c.Request().Context(), e.ID, u.ID)
		if err != nil {
			return accessPublic, err
		}
		if ok {
			a = accessJudge
		}
	}
	c.Set(ctxEventAccess, &scopedEvent{event: e, access: a})
	return a, nil
}

// organisesStore: u is the instance admin, or an organiser member of the store.
func (s *Server) organisesStore(c echo.Context, u *storage.User, storeID int64) (bool, error) {
	if u == nil || u.Role != storage.RoleOrganiser {
		return false, nil
	}
	if u.IsAdmin {
		return true, nil
	}
	return s.store.IsShopMember(c.Request().Context(), storeID, u.ID)
}

// requireOrganiser lets only organisers through (after requireUser); on an
// event route, only organisers of the event's store. Anyone else gets 403,
// or 404 for a draft (it is private).
func requireOrganiser(next echo.HandlerFunc) echo.HandlerFunc {
	return requireUser(func(c echo.Context) error {
		if currentUser(c).Role != storage.RoleOrganiser {
			return forbidden(i18n.T(c.Request().Context(), "OnlyOrganisers", nil))
		}
		if !isEventRoute(c) {
			return next(c)
		}
		sc, ok := c.Get(ctxEventAccess).(*scopedEvent)
		if !ok {
			// eventScope did not run: refuse rather than let an unchecked
			// route through.
			return forbidden(i18n.T(c.Request().Context(), "OnlyOrganisers", nil))
		}
		if sc.access != accessOrganiser {
			return refuseEvent(c, sc.event)
		}
		return next(c)
	})
}

// requireAdmin lets only the instance admin through (after requireUser).
func requireAdmin(next echo.HandlerFunc) echo.HandlerFunc {
	return requireUser(func(c echo.Context) error {
		if u := currentUser(c); u.Role != storage.RoleOrganiser || !u.IsAdmin {
			return forbidden(i18n.T(c.Request().Context(), "OnlyAdmin", nil))
		}
		return next(c)
	})
}

// refuseEvent answers a signed-in user who may not do this with e: 404 for
// a draft (its existence is private), else 403 naming why.
func refuseEvent(c echo.Context, e *storage.Event) error {
	if e.Status == storage.StatusDraft {
		return notFound()
	}
	ctx := c.Request().Context()
	if u := currentUser(c); u != nil && u.Role == storage.RoleOrganiser {
		return forbidden(i18n.T(ctx, "EventOfAnotherStore", nil))
	}
	return forbidden(i18n.T(ctx, "OnlyEventStaff", nil))
}

// organiserStores lists the stores the signed-in organiser may run events
// in: every store for the instance admin, else their own. Judges have none.
func (s *Server) organiserStores(c echo.Context) ([]storage.Shop, error) {
	u := currentUser(c)
	switch {
	case u == nil || u.Role != storage.RoleOrganiser:
		return nil, nil
	case u.IsAdmin:
		return s.store.Shops(c.Request().Context())
	}
	return s.store.ShopsOf(c.Request().Context(), u.ID)
}

func shopIDs(shops []storage.Shop) []int64 {
	ids := make([]int64, len(shops))
	for i := range shops {
		ids[i] = shops[i].ID
	}
	return ids
}

func hasShop(shops []storage.Shop, id int64) bool {
	return slices.ContainsFunc(shops, func(sh storage.Shop) bool { return sh.ID == id })
}
