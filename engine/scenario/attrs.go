package scenario

import (
	"slices"
	"strconv"
	"strings"
)

// Attrs are the values of the fields a rules system reads on a record that
// the shared schema gives no meaning to: Great War in the East's West Front
// flag on a unit, its Vistula bank of a fortress, the Russian rail
// capacity of a turn. The data declares them with attribute records.
type Attrs map[string]string

// Flag reports whether a flag attribute is set (yes).
func (a Attrs) Flag(name string) bool { return a[name] == "yes" }

// Int returns a whole-number attribute, 0 if absent.
func (a Attrs) Int(name string) int {
	n, _ := strconv.Atoi(a[name])
	return n
}

// describe lists the attributes for people, in name order: ", vistula
// west, wf".
func (a Attrs) describe() string {
	names := make([]string, 0, len(a))
	for n := range a {
		names = append(names, n)
	}
	slices.Sort(names)
	var b strings.Builder
	for _, n := range names {
		b.WriteString(", " + n)
		if a[n] != "yes" {
			b.WriteString(" " + a[n])
		}
	}
	return b.String()
}

// AttrDecl declares a field that records of one keyword may carry.
type AttrDecl struct {
	Record   string // the keyword of the records: unit, hq, fortress, town, turn
	Name     string
	Kind     string   // flag (yes or no), int, or word
	Values   []string // the words a word attribute may take; any if empty
	Required bool
	Src      Source
	Pos      Pos
}

// attrRecords are the records that may carry declared attributes.
var attrRecords = []string{"unit", "hq", "fortress", "town", "turn"}

// defaultAttrs are the attributes of data that declares none: the fields
// of Great War in the East + Tannenberg (T 19.22, T[2.3], std 10.23,
// T 21.2, T[5.41]), written before the data could declare its own.
func defaultAttrs() []*AttrDecl {
	var out []*AttrDecl
	for _, rec := range []string{"unit", "hq"} {
		out = append(out, &AttrDecl{Record: rec, Name: "wf", Kind: "flag", Src: defaultSrc},
			&AttrDecl{Record: rec, Name: "winter", Kind: "flag", Src: defaultSrc})
	}
	return append(out,
		&AttrDecl{Record: "hq", Name: "heroic", Kind: "flag", Src: defaultSrc},
		&AttrDecl{Record: "fortress", Name: "vistula", Kind: "word", Values: []string{"west", "east"}, Required: true, Src: defaultSrc},
		&AttrDecl{Record: "turn", Name: "rusrail", Kind: "int", Src: defaultSrc})
}

// Attribute returns the declaration of attribute name on records of
// keyword rec, or nil.
func (v *Vocabulary) Attribute(rec, name string) *AttrDecl {
	return first(v.Attributes, func(a *AttrDecl) bool { return a.Record == rec && a.Name == name })
}

// attrNames lists the attributes records of keyword rec may carry.
func (v *Vocabulary) attrNames(rec string) []string {
	var out []string
	for _, a := range v.Attributes {
		if a.Record == rec {
			out = append(out, a.Name)
		}
	}
	return out
}

// declareAttr reads: attribute RECORD NAME kind=flag|int|word
// [values=A,B] [required=yes].
func (p *parser) declareAttr(r *record) {
	if !p.args(r, 2, "attribute RECORD NAME kind=flag|int|word") {
		return
	}
	p.known(r, "kind", "values", "required")
	a := &AttrDecl{Record: r.Args[0].Value, Name: r.Args[1].Value, Kind: p.str(r, "kind", true), Required: p.boolean(r, "required"), Pos: r.Pos}
	a.Src, _ = p.source(r, "")
	if !slices.Contains(attrRecords, a.Record) {
		p.errf(r.Args[0].Pos, "attribute: records %q carry no attributes (want %s)", a.Record, strings.Join(attrRecords, ", "))
		return
	}
	switch a.Kind {
	case "flag", "int", "word", "":
	default:
		p.errf(r.Pos, "attribute %s %s: kind=%s: want flag, int or word", a.Record, a.Name, a.Kind)
	}
	if v := p.str(r, "values", false); v != "" {
		a.Values = strings.Split(v, ",")
	}
	if q := p.vocab().Attribute(a.Record, a.Name); q != nil {
		p.errf(r.Pos, "attribute %s %s already declared at %s", a.Record, a.Name, q.Pos)
		return
	}
	p.vocab().Attributes = append(p.vocab().Attributes, a)
}

// attrs reads the declared attributes of record r.
func (p *parser) attrs(r *record) Attrs {
	out := Attrs{}
	for _, a := range p.vocab().Attributes {
		if a.Record != r.Keyword {
			continue
		}
		t, ok := r.field(a.Name)
		if !ok {
			if a.Required {
				p.errf(r.Pos, "%s: missing %s=", r.Keyword, a.Name)
			}
			continue
		}
		switch {
		case a.Kind == "flag":
			if p.boolean(r, a.Name) {
				out[a.Name] = "yes"
			}
			continue
		case a.Kind == "int":
			if _, err := strconv.Atoi(t.Value); err != nil {
				p.errf(t.Pos, "%s: %s=%s is not a whole number", r.Keyword, a.Name, t.Value)
				continue
			}
		case len(a.Values) > 0 && !slices.Contains(a.Values, t.Value):
			p.errf(t.Pos, "%s: %s=%s: want %s", r.Keyword, a.Name, t.Value, strings.Join(a.Values, " or "))
			continue
		}
		out[a.Name] = t.Value
	}
	return out
}
