package rules

import "strings"

// CanonicalNumber returns the card number that all printings of a card share:
// it upper-cases the number and strips printing suffixes that card lists and
// deck-export tools add, such as "FB01-001-p1", "FB01-004_p1", "FB01-001-F"
// (a leader's front) and the Masters "_PR", "_SPR", "_BD" suffixes.
// "FS01-03" stays "FS01-03"; "P-180" stays "P-180".
func CanonicalNumber(s string) string {
	s = strings.ToUpper(strings.TrimSpace(s))
	if i := strings.IndexByte(s, '_'); i > 0 {
		s = s[:i]
	}
	// The base number is PREFIX-DIGITS; anything after the digits is a suffix.
	dash := strings.IndexByte(s, '-')
	if dash < 0 {
		return s
	}
	j := dash + 1
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == dash+1 {
		return s // no digits after the dash: not a number we know how to cut
	}
	return s[:j]
}

// IsEnergyMarkerNumber reports whether n is a Fusion World energy marker
// number (E-01, E01-05). Energy markers are not deck cards.
func IsEnergyMarkerNumber(n string) bool {
	n = CanonicalNumber(n)
	if !strings.HasPrefix(n, "E") {
		return false
	}
	dash := strings.IndexByte(n, '-')
	if dash < 1 {
		return false
	}
	for _, r := range n[1:dash] {
		if r < '0' || r > '9' {
			return false
		}
	}
	return dash < len(n)-1
}

// looksLikeCardNumber reports whether s has the shape PREFIX-DIGITS[suffix]
// where PREFIX is letters followed by optional digits (FB01, FS01, P, BT10, EX16).
// The decklist parser uses it to tell a card number from a name.
func looksLikeCardNumber(s string) bool {
	dash := strings.IndexByte(s, '-')
	if dash < 1 || dash > 8 || dash == len(s)-1 {
		return false
	}
	i := 0
	for i < dash && isASCIILetter(s[i]) {
		i++
	}
	if i == 0 {
		return false
	}
	for i < dash && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i != dash {
		return false
	}
	return s[dash+1] >= '0' && s[dash+1] <= '9'
}

func isASCIILetter(b byte) bool {
	return (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z')
}

// gameOfNumber tells a Fusion World number from a Masters one by its prefix,
// which the two games never share: FB, FS, SB and FP are Fusion World; BT,
// TB, SD, EX, DB, EB, XD, BE and P are Masters. Any other shape gives "".
// Checkers use it to say "FB01-001 is a Fusion World card, not Masters"
// where they would otherwise only say the card is not in the pool.
func gameOfNumber(n string) Game {
	n = CanonicalNumber(n)
	dash := strings.IndexByte(n, '-')
	if dash < 1 {
		return ""
	}
	prefix := strings.TrimRight(n[:dash], "0123456789")
	switch prefix {
	case "FB", "FS", "SB", "FP":
		return GameFusionWorld
	case "BT", "TB", "SD", "EX", "DB", "EB", "XD", "BE", "P":
		return GameMasters
	}
	return ""
}
