package web

import (
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/views"
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
// The check sits in the one place every event route passes: EventScope,
// the app group's middleware, works out the signed-in user's standing in
// the event of any /events/:id/... route, and RequireOrganiser (on a route)
// and StaffEvent / OrganiserEvent (in a handler) read it. A new organiser
// route written the usual way, a row `{page, get, "/events/:id/x", h,
// organiser}` of the server's route table, is checked without doing
// anything more;
// TestEveryEventRouteChecksTheStore walks the route list to keep it so.

// EventAccess is what the signed-in user may do with one event.
type EventAccess int

const (
	AccessPublic    EventAccess = iota // the public pages, like a visitor
	AccessJudge                        // a judge attached to the event
	AccessOrganiser                    // an organiser of its store, or the instance admin
)

const ctxEventAccess = "event_access"

// scopedEvent is the URL's event and the signed-in user's standing in it.
type scopedEvent struct {
	event  *storage.Event
	access EventAccess
}

// isEventRoute: the route names an event by :id (every such route is
// under /events/:id).
func isEventRoute(c echo.Context) bool {
	return strings.HasPrefix(c.Path(), "/events/:id")
}

// EventScope is app-group middleware: on an event route with someone signed
// in, it loads the event (404 if there is none) and their standing in it.
// Signed-out visitors get nothing here: organiser and staff routes send
// them to sign in, and the public pages load the event themselves.
func (k *Kit) EventScope(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if CurrentUser(c) == nil || !isEventRoute(c) {
			return next(c)
		}
		e, err := k.EventParam(c)
		if err != nil {
			return err
		}
		a, err := k.AccessTo(c, e)
		if err != nil {
			return err
		}
		// A draft's existence is private: to anyone without a standing in
		// it, on every route (organiser, staff or public), it is not found,
		// before any role check could answer otherwise.
		if e.Status == storage.StatusDraft && a == AccessPublic {
			return NotFound()
		}
		return next(c)
	}
}

// AccessTo is the signed-in user's standing in e, worked out once per
// request and event.
func (k *Kit) AccessTo(c echo.Context, e *storage.Event) (EventAccess, error) {
	if sc, ok := c.Get(ctxEventAccess).(*scopedEvent); ok && sc.event.ID == e.ID {
		return sc.access, nil
	}
	u := CurrentUser(c)
	a := AccessPublic
	switch {
	case u == nil:
	case u.Role == storage.RoleOrganiser:
		ok, err := k.OrganisesStore(c, u, e.StoreID)
		if err != nil {
			return AccessPublic, err
		}
		if ok {
			a = AccessOrganiser
		}
	case u.Role == storage.RoleJudge:
		ok, err := k.Store.IsEventJudge(c.Request().Context(), e.ID, u.ID)
		if err != nil {
			return AccessPublic, err
		}
		if ok {
			a = AccessJudge
		}
	}
	c.Set(ctxEventAccess, &scopedEvent{event: e, access: a})
	return a, nil
}

// OrganisesStore: u is the instance admin, or an organiser member of the store.
func (k *Kit) OrganisesStore(c echo.Context, u *storage.User, storeID int64) (bool, error) {
	if u == nil || u.Role != storage.RoleOrganiser {
		return false, nil
	}
	if u.IsAdmin {
		return true, nil
	}
	return accounts.New(k.Store).IsShopMember(c.Request().Context(), storeID, u.ID)
}

// RequireOrganiser lets only organisers through (after RequireUser); on an
// event route, only organisers of the event's store. Anyone else gets 403,
// or 404 for a draft (it is private).
func RequireOrganiser(next echo.HandlerFunc) echo.HandlerFunc {
	return RequireUser(func(c echo.Context) error {
		if CurrentUser(c).Role != storage.RoleOrganiser {
			return Refused(i18n.M("OnlyOrganisers", nil))
		}
		if !isEventRoute(c) {
			return next(c)
		}
		sc, ok := c.Get(ctxEventAccess).(*scopedEvent)
		if !ok {
			// EventScope did not run: refuse rather than let an unchecked
			// route through.
			return Refused(i18n.M("OnlyOrganisers", nil))
		}
		if sc.access != AccessOrganiser {
			return refuseEvent(c, sc.event)
		}
		return next(c)
	})
}

// RequireAdmin lets only the instance admin through (after RequireUser).
func RequireAdmin(next echo.HandlerFunc) echo.HandlerFunc {
	return RequireUser(func(c echo.Context) error {
		if u := CurrentUser(c); u.Role != storage.RoleOrganiser || !u.IsAdmin {
			return Refused(i18n.M("OnlyAdmin", nil))
		}
		return next(c)
	})
}

// refuseEvent answers a signed-in user who may not do this with e: 404 for
// a draft (its existence is private), else 403 naming why.
func refuseEvent(c echo.Context, e *storage.Event) error {
	if e.Status == storage.StatusDraft {
		return NotFound()
	}
	if u := CurrentUser(c); u != nil && u.Role == storage.RoleOrganiser {
		return Refused(i18n.M("EventOfAnotherStore", nil))
	}
	return Refused(i18n.M("OnlyEventStaff", nil))
}

// OrganiserStores lists the stores the signed-in organiser may run events
// in: every store for the instance admin, else their own. Judges have none.
func (k *Kit) OrganiserStores(c echo.Context) ([]accounts.Shop, error) {
	u := CurrentUser(c)
	switch {
	case u == nil || u.Role != storage.RoleOrganiser:
		return nil, nil
	case u.IsAdmin:
		return accounts.New(k.Store).Shops(c.Request().Context())
	}
	return accounts.New(k.Store).ShopsOf(c.Request().Context(), u.ID)
}

// ShopIDs are the ids of shops.
func ShopIDs(shops []accounts.Shop) []int64 {
	ids := make([]int64, len(shops))
	for i := range shops {
		ids[i] = shops[i].ID
	}
	return ids
}

// HasShop reports whether a store of id is among shops.
func HasShop(shops []accounts.Shop, id int64) bool {
	return slices.ContainsFunc(shops, func(sh accounts.Shop) bool { return sh.ID == id })
}

// StaffEvent loads the event in the URL for its staff: organisers of its
// store, and the judges attached to it. Anyone else gets 404 for
// a draft (it is private) and 403 otherwise, so a judge of one event, or an
// organiser of another store, cannot touch it.
func (k *Kit) StaffEvent(c echo.Context) (*storage.Event, error) {
	e, err := k.EventParam(c)
	if err != nil {
		return nil, err
	}
	if CurrentUser(c) == nil {
		return nil, Refused(i18n.M("SignInFirst", nil))
	}
	ok, err := k.IsStaff(c, e)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, refuseEvent(c, e)
	}
	return e, nil
}

// IsStaff reports whether the signed-in user is an organiser of the event's
// store or one of the event's judges.
func (k *Kit) IsStaff(c echo.Context, e *storage.Event) (bool, error) {
	a, err := k.AccessTo(c, e)
	return a >= AccessJudge, err
}

// IsEventOrganiser reports whether the signed-in user organises the event
// (an organiser of its store, or the instance admin).
func (k *Kit) IsEventOrganiser(c echo.Context, e *storage.Event) (bool, error) {
	a, err := k.AccessTo(c, e)
	return a == AccessOrganiser, err
}

// OrganiserEvent loads the event in the URL for an organiser of its store.
func (k *Kit) OrganiserEvent(c echo.Context) (*storage.Event, error) {
	e, err := k.EventParam(c)
	if err != nil {
		return nil, err
	}
	if u := CurrentUser(c); u == nil || u.Role != storage.RoleOrganiser {
		return nil, Refused(i18n.M("OnlyOrganisers", nil))
	}
	ok, err := k.IsEventOrganiser(c, e)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, refuseEvent(c, e)
	}
	return e, nil
}

// EventParam loads the event named in the URL, or answers 404.
func (k *Kit) EventParam(c echo.Context) (*storage.Event, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil || id <= 0 {
		return nil, NotFound()
	}
	return k.Store.EventByID(c.Request().Context(), id)
}

// CanSee: drafts are private to organisers and the event's judges.
func (k *Kit) CanSee(c echo.Context, e *storage.Event) (bool, error) {
	if e.Status != storage.StatusDraft {
		return true, nil
	}
	return k.IsStaff(c, e)
}

// VisibleEvent loads the URL's event, answering 404 for a draft the visitor
// may not see.
func (k *Kit) VisibleEvent(c echo.Context) (*storage.Event, error) {
	e, err := k.EventParam(c)
	if err != nil {
		return nil, err
	}
	if ok, err := k.CanSee(c, e); err != nil {
		return nil, err
	} else if !ok {
		return nil, NotFound()
	}
	return e, nil
}

// StoreChoices are the stores of a select box, by name. Several start
// with "Choose a store", so nothing is made in a store by default.
func StoreChoices(c echo.Context, stores []accounts.Shop) []views.Option {
	if len(stores) < 2 {
		return nil
	}
	// views.Option's label is still worded text (root forms take it so).
	opts := []views.Option{{Value: "", Label: i18n.M("ChooseStoreOption", nil).In(c.Request().Context())}}
	for _, sh := range stores {
		opts = append(opts, views.Option{Value: strconv.FormatInt(sh.ID, 10), Label: sh.Name})
	}
	return opts
}

// ChosenStore reads a form's store_id among the stores the signed-in
// organiser may use. With one store the field may be left out. It returns
// the store, or a message for the field (none chosen among several), or an
// error (a store that is not theirs: 403).
func (k *Kit) ChosenStore(c echo.Context, stores []accounts.Shop) (*accounts.Shop, string, error) {
	ctx := c.Request().Context()
	raw := strings.TrimSpace(c.FormValue("store_id"))
	if raw == "" {
		if len(stores) == 1 {
			return &stores[0], "", nil
		}
		if len(stores) == 0 {
			return nil, "", Refused(i18n.M("NoStoreYet", nil))
		}
		return nil, i18n.M("ChooseStore", nil).In(ctx), nil // forms' errors are still text
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err == nil {
		for i := range stores {
			if stores[i].ID == id {
				return &stores[i], "", nil
			}
		}
	}
	return nil, "", Refused(i18n.M("NotYourStore", nil))
}
