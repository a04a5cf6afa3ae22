package server

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Invitations: a store's organiser invites a judge account by its username
// rather than adding it. Any name is taken and listed as waiting, whether an
// account has it or not, so neither the answer nor the store's page tells
// the organiser which usernames exist (issue 30); the account joins only by
// accepting on its account page. A declined invitation stays "waiting" to
// the store for the same reason.

const (
	msgInvitationSent      = "AdminInvitationSent"
	msgInvitationWithdrawn = "AdminInvitationWithdrawn"
	msgInvitationAccepted  = "AccountInvitationAccepted"
	msgInvitationDeclined  = "AccountInvitationDeclined"
	maxInvitedName         = 80
)

func init() {
	web.RegisterFlashes(map[string]string{
		msgInvitationSent:      "invitation-sent",
		msgInvitationWithdrawn: "invitation-withdrawn",
		msgInvitationAccepted:  "invitation-accepted",
		msgInvitationDeclined:  "invitation-declined",
	})
}

// inviteStoreMember is addStoreMember for a store's organiser. A name that
// already belongs to the store (its page lists the members) is told so.
func (s *Server) inviteStoreMember(c echo.Context, sh *accounts.Shop, m views.StorePage) error {
	ctx := c.Request().Context()
	members, err := accounts.New(s.Store).ShopMembers(ctx, sh.ID)
	if err != nil {
		return err
	}
	for _, a := range members {
		if a.Username == m.AddUsername {
			m.Errors["username"] = i18n.M("MemberAlready", i18n.Args{"Username": a.Username})
			return s.renderStore(c, m, http.StatusUnprocessableEntity)
		}
	}
	if err := accounts.New(s.Store).InviteToShop(ctx, web.ActorOf(c), sh.ID, m.AddUsername); err != nil {
		return err
	}
	web.SetFlash(c, msgInvitationSent)
	return web.Redirect(c, storePath(sh.ID))
}

// withdrawInvitation is POST /stores/:store/invitations/:invitation/withdraw.
func (s *Server) withdrawInvitation(c echo.Context) error {
	sh := storeOf(c)
	id, err := strconv.ParseInt(c.Param("invitation"), 10, 64)
	if err != nil {
		return web.NotFound()
	}
	if err := accounts.New(s.Store).WithdrawInvitation(c.Request().Context(), web.ActorOf(c), sh.ID, id); err != nil {
		return err
	}
	web.SetFlash(c, msgInvitationWithdrawn)
	return web.Redirect(c, storePath(sh.ID))
}

// acceptInvitation and declineInvitation are the invited account's answers
// (POST /account/invitations/:invitation/accept, .../decline).
func (s *Server) acceptInvitation(c echo.Context) error  { return s.answerInvitation(c, true) }
func (s *Server) declineInvitation(c echo.Context) error { return s.answerInvitation(c, false) }

func (s *Server) answerInvitation(c echo.Context, accept bool) error {
	id, err := strconv.ParseInt(c.Param("invitation"), 10, 64)
	if err != nil {
		return web.NotFound()
	}
	if err := accounts.New(s.Store).AnswerInvitation(c.Request().Context(), web.ActorOf(c), web.CurrentUser(c), id, accept); err != nil {
		return err
	}
	web.SetFlash(c, map[bool]string{true: msgInvitationAccepted, false: msgInvitationDeclined}[accept])
	return web.Redirect(c, "/account")
}

// storeInvitationRows are a store's invitations for its page.
func (s *Server) storeInvitationRows(c echo.Context, storeID int64) ([]views.StoreInvitationRow, error) {
	invs, err := accounts.New(s.Store).ShopInvitations(c.Request().Context(), storeID)
	rows := make([]views.StoreInvitationRow, 0, len(invs))
	for _, inv := range invs {
		rows = append(rows, views.StoreInvitationRow{ID: inv.ID, Username: inv.Username})
	}
	return rows, err
}

// accountInvitations are the signed-in account's invitations to answer.
func (s *Server) accountInvitations(c echo.Context) ([]views.AccountInvitation, error) {
	invs, err := accounts.New(s.Store).InvitationsFor(c.Request().Context(), web.CurrentUser(c))
	out := make([]views.AccountInvitation, 0, len(invs))
	for _, inv := range invs {
		out = append(out, views.AccountInvitation{ID: inv.ID, Store: inv.StoreName, By: inv.InvitedBy})
	}
	return out, err
}
