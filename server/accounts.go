package server

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
	"golang.org/x/crypto/bcrypt"
)

// The account page: one's own name, password and language, and the
// accounts of one's stores (new ones, and who is an instance admin).

func (s *Server) accountForm(c echo.Context, f views.AccountForm, status int) error {
	ctx := c.Request().Context()
	u := web.CurrentUser(c)
	f.Username, f.Role, f.IsAdmin, f.Language = u.Username, u.Role, u.IsAdmin, u.Language
	f.Languages = []views.Choice{{Value: "", Label: i18n.M("AdminBrowserLanguage", nil)}}
	for _, l := range languageChoices() {
		f.Languages = append(f.Languages, views.Choice{Value: l.Value, Label: i18n.Verbatim(l.Label)})
	}
	if f.Errors == nil {
		f.DisplayName = u.DisplayName
	}
	own, err := accounts.New(s.Store).ShopsOf(ctx, u.ID)
	if err != nil {
		return err
	}
	for _, sh := range own {
		f.Stores = append(f.Stores, views.StoreRef{ID: sh.ID, Name: sh.Name})
	}
	if f.Invitations, err = s.accountInvitations(c); err != nil {
		return err
	}
	if u.Role == storage.RoleOrganiser {
		stores, err := s.OrganiserStores(c)
		if err != nil {
			return err
		}
		// An organiser sees the accounts of their stores; the admin sees all.
		var us []storage.User
		if u.IsAdmin {
			us, err = accounts.New(s.Store).Users(ctx)
		} else {
			us, err = accounts.New(s.Store).UsersInShops(ctx, web.ShopIDs(stores))
		}
		if err != nil {
			return err
		}
		ids := make([]int64, len(us))
		for i := range us {
			ids[i] = us[i].ID
		}
		memberOf, err := accounts.New(s.Store).ShopsOfUsers(ctx, ids)
		if err != nil {
			return err
		}
		for _, a := range us {
			row := views.AccountRow{ID: a.ID, Username: a.Username, Name: a.DisplayName, Role: a.Role, IsAdmin: a.IsAdmin,
				CanToggleAdmin: u.IsAdmin && a.Role == storage.RoleOrganiser}
			for _, sh := range memberOf[a.ID] {
				// Stores the viewer does not run stay unnamed to them.
				if web.HasShop(stores, sh.ID) {
					row.Stores = append(row.Stores, sh.Name)
				}
			}
			f.Accounts = append(f.Accounts, row)
		}
		f.ShowStores = len(stores) > 1
		f.NewAccount.StoreChoices = web.StoreChoices(c, stores)
		if len(stores) == 1 {
			f.NewAccount.StoreID = strconv.FormatInt(stores[0].ID, 10)
		}
		f.NewAccount.CanAdd = len(stores) > 0
		f.NewAccount.CanMakeAdmin = u.IsAdmin
		if f.NewAccount.Role == "" {
			f.NewAccount.Role = storage.RoleJudge
		}
	}
	return web.Render(c, status, views.AccountPage(s.PageTitled(c, i18n.M("AdminAccountTitle", nil)), f))
}

func (s *Server) showAccount(c echo.Context) error {
	return s.accountForm(c, views.AccountForm{}, http.StatusOK)
}

func (s *Server) saveAccount(c echo.Context) error {
	ctx := c.Request().Context()
	u := web.CurrentUser(c)
	f := views.AccountForm{DisplayName: strings.TrimSpace(c.FormValue("display_name")), Errors: views.FieldProblems{}}
	current, newPW := c.FormValue("current_password"), c.FormValue("new_password")
	if len(f.DisplayName) > 80 {
		f.Errors["display_name"] = i18n.M("StoreNameTooLong", i18n.Args{"Max": 80})
	}
	hash := ""
	if newPW != "" {
		if bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte(current)) != nil {
			f.Errors["current_password"] = i18n.M("AdminNotCurrentPassword", nil)
		} else if msg := web.PasswordProblem(newPW); !msg.IsZero() {
			f.Errors["new_password"] = msg
		}
	}
	if len(f.Errors) > 0 {
		return s.accountForm(c, f, http.StatusUnprocessableEntity)
	}
	if newPW != "" {
		var err error
		if hash, err = s.HashPassword(newPW); err != nil {
			return err
		}
	}
	keep, _ := web.SessionTokenHash(c)
	if err := accounts.New(s.Store).UpdateUserProfile(ctx, web.ActorOf(c), u.ID, f.DisplayName, hash, keep); err != nil {
		return err
	}
	web.SetFlash(c, msgAccountSaved)
	return web.Redirect(c, "/account")
}

// addAccount lets an organiser create a judge or organiser account in one
// of their stores; the instance admin may make it an instance admin too.
func (s *Server) addAccount(c echo.Context) error {
	ctx := c.Request().Context()
	nf := views.NewAccountForm{
		Username:    strings.TrimSpace(c.FormValue("username")),
		DisplayName: strings.TrimSpace(c.FormValue("display_name")),
		Role:        c.FormValue("role"),
		StoreID:     c.FormValue("store_id"),
		Admin:       c.FormValue("admin") != "",
		Errors:      views.FieldProblems{},
	}
	stores, err := s.OrganiserStores(c)
	if err != nil {
		return err
	}
	shop, msg, err := s.ChosenStore(c, stores)
	if err != nil {
		return err
	}
	if msg != "" {
		nf.Errors["store_id"] = i18n.Verbatim(msg)
	}
	if nf.Admin && !web.CurrentUser(c).IsAdmin {
		return web.Refused(i18n.M("OnlyAdmin", nil))
	}
	pw := c.FormValue("password")
	if msg := checkUsername(nf.Username); !msg.IsZero() {
		nf.Errors["username"] = msg
	}
	if nf.Role != storage.RoleJudge && nf.Role != storage.RoleOrganiser {
		nf.Errors["role"] = i18n.M("AdminChooseRole", nil)
	} else if nf.Admin && nf.Role != storage.RoleOrganiser {
		nf.Errors["role"] = i18n.M("AdminMustOrganise", nil)
	}
	if msg := web.PasswordProblem(pw); !msg.IsZero() {
		nf.Errors["password"] = msg
	}
	if len(nf.Errors) == 0 {
		hash, err := s.HashPassword(pw)
		if err != nil {
			return err
		}
		u := &storage.User{Username: nf.Username, DisplayName: nf.DisplayName, PasswordHash: hash, Role: nf.Role, IsAdmin: nf.Admin}
		err = accounts.New(s.Store).CreateUserInShop(ctx, web.ActorOf(c), u, shop.ID)
		if err == nil {
			web.SetFlash(c, msgAccountAdded)
			return web.Redirect(c, "/account")
		}
		if !errors.Is(err, storage.ErrConflict) {
			return err
		}
		nf.Errors["username"] = i18n.M("AdminUsernameTaken", nil)
	}
	return s.accountForm(c, views.AccountForm{NewAccount: nf}, http.StatusUnprocessableEntity)
}

// setAdmin makes an organiser an instance admin or takes it away (the
// instance admin only). The last admin stays one.
func (s *Server) setAdmin(c echo.Context) error {
	ctx := c.Request().Context()
	uid, err := strconv.ParseInt(c.Param("user"), 10, 64)
	if err != nil {
		return web.NotFound()
	}
	target, err := s.Store.UserByID(ctx, uid)
	if err != nil {
		return err
	}
	admin := c.FormValue("admin") == "on"
	if admin && target.Role != storage.RoleOrganiser {
		return &web.Error{Code: http.StatusUnprocessableEntity, Msg: i18n.M("AdminMustOrganise", nil)}
	}
	err = accounts.New(s.Store).SetAdmin(ctx, web.ActorOf(c), uid, admin)
	if errors.Is(err, storage.ErrConflict) {
		return &web.Error{Code: http.StatusConflict, Msg: i18n.M("LastAdmin", i18n.Args{"Username": target.Username}), Err: err}
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgAdminsChanged)
	return web.Redirect(c, "/account")
}

const msgAdminsChanged = "AdminAdminsChanged"

func init() { web.RegisterFlashes(map[string]string{msgAdminsChanged: "admins-changed"}) }
