// Package storagetest opens a fresh, migrated database for a test, on the
// backend the test run asks for:
//
//	TENKAICHI_TEST_DB=sqlite   (default) a SQLite file in the test's temp dir
//	TENKAICHI_TEST_DB=postgres a new database on the server at TEST_DATABASE_URL,
//	                           dropped when the test ends
//
// scripts/test.sh runs the suite once per backend.
package storagetest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx", to create and drop test databases
	"github.com/tenkaichi-org/tenkaichi/migrations"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// Backend returns the backend this test run uses: "sqlite" or "postgres".
func Backend() string {
	if os.Getenv("TENKAICHI_TEST_DB") == "postgres" {
		return "postgres"
	}
	return "sqlite"
}

// Config returns a storage.Config for a fresh, empty (unmigrated) database.
// The database is removed when the test ends.
func Config(t testing.TB) storage.Config {
	t.Helper()
	return config(t, false)
}

func config(t testing.TB, migrated bool) storage.Config {
	t.Helper()
	if Backend() == "sqlite" {
		return storage.Config{SQLitePath: filepath.Join(t.TempDir(), "tenkaichi.db")}
	}
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		// Never skip: a run that asked for PostgreSQL and has none must fail loudly.
		t.Fatal("TENKAICHI_TEST_DB=postgres but TEST_DATABASE_URL is not set; run the tests with 'make test', which starts a PostgreSQL server")
	}
	create := ""
	if migrated {
		tpl, err := migratedTemplate(base)
		if err != nil {
			t.Fatalf("prepare PostgreSQL template database: %v", err)
		}
		// Cloning a migrated template is much faster than migrating each database.
		create = " TEMPLATE " + tpl + " STRATEGY FILE_COPY"
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("open %s: %v", base, err)
	}
	defer admin.Close()
	name := "tk_test_" + randomHex(8)
	if _, err := admin.ExecContext(context.Background(), "CREATE DATABASE "+name+create); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	t.Cleanup(func() {
		a, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer a.Close()
		_, _ = a.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("TEST_DATABASE_URL: %v", err)
	}
	u.Path = "/" + name
	return storage.Config{DatabaseURL: u.String()}
}

// New opens and migrates a fresh database for the test and closes it at the end.
func New(t testing.TB) *storage.Store {
	t.Helper()
	return Open(t, config(t, true))
}

// Open opens the database of cfg (from Config: a test that opens it more
// than once, as two instances would), migrates it and closes it at the end.
func Open(t testing.TB, cfg storage.Config) *storage.Store {
	t.Helper()
	st, err := storage.Open(context.Background(), cfg)
	if err != nil {
		t.Fatalf("open test database (%s): %v", Backend(), err)
	}
	t.Cleanup(func() { _ = st.Close() })
	if _, err := st.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate test database: %v", err)
	}
	return st
}

var (
	templateOnce sync.Once
	templateName string
	templateErr  error
)

// migratedTemplate returns a database with every migration applied, to clone
// for each test. Its name comes from the migrations' text, so every test
// binary (and every later run on the same server) with the same migrations
// shares one instead of leaving one behind each: on a long-lived development
// server hundreds of them kept autovacuum busy. An advisory lock keeps two
// binaries from building the same one at once.
func migratedTemplate(base string) (string, error) {
	templateOnce.Do(func() {
		templateName, templateErr = buildTemplate(base)
	})
	return templateName, templateErr
}

// templateDigestName names the template of the migrations as they are: a new
// migration makes a new template.
func templateDigestName() (string, error) {
	sum := sha256.New()
	err := fs.WalkDir(migrations.FS, "postgres", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(migrations.FS, path)
		fmt.Fprintf(sum, "%s %d\n", path, len(b))
		sum.Write(b)
		return err
	})
	if err != nil {
		return "", err
	}
	return "tk_template_" + hex.EncodeToString(sum.Sum(nil))[:12], nil
}

func buildTemplate(base string) (string, error) {
	name, err := templateDigestName()
	if err != nil {
		return "", err
	}
	ctx := context.Background()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", err
	}
	defer admin.Close()
	conn, err := admin.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	// One lock for every template: building one takes a second or two.
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(7317042)"); err != nil {
		return "", err
	}
	defer conn.ExecContext(ctx, "SELECT pg_advisory_unlock(7317042)") //nolint:errcheck
	var ready bool
	if err := conn.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate)", name).Scan(&ready); err != nil {
		return "", err
	}
	if ready {
		return name, nil
	}
	// A build cut short leaves a database not yet marked as a template.
	if _, err := conn.ExecContext(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
		return "", err
	}
	if _, err := conn.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		return "", err
	}
	u, err := url.Parse(base)
	if err != nil {
		return "", err
	}
	u.Path = "/" + name
	st, err := storage.Open(ctx, storage.Config{DatabaseURL: u.String()})
	if err != nil {
		return "", err
	}
	_, err = st.Migrate(ctx)
	st.Close()
	if err != nil {
		return "", err
	}
	// Marked only once complete, so a half-built one is never cloned.
	if _, err := conn.ExecContext(ctx, "ALTER DATABASE "+name+" IS_TEMPLATE true"); err != nil {
		return "", err
	}
	return name, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("crypto/rand: %v", err))
	}
	return hex.EncodeToString(b)
}
