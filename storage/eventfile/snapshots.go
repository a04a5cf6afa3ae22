package eventfile

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// Snapshot is a copy of a whole event at one moment: its event file
// (docs/event-file.md), stored gzipped. Body is filled only by SnapshotFile.
type Snapshot struct {
	ID          int64  `json:"id"`
	EventID     int64  `json:"event_id"`
	Reason      string `json:"reason"`
	RoundNo     *int   `json:"round_no"`      // the round published
	TopCutRound *int   `json:"top_cut_round"` // its place in the top cut; nil for a Swiss round
	// RestoredFrom is, for a snapshot taken before a restore, the snapshot
	// that the restore put back.
	RestoredFrom *int64    `json:"restored_from"`
	Body         []byte    `json:"-"`
	SizeBytes    int64     `json:"size_bytes"`   // the event file's size
	StoredBytes  int64     `json:"stored_bytes"` // what the database holds (gzipped)
	CreatedBy    string    `json:"created_by"`
	CreatedAt    time.Time `json:"created_at"`
}

// TableName keeps GORM's naming out of the schema.
func (Snapshot) TableName() string { return "event_snapshots" }

// MaxSnapshotBytes bounds the event file a snapshot may hold (and so what
// reading one back may unpack): the import's own limit.
const MaxSnapshotBytes = 16 << 20

// SaveSnapshot stores file as a snapshot of snap.EventID (Reason, RoundNo
// TopCutRound and RestoredFrom set by the caller) with its audit row.
func (s *Store) SaveSnapshot(ctx context.Context, actor storage.Actor, snap *Snapshot, file []byte) error {
	if len(file) > MaxSnapshotBytes {
		return fmt.Errorf("storage: snapshot of %d bytes is over the limit of %d: %w", len(file), MaxSnapshotBytes, storage.ErrConflict)
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(file); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return s.tx(ctx, func(tx *Store) error {
		snap.ID, snap.Body, snap.SizeBytes, snap.StoredBytes = 0, buf.Bytes(), int64(len(file)), int64(buf.Len())
		snap.CreatedBy, snap.CreatedAt = actor.Name, tx.now()
		if err := tx.with(ctx).Create(snap).Error; err != nil {
			return wrap("save snapshot", err)
		}
		snap.Body = nil
		return tx.writeAudit(ctx, actor, &snap.EventID, "take", "snapshot", snap.ID, nil,
			map[string]any{"reason": snap.Reason, "round": snap.RoundNo, "restored_from": snap.RestoredFrom, "size_bytes": snap.SizeBytes})
	})
}

// Snapshots lists an event's snapshots, newest first, without their bodies.
func (s *Store) Snapshots(ctx context.Context, eventID int64) ([]Snapshot, error) {
	var out []Snapshot
	err := s.with(ctx).Omit("body").Where("event_id = ?", eventID).Order("id DESC").Find(&out).Error
	return out, wrap("list snapshots", err)
}

// SnapshotFile returns a snapshot of the event and its event file, or
// ErrNotFound (also for another event's snapshot).
func (s *Store) SnapshotFile(ctx context.Context, eventID, id int64) (*Snapshot, []byte, error) {
	var snap Snapshot
	if err := s.with(ctx).Where("event_id = ?", eventID).First(&snap, id).Error; err != nil {
		return nil, nil, wrap(fmt.Sprintf("snapshot %d", id), err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(snap.Body))
	if err != nil {
		return nil, nil, fmt.Errorf("storage: snapshot %d is damaged: %w", id, err)
	}
	file, err := io.ReadAll(io.LimitReader(zr, MaxSnapshotBytes+1))
	if err != nil || len(file) > MaxSnapshotBytes {
		return nil, nil, fmt.Errorf("storage: snapshot %d is damaged or too large: %v", id, err)
	}
	snap.Body = nil
	return &snap, file, nil
}

// NoteSnapshotDownload records in the audit log that someone downloaded a
// snapshot (it holds member numbers and decklists).
func (s *Store) NoteSnapshotDownload(ctx context.Context, actor storage.Actor, eventID, id int64) error {
	return s.tx(ctx, func(tx *Store) error {
		return tx.writeAudit(ctx, actor, &eventID, "download", "snapshot", id, nil, nil)
	})
}
