package storage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"
)

// walWatch tells, without a query, whether anything has been committed to a
// SQLite file since a moment, by any connection of any process: every commit
// rewrites the header of the file's WAL index (the -shm file beside it, laid
// out as https://www.sqlite.org/walformat.html describes), and the header
// only ever takes a value again after 2^32 transactions (its iChange field
// counts them; its salts change with each new log). The play version of an
// event read after one stamp holds for as long as the header shows that
// stamp, so a player's page asked for again while nothing changes costs no
// query, and any instance's change shows on the next request, as with one.
type walWatch struct {
	mu  sync.RWMutex
	mem []byte // the -shm file's first page, mapped read-only; nil once closed
	// hold is a connection of our own that has read the file: while it is
	// open SQLite neither removes nor truncates the -shm file (it does so
	// only for the last connection to close or the first to open).
	hold *sql.DB
	// kept are the play versions read under a stamp.
	kept keptVersions
}

// walStamp is the WAL index header as one commit left it (the first of its
// two copies, which a commit writes last).
type walStamp [12]uint32

const (
	walHeaderVersion = 3007000 // iVersion of every WAL index SQLite writes
	walHeaderBytes   = 48
)

// watchWAL maps the WAL index of the SQLite file at path; the file must be
// in WAL mode (the writer has opened it).
func watchWAL(path string) (*walWatch, error) {
	hold, err := openSQLiteConn("file:" + path + "?_pragma=busy_timeout(10000)&_pragma=query_only(1)" + sqliteTimes)
	if err != nil {
		return nil, err
	}
	w := &walWatch{hold: hold}
	if err := w.open(path + "-shm"); err != nil {
		_ = hold.Close()
		return nil, fmt.Errorf("watch %s-shm: %w", path, err)
	}
	return w, nil
}

func (w *walWatch) open(shm string) error {
	// A read opens the log and its index on the held connection, which
	// stays open (one connection at most, no idle limit).
	var mode string
	if err := w.hold.QueryRowContext(context.Background(), "PRAGMA journal_mode").Scan(&mode); err != nil {
		return err
	}
	if mode != "wal" {
		return fmt.Errorf("journal mode %q, not wal", mode)
	}
	var n int
	if err := w.hold.QueryRowContext(context.Background(), "SELECT count(*) FROM sqlite_master").Scan(&n); err != nil {
		return err
	}
	mem, err := mapReadOnly(shm)
	if err != nil {
		return err
	}
	w.mem = mem
	if _, ok := w.stamp(); !ok {
		w.close()
		return errors.New("no WAL index header")
	}
	return nil
}

// stamp reads the header; ok is false when there is none to trust (the
// index not yet set up, or the watch closed).
func (w *walWatch) stamp() (s walStamp, ok bool) {
	w.mu.RLock()
	defer w.mu.RUnlock()
	if w.mem == nil {
		return s, false
	}
	for i := range s {
		// Another connection may be writing the header as it is read:
		// word by word, each word whole.
		s[i] = atomic.LoadUint32((*uint32)(unsafe.Pointer(&w.mem[4*i])))
	}
	return s, s[0] == walHeaderVersion && w.mem[12] == 1 // iVersion, isInit
}

// close unmaps the header and closes the held connection.
func (w *walWatch) close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.mem != nil {
		unmap(w.mem)
		w.mem = nil
	}
	if w.hold != nil {
		_ = w.hold.Close()
		w.hold = nil
	}
}

// playVersion is the event's play version: the one kept while the header
// shows the stamp it was read under, else read. The stamp is taken before
// the read, so the version is never older than the file was at the stamp.
func (w *walWatch) playVersion(ctx context.Context, eventID int64, read func(context.Context, int64) (int64, error)) (int64, error) {
	stamp, ok := w.stamp()
	if ok {
		if v, kept := w.kept.get(eventID, stamp); kept {
			return v, nil
		}
	}
	v, err := read(ctx, eventID)
	if ok && err == nil {
		w.kept.put(eventID, stamp, v)
	}
	return v, err
}

// keptVersions are play versions read under a WAL stamp.
type keptVersions struct {
	mu sync.Mutex
	m  map[int64]keptVersion
}

type keptVersion struct {
	stamp walStamp
	v     int64
}

// maxKeptVersions bounds the events kept; past it they start again.
const maxKeptVersions = 4096

func (k *keptVersions) get(eventID int64, stamp walStamp) (int64, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	kv, ok := k.m[eventID]
	return kv.v, ok && kv.stamp == stamp
}

func (k *keptVersions) put(eventID int64, stamp walStamp, v int64) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.m == nil || len(k.m) >= maxKeptVersions {
		k.m = map[int64]keptVersion{}
	}
	k.m[eventID] = keptVersion{stamp, v}
}
