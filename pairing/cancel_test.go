package pairing

import (
	"context"
	"errors"
	"testing"
)

// countdownCtx is a context that is cancelled once Err has been asked a given
// number of times, whatever the clock says: the tests below stop the solver
// at a chosen point of its work without timing anything.
type countdownCtx struct {
	context.Context
	left, asked int
}

func (c *countdownCtx) Err() error {
	c.asked++
	if c.left <= 0 {
		return context.Canceled
	}
	c.left--
	return nil
}

func TestPairingStopsWhenTheContextIsDone(t *testing.T) {
	ev := simulate(t, 300, 4, 3)
	for _, exact := range []bool{false, true} {
		opts := PairOptions{Exact: exact}
		// How often does a whole pairing look at the context?
		count := &countdownCtx{Context: context.Background(), left: 1 << 30}
		want, err := PairNextRoundContext(count, ev, opts)
		if err != nil {
			t.Fatal(err)
		}
		checks := count.asked
		// The exact path builds 300 rows of edges and runs at least one
		// search stage per player it matches; it must look at the context
		// at least once per row and per stage.
		if exact && checks < 300 {
			t.Errorf("exact: the context was checked %d times for 300 players", checks)
		}
		if checks < 2 {
			t.Fatalf("exact=%v: the context was checked %d times", exact, checks)
		}
		for _, after := range []int{0, 1, checks / 2, checks - 1} {
			ctx := &countdownCtx{Context: context.Background(), left: after}
			pr, err := PairNextRoundContext(ctx, ev, opts)
			if !errors.Is(err, context.Canceled) || pr != nil {
				t.Errorf("exact=%v, cancelled after %d of %d checks: got %v, %v; want context.Canceled and no pairing", exact, after, checks, pr, err)
			}
			if ctx.asked != after+1 {
				t.Errorf("exact=%v: went on after the cancellation (%d checks, cancelled at %d)", exact, ctx.asked, after+1)
			}
		}
		// The context does not change the answer.
		again, err := PairNextRoundContext(context.Background(), ev, opts)
		if err != nil || again.Cost != want.Cost || len(again.Matches) != len(want.Matches) {
			t.Errorf("exact=%v: a second pairing differs: %+v vs %+v (%v)", exact, again.Cost, want.Cost, err)
		}
	}
}
