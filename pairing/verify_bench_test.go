package pairing

import (
	"context"
	"fmt"
	"testing"
)

// BenchmarkVerify checks a whole event: every round paired again and its
// certificate checked against all pairs of players.
func BenchmarkVerify(b *testing.B) {
	for _, size := range [][2]int{{100, 7}, {1000, 10}} {
		b.Run(fmt.Sprintf("players=%d/rounds=%d", size[0], size[1]), func(b *testing.B) {
			ev := simulate(b, size[0], size[1], 42)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				rep, err := Verify(context.Background(), ev, VerifyOptions{})
				if err != nil || !rep.OK() {
					b.Fatalf("%v %v", err, rep.Problems())
				}
			}
		})
	}
}
