package web

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/views"
)

// RowsPerPage bounds the long lists of a big event's staff pages (decks, a
// round's tables, the standings): at 5,000 players each was megabytes.
const RowsPerPage = 200

// ListPart is the part of a long list shown: the rows the search finds
// (every row without one), page by page. matches is given the search in
// lower case.
func ListPart[T any](rows []T, query string, page int, matches func(row T, needle string) bool) ([]T, views.PlayerListPart) {
	found, l := FindRows(rows, query, matches)
	return PageRows(found, page, &l), l
}

// FindRows are the rows the search finds, and the list's search.
func FindRows[T any](rows []T, query string, matches func(row T, needle string) bool) ([]T, views.PlayerListPart) {
	l := views.PlayerListPart{Query: strings.Join(strings.Fields(query), " ")}
	found := rows
	if needle := strings.ToLower(l.Query); needle != "" {
		found = nil
		for _, r := range rows {
			if matches(r, needle) {
				found = append(found, r)
			}
		}
	}
	l.Found = len(found)
	l.Searchable = len(rows) > RowsPerPage || l.Query != ""
	l.Pages = max(1, (len(found)+RowsPerPage-1)/RowsPerPage)
	return found, l
}

// PageRows is a page of the rows found (the nearest that exists).
func PageRows[T any](found []T, page int, l *views.PlayerListPart) []T {
	l.Page = min(max(page, 1), l.Pages)
	l.Position = ListPosition(l.Query, l.Page)
	return found[(l.Page-1)*RowsPerPage : min(len(found), l.Page*RowsPerPage)]
}

// NameMatches says whether a name holds the search (given in lower case).
func NameMatches(name, needle string) bool {
	return strings.Contains(strings.ToLower(name), needle)
}

// ListPosition is a search and page of the player list as a query string
// ("" for the whole list's first page).
func ListPosition(query string, page int) string {
	v := url.Values{}
	if query != "" {
		v.Set("q", query)
	}
	if page > 1 {
		v.Set("page", strconv.Itoa(page))
	}
	if len(v) == 0 {
		return ""
	}
	return "?" + v.Encode()
}
