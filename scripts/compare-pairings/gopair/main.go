// Command gopair pairs the next round of the event file on standard input
// and prints the pairing with the in-process time, for compare.mjs.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"time"

	"github.com/tenkaichi-org/tenkaichi/pairing"
)

type out struct {
	NS      int64       `json:"ns"`
	Matches [][2]string `json:"matches"` // second id "" for a bye
}

func main() {
	ev, err := pairing.ReadEventFile(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gopair:", err)
		os.Exit(2)
	}
	start := time.Now()
	pr, err := pairing.PairNextRound(ev, pairing.PairOptions{})
	elapsed := time.Since(start)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gopair:", err)
		os.Exit(2)
	}
	o := out{NS: elapsed.Nanoseconds()}
	for _, m := range pr.Matches {
		p2 := ""
		if m.P2 != nil {
			p2 = *m.P2
		}
		o.Matches = append(o.Matches, [2]string{m.P1, p2})
	}
	if err := json.NewEncoder(os.Stdout).Encode(o); err != nil {
		os.Exit(2)
	}
}
