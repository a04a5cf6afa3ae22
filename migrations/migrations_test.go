package migrations

import (
	"io/fs"
	"regexp"
	"slices"
	"testing"
)

var versioned = regexp.MustCompile(`^(\d{5})_[a-z0-9_]+\.sql$`)

func versions(t *testing.T, dir string) []string {
	t.Helper()
	names, err := fs.Glob(FS, dir+"/*")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, n := range names {
		base := n[len(dir)+1:]
		m := versioned.FindStringSubmatch(base)
		if m == nil {
			t.Errorf("%s: name must be NNNNN_words.sql", n)
			continue
		}
		out = append(out, m[1])
	}
	return out
}

// Both dialects must have the same numbered migrations, or one database
// would end up with a different schema from the other.
func TestDialectsHaveSameVersions(t *testing.T) {
	pg, lite := versions(t, "postgres"), versions(t, "sqlite")
	if len(pg) == 0 {
		t.Fatal("no postgres migrations embedded")
	}
	if !slices.Equal(pg, lite) {
		t.Fatalf("migration versions differ:\npostgres: %v\nsqlite:   %v", pg, lite)
	}
	for i := 1; i < len(pg); i++ {
		if pg[i] == pg[i-1] {
			t.Errorf("version %s used twice", pg[i])
		}
	}
}
