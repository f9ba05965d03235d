package enginetest

import (
	"reflect"
	"testing"
)

// PlainValue requires S to hold no pointer, slice, map, string, interface, channel or
// function anywhere, so that assignment copies the whole game: what Copy, a search
// copying a state at a decision, and a Table that restarts from a State rely on.
func PlainValue[S any](t testing.TB) {
	t.Helper()
	var walk func(tp reflect.Type, path string)
	walk = func(tp reflect.Type, path string) {
		switch tp.Kind() {
		case reflect.Struct:
			for i := range tp.NumField() {
				f := tp.Field(i)
				walk(f.Type, path+"."+f.Name)
			}
		case reflect.Array:
			walk(tp.Elem(), path+"[]")
		case reflect.Pointer, reflect.UnsafePointer, reflect.Slice, reflect.Map, reflect.String,
			reflect.Interface, reflect.Chan, reflect.Func:
			t.Errorf("%s%s is a %s: copying a %[1]s would share it", reflect.TypeFor[S]().Name(), path, tp.Kind())
		}
	}
	walk(reflect.TypeFor[S](), "")
}
