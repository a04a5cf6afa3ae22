package judge

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// storedText words m for the database: a new game log's title is stored
// in its header and row as text, in the language of the judge or player
// who starts it (as an uploaded log's own title is).
func storedText(ctx context.Context, m i18n.Message) string { return m.In(ctx) }

// engineWords is a phrase of views/enginetext (a violation, an event, the
// battle), worded in the page's language when the page renders.
type engineWords func(ctx context.Context) string

func (w engineWords) In(ctx context.Context) string { return w(ctx) }
