// Command gen draws scenarios/tannenberg/map.txt from real geography.
//
// The printed Tannenberg map is not in the rulebook text. This tool rebuilds
// it from the coordinates in geo.txt (towns, coast, lakes, forests, rivers,
// railways, the 1914 frontier, fortresses), projected onto the game's hex
// grid with the projection of game.txt:
//
//	go run ./scenarios/tannenberg/gen -o scenarios/tannenberg/map.txt
//
// Hexes take the terrain covering more than half of them; rivers are traced
// along hex edges; railways are chains of land hexes through the stations'
// hexes; per-hex hand corrections in geo.txt are applied after rasterising.
// The output is deterministic, and gen_test.go checks that the committed
// map.txt is what the tool writes.
package main

import (
	_ "embed"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"

	"pbem/engine/hex"
)

//go:embed geo.txt
var geoText string

var geoRivers []*Shape

func main() {
	out := flag.String("o", "", "write the map here (default: standard output)")
	debug := flag.Bool("debug", false, "print per-hex water and forest shares to standard error")
	show := flag.Bool("show", false, "print the terrain grid with town initials to standard error")
	at := flag.String("at", "", "print the hexes of lat,lon points (blank-separated) and exit")
	flag.Parse()
	if *at != "" {
		var words []string
		for _, w := range strings.Fields(*at) {
			if strings.Contains(w, ",") {
				words = append(words, w)
			}
		}
		pts, err := parsePoints(words)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		for _, w := range strings.Fields(*at) {
			if h, err := hex.Parse(w); err == nil {
				la, lo := proj.Centre(h)
				fmt.Printf("%s centre %.3f,%.3f\n", h, la, lo)
			}
		}
		for _, p := range pts {
			fmt.Printf("%.3f,%.3f %s\n", p.Lat, p.Lon, proj.HexAt(p.Lat, p.Lon))
		}
		return
	}
	g, err := ParseGeo(geoText)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	m, errs := Build(g)
	geoRivers = g.Rivers
	if *debug {
		m.debugDump()
	}
	if *show {
		m.show()
	}
	if len(errs) > 0 {
		for _, e := range errs {
			fmt.Fprintln(os.Stderr, "gen:", e)
		}
		os.Exit(1)
	}
	text := m.Write()
	if *out == "" {
		fmt.Print(text)
		return
	}
	if err := os.WriteFile(*out, []byte(text), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func (m *Map) debugDump() {
	hs := hex.SortedKeys(m.share)
	sort.Slice(hs, func(i, j int) bool { return hs[i].Less(hs[j]) })
	for _, h := range hs {
		s := m.share[h]
		if s.lake > 0.05 || (s.sea > 0.2 && s.sea < 0.8) {
			fmt.Fprintf(os.Stderr, "%s %c sea=%.2f lake=%.2f forest=%.2f swamp=%.2f de=%.2f\n", h, m.Terrain(h), s.sea, s.lake, s.forest, s.swamp, s.de)
		}
	}
}

// show prints the terrain grid with town initials over it, north up.
func (m *Map) show() {
	town := map[hex.Hex]string{}
	for _, t := range m.Towns {
		town[t.Hex] = strings.ToLower(string([]rune(t.Place.Name)[:1]))
	}
	for r := 1; r <= grid.Rows; r++ {
		line := fmt.Sprintf("%02d ", r)
		if r%2 == 1 {
			line += " "
		}
		for c := grid.Cols; c >= 1; c-- {
			h := hex.Hex{Row: r, Col: c}
			cell := string(m.Terrain(h))
			if s, ok := town[h]; ok {
				cell = s
			} else if m.Country(h) == "RU" && cell == "." {
				cell = ","
			}
			line += cell + " "
		}
		fmt.Fprintln(os.Stderr, line)
	}
	for _, w := range m.bankWarnings(geoRivers) {
		fmt.Fprintln(os.Stderr, "bank:", w)
	}
	for _, t := range m.Towns {
		fmt.Fprintf(os.Stderr, "%s %c %s %s\n", t.Hex, m.Terrain(t.Hex), m.Country(t.Hex), t.Place.Name)
	}
}
