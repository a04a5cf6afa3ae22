// Package migrations embeds the SQL schema of each database dialect. Files are
// numbered; a number means the same change in both dialects. Shipped files are
// never edited: add a new number instead.
package migrations

import "embed"

// FS holds postgres/*.sql and sqlite/*.sql, run by goose.
//
//go:embed postgres/*.sql sqlite/*.sql
var FS embed.FS
