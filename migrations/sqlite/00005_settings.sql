-- +goose Up
-- Settings of the whole installation that organisers change in the web
-- pages (the public address that QR codes and printed links use).
CREATE TABLE app_settings (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    updated_at DATETIME NOT NULL
);

-- +goose Down
DROP TABLE app_settings;
