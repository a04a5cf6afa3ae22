// Package web is the plumbing every handler of the server shares: the Kit
// (store, log, clock and settings) with the pages, sessions, access checks
// and player links built on it; rendering, compression and error pages;
// input checks; the request's language; and the words several features say
// alike (games and formats, card names, the audit log's actors, the
// countdown). It imports no other package of the server: they import it.
package web

import (
	"log/slog"
	"net"
	"sync/atomic"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// Kit is what every handler of the web application works with: the store,
// the log, the clock and the server's settings, and on them the pages,
// sessions, access checks and links every handler uses. One Kit serves the
// whole server; each handler type embeds it (as miniflux's handler and
// GoToSocial's modules hold what they need).
type Kit struct {
	Store *storage.Store
	Log   *slog.Logger
	// Now is the clock.
	Now func() time.Time
	// SecureCookies forces the Secure flag on cookies even over plain HTTP.
	SecureCookies bool
	// FixedBaseURL is the public address from --base-url; it wins over the
	// organiser's setting. "" when not given.
	FixedBaseURL string
	// BcryptCost for new password hashes.
	BcryptCost int

	links     linkKeys
	setupDone atomic.Bool // once an account exists it never goes back to false
	// listenAddr is where Serve listens, to name the LAN addresses when an
	// organiser opens a page on 127.0.0.1; nil when not served by Serve.
	listenAddr atomic.Pointer[net.TCPAddr]
}

// SetListenAddr records where the server listens (see AddressWarning).
func (k *Kit) SetListenAddr(a *net.TCPAddr) { k.listenAddr.Store(a) }

// SetupDone reports whether the first account exists (see SetupGate).
func (k *Kit) SetupDone() bool { return k.setupDone.Load() }

// MarkSetupDone records that the first account exists.
func (k *Kit) MarkSetupDone() { k.setupDone.Store(true) }

// Today is the server's date (UTC), at midnight.
func (k *Kit) Today() time.Time {
	y, m, d := k.Now().UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
