package views

import (
	"context"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// joinPhrases words each of ms in the language of ctx and joins them with
// sep ("Match 7, Table 4 log, step 12").
func joinPhrases(ctx context.Context, ms []i18n.Message, sep string) string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.In(ctx)
	}
	return strings.Join(out, sep)
}
