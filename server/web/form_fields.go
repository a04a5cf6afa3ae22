package web

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Form fields several packages' forms read alike.

// IntField parses a whole number in [lo, hi]; blank gives def. A problem is
// recorded under field with msg.
func IntField(errs views.FieldProblems, field, raw string, def, lo, hi int, msg i18n.Message) int {
	if raw == "" {
		return def
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < lo || n > hi {
		errs[field] = msg
		return def
	}
	return n
}

// ReadPlayerName checks a player's name and member id fields; noName is
// the problem of an empty name, worded for whoever fills the form in
// ("Give the player's name." to staff, "Give your name." to a player).
func ReadPlayerName(c echo.Context, errs views.FieldProblems, noName i18n.Message) (name, member string) {
	name = strings.Join(strings.Fields(c.FormValue("player_name")), " ")
	member = strings.TrimSpace(c.FormValue("member_id"))
	switch n := utf8.RuneCountInString(name); {
	case n == 0:
		errs["player_name"] = noName
	case n > 80:
		errs["player_name"] = i18n.M("StaffErrMax80", nil)
	}
	if utf8.RuneCountInString(member) > 40 {
		errs["member_id"] = i18n.M("StaffErrMax40", nil)
	}
	return name, member
}
