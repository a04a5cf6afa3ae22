package transfer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Snapshots: the event file of an event at the moments worth going back
// to (a round published, the event finished, before a restore, or when
// the organiser asks), listed, downloaded and restored by its organisers
// (docs/event-day.md, "Snapshots"). Every route checks OrganiserEvent.

// Handler serves the event file: its export and import, the
// standings as CSV, and the snapshots an organiser can restore.
type Handler struct {
	*web.Kit
}

// New is the event files of kit's store.
func New(kit *web.Kit) *Handler { return &Handler{Kit: kit} }

// Flash notices of the snapshot pages.
const (
	msgSnapshotTaken = "StaffFlashSnapshotTaken"
	msgRestored      = "StaffFlashRestored"
)

func init() {
	web.RegisterFlashes(map[string]string{msgSnapshotTaken: "snapshot-taken", msgRestored: "restored"})
}

// encodeExport is the event file as the export downloads it.
func encodeExport(f *exportFile) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	if err := enc.Encode(f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// newSnapshot encodes f as a snapshot for reason; round is the round just
// published (0 for none).
func newSnapshot(eventID int64, f *exportFile, reason string, round int) (*eventfile.Snapshot, []byte, error) {
	data, err := encodeExport(f)
	if err != nil {
		return nil, nil, err
	}
	snap := &eventfile.Snapshot{EventID: eventID, Reason: reason}
	if round > 0 {
		snap.RoundNo = &round
		cut := 0
		for _, r := range f.Tenkaichi.RoundsMeta {
			if r.Kind == storage.KindTopCut && r.Number <= round {
				cut++
				if r.Number == round {
					snap.TopCutRound = &cut
				}
			}
		}
	}
	return snap, data, nil
}

// OnMilestone takes the snapshot of a round just published or an event
// just finished. The change is already committed: a snapshot that cannot
// be written is logged, and the change stands.
func (h *Handler) OnMilestone(ctx context.Context, m storage.Milestone) {
	ctx = context.WithoutCancel(ctx)
	err := func() error {
		f, err := h.buildExport(ctx, m.EventID)
		if err != nil {
			return err
		}
		snap, data, err := newSnapshot(m.EventID, f, m.Reason, m.Round)
		if err != nil {
			return err
		}
		return eventfile.New(h.Store).SaveSnapshot(ctx, m.Actor, snap, data)
	}()
	if err != nil {
		h.Log.Error("snapshot not written", "event", m.EventID, "reason", m.Reason, "round", m.Round, "err", err)
	}
}

// snapshotLabel says what moment a snapshot keeps.
func snapshotLabel(sn *eventfile.Snapshot) i18n.Message {
	switch {
	case sn.Reason == storage.SnapshotPublish && sn.TopCutRound != nil:
		return i18n.M("SnapshotTopCutPublished", i18n.Args{"Round": *sn.TopCutRound})
	case sn.Reason == storage.SnapshotPublish && sn.RoundNo != nil:
		return i18n.M("SnapshotRoundPublished", i18n.Args{"Round": *sn.RoundNo})
	case sn.Reason == storage.SnapshotFinish:
		return i18n.M("SnapshotFinished", nil)
	case sn.Reason == storage.SnapshotRestore && sn.RestoredFrom != nil:
		return i18n.M("SnapshotBeforeRestore", i18n.Args{"ID": *sn.RestoredFrom})
	}
	return i18n.M("SnapshotManual", nil)
}

func snapshotRow(ctx context.Context, sn *eventfile.Snapshot, zone *time.Location) views.SnapshotRow {
	return views.SnapshotRow{ID: sn.ID, Label: snapshotLabel(sn), When: i18n.DateTimeSeconds(ctx, sn.CreatedAt, zone),
		By: web.Actor(sn.CreatedBy), Size: sizeText(sn.SizeBytes), Stored: sizeText(sn.StoredBytes)}
}

// sizeText is a number of bytes in decimal units (bytes, kB, MB) in the
// page's language: "1.2 kB", "1,2 kB", "1,2 ko"; one decimal below 10, as
// sizes are usually written.
func sizeText(n int64) i18n.Message {
	size := func(v float64) decimal {
		if v < 9.95 {
			return decimal{v, 1}
		}
		return decimal{v, 0}
	}
	switch {
	case n < 1000:
		return i18n.MN("SizeBytes", int(n), nil)
	case n < 999_500:
		return i18n.M("SizeKB", i18n.Args{"Size": size(float64(n) / 1e3)})
	}
	return i18n.M("SizeMB", i18n.Args{"Size": size(float64(n) / 1e6)})
}

// decimal is a number with places decimals, written as the reader's
// language writes numbers.
type decimal struct {
	v      float64
	places int
}

func (d decimal) In(ctx context.Context) string { return i18n.Decimal(ctx, d.v, d.places) }

// Snapshots is the list of an event's snapshots, with what they hold.
func (h *Handler) Snapshots(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	list, err := eventfile.New(h.Store).Snapshots(ctx, e.ID)
	if err != nil {
		return err
	}
	m := views.SnapshotsPage{Nav: web.Nav(e, "snapshots")}
	var stored int64
	for i := range list {
		m.List = append(m.List, snapshotRow(ctx, &list[i], e.Location()))
		stored += list[i].StoredBytes
	}
	m.StoredTotal = sizeText(stored)
	return web.Render(c, http.StatusOK, views.SnapshotsView(h.PageTitled(c, i18n.M("StaffSnapshotsTitle", i18n.Args{"Event": e.Name})), m))
}

// TakeSnapshot keeps the event as it is now, when the organiser asks.
func (h *Handler) TakeSnapshot(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	f, err := h.buildExport(ctx, e.ID)
	if err != nil {
		return err
	}
	snap, data, err := newSnapshot(e.ID, f, storage.SnapshotManual, 0)
	if err != nil {
		return err
	}
	if err := eventfile.New(h.Store).SaveSnapshot(ctx, web.ActorOf(c), snap, data); err != nil {
		return err
	}
	web.SetFlash(c, msgSnapshotTaken)
	return web.Redirect(c, web.EventURL(e.ID, "/snapshots"))
}

// snapshotParam loads the snapshot in the URL, of the event in the URL.
func (h *Handler) snapshotParam(c echo.Context, e *storage.Event) (*eventfile.Snapshot, []byte, error) {
	id, err := strconv.ParseInt(c.Param("snap"), 10, 64)
	if err != nil {
		return nil, nil, web.NotFound()
	}
	sn, data, err := eventfile.New(h.Store).SnapshotFile(c.Request().Context(), e.ID, id)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, nil, web.NotFound()
	}
	return sn, data, err
}

// DownloadSnapshot answers a snapshot's event file as a download.
func (h *Handler) DownloadSnapshot(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	sn, data, err := h.snapshotParam(c, e)
	if err != nil {
		return err
	}
	if err := eventfile.New(h.Store).NoteSnapshotDownload(c.Request().Context(), web.ActorOf(c), e.ID, sn.ID); err != nil {
		return err
	}
	name := strings.TrimSuffix(exportFileName(e, "json"), ".json") + "-snapshot-" + strconv.FormatInt(sn.ID, 10) + ".json"
	c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="`+name+`"`)
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.Blob(http.StatusOK, "application/json; charset=utf-8", data)
}

// readSnapshot reads a snapshot's file as an export and as what to restore.
func (h *Handler) readSnapshot(ctx context.Context, data []byte) (*exportFile, *eventfile.EventImport, error) {
	var f exportFile
	if err := json.Unmarshal(data, &f); err != nil || f.Tenkaichi == nil {
		return nil, nil, importProblemOf("StaffSnapshotUnreadable", nil)
	}
	in, err := parseExport(ctx, data, "snapshot.json", h.Today())
	if err != nil {
		return nil, nil, err
	}
	return &f, in, nil
}

// ConfirmRestore says what restoring a snapshot would change, with the
// button that does it.
func (h *Handler) ConfirmRestore(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	sn, data, err := h.snapshotParam(c, e)
	if err != nil {
		return err
	}
	return h.renderRestore(c, e, sn, data, i18n.Message{})
}

// renderRestore shows the restore page; a problem (a restore that failed)
// is shown above it with status 422.
func (h *Handler) renderRestore(c echo.Context, e *storage.Event, sn *eventfile.Snapshot, data []byte, problem i18n.Message) error {
	ctx := c.Request().Context()
	m := views.RestorePage{Nav: web.Nav(e, "snapshots"), Snapshot: snapshotRow(ctx, sn, e.Location()), Problem: problem}
	status := http.StatusOK
	if !problem.IsZero() {
		status = http.StatusUnprocessableEntity
	}
	then, _, err := h.readSnapshot(ctx, data)
	var prob *importProblem
	if errors.As(err, &prob) {
		m.Problem = prob.message()
		return web.Render(c, http.StatusUnprocessableEntity, views.RestoreView(h.PageTitled(c, i18n.M("StaffRestoreSnapshotTitle", nil)), m))
	} else if err != nil {
		return err
	}
	now, err := h.buildExport(ctx, e.ID)
	if err != nil {
		return err
	}
	compareForRestore(&m, now.Tenkaichi, then.Tenkaichi)
	for _, name := range then.Tenkaichi.Judges {
		u, err := accounts.New(h.Store).UserByUsername(ctx, name)
		if errors.Is(err, storage.ErrNotFound) || (err == nil && u.Role != storage.RoleJudge) {
			m.MissingJudges = append(m.MissingJudges, name)
		} else if err != nil {
			return err
		}
	}
	return web.Render(c, status, views.RestoreView(h.PageTitled(c, i18n.M("StaffRestoreSnapshotTitle", nil)), m))
}

// compareForRestore fills what a restore from then to now changes.
func compareForRestore(m *views.RestorePage, now, then *exportExt) {
	m.RoundsNow, m.RoundsThen = latestRound(now.RoundsMeta), latestRound(then.RoundsMeta)
	thenRounds := map[int]exportRound{}
	for _, r := range then.RoundsMeta {
		thenRounds[r.Number] = r
	}
	for _, r := range now.RoundsMeta {
		old, ok := thenRounds[r.Number]
		if !ok || old.Kind != r.Kind {
			m.RoundsRemoved = append(m.RoundsRemoved, roundTitle(now.RoundsMeta, r))
		}
		for i, mt := range r.Matches {
			if mt.Result == "" && len(mt.Reports) == 0 {
				continue
			}
			if !ok || old.Kind != r.Kind || i >= len(old.Matches) || !sameOutcome(mt, old.Matches[i]) {
				m.ResultsUndone++
			}
		}
	}
	thenEntries := map[string]bool{}
	for _, x := range then.Entries {
		thenEntries[x.ID] = true
	}
	nowEntries := map[string]bool{}
	for _, x := range now.Entries {
		nowEntries[x.ID] = true
		if !thenEntries[x.ID] {
			m.Removed = append(m.Removed, x.Name)
		}
	}
	for _, x := range then.Entries {
		if nowEntries[x.ID] {
			m.Kept++
		} else {
			m.Added = append(m.Added, x.Name)
		}
	}
}

// sameOutcome reports whether a match has the same players, result and
// reports in both states.
func sameOutcome(a, b exportMatch) bool {
	if a.P1 != b.P1 || !samePlayer(a.P2, b.P2) || a.Result != b.Result || a.Status != b.Status || a.Games != b.Games || len(a.Reports) != len(b.Reports) {
		return false
	}
	for i, r := range a.Reports {
		o := b.Reports[i]
		if r.Player != o.Player || r.Result != o.Result || r.P1Wins != o.P1Wins || r.P2Wins != o.P2Wins || r.Draws != o.Draws ||
			r.Games != o.Games || !r.CreatedAt.Equal(o.CreatedAt) {
			return false
		}
	}
	return true
}

// roundTitle is "Round 3" or "Top cut, round 1".
func roundTitle(all []exportRound, r exportRound) i18n.Message {
	if r.Kind != storage.KindTopCut {
		return i18n.M("RoundTitle", i18n.Args{"Round": r.Number})
	}
	k := 0
	for _, x := range all {
		if x.Kind == storage.KindTopCut && x.Number <= r.Number {
			k++
		}
	}
	return i18n.M("TopCutRoundTitle", i18n.Args{"Round": k})
}

// latestRound describes the last round of a state (zero for none).
func latestRound(rounds []exportRound) i18n.Message {
	if len(rounds) == 0 {
		return i18n.Message{}
	}
	r := rounds[len(rounds)-1]
	args := i18n.Args{"Round": roundTitle(rounds, r)}
	switch r.Status {
	case storage.RoundPreview:
		return i18n.M("RoundStatePreview", args)
	case storage.RoundFinished:
		return i18n.M("RoundStateFinished", args)
	}
	return i18n.M("RoundStatePublished", args)
}

// RestoreSnapshot puts the event back to a snapshot, in one transaction:
// a snapshot of the state it replaces, the restore itself and an
// announcement that tells every open player page.
func (h *Handler) RestoreSnapshot(c echo.Context) error {
	e, err := h.OrganiserEvent(c)
	if err != nil {
		return err
	}
	sn, data, err := h.snapshotParam(c, e)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	_, in, err := h.readSnapshot(ctx, data)
	var prob *importProblem
	if errors.As(err, &prob) {
		return h.renderRestore(c, e, sn, data, prob.message())
	} else if err != nil {
		return err
	}
	key, err := h.LinkKey(ctx)
	if err != nil {
		return err
	}
	actor := web.ActorOf(c)
	err = h.Store.Tx(ctx, func(tx *storage.Store) error {
		ev, err := tx.EventByID(ctx, e.ID)
		if err != nil {
			return err
		}
		cur, err := buildExportFrom(ctx, tx, ev)
		if err != nil {
			return err
		}
		before, file, err := newSnapshot(e.ID, cur, storage.SnapshotRestore, 0)
		if err != nil {
			return err
		}
		before.RestoredFrom = &sn.ID
		if err := eventfile.New(tx).SaveSnapshot(ctx, actor, before, file); err != nil {
			return err
		}
		if _, err := eventfile.New(tx).RestoreEvent(ctx, actor, e.ID, sn.ID, in, func(id int64, gen int) string {
			return web.HashToken(web.PlayerToken(key, id, gen))
		}); err != nil {
			return err
		}
		// The notice is stored once and read by every player: in the
		// event's language, like the projector.
		ectx := i18n.WithLanguage(ctx, e.Language)
		_, err = tx.PostAnnouncement(ctx, actor, e.ID, storedText(ectx, i18n.M("RestoredNotice", i18n.Args{
			"When": i18n.Clock(ectx, sn.CreatedAt, e.Location()), "Label": snapshotLabel(sn)})))
		return err
	})
	if errors.Is(err, storage.ErrConflict) {
		return h.renderRestore(c, e, sn, data, i18n.M("StaffErrRestoreConflict", nil))
	} else if err != nil {
		return err
	}
	web.SetFlash(c, msgRestored)
	return web.Redirect(c, web.EventURL(e.ID, "/snapshots"))
}
