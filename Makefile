.PHONY: run test build generate

# Start the server on the SQLite default (./tenkaichi-data).
run:
	go run ./cmd/tenkaichi serve

# Everything CI runs: vet, gofmt, templ freshness, all tests on SQLite and PostgreSQL.
test:
	bash scripts/test.sh

build:
	CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=$$(git describe --tags --always --dirty 2>/dev/null || echo dev)" -o tenkaichi ./cmd/tenkaichi

generate:
	go tool templ generate -path views
