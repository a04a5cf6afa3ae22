package web

import (
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// PlainInput refuses a request whose path, query or form values hold a zero
// byte or bytes that are not UTF-8. No browser sends them from our pages;
// SQLite would store them and PostgreSQL refuses them, so without this check
// the same form worked on one database and failed with a 500 on the other.
// File uploads are not values and are read by their own handlers.
func PlainInput(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		for i, v := range c.ParamValues() {
			if !PlainText(v) {
				return badCharacters(c.ParamNames()[i])
			}
		}
		if field := unstorableField(c.QueryParams()); field != "" {
			return badCharacters(field)
		}
		if c.Request().Method == http.MethodPost {
			if form, err := c.FormParams(); err == nil {
				if field := unstorableField(form); field != "" {
					return badCharacters(field)
				}
			}
		}
		return next(c)
	}
}

// unstorableField names the first field (in name order) with a value that
// cannot be stored, or returns "".
func unstorableField(vals url.Values) string {
	names := make([]string, 0, len(vals))
	for name := range vals {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if !PlainText(name) {
			return strings.ToValidUTF8(strings.ReplaceAll(name, "\x00", ""), "?")
		}
		if checkedByHandler[name] {
			continue
		}
		for _, v := range vals[name] {
			if !PlainText(v) {
				return name
			}
		}
	}
	return ""
}

// checkedByHandler are fields whose handlers check the characters
// themselves and answer with the form, the text kept and the line named (a
// pasted decklist), instead of this middleware's error page.
var checkedByHandler = map[string]bool{"deck": true}

func badCharacters(field string) error {
	return Failed(http.StatusUnprocessableEntity, i18n.M("AdminBadCharacters", i18n.Args{"Field": strconv.Quote(field)}))
}

// FormText is a form field as one trimmed line of valid UTF-8 without NUL
// bytes (PostgreSQL refuses both), cut to at most n characters.
func FormText(c echo.Context, name string, n int) string {
	v := strings.ToValidUTF8(strings.ReplaceAll(c.FormValue(name), "\x00", ""), "\uFFFD")
	return Clip(strings.Join(strings.Fields(v), " "), n)
}

// Clip cuts s to at most n characters, never inside one.
func Clip(s string, n int) string {
	if utf8.RuneCountInString(s) > n {
		return string([]rune(s)[:n])
	}
	return s
}

// PlainText reports whether a log or line can be stored as text as it is.
func PlainText(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsRune(s, 0)
}
