package dice

import "math/rand/v2"

// randPCG wraps a PCG so a Table can hold one by value and hand policies a pointer to it.
type randPCG struct{ rand.PCG }
