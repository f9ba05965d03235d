package tui

import "math"

// Rate returns k/n with its 95% Wilson score interval, the interval a Hint carries (it
// stays inside [0, 1] and is honest at rates near 0 and 1, where playouts often end).
func Rate(k, n int) (p, lo, hi float64) {
	if n == 0 {
		return 0, 0, 1
	}
	const z = 1.959963984540054
	p = float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	mid := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return p, max(mid-half, 0), min(mid+half, 1)
}
