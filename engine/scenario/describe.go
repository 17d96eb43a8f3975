package scenario

import (
	"fmt"
	"strings"

	"pbem/engine/hex"
)

// DescribeHex lists everything the data holds about one hex: terrain,
// country, town, fortress, trench, its six hexsides, rail lines, exits and
// entries, and the units scenario s sets up there or brings in there (s may
// be nil).
func (g *Game) DescribeHex(s *Scenario, h hex.Hex) string {
	m := g.Map
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	p("hex %s", h)
	if !m.Grid.Contains(h) {
		p("  off the map (rows 01-%02d, columns %02d-%02d)", m.Grid.Rows, m.Grid.FirstCol(), m.Grid.LastCol())
		return b.String()
	}
	terrainSrc := m.TerrainSrc
	if o, ok := m.Overrides[h]; ok {
		terrainSrc = o
	}
	p("  terrain:  %s  [%s]", m.Terrain(h), terrainSrc)
	country := string(m.Country(h))
	if country == "" {
		country = "none (water)"
	} else {
		country = fmt.Sprintf("%s (%s)", country, g.SideNames[m.Country(h)])
	}
	p("  country:  %s", country)
	lat, lon := m.Projection.Centre(h)
	p("  centre:   %.2fN %.2fE (projection)", lat, lon)
	if t := m.Towns[h]; t != nil {
		kind := "town"
		if t.City {
			kind = "city"
		}
		vp := ""
		if t.VP > 0 {
			vp = fmt.Sprintf(", %d VP", t.VP)
		}
		p("  %s:     %s%s  [%s]", kind, t.Name, vp, t.Src)
	}
	if f := m.Fortresses[h]; f != nil {
		p("  fortress: %s, %s, defense %d (weakened %d), %d steps%s  [%s]", f.Name, f.Owner, f.Full, f.Weak, f.Steps, f.Attrs.describe(), f.Src)
	}
	if src, ok := m.Trenches[h]; ok {
		p("  trench    [%s]", src)
	}
	p("  hexsides:")
	rails := m.RailSides()
	for _, d := range hex.Dirs {
		n := m.Grid.Neighbour(h, d)
		side := m.Grid.SideOf(h, d)
		var what []string
		if hs := m.Hexsides[side]; hs != nil {
			w := hs.Class.String()
			if hs.River != "" {
				w = hs.River + " (" + w + ")"
			}
			what = append(what, w+"  ["+hs.Src.String()+"]")
		}
		for _, l := range rails[side] {
			what = append(what, fmt.Sprintf("rail %s (%s, %s)", l.ID, l.Country, track(l)))
		}
		desc := "-"
		if len(what) > 0 {
			desc = strings.Join(what, "; ")
		}
		beyond := n.String()
		if !m.Grid.Contains(n) {
			beyond = "off map"
		}
		p("    %-2s %-7s %s", m.Grid.DirName(d), beyond, desc)
	}
	for _, l := range m.Rails {
		for _, x := range l.Hexes {
			if x == h {
				name := ""
				if l.Name != "" {
					name = " " + l.Name
				}
				p("  rail:     %s%s (%s, %s)  [%s]", l.ID, name, l.Country, track(l), l.Src)
				break
			}
		}
	}
	if e := m.Exits[h]; e != nil {
		p("  rail exit: %s (%s)  [%s]", e.Name, e.Country, e.Src)
		for _, l := range m.OffMap {
			if l.From == h || l.To == h {
				other := l.To
				if other == h {
					other = l.From
				}
				p("  off-map link to %s, %d MP  [%s]", other, l.MP, l.Src)
			}
		}
	}
	for _, e := range m.Entries {
		if e.Hex == h {
			p("  entry:    %s (%s)  [%s]", e.Letter, e.Side, e.Src)
		}
	}
	if s == nil {
		return b.String()
	}
	for _, pl := range s.Setup {
		if pl.Hex == h {
			p("  set up:   %s  [%s]", g.describeUnit(pl.Unit), pl.Src)
		}
	}
	for _, pl := range s.Arrivals {
		for _, e := range m.Entries {
			if e.Letter == pl.Entry && e.Hex == h {
				p("  arrives:  turn %d, %s  [%s]", pl.Turn, g.describeUnit(pl.Unit), pl.Src)
			}
		}
	}
	return b.String()
}

func track(l *RailLine) string {
	if l.Double {
		return "double track"
	}
	return "single track"
}

func (g *Game) describeUnit(id string) string {
	u := g.units[id]
	if u == nil {
		return id + " (unknown)"
	}
	if u.IsHQ() && len(u.HQ) > 0 {
		v := u.HQ[0]
		h := ""
		if u.Attrs.Flag("heroic") {
			h = "h"
		}
		return fmt.Sprintf("%s %s HQ %q %d-%d-%d (%d%s) MA %d", u.ID, u.HQLevel, u.Name, v.Shift, v.Command, v.Radius, v.Combat, h, u.MA)
	}
	str := ""
	if len(u.Str) > 0 {
		str = " " + u.Str[0].String()
	}
	return fmt.Sprintf("%s %s %s %q%s, %d SP", u.ID, u.Size, u.Type, u.Name, str, u.SP)
}
