package gwite

import (
	"encoding/json"
	"fmt"

	"pbem/engine"
	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// snapshotFormat numbers the layout of a stored Game. A change to the
// exported fields of Game, Unit, Fort or what they hold that an older
// snapshot cannot be read into needs a new number and a conversion in
// Restore.
const snapshotFormat = 1

// snapshot is a Game as stored: its exported fields, which are the whole
// state between windows (clone drops everything else), and the fortresses'
// hexes, which their Data pointers otherwise carry.
type snapshot struct {
	Format    int
	Game      *Game
	FortHexes []hex.Hex
}

// Snapshot implements engine.State. encoding/json writes struct fields in
// declaration order and map keys sorted, so equal states give equal bytes.
func (g *Game) Snapshot() ([]byte, error) {
	s := snapshot{Format: snapshotFormat, Game: g}
	for _, f := range g.Forts {
		s.FortHexes = append(s.FortHexes, f.Data.Hex)
	}
	return json.Marshal(s)
}

// Restore implements engine.Ruleset.
func (Ruleset) Restore(data *scenario.Game, s *scenario.Scenario, opt engine.Options, b []byte) (engine.State, error) {
	data = data.ForScenario(s)
	tabs, err := tablesFrom(data)
	if err != nil {
		return nil, err
	}
	g := &Game{data: data, scen: s, opt: opt, tabs: tabs}
	snap := snapshot{Game: g}
	if err := json.Unmarshal(b, &snap); err != nil {
		return nil, fmt.Errorf("stored state: %w", err)
	}
	if snap.Format != snapshotFormat {
		return nil, fmt.Errorf("stored state: format %d, this pbem reads format %d", snap.Format, snapshotFormat)
	}
	if len(snap.FortHexes) != len(g.Forts) {
		return nil, fmt.Errorf("stored state: %d fortress hexes for %d fortresses", len(snap.FortHexes), len(g.Forts))
	}
	g.units = make(map[string]*Unit, len(g.Units))
	for _, u := range g.Units {
		if u.Data = data.Unit(u.ID); u.Data == nil {
			return nil, fmt.Errorf("stored state: unit %s is not in game %s", u.ID, data.ID)
		}
		g.units[u.ID] = u
	}
	g.forts = make(map[hex.Hex]*Fort, len(g.Forts))
	for i, f := range g.Forts {
		if f.Data = data.Map.Fortresses[snap.FortHexes[i]]; f.Data == nil {
			return nil, fmt.Errorf("stored state: no fortress in %s in game %s", snap.FortHexes[i], data.ID)
		}
		g.forts[f.Data.Hex] = f
	}
	if g.LastOcc == nil {
		g.LastOcc = map[hex.Hex]engine.Side{}
	}
	if g.Standing == nil {
		g.Standing = map[engine.Side]*Standing{}
	}
	g.reindex()
	if err := g.Check(); err != nil {
		return nil, fmt.Errorf("stored state: %w", err)
	}
	return g, nil
}
