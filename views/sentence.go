package views

import (
	"html"

	"github.com/a-h/templ"
)

// Pieces of markup inside a translated sentence, for withSlots (slots.go).

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

// englishPart is words of the card data inside a sentence: in English
// whatever the page's language, so marked for screen readers.
func englishPart(s string) templ.Component {
	return templ.Raw(`<span lang="en">` + html.EscapeString(s) + "</span>")
}
