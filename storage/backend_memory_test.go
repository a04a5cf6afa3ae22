package storage_test

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// The PostgreSQL server process of a connection of ours keeps the memory a
// statement frees (keepBackendMemory): a statement that needs a 900 KB block
// and runs again and again does not fault the block's pages in afresh each
// time. Without it glibc maps such a block for each run and unmaps it after
// (about 70 page faults a run here). The faults are read from the server
// process's /proc entry, so the test needs the PostgreSQL server on this
// machine, as 'make test' runs it.
func TestPostgresServerProcessesKeepFreedMemory(t *testing.T) {
	if storagetest.Backend() != "postgres" {
		t.Skip("PostgreSQL's server processes only")
	}
	st := storagetest.New(t)
	conn, err := st.SQL().Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var pid int
	if err := conn.QueryRowContext(ctx, "SELECT pg_backend_pid()").Scan(&pid); err != nil {
		t.Fatal(err)
	}
	faults := func() int {
		t.Helper()
		n, err := minorFaults(pid)
		if err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("the PostgreSQL server process's page faults: %v", err)
			}
			t.Skipf("the PostgreSQL server is not on this machine: %v", err)
		}
		return n
	}
	run := func() {
		t.Helper()
		// A parameter, so that the block is made when the statement runs,
		// not once when it is planned.
		var n int
		if err := conn.QueryRowContext(ctx, "SELECT length(repeat('x', $1))", 900_000).Scan(&n); err != nil || n != 900_000 {
			t.Fatalf("%d, %v", n, err)
		}
	}
	run()
	const runs = 20
	before := faults()
	for range runs {
		run()
	}
	if n := faults() - before; n > 5*runs {
		t.Errorf("%d page faults in %d runs of a statement needing 900 KB: the server process gives the memory back after each run", n, runs)
	}
}

// minorFaults reads a process's minor page faults from /proc/PID/stat.
func minorFaults(pid int) (int, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// After "pid (command)": state, ppid, pgrp, session, tty, tpgid, flags,
	// minflt.
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(fields) < 8 {
		return 0, fmt.Errorf("/proc/%d/stat: %q", pid, s)
	}
	return strconv.Atoi(fields[7])
}
