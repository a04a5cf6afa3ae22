package server

import (
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Feature tables (issue 28): the event form's part. Seating the round's
// top pairings at them is package staff's.

// readFeatureTables reads the event form's feature tables ("1, 2").
func readFeatureTables(f *views.EventForm, ev *storage.Event) {
	tables, ok := storage.NormalFeatureTables(f.FeatureTables)
	if !ok {
		f.Errors["feature_tables"] = i18n.M("StaffErrFeatureTables", i18n.Args{"Max": storage.MaxFeatureTables})
	}
	ev.FeatureTables = tables
}
