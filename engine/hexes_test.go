package engine

import (
	"testing"

	"pbem/engine/hex"
	"pbem/engine/scenario"
)

// boardState is a State whose only working method is View: the board it
// shows holds m.
type boardState struct {
	State
	m *scenario.Map
}

type boardView struct {
	View
	b *Board
}

func (s boardState) View(Side) View { return boardView{b: &Board{Map: s.m}} }
func (v boardView) Board() *Board   { return v.b }

func TestHexesIsTheMapsCodec(t *testing.T) {
	cr, err := hex.NewCodec(hex.ColDotRow, 2)
	if err != nil {
		t.Fatal(err)
	}
	m := scenario.NewMap(hex.Grid{Rows: 3, Cols: 3, Orientation: hex.Flat, Codec: cr})
	if got := Hexes(boardState{m: m}); got != cr {
		t.Errorf("Hexes = %s, want cc.rr", got.Pattern())
	}
	if got := Hexes(boardState{}); got != (hex.Codec{}) {
		t.Errorf("Hexes of a board without a map = %s, want RRCC", got.Pattern())
	}
}
