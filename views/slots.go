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
			if _, err := io.WriteString(w, templ.EscapeString(piece)); err != nil {
				return err
			}
		}
		return nil
	})
}
