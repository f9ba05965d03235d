package sweep

import (
	"fmt"
	"io"
	"reflect"
	"strconv"

	"github.com/parquet-go/parquet-go"

	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// parquetWriter returns a writer of t as a Parquet file with the CSV's columns, in its
// order and with its names, typed by kinds: whole numbers INT64, rates DOUBLE, on/off
// values BOOLEAN, the rest STRING. Each value is parsed from the CSV's text, so the two
// files hold the same numbers (a rate is the double nearest its 6 decimals).
func parquetWriter(t report.Table, kinds []string) func(io.Writer) error {
	return func(w io.Writer) error {
		// A struct type made at run time keeps the columns in the table's order, which a
		// parquet.Group (a map) would sort by name.
		fields := make([]reflect.StructField, len(t.Header))
		for j, name := range t.Header {
			fields[j] = reflect.StructField{Name: fmt.Sprintf("C%d", j), Type: goType(kinds[j]), Tag: reflect.StructTag(`parquet:"` + name + `"`)}
		}
		rt := reflect.StructOf(fields)
		pw := parquet.NewWriter(w, parquet.SchemaOf(reflect.New(rt).Elem().Interface()), parquet.Compression(&parquet.Snappy))
		for i, row := range t.Rows {
			v := reflect.New(rt).Elem()
			for j, s := range row {
				if err := setField(v.Field(j), kinds[j], s); err != nil {
					return fmt.Errorf("row %d, column %s: %w", i+1, t.Header[j], err)
				}
			}
			if err := pw.Write(v.Interface()); err != nil {
				return err
			}
		}
		return pw.Close()
	}
}

// goType is the Go type whose Parquet column has kind's type.
func goType(kind string) reflect.Type {
	switch kind {
	case resultfile.SweepInt:
		return reflect.TypeFor[int64]()
	case resultfile.SweepBool:
		return reflect.TypeFor[bool]()
	case kindFloat:
		return reflect.TypeFor[float64]()
	}
	return reflect.TypeFor[string]()
}

// setField parses one CSV cell into f.
func setField(f reflect.Value, kind, s string) error {
	switch kind {
	case resultfile.SweepInt:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return fmt.Errorf("%q is not a whole number", s) // strconv's own words name strconv
		}
		f.SetInt(n)
	case resultfile.SweepBool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return fmt.Errorf("%q is not true or false", s)
		}
		f.SetBool(b)
	case kindFloat:
		x, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return fmt.Errorf("%q is not a number", s)
		}
		f.SetFloat(x)
	default:
		f.SetString(s)
	}
	return nil
}
