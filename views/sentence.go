package views

import (
	"context"
	"html"
	"io"
	"strconv"
	"strings"

	"github.com/a-h/templ"
)

// A translated sentence may hold markup (a link, a command in <code>): the
// sentence stays one message, its placeholders get mark(0), mark(1), …, and
// withParts puts each piece of markup where the translation placed its
// mark, escaping the words around them.

// mark is the value of a sentence's i-th placeholder for markup.
func mark(i int) string { return "\x1e" + strconv.Itoa(i) + "\x1f" }

// withParts renders text with parts[i] in place of mark(i).
func withParts(text string, parts ...templ.Component) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		rest := text
		for {
			start := strings.IndexByte(rest, '\x1e')
			end := strings.IndexByte(rest, '\x1f')
			if start < 0 || end < start {
				_, err := io.WriteString(w, html.EscapeString(rest))
				return err
			}
			if _, err := io.WriteString(w, html.EscapeString(rest[:start])); err != nil {
				return err
			}
			if i, err := strconv.Atoi(rest[start+1 : end]); err == nil && i >= 0 && i < len(parts) {
				if err := parts[i].Render(ctx, w); err != nil {
					return err
				}
			}
			rest = rest[end+1:]
		}
	})
}

// codePart is a command, flag or address shown as code inside a sentence.
func codePart(s string) templ.Component {
	return templ.Raw("<code>" + html.EscapeString(s) + "</code>")
}

// linkPart is a link inside a sentence.
func linkPart(href, text string) templ.Component {
	return templ.Raw(`<a href="` + html.EscapeString(href) + `">` + html.EscapeString(text) + "</a>")
}

// strongPart is a word in bold inside a sentence.
func strongPart(s string) templ.Component {
	return templ.Raw("<strong>" + html.EscapeString(s) + "</strong>")
}
