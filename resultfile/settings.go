package resultfile

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// Setting is one named value of a run's settings (a rule option, a character list).
type Setting struct {
	Name  string
	Value any // int, bool, string or []string
}

// Settings is an ordered set of named values, written as one JSON object in the order
// the game lists its options, so run.json reads like the option table and two runs'
// settings compare byte for byte.
type Settings []Setting

// Get returns the value named name, or nil.
func (s Settings) Get(name string) any {
	for _, kv := range s {
		if kv.Name == name {
			return kv.Value
		}
	}
	return nil
}

// MarshalJSON writes the settings as one object, keys in order.
func (s Settings) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, kv := range s {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(kv.Name)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(kv.Value)
		if err != nil {
			return nil, fmt.Errorf("setting %s: %w", kv.Name, err)
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads an object, keeping its keys' order; numbers become int when they
// are integers, lists of strings []string.
func (s *Settings) UnmarshalJSON(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return fmt.Errorf("the rules are not a JSON object of names and values")
	}
	*s = nil
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		name, _ := tok.(string)
		var raw any
		if err := dec.Decode(&raw); err != nil {
			return fmt.Errorf("setting %s: %w", name, err)
		}
		*s = append(*s, Setting{Name: name, Value: normalise(raw)})
	}
	_, err = dec.Token()
	return err
}

// normalise turns decoded JSON into the types Settings holds.
func normalise(v any) any {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return int(i)
		}
		f, _ := x.Float64()
		return f
	case []any:
		out := make([]string, 0, len(x))
		for _, e := range x {
			out = append(out, plainJSON(e)) // a name as itself; never Go's "map[]" or "<nil>"
		}
		return out
	}
	return v
}
