package judge

import (
	"context"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Where the rule index has only part of a language, or none of it, the
// lookup says so plainly at the top; English pages and a whole index say
// nothing.
func TestRuleIndexSaysWhenItIsEnglishOnly(t *testing.T) {
	de := i18n.WithLanguage(context.Background(), "de")
	ja := i18n.WithLanguage(context.Background(), "ja")
	en := i18n.WithLanguage(context.Background(), "en")
	cases := []struct {
		ctx               context.Context
		translated, total int
		want              string
	}{
		{de, 0, 60, i18n.T(de, "RuleIndexEnglishOnly", nil)},
		{de, 12, 60, "12 der 60 Regeln sind auf Deutsch geschrieben"},
		{ja, 1, 60, i18n.N(ja, "RuleIndexPartlyTranslated", 1, i18n.Args{"Total": 60})},
		{de, 60, 60, ""},
		{en, 0, 60, ""},
	}
	for _, c := range cases {
		got := indexLanguageNote(c.ctx, c.translated, c.total).In(c.ctx)
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s, %d of %d: %q, want %q", i18n.Lang(c.ctx), c.translated, c.total, got, c.want)
		}
	}
}
