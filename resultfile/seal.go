package resultfile

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// checksumOf is the SHA-256 of v's canonical JSON ("sha256:" and the hex digest), as
// every sealed file (tally.json, compare-tally.json, duel-tally.json,
// league-tally.json) records it over its counts.
func checksumOf(v any) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(h[:]), nil
}

// checkSeal checks a sealed file read back: its schema is want, and its recorded
// checksum is that of sealed, the part it covers. Errors wrap ErrTally.
func checkSeal(schema, want string, sealed any, recorded string) error {
	switch schema {
	case want:
	case "":
		return fmt.Errorf("%w: no schema version (want %s)", ErrTally, want)
	default:
		return fmt.Errorf("%w: schema %q is not one this version reads (%s)", ErrTally, schema, want)
	}
	sum, err := checksumOf(sealed)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrTally, err)
	}
	if sum != recorded {
		return fmt.Errorf("%w: checksum: the counts do not match %q (the file was changed or damaged after it was written)", ErrTally, recorded)
	}
	return nil
}
