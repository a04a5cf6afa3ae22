package views

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
)

//go:embed static
var staticFiles embed.FS

// Static is the tree of assets served under /static/{hash}/. Every asset is
// in the binary: an event runs with no internet.
var Static, _ = fs.Sub(staticFiles, "static")

// AssetHash is a short hash of all assets, put in their URLs so a browser
// may cache them for ever and still gets new ones after an upgrade.
var AssetHash = func() string {
	h := sha256.New()
	_ = fs.WalkDir(Static, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(Static, path)
		if err != nil {
			return err
		}
		h.Write([]byte(path))
		h.Write(b)
		return nil
	})
	return hex.EncodeToString(h.Sum(nil))[:12]
}()

// AssetURL is the cache-busting URL of a static file.
func AssetURL(name string) string { return "/static/" + AssetHash + "/" + name }
