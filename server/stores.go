package server

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Stores and their members (web/access.go says who may do what). The
// instance admin creates and renames stores and adds or removes any
// account; an organiser of a store sees its members and adds or removes its
// judges. New accounts are made on the account page, in one of the maker's
// stores.

const (
	msgStoreCreated  = "AdminStoreCreated"
	msgStoreRenamed  = "AdminStoreRenamed"
	msgMemberAdded   = "AdminMemberAdded"
	msgMemberRemoved = "AdminMemberRemoved"
	msgLeftStore     = "AccountLeftStore"
	maxStoreName     = 80
	storePageEvents  = 10 // the store page lists its latest events; Events has them all
)

func init() {
	web.RegisterFlashes(map[string]string{
		msgStoreCreated:  "store-created",
		msgStoreRenamed:  "store-renamed",
		msgMemberAdded:   "member-added",
		msgMemberRemoved: "member-removed",
		msgLeftStore:     "left-store",
	})
}

const ctxStore = "store"

// requireStoreOrganiser loads the store in the URL for the instance admin
// or one of its organisers (after RequireOrganiser); anyone else gets 403.
func (s *Server) requireStoreOrganiser(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := strconv.ParseInt(c.Param("store"), 10, 64)
		if err != nil || id <= 0 {
			return web.NotFound()
		}
		sh, err := accounts.New(s.Store).ShopByID(c.Request().Context(), id)
		if err != nil {
			return err
		}
		ok, err := s.OrganisesStore(c, web.CurrentUser(c), sh.ID)
		if err != nil {
			return err
		}
		if !ok {
			return web.Refused(i18n.M("NotYourStore", nil))
		}
		c.Set(ctxStore, sh)
		return next(c)
	}
}

func storeOf(c echo.Context) *accounts.Shop {
	sh, _ := c.Get(ctxStore).(*accounts.Shop)
	return sh
}

func storePath(id int64) string { return "/stores/" + strconv.FormatInt(id, 10) }

// listStores lists the stores the organiser runs (all for the admin), with
// the admin's form for a new store.
func (s *Server) listStores(c echo.Context) error {
	return s.renderStores(c, views.StoresPage{}, http.StatusOK)
}

func (s *Server) renderStores(c echo.Context, m views.StoresPage, status int) error {
	ctx := c.Request().Context()
	u := web.CurrentUser(c)
	all, err := accounts.New(s.Store).ShopStatsAll(ctx)
	if err != nil {
		return err
	}
	own, err := s.OrganiserStores(c)
	if err != nil {
		return err
	}
	for _, st := range all {
		if !web.HasShop(own, st.ID) {
			continue
		}
		m.Stores = append(m.Stores, views.StoreRow{ID: st.ID, Name: st.Name,
			Organisers: int(st.Organisers), Judges: int(st.Judges), Events: int(st.Events)})
	}
	m.CanCreate = u.IsAdmin
	return web.Render(c, status, views.StoresPageView(s.PageTitled(c, i18n.M("StoresTitle", nil)), m))
}

// storeName checks a store's name; it returns what is wrong, or nothing.
func storeName(name string) i18n.Message {
	switch {
	case name == "":
		return i18n.M("StoreNameMissing", nil)
	case utf8.RuneCountInString(name) > maxStoreName:
		return i18n.M("StoreNameTooLong", i18n.Args{"Max": maxStoreName})
	}
	return i18n.Message{}
}

func (s *Server) createStore(c echo.Context) error {
	name := strings.TrimSpace(c.FormValue("name"))
	m := views.StoresPage{NewName: name, Errors: views.FieldProblems{}}
	if msg := storeName(name); !msg.IsZero() {
		m.Errors["name"] = msg
		return s.renderStores(c, m, http.StatusUnprocessableEntity)
	}
	sh := &accounts.Shop{Name: name}
	err := accounts.New(s.Store).CreateShop(c.Request().Context(), web.ActorOf(c), sh)
	if errors.Is(err, storage.ErrConflict) {
		m.Errors["name"] = i18n.M("StoreNameTaken", nil)
		return s.renderStores(c, m, http.StatusUnprocessableEntity)
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgStoreCreated)
	return web.Redirect(c, storePath(sh.ID))
}

func (s *Server) showStore(c echo.Context) error {
	return s.renderStore(c, views.StorePage{}, http.StatusOK)
}

func (s *Server) renderStore(c echo.Context, m views.StorePage, status int) error {
	ctx := c.Request().Context()
	sh, u := storeOf(c), web.CurrentUser(c)
	members, err := accounts.New(s.Store).ShopMembers(ctx, sh.ID)
	if err != nil {
		return err
	}
	m.ID, m.Name, m.CanRename, m.CanAddOrganisers = sh.ID, sh.Name, u.IsAdmin, u.IsAdmin
	if m.Rename == "" {
		m.Rename = sh.Name
	}
	es, err := s.Store.EventsOfShops(ctx, []int64{sh.ID})
	if err != nil {
		return err
	}
	m.EventCount = len(es)
	for i := range es[:min(len(es), storePageEvents)] {
		m.Events = append(m.Events, eventRow(ctx, &es[i], 0))
	}
	for _, a := range members {
		m.Members = append(m.Members, views.StoreMemberRow{ID: a.ID, Username: a.Username, Name: a.DisplayName,
			Role: a.Role, IsAdmin: a.IsAdmin, CanRemove: mayManageMember(u, &a)})
	}
	if m.Invitations, err = s.storeInvitationRows(c, sh.ID); err != nil {
		return err
	}
	return web.Render(c, status, views.StorePageView(s.PageTitled(c, i18n.Verbatim(sh.Name)), m))
}

// mayManageMember: the admin adds and removes any account; an organiser of
// the store, judges only (organisers are the admin's to place).
func mayManageMember(actor, member *storage.User) bool {
	return actor.IsAdmin || member.Role == storage.RoleJudge
}

func (s *Server) renameStore(c echo.Context) error {
	sh := storeOf(c)
	name := strings.TrimSpace(c.FormValue("name"))
	m := views.StorePage{Rename: name, Errors: views.FieldProblems{}}
	if msg := storeName(name); !msg.IsZero() {
		m.Errors["name"] = msg
		return s.renderStore(c, m, http.StatusUnprocessableEntity)
	}
	err := accounts.New(s.Store).RenameShop(c.Request().Context(), web.ActorOf(c), sh.ID, name)
	if errors.Is(err, storage.ErrConflict) {
		m.Errors["name"] = i18n.M("StoreNameTaken", nil)
		return s.renderStore(c, m, http.StatusUnprocessableEntity)
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgStoreRenamed)
	return web.Redirect(c, storePath(sh.ID))
}

// addStoreMember adds an existing account, by username, to the store: the
// instance admin, who sees every account, adds it at once and is told about
// an unknown name. A store's organiser invites instead (storage/accounts/invitations.go), so
// the form and the store's page say the same for any name.
func (s *Server) addStoreMember(c echo.Context) error {
	ctx := c.Request().Context()
	sh := storeOf(c)
	username := strings.TrimSpace(c.FormValue("username"))
	m := views.StorePage{AddUsername: username, Errors: views.FieldProblems{}}
	if msg := memberUsernameProblem(username); !msg.IsZero() {
		m.Errors["username"] = msg
		return s.renderStore(c, m, http.StatusUnprocessableEntity)
	}
	if !web.CurrentUser(c).IsAdmin {
		return s.inviteStoreMember(c, sh, m)
	}
	member, err := accounts.New(s.Store).UserByUsername(ctx, username)
	if errors.Is(err, storage.ErrNotFound) {
		m.Errors["username"] = i18n.M("MemberUnknown", i18n.Args{"Username": username})
		return s.renderStore(c, m, http.StatusUnprocessableEntity)
	}
	if err != nil {
		return err
	}
	if err := accounts.New(s.Store).AddShopMember(ctx, web.ActorOf(c), sh.ID, member.ID); err != nil {
		return err
	}
	web.SetFlash(c, msgMemberAdded)
	return web.Redirect(c, storePath(sh.ID))
}

// memberUsernameProblem is what is wrong with a username typed to add or
// invite, or nothing.
func memberUsernameProblem(username string) i18n.Message {
	switch {
	case username == "":
		return i18n.M("MemberUsernameMissing", nil)
	case utf8.RuneCountInString(username) > maxInvitedName:
		return i18n.M("StoreNameTooLong", i18n.Args{"Max": maxInvitedName})
	}
	return i18n.Message{}
}

// leaveStore takes the signed-in account out of one of its stores: an
// account added to a store by its organiser need not stay.
func (s *Server) leaveStore(c echo.Context) error {
	id, err := strconv.ParseInt(c.Param("store"), 10, 64)
	if err != nil || id <= 0 {
		return web.NotFound()
	}
	if err := accounts.New(s.Store).RemoveShopMember(c.Request().Context(), web.ActorOf(c), id, web.CurrentUser(c).ID); err != nil {
		return err
	}
	web.SetFlash(c, msgLeftStore)
	return web.Redirect(c, "/account")
}

func (s *Server) removeStoreMember(c echo.Context) error {
	ctx := c.Request().Context()
	sh := storeOf(c)
	uid, err := strconv.ParseInt(c.Param("user"), 10, 64)
	if err != nil {
		return web.NotFound()
	}
	member, err := s.Store.UserByID(ctx, uid)
	if err != nil {
		return err
	}
	if !mayManageMember(web.CurrentUser(c), member) {
		return web.Refused(i18n.M("OnlyAdminAddsOrganisers", nil))
	}
	if err := accounts.New(s.Store).RemoveShopMember(ctx, web.ActorOf(c), sh.ID, uid); err != nil {
		return err
	}
	web.SetFlash(c, msgMemberRemoved)
	return web.Redirect(c, storePath(sh.ID))
}
