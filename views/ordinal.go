package views

import "strconv"

// Ordinal is a place in English: 1st, 2nd, 3rd, 4th, 11th, 21st.
func Ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}

// knockedOutText tells a player knocked out of the top cut that their place
// is decided when that round ends.
func knockedOutText(round string) string {
	return "You are out of the top cut (" + round + "). Your final placing is shown once every match of that round has ended."
}
