package server

import (
	"errors"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Self-registration through the event's public link: the players' own
// form, opened from the registration poster's QR code.

func (s *Server) registerForm(c echo.Context) error {
	e, err := s.EventParam(c)
	if err != nil {
		return err
	}
	if e.Status == storage.StatusDraft {
		return web.NotFound()
	}
	return s.renderRegister(c, e, views.RegisterPage{}, http.StatusOK)
}

func (s *Server) renderRegister(c echo.Context, e *storage.Event, m views.RegisterPage, status int) error {
	m.EventID, m.EventName, m.Date = e.ID, e.Name, i18n.Date(c.Request().Context(), e.StartsOn)
	m.Format = web.GameFormatName(c.Request().Context(), e.Format)
	m.Open = e.SelfRegistration && e.Status == storage.StatusRegistration
	m.TeamEvent = e.TeamEvent
	if e.PlayerCap != nil {
		n, err := s.Store.CountEntries(c.Request().Context(), e.ID)
		if err != nil {
			return err
		}
		m.Full = n >= int64(*e.PlayerCap)
	}
	return web.Render(c, status, views.RegisterView(s.PageTitled(c, i18n.M("PhoneRegisterTitle", i18n.Args{"Event": e.Name})), m))
}

func (s *Server) register(c echo.Context) error {
	e, err := s.EventParam(c)
	if err != nil {
		return err
	}
	if e.Status == storage.StatusDraft {
		return web.NotFound()
	}
	m := views.RegisterPage{Errors: views.FieldProblems{}}
	m.Name, m.MemberID = web.ReadPlayerName(c, m.Errors, i18n.M("PhoneErrYourName", nil))
	if !e.SelfRegistration || e.Status != storage.StatusRegistration {
		return s.renderRegister(c, e, m, http.StatusForbidden)
	}
	if len(m.Errors) > 0 {
		return s.renderRegister(c, e, m, http.StatusUnprocessableEntity)
	}
	en := &storage.Entry{EventID: e.ID, PlayerName: m.Name, MemberID: m.MemberID, TokenHash: "pending:" + web.NewToken()}
	if e.TeamEvent {
		if en.Team, en.TeamSeat = readTeamSeat(c, &m); len(m.Errors) > 0 {
			return s.renderRegister(c, e, m, http.StatusUnprocessableEntity)
		}
	}
	err = s.Store.RegisterEntry(c.Request().Context(), storage.ActorSelfRegistration, en)
	if errors.Is(err, storage.ErrSeatTaken) {
		m.Errors["team_seat"] = i18n.M("TeamErrSeatTaken", i18n.Args{"Team": en.Team, "Seat": en.TeamSeat})
		return s.renderRegister(c, e, m, http.StatusConflict)
	}
	if err != nil {
		return err
	}
	if err := s.SetEntryToken(c, en); err != nil {
		return err
	}
	path, err := s.PlayerPath(c.Request().Context(), en)
	if err != nil {
		return err
	}
	web.SetFlash(c, msgRegistered)
	return web.Redirect(c, path)
}

// readTeamSeat reads a team event's team name and seat from the
// registration form: a player joins their team by its name.
func readTeamSeat(c echo.Context, m *views.RegisterPage) (team, seat string) {
	m.Team = strings.Join(strings.Fields(c.FormValue("team_name")), " ")
	m.Seat = c.FormValue("team_seat")
	if n := utf8.RuneCountInString(m.Team); n == 0 || n > 60 {
		m.Errors["team_name"] = i18n.M("TeamErrName", nil)
	}
	if pairing.SeatIndex(m.Seat) < 0 {
		m.Errors["team_seat"] = i18n.M("TeamErrSeat", nil)
	}
	return m.Team, m.Seat
}
