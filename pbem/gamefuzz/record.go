package gamefuzz

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"pbem/engine"
	"pbem/engine/scenario"
)

// Record is a fuzzed game written out to be played again (Replay): what
// it was played with, where and why it failed, and the order file every
// side sent in every window up to that one, the dice being those of the
// seed (diceSeed).
//
// As a file it is a header of "key: value" lines (system, scenario,
// options, seed, failed, and a "problem:" line for each line of the
// problem; lines starting with # are comments), then each window as a
// line "=== WINDOW-ID" followed by each side's file as a line "--- SIDE"
// and the file's lines. A side with no "---" line sent nothing.
type Record struct {
	System   string
	Scenario string
	Options  []string
	Seed     uint64
	Failed   string // the window where the game failed; "start" before the first
	Problem  string
	Windows  []WindowOrders
}

// WindowOrders is what the sides sent in one window.
type WindowOrders struct {
	ID   string
	Sent []Sent
}

// Sent is one side's order file.
type Sent struct {
	Side engine.Side
	Text string
}

const (
	windowMark = "=== "
	sideMark   = "--- "
)

// Name is a file name for the record: scenario, options and seed.
func (r *Record) Name() string {
	opt := strings.Join(r.Options, "+")
	if opt == "" {
		opt = "plain"
	}
	return fmt.Sprintf("%s-%s-%d.txt", r.Scenario, opt, r.Seed)
}

// Marshal writes the record as a file.
func (r *Record) Marshal() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("# A game of pbem/gamefuzz to replay: go test ./pbem/gamefuzz -run TestReplays\n")
	fmt.Fprintf(&b, "system: %s\nscenario: %s\noptions: %s\nseed: %d\nfailed: %s\n",
		r.System, r.Scenario, strings.Join(r.Options, " "), r.Seed, r.Failed)
	for _, l := range strings.Split(strings.TrimRight(r.Problem, "\n"), "\n") {
		fmt.Fprintf(&b, "problem: %s\n", l)
	}
	for _, w := range r.Windows {
		fmt.Fprintf(&b, "%s%s\n", windowMark, w.ID)
		for _, s := range w.Sent {
			fmt.Fprintf(&b, "%s%s\n", sideMark, s.Side)
			if s.Text == "" {
				continue
			}
			for _, l := range strings.Split(s.Text, "\n") {
				if strings.HasPrefix(l, windowMark) || strings.HasPrefix(l, sideMark) {
					return nil, fmt.Errorf("window %s, side %s: the order line %q looks like a mark of the record", w.ID, s.Side, l)
				}
				b.WriteString(l + "\n")
			}
		}
	}
	return b.Bytes(), nil
}

// Unmarshal reads a record written by Marshal; name names it in errors.
func Unmarshal(name string, data []byte) (*Record, error) {
	r := &Record{}
	var text []string // the lines of the file being read
	var sent *Sent
	flush := func() {
		if sent != nil {
			for len(text) > 0 && text[len(text)-1] == "" {
				text = text[:len(text)-1]
			}
			sent.Text = strings.Join(text, "\n")
		}
		sent, text = nil, nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, windowMark):
			flush()
			r.Windows = append(r.Windows, WindowOrders{ID: strings.TrimPrefix(line, windowMark)})
		case strings.HasPrefix(line, sideMark):
			flush()
			if len(r.Windows) == 0 {
				return nil, fmt.Errorf("%s:%d: a side's orders before the first window", name, n)
			}
			w := &r.Windows[len(r.Windows)-1]
			w.Sent = append(w.Sent, Sent{Side: engine.Side(strings.TrimPrefix(line, sideMark))})
			sent = &w.Sent[len(w.Sent)-1]
		case sent != nil:
			text = append(text, line)
		case len(r.Windows) > 0:
			if strings.TrimSpace(line) != "" {
				return nil, fmt.Errorf("%s:%d: %q: orders before the side that sent them (%s)", name, n, line, sideMark)
			}
		default:
			if err := r.header(line); err != nil {
				return nil, fmt.Errorf("%s:%d: %v", name, n, err)
			}
		}
	}
	flush()
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	if r.System == "" || r.Scenario == "" {
		return nil, fmt.Errorf("%s: no system or no scenario in the header", name)
	}
	return r, nil
}

// header reads one line of the header.
func (r *Record) header(line string) error {
	if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
		return nil
	}
	key, value, ok := strings.Cut(line, ":")
	if !ok {
		return fmt.Errorf("%q: want KEY: VALUE", line)
	}
	raw := strings.TrimPrefix(value, " ")
	value = strings.TrimSpace(value)
	switch key {
	case "system":
		r.System = value
	case "scenario":
		r.Scenario = value
	case "options":
		r.Options = strings.Fields(value)
	case "seed":
		n, err := strconv.ParseUint(value, 10, 64)
		if err != nil {
			return fmt.Errorf("seed %q: %v", value, err)
		}
		r.Seed = n
	case "failed":
		r.Failed = value
	case "problem":
		r.Problem = strings.TrimPrefix(r.Problem+"\n"+raw, "\n")
	default:
		return fmt.Errorf("unknown key %q (want system, scenario, options, seed, failed or problem)", key)
	}
	return nil
}

// config is the game the record was played with, found in games.
func (r *Record) config(games []*scenario.Game) (Config, error) {
	for _, g := range games {
		for _, s := range g.Scenarios {
			if s.Name != r.Scenario {
				continue
			}
			c := Config{Game: g, Scenario: s, Options: r.Options, Seed: r.Seed}
			if g.System != r.System {
				return c, fmt.Errorf("scenario %s is of the system %s, the record was played under %s", s.Name, g.System, r.System)
			}
			return c, nil
		}
	}
	return Config{Game: &scenario.Game{}, Scenario: &scenario.Scenario{Name: r.Scenario}}, fmt.Errorf("no scenario %q in the game data", r.Scenario)
}
