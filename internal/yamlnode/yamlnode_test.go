package yamlnode

import "testing"

// TestDocumentErrors: each refusal names the file, the line (from 1, the parser's as the
// scanner's) and the field, in one line.
func TestDocumentErrors(t *testing.T) {
	r := &Reader{File: "f.yaml", UnknownField: "unknown field (allowed: %s)"}
	for _, c := range []struct{ data, want string }{
		{"", "f.yaml: (file): the file is empty: want a mapping"},
		{"# only a comment\n", "f.yaml: (file): the file is empty: want a mapping"},
		{"- a\n- b\n", "f.yaml:1: (file): want a mapping, not a list"},
		{"a: 1\n---\nb: 2\n", "f.yaml:2: (file): a second YAML document starts here (---): one, please"},
		{"a: 1\n---\n---\nb: 2\n", "f.yaml:3: (file): a second YAML document starts here (---): one, please"},
		{"a: [1, 2\nb: 3\n", "f.yaml:2: (syntax): did not find expected ',' or ']': the file is not valid YAML"},
		{"a: 1\n  b: 2\n", "f.yaml:2: (syntax): mapping values are not allowed in this context: the file is not valid YAML"},
	} {
		_, err := r.Document([]byte(c.data), "a mapping", "one, please")
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: error %v, want %s", c.data, err, c.want)
		}
	}
	for _, data := range []string{"a: 1\n", "a: 1\n---\n", "a: 1\n---\n# end\n"} {
		if _, err := r.Document([]byte(data), "a mapping", "one"); err != nil {
			t.Errorf("%q: %v", data, err)
		}
	}
}

// TestPairs: keys once each, plain, and only those allowed; an alias reads as what it
// names.
func TestPairs(t *testing.T) {
	r := &Reader{File: "f.yaml", UnknownField: "unknown field (allowed: %s)"}
	for _, c := range []struct{ data, want string }{
		{"top:\n  a: 1\n  a: 2\n", "f.yaml:3: top.a: given twice (first on line 2); give each key once"},
		{"top:\n  c: 1\n", "f.yaml:2: top.c: unknown field (allowed: a, b)"},
		{"top:\n  [x]: 1\n", "f.yaml:2: top: want a plain key, not a list"},
		{"top: 3\n", "f.yaml:1: top: want a mapping (key: value lines), not \"3\""},
	} {
		root, err := r.Document([]byte(c.data), "a mapping", "one")
		if err != nil {
			t.Fatal(err)
		}
		_, err = r.Pairs(root.Content[1], "top", []string{"a", "b"})
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: error %v, want %s", c.data, err, c.want)
		}
	}
	root, err := r.Document([]byte("x: &v hello\ny: *v\n"), "a mapping", "one")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := r.Pairs(root, "", nil)
	if err != nil || len(ps) != 2 || ps[1].Key != "y" {
		t.Fatalf("pairs %v, %v", ps, err)
	}
	if v, err := r.Text(ps[1].V, Join("", ps[1].Key)); v != "hello" || err != nil {
		t.Errorf("the alias reads %q, %v", v, err)
	}
}

// FuzzDocument: any bytes give a mapping or an Error naming the file, never a panic, and
// every mapping's pairs read or refuse in one line.
func FuzzDocument(f *testing.F) {
	for _, s := range []string{"a: 1\n", "a: [1, 2\n", "---\n---\nb: 2\n", "x: &v 1\ny: *v\n", "a:\n  a: 1\n  a: 2\n", "- 1\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &Reader{File: "f.yaml", UnknownField: "unknown field (allowed: %s)"}
		root, err := r.Document(data, "a mapping", "one")
		if err != nil {
			e, ok := err.(*Error)
			if !ok || e.File != "f.yaml" || e.Field == "" {
				t.Fatalf("error %#v", err)
			}
			return
		}
		if _, err := r.Pairs(root, "", nil); err != nil {
			if e, ok := err.(*Error); !ok || e.Line <= 0 {
				t.Fatalf("pairs error %#v", err)
			}
		}
	})
}
