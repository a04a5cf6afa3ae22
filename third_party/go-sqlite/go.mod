module github.com/glebarez/go-sqlite

go 1.24

require modernc.org/sqlite v1.62.0
