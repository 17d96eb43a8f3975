package hex

import "testing"

var sinkInt int
var sinkHex Hex

// BenchmarkFloorAbsSum is the floor for Distance: the arithmetic of a cube
// distance on two pre-converted points, with no conversion from RRCC.
func BenchmarkFloorAbsSum(b *testing.B) {
	q1, r1, q2, r2 := 3, 7, -12, 20
	for i := 0; i < b.N; i++ {
		dq, dr := q1-q2+i&1, r1-r2
		sinkInt += (abs(dq) + abs(dr) + abs(dq+dr)) / 2
	}
}

func BenchmarkDistance(b *testing.B) {
	a, c := Hex{Row: 3, Col: 3}, Hex{Row: 29, Col: 18}
	for i := 0; i < b.N; i++ {
		a.Col = 3 + i&1
		sinkInt += tannenberg.Distance(a, c)
	}
}

func BenchmarkNeighbours(b *testing.B) {
	h := Hex{Row: 14, Col: 20}
	for i := 0; i < b.N; i++ {
		h.Row = 14 + i&1
		ns := tannenberg.Neighbours(h)
		sinkHex = ns[i%6]
	}
}
