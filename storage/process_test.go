package storage_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// writerEnv names the database a run of this test binary writes to as
// another process (TestMain), as "sqlite:PATH" or a PostgreSQL URL; the
// event is in writerEventEnv.
const (
	writerEnv      = "TENKAICHI_TEST_WRITER_DB"
	writerEventEnv = "TENKAICHI_TEST_WRITER_EVENT"
)

func TestMain(m *testing.M) {
	if db := os.Getenv(writerEnv); db != "" {
		if err := writeAsAnotherProcess(db, os.Getenv(writerEventEnv)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// writeAsAnotherProcess posts an announcement to the event, as another
// instance's process would.
func writeAsAnotherProcess(db, event string) error {
	cfg := storage.Config{DatabaseURL: db}
	if path, ok := strings.CutPrefix(db, "sqlite:"); ok {
		cfg = storage.Config{SQLitePath: path}
	}
	id, err := strconv.ParseInt(event, 10, 64)
	if err != nil {
		return err
	}
	st, err := storage.Open(context.Background(), cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	_, err = st.PostAnnouncement(context.Background(), org, id, "From another process.")
	return err
}

// runWriterProcess runs this test binary as another process that writes to
// the database of cfg.
func runWriterProcess(t *testing.T, cfg storage.Config, eventID int64) {
	t.Helper()
	db := cfg.DatabaseURL
	if db == "" {
		db = "sqlite:" + cfg.SQLitePath
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), writerEnv+"="+db, writerEventEnv+"="+strconv.FormatInt(eventID, 10))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the writer process: %v\n%s", err, out)
	}
}
