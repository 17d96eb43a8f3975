package engine

import "pbem/engine/hex"

// Hexes is the codec of st's map: how the game's hex ids read and print,
// so that order files are parsed in its numbering (orders.ParseWith). A
// state whose board shows no map numbers RRCC, Tannenberg's.
func Hexes(st State) hex.Codec {
	if v := st.View(Moderator); v != nil {
		if b := v.Board(); b != nil && b.Map != nil {
			return b.Map.Grid.Codec
		}
	}
	return hex.Codec{}
}
