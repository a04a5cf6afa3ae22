package rules

import (
	"testing"
	"time"
)

// BenchmarkValidateFWStandard measures decks validated per second on one
// core: the FS01 list (17 lines, 51 cards) against fw-standard with the
// built-in ban list. Parsing is not included; see BenchmarkParseAndValidate.
func BenchmarkValidateFWStandard(b *testing.B) {
	pool := fwPool(b)
	deck, err := ParseDecklistString(fs01List(b))
	if err != nil {
		b.Fatal(err)
	}
	f := mustFormat(b, "fw-standard")
	bans := BuiltinBanLists()
	on := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	b.ReportAllocs()
	for b.Loop() {
		if r := f.Validate(deck, pool, bans, on); !r.Legal {
			b.Fatal("FS01 list should be legal")
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decks/s")
}

// BenchmarkValidateFWStandardIllegal validates a deck with several problems,
// so message formatting is included.
func BenchmarkValidateFWStandardIllegal(b *testing.B) {
	pool := fwPool(b)
	deck, err := ParseDecklistString(fs01List(b) + "1 FB01-005\n2 SB01-011\n1 FS02-02\n1 FB01-007\n")
	if err != nil {
		b.Fatal(err)
	}
	f := mustFormat(b, "fw-standard")
	bans := BuiltinBanLists()
	on := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	b.ReportAllocs()
	for b.Loop() {
		if r := f.Validate(deck, pool, bans, on); r.Legal {
			b.Fatal("deck should be illegal")
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decks/s")
}

// BenchmarkParseAndValidate includes parsing the pasted text.
func BenchmarkParseAndValidate(b *testing.B) {
	pool := fwPool(b)
	text := fs01List(b)
	f := mustFormat(b, "fw-standard")
	bans := BuiltinBanLists()
	on := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	b.ReportAllocs()
	for b.Loop() {
		deck, err := ParseDecklistString(text)
		if err != nil {
			b.Fatal(err)
		}
		f.Validate(deck, pool, bans, on)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "decks/s")
}
