package scenario

import (
	"strings"
)

// --- scenario-*.txt -------------------------------------------------------

func (p *parser) scenario(r *record) {
	if !p.args(r, 1, "scenario NAME title=... case=... first=N last=N vp=N") {
		return
	}
	// vp.SIDE= fields name a side each: checked here, not by known.
	var perSide []token
	rest := *r
	rest.Fields = nil
	for _, f := range r.Fields {
		if strings.HasPrefix(f.Key, "vp.") && f.Key != "vp.src" {
			perSide = append(perSide, f)
			continue
		}
		rest.Fields = append(rest.Fields, f)
	}
	p.known(&rest, "title", "case", "first", "last", "vp", "deploy-first", "front")
	s := &Scenario{Name: r.Args[0].Value, Title: p.str(r, "title", true), Case: p.str(r, "case", true),
		First: p.integer(r, "first", true, 1), Last: p.integer(r, "last", true, 1),
		StartVP: p.integer(r, "vp", false, 0), Front: p.str(r, "front", false), Pos: r.Pos, File: r.Pos.File}
	if _, ok := r.field("deploy-first"); ok {
		s.DeployFirst = p.sideField(r, "deploy-first")
	}
	p.sideVP(r, s, perSide)
	s.Src, _ = p.source(r, "")
	for _, q := range p.g.Scenarios {
		if q.Name == s.Name {
			p.errf(r.Pos, "scenario %s already declared at %s", s.Name, q.Pos)
			return
		}
		if q.File == s.File {
			p.errf(r.Pos, "scenario %s: %s already holds scenario %s; one scenario per file", s.Name, s.File, q.Name)
			return
		}
	}
	p.g.Scenarios = append(p.g.Scenarios, s)
}

// sideVP reads vp.SIDE=N: each side's starting VP, for games where both
// sides keep a score of their own (Kaiser's War 26.2, 27.2, 28.2).
func (p *parser) sideVP(r *record, s *Scenario, fields []token) {
	for _, f := range fields {
		name, isSrc := strings.CutSuffix(f.Key, ".src")
		if isSrc {
			if _, ok := r.field(name); !ok {
				p.errf(f.Pos, "scenario: %s with no %s", f.Key, name)
			}
			continue
		}
		side := Side(strings.TrimPrefix(f.Key, "vp."))
		if _, ok := p.g.SideNames[side]; !ok {
			p.errf(f.Pos, "scenario: %s: %s is not a declared side", f.Key, side)
			continue
		}
		n := p.integer(r, f.Key, true, 0)
		if s.VPs == nil {
			s.VPs = map[Side]int{}
		}
		s.VPs[side] = n
	}
}

// townFields are the fields of a deploy record that name a town.
var townFields = []string{"north-of", "south-of", "near", "of", "at"}

// placement reads setup, deploy, arrive, held and available records; they
// are matched to their file's scenario after all records are read.
func (p *parser) placement(r *record) {
	s := p.scenarioOf(r)
	if s == nil {
		p.errf(r.Pos, "%s outside a scenario file (no scenario record in %s)", r.Keyword, r.Pos.File)
		return
	}
	if !p.args(r, 1, r.Keyword+" UNIT ...") {
		return
	}
	pl := &Placement{Unit: r.Args[0].Value, Pos: r.Pos}
	pl.Src, _ = p.source(r, "")
	if r.Keyword != "deploy" {
		pl.Face = p.face(r)
	}
	switch r.Keyword {
	case "setup":
		p.setup(r, pl, s)
	case "deploy":
		p.deploy(r, pl, s)
	case "arrive":
		p.known(r, "turn", "entry", "face")
		pl.Turn = p.integer(r, "turn", true, 0)
		pl.Entry = p.str(r, "entry", false)
		s.Arrivals = append(s.Arrivals, pl)
	case "held":
		p.known(r, "face")
		s.Held = append(s.Held, pl)
	case "available":
		p.known(r, "face")
		s.Available = append(s.Available, pl)
	}
}

// face reads face=front|back: the side of the counter up at the start.
func (p *parser) face(r *record) string {
	t, ok := r.field("face")
	if !ok {
		return ""
	}
	if t.Value != "front" && t.Value != "back" {
		p.errf(t.Pos, "%s: face=%s: want front or back", r.Keyword, t.Value)
		return ""
	}
	return t.Value
}

// setup reads setup UNIT HEX or setup UNIT at=TOWN; a town is found by
// name once every record is read (finishPlacements).
func (p *parser) setup(r *record, pl *Placement, s *Scenario) {
	p.known(r, "at", "face")
	at, byTown := r.field("at")
	switch {
	case byTown && len(r.Args) > 1:
		p.errf(r.Pos, "setup %s: give a hex or at=TOWN, not both", pl.Unit)
		return
	case byTown:
		pl.At = at.Value
	case len(r.Args) < 2:
		p.errf(r.Pos, "setup: want setup UNIT HEX or setup UNIT at=TOWN")
		return
	default:
		h, err := p.g.Map.Grid.Parse(r.Args[1].Value)
		if err != nil {
			p.errf(r.Args[1].Pos, "setup %s: %v", pl.Unit, err)
			return
		}
		pl.Hex = h
	}
	s.Setup = append(s.Setup, pl)
}

// deploy reads deploy UNIT KEY=VALUE...: a unit its side places in a zone
// at the start. The fields are kept in order for the rules system; only
// the face and the towns and hexes they name are checked here.
func (p *parser) deploy(r *record, pl *Placement, s *Scenario) {
	for _, a := range r.Args[1:] {
		p.errf(a.Pos, "deploy %s: unexpected word %q (the zone is written as key=value fields)", pl.Unit, a.Value)
	}
	for _, f := range r.Fields {
		if f.Key == "src" || strings.HasSuffix(f.Key, ".src") {
			continue
		}
		if f.Key == "face" {
			pl.Face = p.face(r)
			continue
		}
		pl.Zone = append(pl.Zone, Field(f))
	}
	s.Deploy = append(s.Deploy, pl)
}

// finishPlacements finds the towns set-ups and deployments name, once the
// map's towns are all read: an unknown or ambiguous town is an error at
// the field that names it.
func (p *parser) finishPlacements() {
	byName := map[string][]*Town{}
	for _, t := range p.g.Map.SortedTowns() {
		byName[t.Name] = append(byName[t.Name], t)
	}
	town := func(what, name string, pos Pos) *Town {
		switch ts := byName[name]; len(ts) {
		case 0:
			p.errf(pos, "%s: no town named %q on the map", what, name)
		case 1:
			return ts[0]
		default:
			p.errf(pos, "%s: %d towns are named %q (%s and %s); give the hex", what, len(ts), name, ts[0].Hex, ts[1].Hex)
		}
		return nil
	}
	for _, s := range p.g.Scenarios {
		for _, pl := range s.Setup {
			if pl.At == "" {
				continue
			}
			if t := town("setup "+pl.Unit+": at="+pl.At, pl.At, pl.Pos); t != nil {
				pl.Hex = t.Hex
			}
		}
		for _, pl := range s.Deploy {
			for _, f := range pl.Zone {
				what := "deploy " + pl.Unit + ": " + f.Key + "=" + f.Value
				switch {
				case isTownField(f.Key):
					town(what, f.Value, f.Pos)
				case f.Key == "also":
					p.alsoHexes(what, f)
				}
			}
		}
	}
}

func isTownField(key string) bool {
	for _, k := range townFields {
		if k == key {
			return true
		}
	}
	return false
}

// alsoHexes checks also=HEX,HEX: hexes a zone takes in besides its own
// (Kaiser's War 28.5 "(2926)"), each on the map.
func (p *parser) alsoHexes(what string, f Field) {
	for _, v := range strings.Split(f.Value, ",") {
		h, err := p.g.Map.Grid.Parse(v)
		if err != nil {
			p.errf(f.Pos, "%s: %v", what, err)
			continue
		}
		if !p.g.Map.Grid.Contains(h) {
			p.errf(f.Pos, "%s: hex %s is off the map", what, h)
		}
	}
}
