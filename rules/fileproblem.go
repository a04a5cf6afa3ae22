package rules

import "fmt"

// FileMessages holds the English of what can be wrong in a card list or a
// ban-list file, by key: one format string each with indexed verbs, its
// values in FileProblem.Args in that order. Where the problem is (the
// record, line, card, field or ban-list entry) is said by the error around
// it (CardFileError, BanListError) or inside the message; a JSON file's own
// problems (not JSON there, a value of the wrong kind) are
// jsonproblem.Problems. Pages and the command line say them in their
// language by key (views/fileproblem).
var FileMessages = map[string]string{
	// A card list as a whole.
	"cards-too-large":    "card file is larger than %[1]d MB",
	"cards-empty":        "card file is empty",
	"cards-json-object":  "card file is a JSON object; expected a JSON array of cards",
	"cards-unrecognised": `unrecognised card file: expected a JSON array or a CSV file whose header row has a "number" column`,
	"cards-not-array":    "card file must be a JSON array of cards",
	// One card of a list (a JSON record or a CSV line).
	"card-not-object":           "expected a JSON object for the card, got %[1]s",
	"card-no-number":            "the card has no number",
	"card-bad-number":           "%[1]q is not a card number (expected something like FB01-001)",
	"card-no-name":              "the card has no name",
	"card-no-type":              "the card has no type (expected Leader, Battle or Extra)",
	"card-no-type-masters":      "the card has no type (expected Leader, Battle, Extra, Unison, Z-Leader, Z-Battle, Z-Extra or Z-Unison)",
	"card-unknown-type":         "unknown card type %[1]q (expected Leader, Battle or Extra)",
	"card-unknown-type-masters": "unknown card type %[1]q (expected Leader, Battle, Extra, Unison, Z-Leader, Z-Battle, Z-Extra or Z-Unison)",
	"card-masters-type":         "card type %[1]q is a Masters card type; a Fusion World card is a Leader, Battle or Extra card",
	"unknown-game":              "unknown game %[1]q (expected fusion-world, masters, score-dbz or panini-dbz)",
	"whole-number":              "expected a whole number, got %[1]q",
	"at-least-one":              "expected a whole number of at least 1, got %[1]q",
	"deck-limit":                "expected a whole number of at least 1, got %[1]d",
	"copy-limit":                `expected a whole number of at least 1 or "any", got %[1]q`,
	"copy-limit-disagrees":      "%[1]q disagrees with the card's other copy-limit column",
	"sensei-deck":               `expected "only" (Sensei Deck only) or "yes" (Sensei Deck), got %[1]q`,
	// A CSV card list's own shape.
	"csv-unnamed-column": "column %[1]d has no name",
	"csv-column-twice":   "column %[1]q appears twice",
	"csv-no-column":      "the header row has no %[1]q column",
	"csv-field-count":    "expected %[1]d fields as in the header row, got %[2]d",
	"csv-bare-quote":     "a quotation mark inside a field that does not start with one (put the field in quotation marks and double the one inside)",
	"csv-quote":          "a quoted field whose closing quotation mark is missing or followed by more text",
	// A ban-list file (entries are counted from 1).
	"bans-too-large":      "ban list file is too large",
	"bans-empty":          "ban list file is empty",
	"bans-not-json":       "ban list file is not JSON (expected an object or an array)",
	"bans-no-game":        "the ban list has no game",
	"bans-no-name":        "the ban list has no name",
	"bans-effective":      "effective date %[1]q: expected YYYY-MM-DD",
	"bans-no-number":      "entry %[1]d has no card number",
	"bans-limit":          "entry %[1]d (%[2]s): a limited card needs a limit of at least 1",
	"bans-status":         "entry %[1]d (%[2]s): status %[3]q, expected banned or limited",
	"bans-twice":          "entry %[1]d: %[2]s is listed twice",
	"bans-since":          "entry %[1]d (%[2]s): since %[3]q, expected YYYY-MM-DD",
	"bans-updated":        `cannot read the date %[1]q in "updated"`,
	"bans-no-card-number": "entry %[1]d has no card_number",
}

// FileProblem is one thing wrong in a card list or a ban-list file: a
// FileMessages key and its values.
type FileProblem struct {
	Key  string
	Args []any
}

func (p *FileProblem) Error() string { return fmt.Sprintf(FileMessages[p.Key], p.Args...) }

// fileProblem is the problem key of FileMessages with its values.
func fileProblem(key string, args ...any) *FileProblem { return &FileProblem{Key: key, Args: args} }

// BanListError says which version of a ban-list file (counted from 1) or
// which named list a problem is in.
type BanListError struct {
	Version int    // 1-based position in the file; 0 when not from a file
	Name    string // the list's name when it has one and Version is 0
	Err     error
}

func (e *BanListError) Error() string {
	switch {
	case e.Version > 0:
		return fmt.Sprintf("ban list version %d: %v", e.Version, e.Err)
	case e.Name != "":
		return fmt.Sprintf("ban list %q: %v", e.Name, e.Err)
	}
	return e.Err.Error()
}

func (e *BanListError) Unwrap() error { return e.Err }
