package lab

import "strconv"

// Plural writes n and word, with an s when n is not 1 ("1 turn", "41 turns"): the
// games' replay narrations share it.
func Plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}
