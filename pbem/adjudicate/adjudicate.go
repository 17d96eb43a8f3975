// Package adjudicate runs adjudication cases: small text files that set up
// a position, give orders, standing orders and forced die rolls for one
// window, and state what must happen (the idea of Diplomacy's DATC). `go
// test` and `pbem adjudicate FILE...` both run them.
//
// A case file is a comment header (its first line names the rule case it
// tests) followed by sections, each opened by a line `-- NAME --`:
//
//	-- scenario --      a built-in scenario to start from (instead of map)
//	-- map --           `split N` (columns 01-N Russian, the rest German),
//	                    then the terrain rows west to east, row 01 first;
//	                    or the single word `standard` (see Standard)
//	-- map records --   more map.txt records: rivers, rails, towns, forts...
//	-- game records --  more game.txt records: params, turns
//	-- units --         units.txt records; absent: units.txt beside the case
//	-- setup --         setup/arrive/held records of the scenario
//	-- state --         `window GTn SIDE-KIND`, then gwite Adjust directives
//	-- orders SIDE --   an order file for SIDE (orders or standing orders)
//	-- dice --          the die rolls, in the order the rules ask for them
//	-- expect --        one expectation per line (see check.go)
package adjudicate

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/rulesets"
	"pbem/engine/scenario"
	"pbem/orders"
	"pbem/scenarios"
)

// Case is one parsed case file.
type Case struct {
	Name     string
	Title    string // the first comment line
	Sections map[string]string
	Lines    map[string]int // section -> line of its first content line
	order    []string
}

// Result is the verdict on one case.
type Result struct {
	Name     string
	Title    string
	Failures []string
	Events   []string // what happened, for the report on failure
}

// Pass reports whether every expectation held.
func (r *Result) Pass() bool { return len(r.Failures) == 0 }

func (r *Result) failf(format string, args ...any) {
	r.Failures = append(r.Failures, fmt.Sprintf(format, args...))
}

// ParseCase splits a case file into its sections.
func ParseCase(name string, src []byte) (*Case, error) {
	c := &Case{Name: name, Sections: map[string]string{}, Lines: map[string]int{}}
	cur := ""
	var b strings.Builder
	flush := func() {
		if cur != "" {
			c.Sections[cur] = b.String()
		}
		b.Reset()
	}
	for i, line := range strings.Split(string(src), "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.HasPrefix(line, "-- ") && strings.HasSuffix(line, " --") && len(line) > 6 {
			flush()
			cur = strings.TrimSpace(line[3 : len(line)-3])
			if _, dup := c.Sections[cur]; dup {
				return nil, fmt.Errorf("%s:%d: section %q given twice", name, i+1, cur)
			}
			c.Sections[cur] = ""
			c.Lines[cur] = i + 2
			c.order = append(c.order, cur)
			continue
		}
		if cur == "" {
			if t := strings.TrimSpace(strings.TrimPrefix(line, "#")); c.Title == "" && t != "" {
				c.Title = t
			}
			continue
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	flush()
	if _, ok := c.Sections["expect"]; !ok {
		return nil, fmt.Errorf("%s: no -- expect -- section", name)
	}
	return c, nil
}

// RunFile reads and runs one case file.
func RunFile(path string) *Result {
	src, err := os.ReadFile(path)
	if err != nil {
		return &Result{Name: path, Failures: []string{err.Error()}}
	}
	return Run(path, src)
}

// Run runs one case.
func Run(name string, src []byte) *Result {
	r := &Result{Name: name}
	c, err := ParseCase(name, src)
	if err != nil {
		r.failf("%v", err)
		return r
	}
	r.Title = c.Title
	st, hexes, err := c.build()
	if err != nil {
		r.failf("set-up: %v", err)
		return r
	}
	verbs, err := verbsOf(st)
	if err != nil {
		r.failf("%v", err)
		return r
	}
	byName := map[engine.Side][]engine.Order{}
	for _, sec := range c.order {
		side, ok := strings.CutPrefix(sec, "orders ")
		if !ok {
			continue
		}
		f, err := orders.ParseWith(fmt.Sprintf("%s[orders %s]", name, side), []byte(c.Sections[sec]), verbs, hexes)
		if err != nil {
			r.failf("orders %s do not parse: %v", side, err)
			return r
		}
		byName[engine.Side(side)] = f.Orders
	}
	dice, err := parseDice(c.Sections["dice"])
	if err != nil {
		r.failf("dice: %v", err)
		return r
	}
	before := st
	previews := map[engine.Side][]engine.Remark{}
	for side, os := range byName {
		previews[side], _ = rulesets.Preview(st, side, os)
	}
	next, events, resolveErr := st.Resolve(byName, dice)
	for _, e := range events {
		r.Events = append(r.Events, e.String())
	}
	out := &outcome{before: before, after: next, events: events, err: resolveErr, dice: dice, previews: previews}
	c.check(out, r)
	return r
}

func verbsOf(st engine.State) ([]engine.Verb, error) {
	rs, err := rulesets.Of(st)
	if err != nil {
		return nil, err
	}
	return rs.Verbs(), nil
}

func parseDice(s string) (*engine.Script, error) {
	d := &engine.Script{}
	for _, f := range strings.Fields(stripComments(s)) {
		var v int
		if _, err := fmt.Sscan(f, &v); err != nil || v < 1 || v > 6 {
			return nil, fmt.Errorf("%q is not a die roll 1-6", f)
		}
		d.Rolls = append(d.Rolls, v)
	}
	return d, nil
}

func stripComments(s string) string {
	var b strings.Builder
	for _, line := range strings.Split(s, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// build sets up the game the case starts from, and says how its data
// numbers hexes.
func (c *Case) build() (engine.State, hex.Codec, error) {
	var data *scenario.Game
	var scen *scenario.Scenario
	if name := strings.TrimSpace(stripComments(c.Sections["scenario"])); name != "" {
		cat, err := scenarios.Embedded()
		if err != nil {
			return nil, hex.Codec{}, err
		}
		data, scen, err = cat.Find(name)
		if err != nil {
			return nil, hex.Codec{}, err
		}
	} else {
		files, err := c.files()
		if err != nil {
			return nil, hex.Codec{}, err
		}
		data, err = scenario.LoadWith(files, rulesets.CheckData)
		if err != nil {
			return nil, hex.Codec{}, err
		}
		scen = data.Scenarios[0]
	}
	st, err := rulesets.New(data, scen, nil)
	if err != nil {
		return nil, hex.Codec{}, err
	}
	g, ok := rulesets.Fixture(st)
	if !ok {
		return nil, hex.Codec{}, fmt.Errorf("the rules system %s has no adjudication cases", st.System())
	}
	for i, line := range strings.Split(stripComments(c.Sections["state"]), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		pos := fmt.Sprintf("%s:%d", c.Name, c.Lines["state"]+i)
		if w, ok := strings.CutPrefix(line, "window "); ok {
			if err := g.SetWindow(strings.TrimSpace(w)); err != nil {
				return nil, hex.Codec{}, fmt.Errorf("%s: %v", pos, err)
			}
			continue
		}
		if err := g.Adjust(line); err != nil {
			return nil, hex.Codec{}, fmt.Errorf("%s: %v", pos, err)
		}
	}
	if err := g.Check(); err != nil {
		return nil, hex.Codec{}, err
	}
	return g, data.Map.Grid.Codec, nil
}

// files writes the case's map, units and set-up as a scenario directory.
func (c *Case) files() ([]scenario.File, error) {
	if base, err := c.baseFiles(); base != nil || err != nil {
		return base, err
	}
	rows, split, err := c.grid()
	if err != nil {
		return nil, err
	}
	records := c.Sections["map records"]
	if strings.TrimSpace(stripComments(c.Sections["map"])) == "standard" {
		records = standardRecords + records
	}
	units, ok := c.Sections["units"]
	if !ok {
		data, err := os.ReadFile(filepath.Join(filepath.Dir(c.Name), "units.txt"))
		if err != nil {
			return nil, fmt.Errorf("no -- units -- section and no units.txt beside the case: %w", err)
		}
		units = string(data)
	}
	return scenario.Sketch{
		Name: c.Name, Rows: rows, Split: split, Game: c.Sections["game records"],
		MapRecords: records, Units: units, Setup: c.Sections["setup"],
	}.Files()
}

// baseFiles are the game beside the case, when its directory holds one
// (game.txt, map.txt, units.txt, scenario.txt), with the case's sections
// added: `-- game records --` to game.txt, `-- map records --` to map.txt,
// `-- units --` to units.txt, `-- setup --` after the scenario record. Nil
// when the directory holds no game.
func (c *Case) baseFiles() ([]scenario.File, error) {
	dir := filepath.Dir(c.Name)
	if _, err := os.Stat(filepath.Join(dir, "game.txt")); err != nil {
		return nil, nil
	}
	var out []scenario.File
	for _, f := range []struct{ name, section string }{
		{"game.txt", "game records"}, {"map.txt", "map records"}, {"units.txt", "units"}, {"scenario.txt", "setup"},
	} {
		data, err := os.ReadFile(filepath.Join(dir, f.name))
		if err != nil {
			return nil, fmt.Errorf("the game beside the case: %w", err)
		}
		extra := c.Sections[f.section]
		if extra != "" {
			data = append(append(data, fmt.Sprintf("# %s, section %s\n", filepath.Base(c.Name), f.section)...), extra...)
		}
		out = append(out, scenario.File{Name: filepath.Join(dir, f.name), Data: data})
	}
	return out, nil
}

// Standard is the map a case gets with `-- map --` `standard`: 8 rows by
// 8 columns of clear terrain, columns 01-04 Russian and 05-08 German, a
// Russian rail line down column 01 and a German one down column 08, each
// with rail exits in rows 04 and 05. Every unit in its own half is in
// supply (Russian range 3, German range = MA 4 or more).
const Standard = `split 4
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
`

// standardRecords are the map records of Standard.
const standardRecords = `rail RR country=RU 0101 0201 0301 0401 0501 0601 0701 0801
rail RG country=DE 0108 0208 0308 0408 0508 0608 0708 0808
exit 0401 country=RU name="east"
exit 0501 country=RU name="east"
exit 0408 country=DE name="west"
exit 0508 country=DE name="west"
entry A 0508 side=DE
entry D 0401 side=RU
`

func (c *Case) grid() (rows []string, split int, err error) {
	src := c.Sections["map"]
	if strings.TrimSpace(stripComments(src)) == "standard" {
		src = Standard
	}
	for _, line := range strings.Split(stripComments(src), "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if s, ok := strings.CutPrefix(line, "split "); ok {
			if _, err := fmt.Sscan(s, &split); err != nil {
				return nil, 0, fmt.Errorf("map: split %q", s)
			}
			continue
		}
		rows = append(rows, line)
	}
	if len(rows) == 0 {
		return nil, 0, errors.New("no -- map -- rows and no -- scenario --")
	}
	return rows, split, nil
}

// Files lists the case files of a directory, in name order.
func Files(dir string) ([]string, error) {
	m, err := filepath.Glob(filepath.Join(dir, "*.case"))
	sort.Strings(m)
	return m, err
}
