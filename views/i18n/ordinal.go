package i18n

import (
	"context"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/feature/plural"
)

// ordinalIDs are the messages of a place, one per CLDR ordinal form: English
// "1st" (one), "2nd" (two), "3rd" (few), "4th" (other). A language defines
// the forms its ordinal rule uses; OrdinalOther is the fallback.
var ordinalIDs = map[plural.Form]string{
	plural.Zero: "OrdinalZero", plural.One: "OrdinalOne", plural.Two: "OrdinalTwo",
	plural.Few: "OrdinalFew", plural.Many: "OrdinalMany", plural.Other: "OrdinalOther",
}

// Ordinal writes n as a place ("1st", "2nd", "3rd", "11th", "21st") in the
// context's language. go-i18n chooses forms by the cardinal rule ("1 point",
// "2 points"), so the ordinal rule of x/text picks the message here.
func Ordinal(ctx context.Context, n int) string {
	// The forms are the rule's of the language whose messages are used: a
	// file without ordinals falls back to English's, and English's rule.
	if !defined(ctx, "OrdinalOther") {
		ctx = context.Background()
	}
	t := tag(ctx)
	form := plural.Ordinal.MatchPlural(t, abs(n)%10000000, 0, 0, 0, 0)
	id, ok := ordinalIDs[form]
	if !ok || !defined(ctx, id) {
		id = "OrdinalOther"
	}
	return localize(ctx, &goi18n.LocalizeConfig{MessageID: id, TemplateData: map[string]any{"Count": n}})
}

// defined reports whether the context's language has id in its own file
// (English always has its own).
func defined(ctx context.Context, id string) bool {
	if ctx == nil {
		ctx = context.Background()
	}
	_, err := localizer(ctx).Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: map[string]any{"Count": 0}})
	return err == nil
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
