package web

import (
	"context"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// A judge call's own reasons are said in the page's language whichever
// language they were kept in; any other reason stays as it is.
func TestCallReason(t *testing.T) {
	t.Parallel()
	de, ja := i18n.WithLanguage(context.Background(), "de"), i18n.WithLanguage(context.Background(), "ja")
	step, other := 7, 8
	for _, c := range []struct {
		call storage.JudgeCall
		want string
	}{
		{storage.JudgeCall{Reason: storage.DisputeReason}, i18n.T(de, "PhoneCallDisputeReason", nil)},
		{storage.JudgeCall{Reason: i18n.T(ja, "PhoneCallReason", nil)}, i18n.T(de, "PhoneCallReason", nil)},
		{storage.JudgeCall{Reason: i18n.T(ja, "TrackerCallReason", i18n.Args{"Step": 7}), Step: &step}, i18n.T(de, "TrackerCallReason", i18n.Args{"Step": 7})},
		{storage.JudgeCall{Reason: i18n.T(context.Background(), "TrackerCallReason", i18n.Args{"Step": 7}), Step: &step}, i18n.T(de, "TrackerCallReason", i18n.Args{"Step": 7})},
		{storage.JudgeCall{Reason: i18n.T(ja, "TrackerCallReason", i18n.Args{"Step": 7}), Step: &other}, i18n.T(ja, "TrackerCallReason", i18n.Args{"Step": 7})},
		{storage.JudgeCall{Reason: "Deck check at table 9"}, "Deck check at table 9"},
	} {
		if got := CallReason(c.call).In(de); got != c.want {
			t.Errorf("%q: %q, want %q", c.call.Reason, got, c.want)
		}
	}
}
