package staff

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The organiser's list of an event's players: adding them, correcting
// an entry, new player links, dropping and deleting (the phone's own page
// is package server's phone_*.go).

func playerRow(e *storage.Entry) views.PlayerRow {
	r := views.PlayerRow{
		ID: e.ID, Name: e.PlayerName, MemberID: e.MemberID, CheckedIn: e.CheckedIn, Dropped: e.DroppedRound != nil,
		Disqualified: e.Disqualified, Waitlisted: e.Waitlisted, EnteredRound: e.EnteredRound, Team: e.Team, TeamSeat: e.TeamSeat,
		AwardedByes: e.AwardedByes, DeckStatus: e.DeckStatus, DeckChecked: e.DeckChecked, Version: e.Version,
	}
	if e.DroppedRound != nil {
		r.DroppedRound = *e.DroppedRound
	}
	if e.FixedTable != nil {
		r.FixedTable = strconv.Itoa(*e.FixedTable)
	}
	return r
}

func (h *Handler) playersPage(c echo.Context, e *storage.Event, add views.AddPlayerForm, status int) error {
	d, err := h.staffData(c.Request().Context(), e)
	if err != nil {
		return err
	}
	entries := d.Entries
	reg, err := h.PublicURL(c, "/events/"+strconv.FormatInt(e.ID, 10)+"/register")
	if err != nil {
		return err
	}
	warn, err := h.AddressWarning(c)
	if err != nil {
		return err
	}
	m := views.PlayersPage{Nav: web.Nav(e, "players"), Add: add, RegURL: reg, Warning: warn}
	m.Players, m.Waitlist, m.Registered, m.List = playerListPart(entries, c.QueryParam("q"), c.QueryParam("page"))
	if e.PlayerCap != nil {
		m.Cap = strconv.Itoa(*e.PlayerCap)
	}
	// Just added at the counter: the new player's link and QR code are one
	// click away, and the name box is ready for the next player.
	if id, err := strconv.ParseInt(c.QueryParam("added"), 10, 64); err == nil && status == http.StatusOK {
		for i := range entries {
			if entries[i].ID == id {
				m.Added = &views.JudgeRef{ID: id, Name: entries[i].PlayerName}
			}
		}
	}
	return web.Render(c, status, views.PlayersPageView(h.PageTitled(c, i18n.M("StaffPlayersTitle", i18n.Args{"Event": e.Name})), m))
}

// playersPerPage bounds the organiser's player list: each row carries its
// buttons' forms (about half a kilobyte), and at 5,000 players the whole
// list would be megabytes.
const playersPerPage = 200

// playerListPart is the part of the list shown: the players (a page of
// those the search finds), the waitlist (those it finds), how many are
// registered, and the search and page.
func playerListPart(entries []storage.Entry, query, page string) (players, waitlist []views.PlayerRow, registered int, l views.PlayerListPart) {
	l.Query = strings.Join(strings.Fields(query), " ")
	needle := strings.ToLower(l.Query)
	var found []*storage.Entry
	for i := range entries {
		en := &entries[i]
		if !en.Waitlisted {
			registered++
		}
		if needle != "" && !strings.Contains(strings.ToLower(en.PlayerName), needle) && !strings.Contains(strings.ToLower(en.MemberID), needle) {
			continue
		}
		if en.Waitlisted {
			waitlist = append(waitlist, playerRow(en))
		} else {
			found = append(found, en)
		}
	}
	l.Found = len(found)
	l.Searchable = registered > playersPerPage || l.Query != ""
	l.Pages = max(1, (len(found)+playersPerPage-1)/playersPerPage)
	l.Page, _ = strconv.Atoi(page)
	l.Page = min(max(l.Page, 1), l.Pages)
	for _, en := range found[(l.Page-1)*playersPerPage : min(len(found), l.Page*playersPerPage)] {
		players = append(players, playerRow(en))
	}
	l.Position = web.ListPosition(l.Query, l.Page)
	return players, waitlist, registered, l
}

// qrMarkup is the QR code of a link as inline SVG, or "" if it cannot be
// drawn (the link is shown as text beside it anyway).
func qrMarkup(ctx context.Context, text string) string {
	svg, err := qrSVGString(ctx, text)
	if err != nil {
		return ""
	}
	return svg
}

// ShowPlayers is the organiser's list of players, or with ?check=1 the players like the name typed.
func (h *Handler) ShowPlayers(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	if c.QueryParam("check") == "1" {
		return h.checkName(c, e)
	}
	return h.playersPage(c, e, views.AddPlayerForm{EnteredRound: "1"}, http.StatusOK)
}

// AddPlayer adds a player at the counter.
func (h *Handler) AddPlayer(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	f := views.AddPlayerForm{Errors: views.FieldProblems{}, EnteredRound: strings.TrimSpace(c.FormValue("entered_round"))}
	f.Name, f.MemberID = web.ReadPlayerName(c, f.Errors, i18n.M("StaffErrPlayerName", nil))
	entered := web.IntField(f.Errors, "entered_round", f.EnteredRound, 1, 1, 20, i18n.M("StaffErrEnteredRound", nil))
	picked, err := h.pickedPlayer(c, &f)
	if err != nil {
		return err
	}
	if len(f.Errors) > 0 {
		return h.playersPage(c, e, f, http.StatusUnprocessableEntity)
	}
	if c.FormValue("check") == "1" {
		return web.Redirect(c, checkNameURL(e.ID, f))
	}
	// The same name twice is most often a double entry: say so, and add
	// only when the organiser confirms (two players may share a name).
	if c.FormValue("same_name_ok") != "1" {
		same, err := h.Store.EntriesNamed(c.Request().Context(), e.ID, f.Name)
		if err != nil {
			return err
		}
		for _, other := range same {
			f.SameName = append(f.SameName, views.JudgeRef{ID: other.ID, Name: other.PlayerName})
		}
		if len(same) > 0 {
			return h.playersPage(c, e, f, http.StatusConflict)
		}
	}
	en := &storage.Entry{EventID: e.ID, PlayerName: f.Name, MemberID: f.MemberID, EnteredRound: entered, TokenHash: "pending:" + web.NewToken(), PlayerID: picked}
	// At the counter the organiser decides: no cap check, no waitlist.
	if err := h.Store.CreateEntry(c.Request().Context(), web.ActorOf(c), en); err != nil {
		return err
	}
	if err := h.SetEntryToken(c, en); err != nil {
		return err
	}
	// The Players page says who was added (no flash: it would say it twice).
	return web.Redirect(c, web.EventURL(e.ID, "/players?added="+strconv.FormatInt(en.ID, 10)))
}

func (h *Handler) entryParam(c echo.Context, e *storage.Event) (*storage.Entry, error) {
	id, err := strconv.ParseInt(c.Param("entry"), 10, 64)
	if err != nil {
		return nil, web.NotFound()
	}
	return h.Store.EntryByID(c.Request().Context(), e.ID, id)
}

// ShowPlayer is one entry's page: their link, its QR code and their settings.
func (h *Handler) ShowPlayer(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	en, err := h.entryParam(c, e)
	if err != nil {
		return err
	}
	path, err := h.PlayerPath(c.Request().Context(), en)
	if err != nil {
		return err
	}
	url, err := h.PublicURL(c, path)
	if err != nil {
		return err
	}
	warn, err := h.AddressWarning(c)
	if err != nil {
		return err
	}
	m := views.PlayerLinkPage{Nav: web.Nav(e, "players"), Name: en.PlayerName, URL: url, EntryID: en.ID, QR: qrMarkup(c.Request().Context(), url), Warning: warn}
	if en.PlayerID != nil {
		m.PlayerID = *en.PlayerID
	}
	if m.Deletable, err = h.entryDeletable(c, e, en); err != nil {
		return err
	}
	return web.Render(c, http.StatusOK, views.PlayerDetailView(h.PageTitled(c, i18n.Verbatim(en.PlayerName)), m, playerRow(en)))
}

// UpdatePlayer applies one organiser action to an entry.
func (h *Handler) UpdatePlayer(c echo.Context) error {
	e, err := h.StaffEvent(c)
	if err != nil {
		return err
	}
	en, err := h.entryParam(c, e)
	if err != nil {
		return err
	}
	action := c.FormValue("action")
	// Judges may mark deck checks; everything else is the organiser's.
	if action != "deck-checked" {
		if ok, err := h.IsEventOrganiser(c, e); err != nil {
			return err
		} else if !ok {
			return web.Refused(i18n.M("OnlyOrganisers", nil))
		}
	}
	if v, err := strconv.Atoi(c.FormValue("version")); err == nil {
		en.Version = v
	}
	list := "/events/" + strconv.FormatInt(e.ID, 10) + "/players"
	// Back to the search and page the button was on.
	page, _ := strconv.Atoi(c.QueryParam("page"))
	back := list + web.ListPosition(strings.Join(strings.Fields(c.QueryParam("q")), " "), page)
	ctx := c.Request().Context()
	switch action {
	case "checkin":
		en.CheckedIn = !en.CheckedIn
	case "drop":
		played, err := h.RoundsPlayed(c, e)
		if err != nil {
			return err
		}
		en.DroppedRound = &played
	case "readd":
		en.DroppedRound = nil
	case "promote":
		en.Waitlisted = false
	case "deck-checked":
		en.DeckChecked = true
		back = "/events/" + strconv.FormatInt(e.ID, 10) + "/decks" + web.ListPosition(strings.Join(strings.Fields(c.QueryParam("q")), " "), page)
	case "new-link":
		en.TokenGeneration++
		key, err := h.LinkKey(ctx)
		if err != nil {
			return err
		}
		en.TokenHash = web.HashToken(web.PlayerToken(key, en.ID, en.TokenGeneration))
		back = list + "/" + strconv.FormatInt(en.ID, 10)
	case "settings":
		errs := views.FieldProblems{}
		en.FixedTable = nil
		if raw := strings.TrimSpace(c.FormValue("fixed_table")); raw != "" {
			n := web.IntField(errs, "fixed_table", raw, 0, 1, 5000, i18n.M("StaffErrFixedTable", nil))
			en.FixedTable = &n
		}
		en.Team = strings.TrimSpace(c.FormValue("team"))
		if e.TeamEvent {
			en.Team = strings.Join(strings.Fields(en.Team), " ")
			en.TeamSeat = c.FormValue("team_seat")
			if pairing.SeatIndex(en.TeamSeat) < 0 {
				en.TeamSeat = ""
			}
		}
		en.AwardedByes = web.IntField(errs, "awarded_byes", strings.TrimSpace(c.FormValue("awarded_byes")), 0, 0, 5, i18n.M("StaffErrAwardedByes", nil))
		if len(errs) > 0 || utf8.RuneCountInString(en.Team) > 60 {
			return &web.Error{Code: http.StatusUnprocessableEntity, Msg: i18n.M("StaffErrPlayerSettings", nil)}
		}
		back = list + "/" + strconv.FormatInt(en.ID, 10)
	default:
		return &web.Error{Code: http.StatusUnprocessableEntity, Msg: i18n.M("StaffErrUnknownAction", nil)}
	}
	err = h.Store.UpdateEntry(ctx, web.ActorOf(c), action, en)
	if errors.Is(err, storage.ErrStale) {
		return &web.Error{Code: http.StatusConflict, Err: err, Msg: i18n.M("StaffErrPlayerStale", nil)}
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgPlayerSaved)
	return web.Redirect(c, back)
}

// entryDeletable: an entry can be deleted until the player has a match.
func (h *Handler) entryDeletable(c echo.Context, e *storage.Event, en *storage.Entry) (bool, error) {
	rounds, err := h.Store.Rounds(c.Request().Context(), e.ID)
	if err != nil {
		return false, err
	}
	for _, r := range rounds {
		ms, err := h.Store.Matches(c.Request().Context(), r.ID)
		if err != nil {
			return false, err
		}
		for _, m := range ms {
			if m.Side(en.ID) != "" {
				return false, nil
			}
		}
	}
	return true, nil
}

// DeletePlayer removes an entry made by mistake, before the player has a
// match (after that, drop the player: results stay in the record).
func (h *Handler) DeletePlayer(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	en, err := h.entryParam(c, e)
	if err != nil {
		return err
	}
	reason := strings.TrimSpace(c.FormValue("reason"))
	if reason == "" {
		reason = "made by mistake"
	}
	err = h.Store.DeleteEntry(c.Request().Context(), web.ActorOf(c), e.ID, en.ID, reason)
	if errors.Is(err, storage.ErrEntryPlayed) {
		return &web.Error{Code: http.StatusConflict, Err: err,
			Msg: i18n.M("StaffEntryIsRecord", i18n.Args{"Name": en.PlayerName})}
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgPlayerDeleted)
	return web.Redirect(c, web.EventURL(e.ID, "/players"))
}

// DropNotCheckedIn drops, before round 1, everyone who has not checked in.
func (h *Handler) DropNotCheckedIn(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	_, err = h.Store.DropNotCheckedIn(c.Request().Context(), web.ActorOf(c), e.ID)
	if errors.Is(err, storage.ErrRoundsStarted) {
		return h.roundsPage(c, e, i18n.M("StaffErrRound1Paired", nil), http.StatusConflict)
	}
	if err != nil {
		return err
	}
	web.SetFlash(c, msgAbsentDropped)
	return web.Redirect(c, "/events/"+strconv.FormatInt(e.ID, 10)+"/rounds")
}
