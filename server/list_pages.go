package server

import (
	"strings"

	"github.com/tenkaichi-org/tenkaichi/views"
)

// rowsPerPage bounds the long lists of a big event's staff pages (decks, a
// round's tables, the standings): at 5,000 players each was megabytes.
const rowsPerPage = 200

// listPart is the part of a long list shown: the rows the search finds
// (every row without one), page by page. matches is given the search in
// lower case.
func listPart[T any](rows []T, query string, page int, matches func(row T, needle string) bool) ([]T, views.PlayerListPart) {
	found, l := findRows(rows, query, matches)
	return pageRows(found, page, &l), l
}

// findRows are the rows the search finds, and the list's search.
func findRows[T any](rows []T, query string, matches func(row T, needle string) bool) ([]T, views.PlayerListPart) {
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
	l.Searchable = len(rows) > rowsPerPage || l.Query != ""
	l.Pages = max(1, (len(found)+rowsPerPage-1)/rowsPerPage)
	return found, l
}

// pageRows is a page of the rows found (the nearest that exists).
func pageRows[T any](found []T, page int, l *views.PlayerListPart) []T {
	l.Page = min(max(page, 1), l.Pages)
	l.Position = listPosition(l.Query, l.Page)
	return found[(l.Page-1)*rowsPerPage : min(len(found), l.Page*rowsPerPage)]
}

// nameMatches says whether a name holds the search (given in lower case).
func nameMatches(name, needle string) bool {
	return strings.Contains(strings.ToLower(name), needle)
}
