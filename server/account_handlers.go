package server

import (
	"errors"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"golang.org/x/crypto/bcrypt"
)

func (s *Server) accountForm(c echo.Context, f views.AccountForm, status int) error {
	u := currentUser(c)
	f.Username, f.Role = u.Username, u.Role
	if f.Errors == nil {
		f.DisplayName = u.DisplayName
	}
	if u.Role == storage.RoleOrganiser {
		us, err := s.store.Users(c.Request().Context())
		if err != nil {
			return err
		}
		for _, a := range us {
			f.Accounts = append(f.Accounts, views.AccountRow{Username: a.Username, Name: a.DisplayName, Role: a.Role})
		}
		if f.NewAccount.Role == "" {
			f.NewAccount.Role = storage.RoleJudge
		}
	}
	return render(c, status, views.AccountPage(s.page(c, "Your account"), f))
}

func (s *Server) showAccount(c echo.Context) error {
	return s.accountForm(c, views.AccountForm{}, http.StatusOK)
}

func (s *Server) saveAccount(c echo.Context) error {
	u := currentUser(c)
	f := views.AccountForm{DisplayName: strings.TrimSpace(c.FormValue("display_name")), Errors: views.FieldErrors{}}
	current, newPW := c.FormValue("current_password"), c.FormValue("new_password")
	if len(f.DisplayName) > 80 {
		f.Errors["display_name"] = "Use at most 80 characters."
	}
	hash := ""
	if newPW != "" {
		if bcrypt.CompareHashAndPassword([]byte(u.PasswordHash), []byte(current)) != nil {
			f.Errors["current_password"] = "This is not your current password."
		} else if msg := checkPasswordRules(newPW); msg != "" {
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
	if err := s.store.UpdateUserProfile(c.Request().Context(), actorOf(c), u.ID, f.DisplayName, hash, keep); err != nil {
		return err
	}
	setFlash(c, msgAccountSaved)
	return redirect(c, "/account")
}

// addAccount lets an organiser create a judge or organiser account.
func (s *Server) addAccount(c echo.Context) error {
	nf := views.NewAccountForm{
		Username:    strings.TrimSpace(c.FormValue("username")),
		DisplayName: strings.TrimSpace(c.FormValue("display_name")),
		Role:        c.FormValue("role"),
		Errors:      views.FieldErrors{},
	}
	pw := c.FormValue("password")
	if msg := checkUsername(nf.Username); msg != "" {
		nf.Errors["username"] = msg
	}
	if nf.Role != storage.RoleJudge && nf.Role != storage.RoleOrganiser {
		nf.Errors["role"] = "Choose judge or organiser."
	}
	if msg := checkPasswordRules(pw); msg != "" {
		nf.Errors["password"] = msg
	}
	if len(nf.Errors) == 0 {
		hash, err := s.hashPassword(pw)
		if err != nil {
			return err
		}
		u := &storage.User{Username: nf.Username, DisplayName: nf.DisplayName, PasswordHash: hash, Role: nf.Role}
		err = s.store.CreateUserAudited(c.Request().Context(), actorOf(c), u)
		if err == nil {
			setFlash(c, msgAccountAdded)
			return redirect(c, "/account")
		}
		if !errors.Is(err, storage.ErrConflict) {
			return err
		}
		nf.Errors["username"] = "This username is taken."
	}
	return s.accountForm(c, views.AccountForm{NewAccount: nf}, http.StatusUnprocessableEntity)
}
