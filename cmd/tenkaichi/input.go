package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/views/fileproblem"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// maxInputBytes bounds every file a command reads into memory (event files,
// decklists, card lists, ban lists, game logs), like the card import of the
// web pages: a wrong file (a video, /dev/zero) fails at once with a clear
// message instead of filling the memory.
const maxInputBytes = 64 << 20

// stdinName is the argument that names standard input instead of a file.
const stdinName = "-"

// inputTooLargeError is what reading more than maxInputBytes of an input gives.
type inputTooLargeError struct{ name string }

// Error is the English text; the command line says it in its language
// with errText.
func (e *inputTooLargeError) Error() string {
	return fmt.Sprintf("%s is larger than %d MB, the most Tenkaichi reads from one file", inputName(context.Background(), e.name), maxInputBytes>>20)
}

// inputName is how messages name an input: the path, or "standard input"
// in ctx's language.
func inputName(ctx context.Context, path string) string {
	if path == stdinName {
		return i18n.T(ctx, "CliStandardInput", nil)
	}
	return path
}

// cappedReader reads at most maxInputBytes and fails with an
// *inputTooLargeError as soon as the input goes beyond.
type cappedReader struct {
	r    io.Reader
	name string
	left int64
}

func (c *cappedReader) Read(p []byte) (int, error) {
	if c.left < 0 {
		return 0, &inputTooLargeError{name: c.name}
	}
	// Ask for one byte more than allowed: getting it proves the input is too large.
	if int64(len(p)) > c.left+1 {
		p = p[:c.left+1]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	if c.left < 0 {
		return n + int(c.left), &inputTooLargeError{name: c.name}
	}
	return n, err
}

// openInput opens the file at path, or standard input for "-", behind the
// size cap. A regular file over the cap is refused before a byte is read.
// Close it when done (closing standard input does nothing).
func openInput(env *cliEnv, path string) (io.ReadCloser, error) {
	if path == stdinName {
		return io.NopCloser(&cappedReader{r: env.stdin, name: path, left: maxInputBytes}), nil
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > maxInputBytes {
		f.Close()
		return nil, &inputTooLargeError{name: path}
	}
	return struct {
		io.Reader
		io.Closer
	}{&cappedReader{r: f, name: path, left: maxInputBytes}, f}, nil
}

// readCapped reads r, an input from openInput, with read. When read gives
// up before the end (a decklist at its line limit, JSON that is not JSON),
// the rest is read and thrown away, still behind the cap: an input over the
// cap is refused as too large, as the README promises for /dev/zero,
// whatever read stumbled on first, and without holding more than read kept.
func readCapped[T any](r io.Reader, read func(io.Reader) (T, error)) (T, error) {
	v, err := read(r)
	if err == nil || isTooLarge(err) {
		return v, err
	}
	if _, derr := io.Copy(io.Discard, r); isTooLarge(derr) {
		var zero T
		return zero, derr
	}
	return v, err
}

// readInput reads all of the file at path, or standard input for "-", up to
// the size cap.
func readInput(env *cliEnv, path string) ([]byte, error) {
	r, err := openInput(env, path)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return readCapped(r, readAll)
}

// Chunks readAll reads in: small first, so a small file costs little.
const (
	firstChunk = 64 << 10
	maxChunk   = 8 << 20
)

// readAll is io.ReadAll without its copies as the slice grows: it keeps
// what it reads in chunks and joins them once at the end, so an endless
// input refused at the cap has cost the cap in memory and no copying.
func readAll(r io.Reader) ([]byte, error) {
	var chunks [][]byte
	for size := firstChunk; ; size = min(2*size, maxChunk) {
		buf := make([]byte, size)
		n, err := io.ReadFull(r, buf)
		chunks = append(chunks, buf[:n])
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if len(chunks) == 1 {
		return chunks[0], nil
	}
	return bytes.Join(chunks, nil), nil
}

// oneStdin refuses a command line that gives standard input ("-") for more
// than one input: it can be read only once. names are the flags or argument
// names of the inputs, in the order of paths.
func oneStdin(ctx context.Context, names []string, paths ...string) error {
	first := ""
	for i, p := range paths {
		if p != stdinName {
			continue
		}
		if first != "" {
			return sayError(i18n.T(ctx, "CliOneStdin", i18n.Args{"First": first, "Second": names[i]}), nil)
		}
		first = names[i]
	}
	return nil
}

// isTooLarge reports whether err comes from an input over the size cap.
func isTooLarge(err error) bool {
	var big *inputTooLargeError
	return errors.As(err, &big)
}

// readCardsInput reads a card list (Fusion World JSON, Masters JSON or CSV)
// from a file or standard input. The format comes from the content, or from a
// .csv extension when the content does not decide it.
func readCardsInput(ctx context.Context, env *cliEnv, path string) ([]rules.Card, error) {
	data, err := readInput(env, path)
	if err != nil {
		return nil, err
	}
	format := rules.CardFileAuto
	if strings.EqualFold(filepath.Ext(path), ".csv") {
		format = rules.CardFileCSV
	}
	cards, err := rules.ReadCards(bytes.NewReader(data), format)
	if err != nil {
		return nil, sayError(i18n.T(ctx, "CliInputError", i18n.Args{"Input": inputName(ctx, path), "Err": fileproblem.Text(ctx, err)}), err)
	}
	return cards, nil
}

// readBanListsInput reads ban-list versions from a file or standard input.
func readBanListsInput(ctx context.Context, env *cliEnv, path string) ([]rules.BanListVersion, error) {
	data, err := readInput(env, path)
	if err != nil {
		return nil, err
	}
	versions, err := rules.ReadBanLists(bytes.NewReader(data))
	if err != nil {
		return nil, sayError(i18n.T(ctx, "CliInputError", i18n.Args{"Input": inputName(ctx, path), "Err": fileproblem.Text(ctx, err)}), err)
	}
	return versions, nil
}
