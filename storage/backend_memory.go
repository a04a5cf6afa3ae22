package storage

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// keepBackendMemory runs on every new PostgreSQL connection. It makes the
// connection's server process keep the memory its statements free, instead
// of giving it back to the kernel after each statement and faulting it in
// again for the next.
//
// PostgreSQL's server processes get their memory from the C library's
// malloc. glibc shrinks the heap (brk) whenever more than 128 KB lie free at
// its top. The server process of a report lane went past that and back
// about once a report (a B-tree index scan alone takes 27 KB, and a report's
// read has six), faulting the pages in afresh each time: 900 brk calls for
// 2,000 reports, and 42% of that process's CPU on the 2-core test machine
// (strace and perf, docs/performance.md).
//
// glibc raises that limit for the rest of the process's life once a block
// bigger than it, which it took from mmap, is freed. This statement
// allocates one megabyte and frees it, so the limit becomes 2 MB. It takes
// about 10 ms, once per connection (faulting the megabyte's pages in). On a
// PostgreSQL built with another C library it does nothing.
func keepBackendMemory(ctx context.Context, conn *pgx.Conn) error {
	_, err := conn.Exec(ctx, keepBackendMemorySQL)
	return err
}

const keepBackendMemorySQL = `SELECT length(repeat('x', 1048576))`
