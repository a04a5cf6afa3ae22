package views

import (
	"context"
	"io"
	"strings"

	"github.com/a-h/templ"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// sentenceMark stands in a translated sentence for the part given as
// markup; no message contains it.
const sentenceMark = "\x00"

// sentenceWith renders the message id as one whole sentence in which the
// value name is markup (a link, a number in bold): the sentence is
// translated with a mark in the part's place, so each language puts it
// where its word order wants it, and the text around it is escaped as any
// text is.
func sentenceWith(ctx context.Context, id string, args i18n.Args, name string, part templ.Component) templ.Component {
	all := i18n.Args{name: sentenceMark}
	for k, v := range args {
		all[k] = v
	}
	before, after, found := strings.Cut(i18n.T(ctx, id, all), sentenceMark)
	return templ.ComponentFunc(func(ctx context.Context, w io.Writer) error {
		if _, err := io.WriteString(w, templ.EscapeString(before)); err != nil {
			return err
		}
		if found {
			if err := part.Render(ctx, w); err != nil {
				return err
			}
		}
		_, err := io.WriteString(w, templ.EscapeString(after))
		return err
	})
}
