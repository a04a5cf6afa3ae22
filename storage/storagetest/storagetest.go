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
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx", to create and drop test databases
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
	st, err := storage.Open(context.Background(), config(t, true))
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

// migratedTemplate creates, once per test binary, a database with every
// migration applied, to clone for each test. It is dropped when the cluster is.
func migratedTemplate(base string) (string, error) {
	templateOnce.Do(func() {
		templateName = "tk_template_" + randomHex(6)
		admin, err := sql.Open("pgx", base)
		if err != nil {
			templateErr = err
			return
		}
		defer admin.Close()
		if _, err := admin.ExecContext(context.Background(), "CREATE DATABASE "+templateName); err != nil {
			templateErr = err
			return
		}
		u, err := url.Parse(base)
		if err != nil {
			templateErr = err
			return
		}
		u.Path = "/" + templateName
		st, err := storage.Open(context.Background(), storage.Config{DatabaseURL: u.String()})
		if err != nil {
			templateErr = err
			return
		}
		defer st.Close()
		_, templateErr = st.Migrate(context.Background())
	})
	return templateName, templateErr
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("crypto/rand: %v", err))
	}
	return hex.EncodeToString(b)
}
