package views

import (
	"context"
	"io"
	"strconv"
	"strings"

	"github.com/a-h/templ"
)

// slot is a placeholder's value that marks where markup (a link, a <code>)
// goes inside a translated sentence, so the sentence stays one message
// whatever order a language puts its parts in: pass slot(0), slot(1)… as
// the message's values and render the text with withSlots.
func slot(i int) string { return "\x00" + strconv.Itoa(i) + "\x00" }

// withSlots renders a translated text, escaped, with parts[i] where slot(i)
// stands.
func withSlots(text string, parts ...templ.Component) templ.Component {
	return slotted(text, templ.EscapeString, parts)
}

// withHiddenWords is withSlots for a sentence whose words are for screen
// readers only: each piece of text goes in a visually-hidden span and the
// parts (a score, a number) stay visible where the language puts them.
func withHiddenWords(text string, parts ...templ.Component) templ.Component {
	return slotted(text, func(piece string) string {
		if piece == "" {
			return ""
		}
		return `<span class="visually-hidden">` + templ.EscapeString(piece) + "</span>"
	}, parts)
}

// slotted writes text with parts[i] where slot(i) stands and each piece of
// text between them as words(piece) says.
func slotted(text string, words func(string) string, parts []templ.Component) templ.Component {
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		for i, piece := range strings.Split(text, "\x00") {
			if i%2 == 1 {
				n, err := strconv.Atoi(piece)
				if err == nil && n >= 0 && n < len(parts) {
					if err := parts[n].Render(ctx, w); err != nil {
						return err
					}
				}
				continue
			}
			if _, err := io.WriteString(w, words(piece)); err != nil {
				return err
			}
		}
		return nil
	})
}
