package storage_test

import (
	"crypto/rand"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// The write-ahead log must start afresh while results keep coming and the
// readers never rest (see Store.checkpoints): else it grows with every
// commit, and past SQLite's own threshold every commit checkpoints itself.
// 32 MiB go through the log here, in commits spread over about three
// seconds, with a reader always busy; the log file must stay far below that.
func TestSQLiteWriteAheadLogStartsAfreshUnderLoad(t *testing.T) {
	path := filepath.Join(t.TempDir(), "wal.db")
	st, err := storage.Open(ctx, storage.Config{SQLitePath: path})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	db := st.SQL()
	if _, err := db.ExecContext(ctx, "CREATE TABLE filler (id INTEGER PRIMARY KEY, data BLOB)"); err != nil {
		t.Fatal(err)
	}

	stop := make(chan struct{})
	var readers sync.WaitGroup
	readers.Add(1)
	go func() {
		defer readers.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			// A read on the pages' connections, as a phone's page does:
			// each holds a snapshot of the log while it runs.
			_, _ = st.EntryByTokenHash(ctx, "no such link")
		}
	}()

	const commits, size = 512, 64 << 10
	blob := make([]byte, size)
	var largest int64
	for i := range commits {
		_, _ = rand.Read(blob)
		if _, err := db.ExecContext(ctx, "INSERT INTO filler (data) VALUES (?)", blob); err != nil {
			t.Fatal(err)
		}
		if i%32 == 0 {
			// Old rows go, so the database file itself stays small too.
			if _, err := db.ExecContext(ctx, "DELETE FROM filler WHERE id < ?", i-32); err != nil {
				t.Fatal(err)
			}
		}
		if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() > largest {
			largest = fi.Size()
		}
		time.Sleep(5 * time.Millisecond)
	}
	close(stop)
	readers.Wait()
	written := int64(commits * size)
	t.Logf("%d MiB written; largest write-ahead log %.1f MiB", written>>20, float64(largest)/(1<<20))
	if largest > written/2 {
		t.Fatalf("the write-ahead log grew to %d bytes of the %d written: it is not being started afresh", largest, written)
	}
}
