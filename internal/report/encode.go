package report

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"unicode/utf8"

	"github.com/robotsexclusion/robots/internal/jsonw"
)

// Encode writes v as one line of JSON, as every -json output is written
// (the CLI's, Do's for the page, and with package jsonw an audit's
// records): HTML characters as they are, and every octet kept. Strings
// come from files and URLs, which need not be UTF-8, and encoding/json
// would write U+FFFD for an octet that is not; Encode percent-encodes
// such octets first (jsonw.PercentInvalid), as jsonw.AppendString writes
// them.
func Encode(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	kept, _ := keepOctets(reflect.ValueOf(v))
	var err error
	if kept.IsValid() {
		err = enc.Encode(kept.Interface())
	} else {
		err = enc.Encode(nil)
	}
	if err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

var (
	marshalerType     = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// keepOctets returns v, or when a string in it (a value, or a map key) is
// not valid UTF-8, a copy of v with those strings percent-encoded, and
// whether it made one. Values that encode themselves (json.Marshaler,
// encoding.TextMarshaler) are left to their own encoders, which write with
// package jsonw.
func keepOctets(v reflect.Value) (reflect.Value, bool) {
	if !v.IsValid() {
		return v, false
	}
	t := v.Type()
	if t.Kind() != reflect.Interface && t.Kind() != reflect.Pointer &&
		(t.Implements(marshalerType) || t.Implements(textMarshalerType)) {
		return v, false
	}
	switch v.Kind() {
	case reflect.String:
		if s := v.String(); !utf8.ValidString(s) {
			out := reflect.New(t).Elem()
			out.SetString(jsonw.PercentInvalid(s))
			return out, true
		}
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			break
		}
		if e, ok := keepOctets(v.Elem()); ok {
			if v.Kind() == reflect.Interface {
				out := reflect.New(t).Elem()
				out.Set(e)
				return out, true
			}
			out := reflect.New(t.Elem())
			out.Elem().Set(e)
			return out, true
		}
	case reflect.Struct:
		var out reflect.Value
		for i := range v.NumField() {
			if !t.Field(i).IsExported() {
				continue
			}
			if f, ok := keepOctets(v.Field(i)); ok {
				if !out.IsValid() {
					out = reflect.New(t).Elem()
					out.Set(v)
				}
				out.Field(i).Set(f)
			}
		}
		if out.IsValid() {
			return out, true
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && (v.IsNil() || t.Elem().Kind() == reflect.Uint8) {
			break // []byte encodes as base64, every octet kept
		}
		var out reflect.Value
		for i := range v.Len() {
			if e, ok := keepOctets(v.Index(i)); ok {
				if !out.IsValid() {
					if v.Kind() == reflect.Slice {
						out = reflect.MakeSlice(t, v.Len(), v.Len())
						reflect.Copy(out, v)
					} else {
						out = reflect.New(t).Elem()
						out.Set(v)
					}
				}
				out.Index(i).Set(e)
			}
		}
		if out.IsValid() {
			return out, true
		}
	case reflect.Map:
		changed := false
		for it := v.MapRange(); it.Next() && !changed; {
			_, k := keepOctets(it.Key())
			_, e := keepOctets(it.Value())
			changed = k || e
		}
		if changed {
			out := reflect.MakeMapWithSize(t, v.Len())
			for it := v.MapRange(); it.Next(); {
				k, _ := keepOctets(it.Key())
				e, _ := keepOctets(it.Value())
				out.SetMapIndex(k, e)
			}
			return out, true
		}
	}
	return v, false
}
