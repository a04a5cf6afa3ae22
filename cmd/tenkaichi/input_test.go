package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"testing/iotest"
	"time"

	"github.com/tenkaichi-org/tenkaichi/pairing"
)

// endlessInput is a generated stream that never ends (like /dev/zero) and
// counts what was read from it.
type endlessInput struct {
	fill byte
	read int64
	// end, when set, ends the stream after that many bytes, so that a
	// reader without the cap fails the test instead of reading forever.
	end int64
}

func (e *endlessInput) Read(p []byte) (int, error) {
	if e.end > 0 {
		if e.read >= e.end {
			return 0, io.EOF
		}
		p = p[:min(int64(len(p)), e.end-e.read)]
	}
	for i := range p {
		p[i] = e.fill
	}
	e.read += int64(len(p))
	return len(p), nil
}

func runWithStdin(t *testing.T, stdin io.Reader, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	data := t.TempDir()
	env := &cliEnv{stdin: stdin, stdout: &out, stderr: &errb, getenv: func(k string) string {
		if k == "TENKAICHI_DATA" {
			return data
		}
		return ""
	}}
	return run(context.Background(), env, args), out.String(), errb.String()
}

// Every command that reads a file reads at most 64 MB of it, then stops with
// exit 2 and says so. Reading more than the cap proves the cap is not there.
func TestEveryReaderStopsAtTheSizeCap(t *testing.T) {
	cases := [][]string{
		{"pair", "--in", "-"},
		{"pair", "--exact", "--in", "-"},
		{"standings", "--in", "-"},
		{"topcut", "--in", "-"},
		{"replay", "-"},
		{"replay", "--cards", "-", goldenLog},
		{"cards", "import", "-"},
		{"banlist", "import", "-"},
		{"banlist", "show", "--game", "masters", "--date", "2026-07-01", "--banlist", "-"},
		{"deck", "check", "--format", "fw-standard", "--date", "2026-07-01", "--cards", "-", fs01Deck},
		{"deck", "check", "--format", "fw-standard", "--date", "2026-07-01", "--cards", fwCards, "--banlist", "-", fs01Deck},
		{"deck", "check", "--format", "fw-standard", "--date", "2026-07-01", "--cards", fwCards, "-"},
		{"cards", "coverage", "-"},
		{"ratings", "-"},
		{"ratings", "--json", roundRockPlain, "-"},
	}
	for _, args := range cases {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			// NUL bytes (/dev/zero), and empty lines: a decklist gives up on
			// the first at its line length, on the second at its line count,
			// and must still say the input is over the cap.
			for _, fill := range []byte{0, '\n'} {
				in := &endlessInput{fill: fill, end: 2 * maxInputBytes}
				code, _, errs := runWithStdin(t, in, args...)
				if code != 2 {
					t.Errorf("fill %q: exit %d, want 2; stderr: %s", fill, code, errs)
				}
				if !strings.Contains(errs, "standard input is larger than 64 MB, the most Tenkaichi reads from one file") {
					t.Errorf("fill %q: stderr does not name the cap: %q", fill, errs)
				}
				// Stopped right after the cap: at most one read buffer more.
				if in.read > maxInputBytes+1<<20 {
					t.Errorf("fill %q: read %d bytes of an endless input; the cap is %d", fill, in.read, maxInputBytes)
				}
			}
		})
	}
}

// A file over the cap is refused with the same sentence, naming it.
func TestLargeFileIsRefused(t *testing.T) {
	big := filepath.Join(t.TempDir(), "event.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	// Sparse: a terabyte that takes no room on the disk.
	if err := f.Truncate(1 << 40); err != nil {
		t.Fatal(err)
	}
	f.Close()
	code, _, errs := runWithStdin(t, strings.NewReader(""), "standings", "--in", big)
	if code != 2 || !strings.Contains(errs, big+" is larger than 64 MB, the most Tenkaichi reads from one file") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// readAll reads inputs of every size whole, across its chunks.
func TestReadAllKeepsEveryByte(t *testing.T) {
	for _, size := range []int{0, 1, firstChunk - 1, firstChunk, firstChunk + 1, 3*firstChunk + 7, maxChunk + 3*firstChunk} {
		want := make([]byte, size)
		for i := range want {
			want[i] = byte(i * 7)
		}
		got, err := readAll(iotest.HalfReader(bytes.NewReader(want)))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%d bytes: got %d, %v", size, len(got), err)
		}
	}
}

// The cap itself: exactly 64 MB is read whole, one byte more is refused.
func TestCappedReaderBoundary(t *testing.T) {
	for _, size := range []int64{maxInputBytes, maxInputBytes + 1} {
		r := &cappedReader{r: io.LimitReader(&endlessInput{fill: 'x'}, size), name: "f.json", left: maxInputBytes}
		data, err := io.ReadAll(r)
		if size == maxInputBytes && (err != nil || int64(len(data)) != size) {
			t.Errorf("%d bytes: read %d, %v", size, len(data), err)
		}
		if size > maxInputBytes && (!isTooLarge(err) || err.Error() != "f.json is larger than 64 MB, the most Tenkaichi reads from one file") {
			t.Errorf("%d bytes: %v", size, err)
		}
	}
}

// "-" reads standard input in every command that reads a file.
func TestDashReadsStandardInput(t *testing.T) {
	read := func(path string) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	cards, bans, deck := read(fwCards), read(mastersBans), fs01(t)

	if code, out, errs := runWithStdin(t, strings.NewReader(cards), "deck", "check", "--format", "fw-standard", "--date", "2026-07-01", "--cards", "-", fs01Deck); code != 0 {
		t.Errorf("deck check --cards -: exit %d, %s%s", code, out, errs)
	}
	if code, out, errs := runWithStdin(t, strings.NewReader(deck), "deck", "check", "--format", "fw-standard", "--date", "2026-07-01", "--cards", fwCards, "-"); code != 0 {
		t.Errorf("deck check -: exit %d, %s%s", code, out, errs)
	}
	code, out, errs := runWithStdin(t, strings.NewReader(bans), "banlist", "show", "--game", "masters", "--date", "2026-07-01", "--banlist", "-")
	if code != 0 || !strings.Contains(out, "Masters ban list in force on 1 July 2026") {
		t.Errorf("banlist show --banlist -: exit %d, %s%s", code, out, errs)
	}
	code, out, errs = runWithStdin(t, strings.NewReader(read(goldenLog)), "replay", "--cards", fwCards, "-") // the golden game leaves skills to the engine
	if code != 0 || !strings.Contains(out, "legal:") {
		t.Errorf("replay -: exit %d, %s%s", code, out, errs)
	}
	code, out, errs = runWithStdin(t, strings.NewReader(read(pairExample)), "standings", "--in", "-")
	if code != 0 || !strings.Contains(out, `"rank": 1`) {
		t.Errorf("standings --in -: exit %d, %s%s", code, out, errs)
	}

	// Two inputs cannot both be standard input.
	code, _, errs = runWithStdin(t, strings.NewReader(deck), "deck", "check", "--format", "fw-standard", "--date", "2026-07-01", "--cards", "-", "-")
	if code != 2 || !strings.Contains(errs, "DECKFILE and --cards both read standard input (-); only one input can") {
		t.Errorf("two stdin inputs: exit %d, %s", code, errs)
	}
	code, _, errs = runWithStdin(t, strings.NewReader(""), "replay", "--cards", "-", "-")
	if code != 2 || !strings.Contains(errs, "both read standard input") {
		t.Errorf("replay with two stdin inputs: exit %d, %s", code, errs)
	}
}

// cards import and banlist import read standard input and store it.
func TestImportsReadStandardInput(t *testing.T) {
	env, out, errb, dataArgs := testEnv(t, "")
	cards, err := os.ReadFile(mastersCards)
	if err != nil {
		t.Fatal(err)
	}
	env.stdin = bytes.NewReader(cards)
	if code := run(context.Background(), env, append([]string{"cards", "import", "-"}, dataArgs...)); code != 0 {
		t.Fatalf("cards import -: exit %d: %s", code, errb)
	}
	if !strings.Contains(out.String(), "stored 133 Masters cards") {
		t.Errorf("cards import -: %s", out)
	}
	bans, err := os.ReadFile(mastersBans)
	if err != nil {
		t.Fatal(err)
	}
	env.stdin = bytes.NewReader(bans)
	if code := run(context.Background(), env, append([]string{"banlist", "import", "-"}, dataArgs...)); code != 0 {
		t.Fatalf("banlist import -: exit %d: %s", code, errb)
	}
	if !strings.Contains(out.String(), "stored Masters ban list") {
		t.Errorf("banlist import -: %s", out)
	}
	// A bad card list on standard input is named as such.
	env.stdin = strings.NewReader("[{\"number\": 5}]")
	if code := run(context.Background(), env, append([]string{"cards", "import", "-"}, dataArgs...)); code != 2 || !strings.Contains(errb.String(), "cards import: standard input: ") {
		t.Errorf("bad cards on stdin: exit %d: %s", code, errb)
	}
}

// largeEvent is an event file of 2,000 players after five rounds: the exact
// pairing of its sixth round takes tens of seconds.
func largeEvent(t *testing.T) []byte {
	t.Helper()
	ev := &pairing.Event{Seed: 7, Rounds: []pairing.Round{}}
	for i := 0; i < 2000; i++ {
		ev.Players = append(ev.Players, pairing.Player{ID: fmt.Sprintf("p%05d", i)})
	}
	for r := 0; r < 5; r++ {
		pr, err := pairing.PairNextRound(ev, pairing.PairOptions{})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		ev.Rounds = append(ev.Rounds, pr.Round(func() string {
			n++
			if (n*7+r)%3 == 0 {
				return pairing.ResultP2
			}
			return pairing.ResultP1
		}))
	}
	var buf bytes.Buffer
	if err := pairing.WriteEventFile(&buf, ev); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// buildBinary builds the command once per test binary run.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "tenkaichi")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// waitUntilRead waits until the process has read n bytes (Linux's
// /proc/PID/io), so that a signal sent next finds it parsing or pairing, not
// reading. Elsewhere it returns at once: the signal must stop a read too.
func waitUntilRead(t *testing.T, pid, n int) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/io", pid))
		if err != nil {
			return
		}
		var rchar int
		for _, line := range strings.Split(string(b), "\n") {
			if v, ok := strings.CutPrefix(line, "rchar: "); ok {
				fmt.Sscan(v, &rchar)
			}
		}
		if rchar >= n {
			return
		}
	}
}

// Ctrl-C and SIGTERM stop a long exact pairing; the process exits with 130
// and 143 (it is not killed by the signal: it handles it and exits).
func TestSignalsStopALongPairing(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildBinary(t)
	event := largeEvent(t)
	for _, c := range []struct {
		sig  syscall.Signal
		code int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		t.Run(c.sig.String(), func(t *testing.T) {
			cmd := exec.Command(bin, "pair", "--exact", "--in", "-")
			stdin, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			if _, err := stdin.Write(event); err != nil {
				t.Fatal(err)
			}
			stdin.Close()
			waitUntilRead(t, cmd.Process.Pid, len(event))
			if err := cmd.Process.Signal(c.sig); err != nil {
				t.Fatal(err)
			}
			waited := make(chan error, 1)
			go func() { waited <- cmd.Wait() }()
			select {
			case <-waited:
			case <-time.After(2 * time.Minute): // only so a broken build cannot hang the suite
				cmd.Process.Kill()
				t.Fatalf("still running two minutes after %v", c.sig)
			}
			st := cmd.ProcessState
			if !st.Exited() || st.ExitCode() != c.code {
				t.Fatalf("after %v: %v (exited: %v), want exit code %d; stderr: %s", c.sig, st, st.Exited(), c.code, stderr.String())
			}
			if stdout.Len() != 0 {
				t.Errorf("an interrupted pairing printed a round: %.200s", stdout.String())
			}
			want := "stopped by " + map[syscall.Signal]string{syscall.SIGINT: "SIGINT", syscall.SIGTERM: "SIGTERM"}[c.sig]
			if !strings.Contains(stderr.String(), want) {
				t.Errorf("stderr %q does not say %q", stderr.String(), want)
			}
			t.Logf("stderr: %s", strings.TrimSpace(stderr.String()))
		})
	}
}
