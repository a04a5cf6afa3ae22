# Build: a static binary (pure-Go SQLite driver, so no cgo).
FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
# go.mod replaces the SQLite driver with this module (storage/sqlite_kept.go).
COPY third_party/go-sqlite ./third_party/go-sqlite
RUN go mod download
COPY . .
ARG VERSION=docker
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/tenkaichi ./cmd/tenkaichi \
 && mkdir -p /out/data

# Run: nothing but the binary, as an unprivileged user.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/tenkaichi /usr/local/bin/tenkaichi
COPY --from=build --chown=65532:65532 /out/data /data
USER 65532:65532
ENV TENKAICHI_ADDR=0.0.0.0:8080 \
    TENKAICHI_DATA=/data
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK NONE
ENTRYPOINT ["/usr/local/bin/tenkaichi"]
CMD ["serve"]
