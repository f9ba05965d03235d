package resultfile

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
)

// This file turns what Go says about files and values into the plain sentences every
// bangsim message is made of (the project brief: no `[a b]` slices, no "open x: not a
// directory", no "json: cannot unmarshal"). The readers of result files use it, and so
// do lab, report and the commands, so that one wording serves everywhere.

// PlainList joins items with ", " ("none" when there are none), not as Go prints a
// slice ("[a b]").
func PlainList(items []string) string {
	if len(items) == 0 {
		return "none"
	}
	return strings.Join(items, ", ")
}

// Plain writes v, a value a result file holds, in words: a text as itself, a number
// as written, a list as its items joined with ", ", an object as key=value pairs, and
// nothing as "none"; never Go's "[a b]" or "{a b}" nor JSON's quotes and braces.
func Plain(v any) string {
	return plainJSON(toJSON(v))
}

// Difference says where got differs from want, both values a result file holds, naming
// the first field that differs and its two values in plain words: "seed 2 against 1",
// "rules: arrows 8 against 9", "bots: by_role.Outlaw random against none". It returns
// "" when they are the same (as their JSON).
func Difference(name string, got, want any) string {
	path, x, y, ok := firstDifference(nil, toJSON(got), toJSON(want))
	if !ok {
		return ""
	}
	if len(path) == 0 {
		return fmt.Sprintf("%s %s against %s", name, x, y)
	}
	return fmt.Sprintf("%s: %s %s against %s", name, strings.Join(path, "."), x, y)
}

// toJSON is v as decoded JSON (maps, []any, json.Number, string, bool, nil), so that
// structs, Settings and maps compare and print alike.
func toJSON(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var out any
	if dec.Decode(&out) != nil {
		return string(b)
	}
	return out
}

// firstDifference walks x and y together and returns the path to the first leaf that
// differs (keys in sorted order) with both leaves in words.
func firstDifference(path []string, x, y any) ([]string, string, string, bool) {
	xm, xok := x.(map[string]any)
	ym, yok := y.(map[string]any)
	if xok && yok {
		var keys []string
		for k := range xm {
			keys = append(keys, k)
		}
		for k := range ym {
			if _, ok := xm[k]; !ok {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			if p, a, b, ok := firstDifference(append(slices.Clip(path), k), xm[k], ym[k]); ok {
				return p, a, b, true
			}
		}
		return nil, "", "", false
	}
	xs, xok := x.([]any)
	ys, yok := y.([]any)
	// Lists of objects of the same length differ item by item; a list of plain values
	// (players 4, 5) reads best whole.
	if xok && yok && len(xs) == len(ys) && (hasObject(xs) || hasObject(ys)) {
		for i := range xs {
			if p, a, b, ok := firstDifference(append(slices.Clip(path), fmt.Sprintf("item %d", i+1)), xs[i], ys[i]); ok {
				return p, a, b, true
			}
		}
		return nil, "", "", false
	}
	if a, b := plainJSON(x), plainJSON(y); a != b {
		return path, a, b, true
	} else if !reflect.DeepEqual(x, y) { // the same words, other kinds: "1" and 1
		return path, a + " (" + kindOf(x) + ")", b + " (" + kindOf(y) + ")", true
	}
	return nil, "", "", false
}

// kindOf names the kind of a decoded JSON value, for two that read alike.
func kindOf(v any) string {
	switch v.(type) {
	case string:
		return "a text"
	case json.Number:
		return "a number"
	case bool:
		return "true or false"
	case nil:
		return "nothing"
	case []any:
		return "a list"
	}
	return "an object"
}

// hasObject reports whether a list holds an object or a list.
func hasObject(xs []any) bool {
	return slices.ContainsFunc(xs, func(v any) bool {
		switch v.(type) {
		case map[string]any, []any:
			return true
		}
		return false
	})
}

// plainJSON writes decoded JSON in words (see Plain).
func plainJSON(v any) string {
	switch x := v.(type) {
	case nil:
		return "none"
	case string:
		if x == "" {
			return "empty"
		}
		return x
	case bool, json.Number:
		return fmt.Sprint(x)
	case []any:
		items := make([]string, len(x))
		for i, e := range x {
			items[i] = plainJSON(e)
		}
		return PlainList(items)
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		items := make([]string, len(keys))
		for i, k := range keys {
			items[i] = k + "=" + plainJSON(x[k])
		}
		return PlainList(items)
	}
	return fmt.Sprint(v)
}

// JSONProblem says what is wrong with a JSON file that did not decode, in the user's
// terms: where it stops being JSON, or which field holds what kind of value instead of
// what, without Go's type names ("json: cannot unmarshal number into Go struct field").
func JSONProblem(err error) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		where := "the file"
		if te.Field != "" {
			where = fmt.Sprintf("field %q", jsonField(te.Field))
		}
		return fmt.Sprintf("%s holds %s where %s belongs", where, jsonKind(te.Value), goKind(te.Type))
	case errors.As(err, &se):
		if strings.Contains(se.Error(), "unexpected end") {
			return fmt.Sprintf("it is not valid JSON: it ends at byte %d, in the middle of a value (was it cut short?)", se.Offset)
		}
		return fmt.Sprintf("it is not valid JSON: something other than JSON at byte %d", se.Offset)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// jsonKind names the kind of JSON value an UnmarshalTypeError found ("a JSON string",
// "a JSON array", "the JSON number -1", ...), as a file's reader sees it.
func jsonKind(v string) string {
	switch {
	case v == "bool":
		return "true or false"
	case strings.HasPrefix(v, "number"):
		if n := strings.TrimSpace(strings.TrimPrefix(v, "number")); n != "" {
			return "the JSON number " + n
		}
		return "a JSON number"
	case v == "object", v == "array":
		return "a JSON " + v
	}
	return "a JSON " + v
}

// goKind names the kind of value a Go type takes, in JSON's words.
func goKind(t reflect.Type) string {
	if t == nil {
		return "another kind of value"
	}
	switch t.Kind() {
	case reflect.String:
		return "a text"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "a whole number"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number of 0 or more"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "another kind of value"
}

// PathError is a failure to read or write a file, said in words ("it does not exist",
// "r1/run.json is a file, not a directory") while errors.Is still finds the cause
// (fs.ErrNotExist, syscall.ENOTDIR, ...).
type PathError struct {
	msg string
	err error
}

// Error returns the sentence.
func (e *PathError) Error() string { return e.msg }

// Unwrap returns Go's error, for errors.Is and errors.As.
func (e *PathError) Unwrap() error { return e.err }

// ExplainPath turns err, from reading or writing path (a file or directory the user
// named), into a plain sentence: "it ..." when the trouble is path itself, else the
// path that is in the way ("r1/run.json is a file, not a directory"). An error that is
// not about a file is returned as it is; nil stays nil.
func ExplainPath(path string, err error) error {
	if err == nil {
		return nil
	}
	var pe *PathError
	if errors.As(err, &pe) {
		return err
	}
	where, errno, ok := pathParts(err)
	if !ok {
		return err
	}
	return &PathError{msg: pathProblem(path, where, errno), err: err}
}

// PlainPathErrors rewrites, inside msg (an error's text), the text of every Go path
// error in err's chain ("mkdir afile: not a directory") as ExplainPath says it, so a
// message built by wrapping one still reads as a sentence.
func PlainPathErrors(msg string, err error) string {
	var pe *fs.PathError
	var le *os.LinkError
	var se *os.SyscallError
	for _, e := range []error{as(err, &pe), as(err, &le), as(err, &se)} {
		if e != nil {
			where, cause, _ := pathParts(e)
			msg = strings.Replace(msg, e.Error(), pathProblem("", where, cause), 1)
		}
	}
	return msg
}

// as is errors.As returning the error found (nil if none), for a list of targets.
func as[E error](err error, target *E) error {
	if errors.As(err, target) {
		return *target
	}
	return nil
}

// pathParts returns the path and the cause of a Go path error.
func pathParts(err error) (path string, cause error, ok bool) {
	var pe *fs.PathError
	var le *os.LinkError
	var se *os.SyscallError
	switch {
	case errors.As(err, &pe):
		return pe.Path, pe.Err, true
	case errors.As(err, &le):
		return le.New, le.Err, true
	case errors.As(err, &se):
		return "", se.Err, true
	}
	return "", nil, false
}

// pathProblem says what is wrong with where (the path the system refused), as "it" when
// where is asked (the path the user gave).
func pathProblem(asked, where string, cause error) string {
	subject := func(p string) string {
		if p == "" || filepath.Clean(p) == filepath.Clean(asked) {
			return "it"
		}
		return p
	}
	is := func(p string) string {
		if s := subject(p); s != "it" {
			return s + " is"
		}
		return "it is"
	}
	var errno syscall.Errno
	if !errors.As(cause, &errno) {
		return fmt.Sprintf("%s: %s", orTheFile(where), cause)
	}
	switch errno {
	case syscall.ENOENT:
		if s := subject(where); s != "it" {
			return s + " does not exist"
		}
		return "it does not exist"
	case syscall.ENOTDIR:
		// The system names the whole path; the trouble is the part of it that is a file.
		for p := where; p != "" && p != "." && p != string(filepath.Separator); p = filepath.Dir(p) {
			if st, err := os.Stat(p); err == nil && !st.IsDir() {
				return is(p) + " a file, not a directory"
			}
		}
		return "a part of " + orTheFile(where) + " is a file, not a directory"
	case syscall.EISDIR:
		return is(where) + " a directory, not a file"
	case syscall.EACCES, syscall.EPERM:
		if s := subject(where); s != "it" {
			return "permission denied on " + s
		}
		return "permission denied"
	case syscall.EEXIST:
		if s := subject(where); s != "it" {
			return s + " already exists"
		}
		return "it already exists"
	case syscall.ENOSPC:
		return "the disk is full"
	case syscall.EROFS:
		return is(where) + " on a read-only file system"
	case syscall.ENAMETOOLONG:
		return "the name " + orTheFile(where) + " is too long"
	}
	return fmt.Sprintf("%s: %s", orTheFile(where), errno.Error())
}

// orTheFile is p, or "the file" when the error named none.
func orTheFile(p string) string {
	if p == "" {
		return "the file"
	}
	return p
}

// CSVProblem says what is wrong with a CSV file that did not parse: the line and
// column, and the trouble in words rather than encoding/csv's ("parse error on line 2,
// column 15: extraneous or missing \" in quoted-field").
func CSVProblem(err error) string {
	var pe *csv.ParseError
	if !errors.As(err, &pe) {
		return err.Error()
	}
	why := pe.Err.Error()
	switch {
	case errors.Is(pe.Err, csv.ErrQuote), errors.Is(pe.Err, csv.ErrBareQuote):
		why = `a quote (") is missing or out of place`
	case errors.Is(pe.Err, csv.ErrFieldCount):
		why = "the line has another number of fields than the header"
	}
	return fmt.Sprintf("line %d, column %d: %s", pe.Line, pe.Column, why)
}
