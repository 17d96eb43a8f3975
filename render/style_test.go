package render

import (
	"image/color"

	"pbem/engine/scenario"
)

// terrainColour is the default look's fill of terrain t.
func terrainColour(t scenario.Terrain) color.RGBA {
	return NewStyle(scenario.DefaultVocabulary()).terrainColour(t)
}

// tannenbergSides are the sides of Tannenberg's data, in its order: a map
// built in code with them has Tannenberg's default look.
func tannenbergSides() ([]scenario.Side, map[scenario.Side]string) {
	return []scenario.Side{"RU", "DE"}, map[scenario.Side]string{"RU": "Russian", "DE": "German"}
}
