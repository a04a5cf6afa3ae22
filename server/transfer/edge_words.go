package transfer

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// storedText words m for the database, in the language of ctx: an
// imported event's name when its file has none (the importer's language),
// and the restore's announcement (the event's, read by every player).
func storedText(ctx context.Context, m i18n.Message) string { return m.In(ctx) }
