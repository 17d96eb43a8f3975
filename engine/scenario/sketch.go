package scenario

import (
	"fmt"
	"strings"
)

// Sketch describes a small two-side game (RU and DE) for rule tests and
// adjudication cases: a terrain grid split into a Russian east and a
// German west, plus whatever records the test adds. Every value it writes
// is sourced as authored test data.
type Sketch struct {
	Name       string   // prefix of the file names, for messages
	Rows       []string // terrain rows, row 01 first, cells west to east
	Split      int      // columns 01..Split are Russian, the rest German; water belongs to nobody
	Game       string   // more game.txt records (params, turns, victory)
	MapRecords string   // more map.txt records (rivers, rails, towns...)
	Units      string   // units.txt records
	Setup      string   // scenario records after the scenario line
	Last       int      // last turn of the scenario and of the turn track
}

// sketchParams are the rule parameters every sketch starts with: the
// Tannenberg values of the standard rules (T 15.0).
const sketchParams = `param stacking-limit 9
param rail-rate.DE 30
param rail-rate.RU 18
param rail-capacity.DE 8
param rail-capacity.RU 8
param supply-range.RU 3
param replacement.DE 1
param replacement-first-turn 8
param replacement-distance 7
param replacement-max 2
`

// Files writes the sketch as a game directory's files.
func (s Sketch) Files() ([]File, error) {
	if len(s.Rows) == 0 {
		return nil, fmt.Errorf("sketch %s: no terrain rows", s.Name)
	}
	last := s.Last
	if last == 0 {
		last = 12
	}
	cols := len(strings.Fields(s.Rows[0]))
	const src = "default src=authored:\"test data\"\n"
	var game, m strings.Builder
	fmt.Fprintf(&game, `%sgame sketch title=Sketch rulebook=test system=gwite
side RU name=Russian
side DE name=German
grid rows=%d cols=%d parity=even-rows-west
projection ref=0101 lat=54 lon=23 km=13 parallel=53
%s`, src, len(s.Rows), cols, sketchParams)
	game.WriteString(s.Game)
	if !strings.Contains("\n"+s.Game, "\nturn ") {
		for i := 1; i <= last; i++ {
			fmt.Fprintf(&game, "turn %d rusrail=8\n", i)
		}
	}
	m.WriteString(src + "country-letter G DE\ncountry-letter R RU\nterrain\n")
	for i, r := range s.Rows {
		fmt.Fprintf(&m, "row %02d %s\n", i+1, r)
	}
	m.WriteString("end\ncountry\n")
	for i, r := range s.Rows {
		cells := strings.Fields(r)
		out := make([]string, len(cells))
		for j, c := range cells {
			col := len(cells) - j
			switch {
			case c == string(Lake) || c == string(Sea):
				out[j] = "-"
			case col <= s.Split:
				out[j] = "R"
			default:
				out[j] = "G"
			}
		}
		fmt.Fprintf(&m, "row %02d %s\n", i+1, strings.Join(out, " "))
	}
	m.WriteString("end\n")
	m.WriteString(s.MapRecords)
	scen := fmt.Sprintf("%sscenario sketch title=Sketch case=test first=1 last=%d\n%s", src, last, s.Setup)
	return []File{
		{Name: s.Name + "[game]", Data: []byte(game.String())},
		{Name: s.Name + "[map]", Data: []byte(m.String())},
		{Name: s.Name + "[units]", Data: []byte(src + s.Units)},
		{Name: s.Name + "[setup]", Data: []byte(scen)},
	}, nil
}
