package i18n

import (
	"context"
	"testing"
)

func TestMessageIsWordedInTheReadersLanguage(t *testing.T) {
	de := WithLanguage(context.Background(), "de")
	en := WithLanguage(context.Background(), "en")
	cards := MN("CardCount", 2, nil)
	if got, want := cards.In(en), T(en, "CardCount", nil); got == want {
		t.Fatalf("plural message worded without its count: %q", got)
	}
	if got, want := cards.In(en), N(en, "CardCount", 2, nil); got != want {
		t.Errorf("English: got %q, want %q", got, want)
	}
	if got, want := cards.In(de), N(de, "CardCount", 2, nil); got != want || got == cards.In(en) {
		t.Errorf("German: got %q, want %q (and not the English %q)", got, want, cards.In(en))
	}
	if got := (Message{}).In(de); got != "" {
		t.Errorf("empty message worded as %q", got)
	}
	if !(Message{}).IsZero() || cards.IsZero() {
		t.Error("IsZero wrong")
	}
}

func TestMessageInsideAMessageIsWordedInTheSameLanguage(t *testing.T) {
	de := WithLanguage(context.Background(), "de")
	inner := MN("CardCount", 3, nil)
	outer := M("CliDeckBanList", Args{"Date": "2026-12-06", "Name": inner})
	want := T(de, "CliDeckBanList", Args{"Date": "2026-12-06", "Name": N(de, "CardCount", 3, nil)})
	if got := outer.In(de); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, still := outer.Args["Name"].(Message); !still {
		t.Error("In changed the caller's Args")
	}
}

// A name or a code where a Message may stand is said as it is, in every
// language; the empty text is the zero Message.
func TestVerbatimIsSaidAsItIs(t *testing.T) {
	de := WithLanguage(context.Background(), "de")
	if got := Verbatim("orla").In(de); got != "orla" {
		t.Errorf("got %q, want %q", got, "orla")
	}
	if Verbatim("orla").IsZero() || !Verbatim("").IsZero() {
		t.Error("IsZero wrong for Verbatim")
	}
}

// germanWords is a view-side phrase: worded by its own package, in the
// language of the Message that holds it.
type germanWords struct{}

func (germanWords) In(ctx context.Context) string { return "in " + Lang(ctx) }

func TestPhraseInsideAMessageIsWordedInTheSameLanguage(t *testing.T) {
	de := WithLanguage(context.Background(), "de")
	outer := M("CliDeckBanList", Args{"Date": "2026-12-06", "Name": germanWords{}})
	want := T(de, "CliDeckBanList", Args{"Date": "2026-12-06", "Name": "in de"})
	if got := outer.In(de); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A phrase a view-side package words can stand where a Message does; it is
// worded when the Message is, in its language.
func TestOfWordsThePhraseWhenTheMessageIs(t *testing.T) {
	de := WithLanguage(context.Background(), "de")
	m := Of(germanWords{})
	if m.IsZero() || !Of(nil).IsZero() {
		t.Error("IsZero wrong for Of")
	}
	if got := m.In(de); got != "in de" {
		t.Errorf("got %q, want %q", got, "in de")
	}
}
