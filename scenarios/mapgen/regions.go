package mapgen

import (
	"fmt"
	"sort"
	"strings"

	"pbem/engine/hex"
)

// RegionIn is a named set of hexes of the geography file: the hexes of
// places (or @HEX), written as a region record.
type RegionIn struct {
	ID, Kind, Side, Name, Src string
	Places                    []string
	Line                      int
}

// FrontIn is a front line of the geography file. Its region is the land
// of the Within countries on the west side of the line (closed round the
// west as a border is), or, without a line, the land of the CP countries.
// Its drawn line runs between that region (with the land of the CP
// countries) and the rest of the Within land.
type FrontIn struct {
	ID, Side, Name, Src string
	Within, CP          []string
	Add                 []string // hexes in the region whatever the line says
	Cut                 []string // hexes out of it whatever the line says
	Pts                 []LatLon
	Line                int
}

// RegionOut is a region record.
type RegionOut struct {
	ID, Name, Kind, Side, Note string
	Hexes                      []hex.Hex
}

// FrontOut is a front record: its hexsides, each chain meeting the last
// at a corner.
type FrontOut struct {
	In     *FrontIn
	Chains [][]hex.Side
}

func (p *geoParser) region() error {
	if err := p.need(1); err != nil {
		return err
	}
	r, f := p.r, p.r.fields
	list := func(k string) []string {
		if f[k] == "" {
			return nil
		}
		return strings.Split(f[k], ",")
	}
	if r.kw == "region" {
		p.g.Regions = append(p.g.Regions, &RegionIn{ID: r.args[0], Kind: f["kind"], Side: f["side"], Name: f["name"],
			Src: f["src"], Places: r.args[1:], Line: r.line})
		return nil
	}
	pts, err := parsePoints(r.args[1:])
	if err != nil {
		return p.bad("%v", err)
	}
	if len(list("within")) == 0 || (len(pts) == 0 && len(list("cp")) == 0) {
		return p.bad("want within=COUNTRIES and a line or cp=COUNTRIES")
	}
	p.g.Fronts = append(p.g.Fronts, &FrontIn{ID: r.args[0], Side: f["side"], Name: f["name"], Src: f["src"],
		Within: list("within"), CP: list("cp"), Add: list("add"), Cut: list("cut"), Pts: pts, Line: r.line})
	return nil
}

// buildRegions places the country regions, the regions of places and the
// front lines.
func (m *Map) buildRegions(g *Geo) {
	for _, c := range m.game.CountryRegions {
		out := &RegionOut{ID: c.ID, Name: c.Name, Kind: "country", Side: c.Side, Note: c.Src}
		for _, h := range m.grid.All() {
			if m.Country(h) == c.ID {
				out.Hexes = append(out.Hexes, h)
			}
		}
		m.Regions = append(m.Regions, out)
	}
	for _, r := range g.Regions {
		out := &RegionOut{ID: r.ID, Name: r.Name, Kind: r.Kind, Side: r.Side, Note: r.Src}
		for _, name := range r.Places {
			h, ok := m.placeHex(g, name, r.Line)
			if !ok {
				continue
			}
			if !m.grid.Contains(h) || m.Country(h) == "" {
				m.fail("%s:%d: region %s: %s (%s) is not land of a country on the map", g.Name, r.Line, r.ID, name, h)
				continue
			}
			out.Hexes = append(out.Hexes, h)
		}
		sort.Slice(out.Hexes, func(i, j int) bool { return out.Hexes[i].Less(out.Hexes[j]) })
		m.Regions = append(m.Regions, out)
	}
	for _, f := range g.Fronts {
		m.buildFront(f)
	}
}

// placeHex is the hex of a place name or of @HEX.
func (m *Map) placeHex(g *Geo, name string, line int) (hex.Hex, bool) {
	if strings.HasPrefix(name, "@") {
		h, err := m.grid.Parse(name[1:])
		if err != nil {
			m.fail("%s:%d: %s: %v", g.Name, line, name, err)
			return h, false
		}
		return h, true
	}
	p := m.place(g, name, line)
	if p == nil {
		return hex.Hex{}, false
	}
	return m.proj.HexAt(p.At.Lat, p.At.Lon), true
}

func in(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// buildFront sets a front's region and traces its line.
func (m *Map) buildFront(f *FrontIn) {
	var west []*polygon
	if len(f.Pts) > 0 {
		west = []*polygon{westPolygon(f.Pts)}
	}
	region, cut := map[hex.Hex]bool{}, map[hex.Hex]bool{}
	for _, c := range []struct {
		key  string
		list []string
		set  map[hex.Hex]bool
	}{{"add", f.Add, region}, {"cut", f.Cut, cut}} {
		for _, s := range c.list {
			h, err := m.grid.Parse(s)
			if err != nil || !m.grid.Contains(h) || !in(f.Within, m.Country(h)) {
				m.fail("%s:%d: front %s: %s=%s is not a hex of %s", m.geoName, f.Line, f.ID, c.key, s, strings.Join(f.Within, ","))
				continue
			}
			c.set[h] = true
		}
	}
	out := &RegionOut{ID: f.ID, Name: f.Name, Kind: "front", Side: f.Side, Note: f.Src}
	for _, h := range m.grid.All() {
		c := m.Country(h)
		if !in(f.Within, c) || cut[h] {
			continue
		}
		if region[h] || (west == nil && in(f.CP, c)) || (west != nil && m.cover(h, west) > 0.5) {
			region[h] = true
			out.Hexes = append(out.Hexes, h)
		}
	}
	m.Regions = append(m.Regions, out)
	// The sea is no front: an all-sea hexside is left out of the line.
	seaSide := map[hex.Side]bool{}
	for _, s := range m.SeaSides {
		seaSide[s] = true
	}
	var sides []hex.Side
	for _, h := range m.grid.All() {
		if !region[h] && !in(f.CP, m.Country(h)) {
			continue
		}
		for _, n := range m.grid.Neighbours(h) {
			if m.grid.Contains(n) && !region[n] && in(f.Within, m.Country(n)) && !in(f.CP, m.Country(n)) {
				if s, _ := m.grid.SideBetween(h, n); !seaSide[s] {
					sides = append(sides, s)
				}
			}
		}
	}
	fo := &FrontOut{In: f, Chains: m.chains(sides)}
	// The longest chain is the line; the rest (across a strait, round an
	// island) follow it.
	sort.SliceStable(fo.Chains, func(i, j int) bool { return len(fo.Chains[i]) > len(fo.Chains[j]) })
	if len(fo.Chains) > 1 {
		m.Notes = append(m.Notes, fmt.Sprintf("front %s is drawn in %d pieces", f.ID, len(fo.Chains)))
	}
	m.Fronts = append(m.Fronts, fo)
}

// sideCorners are the two grid corners of a hexside.
func (m *Map) sideCorners(s hex.Side) [2]cornerKey {
	d, _ := m.grid.DirTo(s.A, s.B)
	i, j := hex.SideCorners(d)
	ax, ay := m.grid.Corner(s.A, i)
	bx, by := m.grid.Corner(s.A, j)
	return [2]cornerKey{keyOf(ax, ay), keyOf(bx, by)}
}

// chains orders hexsides into chains that meet corner to corner, each
// starting at its northernmost loose end; a chain stops where it would
// fork.
func (m *Map) chains(sides []hex.Side) [][]hex.Side {
	sort.Slice(sides, func(i, j int) bool { return sides[i].String() < sides[j].String() })
	at := map[cornerKey][]int{}
	corners := make([][2]cornerKey, len(sides))
	for i, s := range sides {
		corners[i] = m.sideCorners(s)
		for _, k := range corners[i] {
			at[k] = append(at[k], i)
		}
	}
	used := make([]bool, len(sides))
	var out [][]hex.Side
	loose := func(k cornerKey) int {
		n := 0
		for _, j := range at[k] {
			if !used[j] {
				n++
			}
		}
		return n
	}
	for {
		// Start at the northernmost loose end, else (a loop) anywhere.
		start, startK, end := -1, cornerKey{}, false
		for i := range sides {
			if used[i] {
				continue
			}
			for _, k := range corners[i] {
				e := loose(k) == 1
				north := k[1] < startK[1] || (k[1] == startK[1] && k[0] < startK[0])
				if start < 0 || (e && !end) || (e == end && north) {
					start, startK, end = i, k, e
				}
			}
		}
		if start < 0 {
			return out
		}
		var chain []hex.Side
		i, k := start, startK
		for i >= 0 {
			used[i] = true
			chain = append(chain, sides[i])
			c := corners[i]
			if c[0] == k {
				k = c[1]
			} else {
				k = c[0]
			}
			i = -1
			for _, j := range at[k] {
				if !used[j] {
					i = j
					break
				}
			}
		}
		out = append(out, chain)
	}
}

// buildSeaSides finds the hexsides between land hexes of a country whose
// centres the sea mostly separates: a strait or a bay too wide to cross.
func (m *Map) buildSeaSides() {
	if m.game.SeaSide == "" {
		return
	}
	var sea []*polygon
	var islands []*polygon
	for _, s := range m.water {
		switch s.Kind {
		case "sea":
			sea = append(sea, newPolygon(s.Pts))
		case "island":
			islands = append(islands, newPolygon(s.Pts))
		}
	}
	// A railway joins the two hexes over land: its hexside is no strait.
	railSide := map[hex.Side]bool{}
	for _, r := range m.Rails {
		for i := 1; i < len(r.Hexes); i++ {
			s, _ := m.grid.SideBetween(r.Hexes[i-1], r.Hexes[i])
			railSide[s] = true
		}
	}
	const n = 20
	for _, h := range m.grid.All() {
		if m.Country(h) == "" {
			continue
		}
		for _, nb := range m.grid.Neighbours(h) {
			if !m.grid.Contains(nb) || m.Country(nb) == "" || !h.Less(nb) {
				continue
			}
			ax, ay := m.grid.Center(h)
			bx, by := m.grid.Center(nb)
			k := 0
			for i := 0; i < n; i++ {
				t := (float64(i) + 0.5) / n
				lat, lon := m.proj.LatLon(ax+t*(bx-ax), ay+t*(by-ay))
				if inAny(sea, lat, lon) && !inAny(islands, lat, lon) {
					k++
				}
			}
			if s, _ := m.grid.SideBetween(h, nb); float64(k)/n > m.game.SeaSideShare && !railSide[s] {
				m.SeaSides = append(m.SeaSides, s)
			}
		}
	}
}
