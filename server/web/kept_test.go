package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"strings"
	"testing"
)

// A page kept in halves reads, once sent, as the whole page with its part
// filled in: in gzip (a stored block between two compressed halves, one
// checksum) and plain, for parts of any size, empty and over a stored
// block's 65,535 bytes included.
func TestKeptPageHalves(t *testing.T) {
	head := []byte("<!doctype html><main>" + strings.Repeat("<p>Table 12: Player 0001 vs Player 0002</p>", 80))
	tail := []byte(strings.Repeat("<li>Announcement</li>", 60) + "</main>")
	for _, enc := range []string{encGzip, ""} {
		kp := &KeptPage{Enc: enc}
		if err := kp.keepHalves(head, tail); err != nil {
			t.Fatal(err)
		}
		for _, part := range []string{"", `<time class="countdown" data-remaining-ms="1234">34:12</time>`, strings.Repeat("x", 70000)} {
			got := kp.assemble([]byte(part))
			if enc == encGzip {
				zr, err := gzip.NewReader(bytes.NewReader(got))
				if err != nil {
					t.Fatalf("gzip header: %v", err)
				}
				if got, err = io.ReadAll(zr); err != nil {
					t.Fatalf("gzip body with a %d-byte part: %v", len(part), err)
				}
			}
			if want := string(head) + part + string(tail); string(got) != want {
				t.Errorf("%q page with a %d-byte part: %d bytes, want %d", enc, len(part), len(got), len(want))
			}
		}
	}
}

// assemble is the page with part filled in, as SendKept sends it.
func (p *KeptPage) assemble(part []byte) []byte {
	if !p.split {
		return p.body
	}
	return p.appendTo(nil, part)
}
