package mapgen

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"pbem/engine/hex"
)

// Main is a game generator's command: it parses the flags, builds the map
// from geoText and writes it (standard output, or -o FILE). It exits 1 on
// any problem.
func Main(gm *Game, geoText string) {
	if err := run(gm, geoText, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(gm *Game, geoText string, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "write the map here (default: standard output)")
	debug := fs.Bool("debug", false, "print per-hex water shares to standard error")
	show := fs.Bool("show", false, "print the terrain grid with town initials to standard error")
	at := fs.String("at", "", "print the hexes of lat,lon points and the centres of hexes (blank-separated) and exit")
	if err := fs.Parse(args); err != nil {
		return err
	}
	g, err := ParseGeo(gm.GeoName, geoText)
	if err != nil {
		return err
	}
	if *at != "" {
		return printAt(gm, g, *at, stdout)
	}
	m, errs := Build(g, gm)
	if *debug {
		m.debugDump(stderr)
	}
	if *show {
		m.show(stderr, g.Rivers)
	}
	if len(errs) > 0 {
		return fmt.Errorf("gen: %s", strings.Join(errs, "\ngen: "))
	}
	text := m.Write()
	if *out == "" {
		_, err := io.WriteString(stdout, text)
		return err
	}
	return os.WriteFile(*out, []byte(text), 0o644)
}

// printAt answers -at: where points fall and where hexes lie.
func printAt(gm *Game, g *Geo, at string, w io.Writer) error {
	proj := gm.Proj
	if g.Proj != nil {
		proj = *g.Proj
	}
	proj.Grid = gm.Grid
	if g.Grid != nil {
		proj.Grid = *g.Grid
	}
	var words []string
	for _, s := range strings.Fields(at) {
		if strings.Contains(s, ",") {
			words = append(words, s)
		} else if h, err := proj.Grid.Parse(s); err == nil {
			la, lo := proj.Centre(h)
			fmt.Fprintf(w, "%s centre %.3f,%.3f\n", h, la, lo)
		}
	}
	pts, err := parsePoints(words)
	if err != nil {
		return err
	}
	for _, p := range pts {
		fmt.Fprintf(w, "%.3f,%.3f %s\n", p.Lat, p.Lon, proj.HexAt(p.Lat, p.Lon))
	}
	return nil
}

func (m *Map) debugDump(w io.Writer) {
	hs := hex.SortedKeys(m.share)
	sort.Slice(hs, func(i, j int) bool { return hs[i].Less(hs[j]) })
	for _, h := range hs {
		s := m.share[h]
		if s.lake > 0.05 || (s.sea > 0.2 && s.sea < 0.8) {
			fmt.Fprintf(w, "%s %c sea=%.2f lake=%.2f areas=%.2f countries=%.2f\n", h, m.Terrain(h), s.sea, s.lake, s.area, s.country)
		}
	}
}

// show prints the terrain grid with town initials over it, north up; clear
// hexes of the default country print ",".
func (m *Map) show(w io.Writer, rivers []*Shape) {
	town := map[hex.Hex]string{}
	for _, t := range m.Towns {
		town[t.Hex] = strings.ToLower(string([]rune(t.Place.Name)[:1]))
	}
	def := m.defCountry
	for r := 1; r <= m.grid.Rows; r++ {
		line := fmt.Sprintf("%02d ", r)
		if r%2 == 1 {
			line += " "
		}
		for i := 0; i < m.grid.Cols; i++ {
			h := m.grid.Hex(r, m.grid.Column(i))
			cell := string(m.Terrain(h))
			if s, ok := town[h]; ok {
				cell = s
			} else if m.Country(h) == def && m.Terrain(h) == m.game.Clear {
				cell = ","
			}
			line += cell + " "
		}
		fmt.Fprintln(w, line)
	}
	for _, s := range m.bankWarnings(rivers) {
		fmt.Fprintln(w, "bank:", s)
	}
	for _, t := range m.Towns {
		fmt.Fprintf(w, "%s %c %s %s\n", t.Hex, m.Terrain(t.Hex), m.Country(t.Hex), t.Place.Name)
	}
}
