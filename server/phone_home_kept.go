package server

import (
	"bytes"
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
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The player's page is what every phone reloads when a round is published
// or a result comes in. What it shows is the event's read model at a play
// version, the entry, the language and the round clock's second, so its
// ETag is made from those: a phone that revalidates gets 304 without a
// render, and the page compressed once is sent again until one of them
// changes. The play version is asked for on every request (storage shares
// the query among requests that arrive together, and SQLite keeps it while
// nothing commits), so whatever any instance committed shows on the next
// request, as before.

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
		// Full: start again (the links are found again one query each).
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

// page is the kept page of key if it shows tag.
func (p *phonePages) page(key keptPageKey, tag string) *web.KeptPage {
	p.mu.Lock()
	defer p.mu.Unlock()
	if kp := p.pages[key]; kp != nil && kp.Tag == tag {
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
		if len(p.pages) < maxKeptPlayerPages && p.bytes+kp.Size() <= maxKeptPlayerBytes {
			break
		}
		p.dropLocked(k)
	}
	p.pages[key] = kp
	p.bytes += kp.Size()
}

func (p *phonePages) dropLocked(key keptPageKey) {
	if old := p.pages[key]; old != nil {
		p.bytes -= old.Size()
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

// playerPageTags say what a player's page shows, without rendering it.
type playerPageTags struct {
	// etag is the page's ETag (VersionTag), with the clock's second while
	// it runs; enc the encoding it is sent in.
	etag, enc string
	// tag is what the kept page must show: etag, or without the clock's
	// second when the clock is filled in as the page is sent.
	tag string
	// clock is the running clock, as of now (nil when it is not running).
	clock *views.Clock
}

// playerPageTagsOf says what a player's page shows; ok is false for a page
// that must be rendered afresh.
func (s *Server) playerPageTagsOf(c echo.Context, rm *readmodel.Model, en *storage.Entry, version int64) (t playerPageTags, ok bool) {
	ctx := c.Request().Context()
	csrf := web.CSRFFromCookie(c)
	if csrf == "" || web.CurrentUser(c) != nil || web.FlashPending(c) || c.Request().URL.RawQuery != "" {
		// A new CSRF token, an account's menu, a one-off notice, a language
		// selector's way back: this answer only.
		return t, false
	}
	lang := i18n.Lang(ctx)
	if lang == "ja" && len(problemCards(web.StoredDeckProblems(en))) > 0 {
		// Card names from the card database, which the version does not count.
		return t, false
	}
	if t.clock, ok = s.playerClock(rm, en); !ok {
		return t, false
	}
	shows := strings.Join([]string{playerPageBuild, strconv.FormatInt(version, 10), strconv.FormatInt(en.ID, 10), lang, csrf}, "|")
	second := ""
	if t.clock != nil {
		second = t.clock.Text
	}
	t.etag, t.enc = web.VersionTag(c, shows+"|"+second)
	t.tag = t.etag
	if t.clock != nil && web.Splittable(t.enc) {
		t.tag = web.VersionTagIn(t.enc, shows+"|running")
	}
	return t, true
}

// playerClock is the player's round clock as of now while it runs: the page
// shows it to the second (live.js takes the exact time from the server as
// the page loads). ok is false once time is up on an unconfirmed match: the
// page then shows the game tracker's counts, which change without the play
// version.
func (s *Server) playerClock(rm *readmodel.Model, en *storage.Entry) (*views.Clock, bool) {
	round, mt := rm.Latest, rm.MatchOf[en.ID]
	if round == nil || mt == nil || mt.P2EntryID == nil {
		return nil, true
	}
	clock := web.ClockView(rm.Data.Event.ID, round, time.Duration(mt.ExtensionSeconds)*time.Second, s.Now())
	if clock.TimeUp() && mt.Status != storage.MatchConfirmed {
		return nil, false
	}
	if clock.State != "running" {
		return nil, true
	}
	return &clock, true
}

// clockPart finds the one running clock in a player's page, the part that
// is filled in as the kept page is sent.
func clockPart(page []byte) (start, end int, ok bool) {
	open := []byte(`<time class="countdown"`)
	if bytes.Count(page, open) != 1 {
		return 0, 0, false
	}
	start = bytes.Index(page, open)
	n := bytes.Index(page[start:], []byte("</time>"))
	if n < 0 {
		return 0, 0, false
	}
	return start, start + n + len("</time>"), true
}

// clockMarkup is the running clock as the page shows it now.
func clockMarkup(ctx context.Context, clock *views.Clock) ([]byte, error) {
	if clock == nil {
		return nil, nil
	}
	return views.CountdownMarkup(ctx, *clock)
}
