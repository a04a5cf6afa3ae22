package server

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/views/fileproblem"
)

// pairingProblem is why the pairing tools refused to pair a round or build
// the top cut, in the page's language (views/fileproblem, which the command
// line shares): a problem an organiser can meet (pairing.InputError's Key,
// no pairing at all) has its message, and so has one only an event file
// can have.
func pairingProblem(ctx context.Context, err error) string {
	return fileproblem.Text(ctx, err)
}
