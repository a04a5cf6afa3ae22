package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The player's page is what every phone reloads when a round is published
// or a result comes in. What it shows is the event's read model at a play
// version, the entry, the language and the round clock's second, so its
// ETag is made from those: a phone that revalidates gets 304 without a
// render, and the page compressed once is sent again until one of them
// changes. The play version is read from the database on every request, so
// whatever any instance committed shows on the next request, as before.

// playerPageBuild changes with the program, so that a page made by another
// build never answers a revalidation: the commit when the build knows it
// (every instance of one release agrees), otherwise a value of this process.
var playerPageBuild = func() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		rev, modified := "", false
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if rev != "" && !modified {
			return rev
		}
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}()

// Bounds of what is kept: a 1,000-player event's pages take about 2 MB
// compressed; links are a few dozen bytes each.
const (
	maxKeptPlayerPages   = 8192
	maxKeptPlayerBytes   = 16 << 20
	maxKeptPlayerLinks   = 50000
	playerPageEvictBatch = 64
)

// phonePages keeps player links and pages in memory.
type phonePages struct {
	mu    sync.Mutex
	links map[string]storage.PlayerLink // token hash → entry and event (PlayVersion unused)
	pages map[keptPageKey]*web.KeptPage
	bytes int
}

// keptPageKey is one reader's page: a link in one encoding (the rest of
// what the page depends on is in its ETag).
type keptPageKey struct{ hash, enc string }

func (p *phonePages) link(hash string) (storage.PlayerLink, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	l, ok := p.links[hash]
	return l, ok
}

func (p *phonePages) keepLink(hash string, l storage.PlayerLink) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.links == nil || len(p.links) >= maxKeptPlayerLinks {
		p.links = map[string]storage.PlayerLink{}
	}
	p.links[hash] = storage.PlayerLink{EntryID: l.EntryID, EventID: l.EventID}
}

func (p *phonePages) forget(hash string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.links, hash)
	for _, enc := range []string{"", "gzip", "br"} {
		p.dropLocked(keptPageKey{hash, enc})
	}
}

// page is the kept page of key if it has this ETag.
func (p *phonePages) page(key keptPageKey, etag string) *web.KeptPage {
	p.mu.Lock()
	defer p.mu.Unlock()
	if kp := p.pages[key]; kp != nil && kp.ETag == etag {
		return kp
	}
	return nil
}

func (p *phonePages) keepPage(key keptPageKey, kp *web.KeptPage) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.pages == nil {
		p.pages = map[keptPageKey]*web.KeptPage{}
	}
	p.dropLocked(key)
	// Full: forget a few pages, whichever the map gives first.
	for k := range p.pages {
		if len(p.pages) < maxKeptPlayerPages && p.bytes+len(kp.Body) <= maxKeptPlayerBytes {
			break
		}
		p.dropLocked(k)
	}
	p.pages[key] = kp
	p.bytes += len(kp.Body)
}

func (p *phonePages) dropLocked(key keptPageKey) {
	if old := p.pages[key]; old != nil {
		p.bytes -= len(old.Body)
		delete(p.pages, key)
	}
}

// playerLink finds a link's entry and reads its event's play version: the
// entry from memory when this instance has seen the link (one indexed read
// of the version then), else both in one query. The caller checks the
// entry against the read model of that version (linkHolds).
func (s *Server) playerLink(ctx context.Context, hash string) (*storage.PlayerLink, error) {
	if l, ok := s.phones.link(hash); ok {
		v, err := s.Store.PlayVersion(ctx, l.EventID)
		if err != nil {
			return nil, err
		}
		if v > 0 {
			l.PlayVersion = v
			return &l, nil
		}
		// No version: the event is gone; ask the database about the link.
		s.phones.forget(hash)
	}
	l, err := s.Store.PlayerLinkByTokenHash(ctx, hash)
	if err == nil {
		s.phones.keepLink(hash, *l)
	}
	return l, err
}

// linkedEntry is the link's entry in the read model, nil when it has been
// deleted or given a new link since (then the link is forgotten).
func (s *Server) linkedEntry(rm *readmodel.Model, l *storage.PlayerLink, hash string) *storage.Entry {
	en := rm.Data.ByID[l.EntryID]
	if en == nil || en.TokenHash != hash {
		s.phones.forget(hash)
		return nil
	}
	return en
}

// playerPageTag is the ETag of a player's page (VersionTag) and the
// encoding it is sent in; ok is false for a page that must be rendered
// afresh (see keepable).
func (s *Server) playerPageTag(c echo.Context, rm *readmodel.Model, en *storage.Entry, version int64) (etag, enc string, ok bool) {
	ctx := c.Request().Context()
	csrf := web.CSRFFromCookie(c)
	if csrf == "" || web.CurrentUser(c) != nil || web.FlashPending(c) || c.Request().URL.RawQuery != "" {
		// A new CSRF token, an account's menu, a one-off notice, a language
		// selector's way back: this answer only.
		return "", "", false
	}
	lang := i18n.Lang(ctx)
	if lang == "ja" && len(problemCards(storedDeckProblems(en))) > 0 {
		// Card names from the card database, which the version does not count.
		return "", "", false
	}
	clock, ok := s.playerClockSecond(rm, en)
	if !ok {
		return "", "", false
	}
	etag, enc = web.VersionTag(c, strings.Join([]string{playerPageBuild, strconv.FormatInt(version, 10),
		strconv.FormatInt(en.ID, 10), lang, csrf, clock}, "|"))
	return etag, enc, true
}

// playerClockSecond is what the player's round clock adds to the page over
// the play version: its text while it runs (the second it shows; live.js
// takes the exact time from the server as the page loads). ok is false
// once time is up on an unconfirmed match: the page then shows the game
// tracker's counts, which change without the play version.
func (s *Server) playerClockSecond(rm *readmodel.Model, en *storage.Entry) (string, bool) {
	round, mt := rm.Latest, rm.MatchOf[en.ID]
	if round == nil || mt == nil || mt.P2EntryID == nil {
		return "", true
	}
	clock := web.ClockView(rm.Data.Event.ID, round, time.Duration(mt.ExtensionSeconds)*time.Second, s.Now())
	if clock.TimeUp() && mt.Status != storage.MatchConfirmed {
		return "", false
	}
	if clock.State != "running" {
		return "", true
	}
	return clock.Text, true
}
