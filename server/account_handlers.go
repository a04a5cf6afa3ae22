package server

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
	"golang.org/x/crypto/bcrypt"
)

func (s *Server) accountForm(c echo.Context, f views.AccountForm, status int) error {
	ctx := c.Request().Context()
	u := currentUser(c)
	f.Username, f.Role, f.IsAdmin, f.Language = u.Username, u.Role, u.IsAdmin, u.Language
	f.Languages = append([]views.Option{{Value: "", Label: i18n.T(ctx, "AdminBrowserLanguage", nil)}}, languageChoices()...)
	if f.Errors == nil {
		f.DisplayName = u.DisplayName
	}
	own, err := s.store.ShopsOf(ctx, u.ID)
	if err != nil {
		return err
	}
	for _, sh := range own {
		f.Stores = append(f.Stores, views.StoreRef{ID: sh.ID, Name: sh.Name})
	}
	if u.Role == storage.RoleOrganiser {
		stores, err := s.organiserStores(c)
		if err != nil {
			return err
		}
		// An organiser sees the accounts of their stores; the admin sees all.
		var us []storage.User
		if u.IsAdmin {
			us, err = s.store.Users(ctx)
		} else {
			us, err = s.store.UsersInShops(ctx, shopIDs(stores))
		}
		if err != nil {
			return err
		}
		ids := make([]int64, len(us))
		for i := range us {
			ids[i] = us[i].ID
		}
		memberOf, err := s.store.ShopsOfUsers(ctx, ids)
		if err != nil {
			return err
		}
		for _, a := range us {
			row := views.AccountRow{ID: a.ID, Username: a.Username, Name: a.DisplayName, Role: a.Role, IsAdmin: a.IsAdmin,
				CanToggleAdmin: u.IsAdmin && a.Role == storage.RoleOrganiser}
			for _, sh := range memberOf[a.ID] {
				// Stores the viewer does not run stay unnamed to them.
				if hasShop(stores, sh.ID) {
					row.Stores = append(row.Stores, sh.Name)
				}
			}
			f.Accounts = append(f.Accounts, row)
		}
		f.ShowStores = len(stores) > 1
		f.NewAccount.StoreChoices = storeChoices(c, stores)
		if len(stores) == 1 {
			f.NewAccount.StoreID = strconv.FormatInt(stores[0].ID, 10)
		}
		f.NewAccount.CanAdd = len(stores) > 0
		f.NewAccount.CanMakeAdmin = u.IsAdmin
		if f.NewAccount.Role == "" {
			f.NewAccount.Role = storage.RoleJudge
		}
	}
	return render(c, status, views.AccountPage(s.page(c, i18n.T(ctx, "AdminAccountTitle", nil)), f))
}

// storeChoices are the stores of a select box, by name. Several start
// with "Choose a store", so nothing is made in a store by default.
func storeChoices(c echo.Context, stores []storage.Shop) []views.Option {
	if len(stores) < 2 {
		return nil
	}
	opts := []views.Option{{Value: "", Label: i18n.T(c.Request().Context(), "ChooseStoreOption", nil)}}
	for _, sh := range stores {
		opts = append(opts, views.Option{Value: strconv.FormatInt(sh.ID, 10), Label: sh.Name})
	}
	return opts
}

// chosenStore reads a form's store_id among the stores the signed-in
// organiser may use. With one store the field may be left out. It returns
// the store, or a message for the field (none chosen among several), or an
// error (a store that is not theirs: 403).
func (s *Server) chosenStore(c echo.Context, stores []storage.Shop) (*storage.Shop, string, error) {
	ctx := c.Request().Context()
	raw := strings.TrimSpace(c.FormValue("store_id"))
	if raw == "" {
		if len(stores) == 1 {
			return &stores[0], "", nil
		}
		if len(stores) == 0 {
			return nil, "", forbidden(i18n.T(ctx, "NoStoreYet", nil))
		}
		return nil, i18n.T(ctx, "ChooseStore", nil), nil
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err == nil {
		for i := range stores {
			if stores[i].ID == id {
				return &stores[i], "", nil
			}
		}
	}
	return nil, "", forbidden(i18n.T(ctx, "NotYourStore", nil))
}

func (s *Server) showAccount(c echo.Context) error {
	return s.accountForm(c, views.AccountForm{}, http.StatusOK)
}

func (s *Server) saveAccount(c echo.Context) error {
	ctx := c.Request().Context()
	u := currentUser(c)
	f := views.AccountForm{DisplayName: strings.TrimSpace(c.FormValue("display_name")), Errors: views.FieldErrors{}}
	current, newPW := c.FormValue("current_password"), c.FormValue("new_password")
	if len(f.DisplayName) > 80 {
		f.Errors["display_name"] = i18n.T(ctx, "StoreNameTooLong", i18n.Args{"Max": 80})
	}
	hash := ""
	if newPW != "" {
		if bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte(current)) != nil {
			f.Errors["current_password"] = i18n.T(ctx, "AdminNotCurrentPassword", nil)
		} else if msg := checkPasswordRules(ctx, newPW); msg != "" {
			f.Errors["new_password"] = msg
		}
	}
	if len(f.Errors) > 0 {
		return s.accountForm(c, f, http.StatusUnprocessableEntity)
	}
	if newPW != "" {
		var err error
		if hash, err = s.hashPassword(newPW); err != nil {
			return err
		}
	}
	keep, _ := c.Get(ctxSessionTokenHash).(string)
	if err := s.store.UpdateUserProfile(ctx, actorOf(c), u.ID, f.DisplayName, hash, keep); err != nil {
		return err
	}
	setFlash(c, msgAccountSaved)
	return redirect(c, "/account")
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
		Errors:      views.FieldErrors{},
	}
	stores, err := s.organiserStores(c)
	if err != nil {
		return err
	}
	shop, msg, err := s.chosenStore(c, stores)
	if err != nil {
		return err
	}
	if msg != "" {
		nf.Errors["store_id"] = msg
	}
	if nf.Admin && !currentUser(c).IsAdmin {
		return forbidden(i18n.T(ctx, "OnlyAdmin", nil))
	}
	pw := c.FormValue("password")
	if msg := checkUsername(ctx, nf.Username); msg != "" {
		nf.Errors["username"] = msg
	}
	if nf.Role != storage.RoleJudge && nf.Role != storage.RoleOrganiser {
		nf.Errors["role"] = i18n.T(ctx, "AdminChooseRole", nil)
	} else if nf.Admin && nf.Role != storage.RoleOrganiser {
		nf.Errors["role"] = i18n.T(ctx, "AdminMustOrganise", nil)
	}
	if msg := checkPasswordRules(ctx, pw); msg != "" {
		nf.Errors["password"] = msg
	}
	if len(nf.Errors) == 0 {
		hash, err := s.hashPassword(pw)
		if err != nil {
			return err
		}
		u := &storage.User{Username: nf.Username, DisplayName: nf.DisplayName, PasswordHash: hash, Role: nf.Role, IsAdmin: nf.Admin}
		err = s.store.CreateUserInShop(ctx, actorOf(c), u, shop.ID)
		if err == nil {
			setFlash(c, msgAccountAdded)
			return redirect(c, "/account")
		}
		if !errors.Is(err, storage.ErrConflict) {
			return err
		}
		nf.Errors["username"] = i18n.T(ctx, "AdminUsernameTaken", nil)
	}
	return s.accountForm(c, views.AccountForm{NewAccount: nf}, http.StatusUnprocessableEntity)
}

// setAdmin makes an organiser an instance admin or takes it away (the
// instance admin only). The last admin stays one.
func (s *Server) setAdmin(c echo.Context) error {
	ctx := c.Request().Context()
	uid, err := strconv.ParseInt(c.Param("user"), 10, 64)
	if err != nil {
		return notFound()
	}
	target, err := s.store.UserByID(ctx, uid)
	if err != nil {
		return err
	}
	admin := c.FormValue("admin") == "on"
	if admin && target.Role != storage.RoleOrganiser {
		return &appError{Code: http.StatusUnprocessableEntity, Safe: i18n.T(ctx, "AdminMustOrganise", nil)}
	}
	err = s.store.SetAdmin(ctx, actorOf(c), uid, admin)
	if errors.Is(err, storage.ErrConflict) {
		return &appError{Code: http.StatusConflict, Safe: i18n.T(ctx, "LastAdmin", i18n.Args{"Username": target.Username}), Err: err}
	}
	if err != nil {
		return err
	}
	setFlash(c, msgAdminsChanged)
	return redirect(c, "/account")
}

const msgAdminsChanged = "AdminAdminsChanged"

func init() { flashCodes[msgAdminsChanged] = "admins-changed" }
