package mapgen

import (
	"container/heap"
	"math"

	"pbem/engine/hex"
)

// ---- Hexside tracing: rivers run along hex edges, from grid corner to
// grid corner.

type cornerKey [2]int

func keyOf(x, y float64) cornerKey {
	return cornerKey{int(math.Round(2 * x)), int(math.Round(2 * math.Sqrt(3) * y))}
}

func (a cornerKey) less(b cornerKey) bool {
	if a[0] != b[0] {
		return a[0] < b[0]
	}
	return a[1] < b[1]
}

type cornerEdge struct {
	to   cornerKey
	side hex.Side
}

type cornerGraph struct {
	grid  hex.Grid
	proj  hex.Projection
	pos   map[cornerKey][2]float64
	edges map[cornerKey][]cornerEdge
}

// newCornerGraph builds the corners and edges of every hex on the map and
// two rings around it.
func newCornerGraph(grid hex.Grid, proj hex.Projection) *cornerGraph {
	cg := &cornerGraph{grid: grid, proj: proj, pos: map[cornerKey][2]float64{}, edges: map[cornerKey][]cornerEdge{}}
	seen := map[[2]cornerKey]bool{}
	for r := -1; r <= grid.Rows+2; r++ {
		for c := grid.FirstCol() - 2; c <= grid.LastCol()+2; c++ {
			h := grid.Hex(r, c)
			for i := 0; i < 6; i++ {
				ax, ay := grid.Corner(h, i)
				bx, by := grid.Corner(h, (i+1)%6)
				ka, kb := keyOf(ax, ay), keyOf(bx, by)
				cg.pos[ka] = [2]float64{ax, ay}
				cg.pos[kb] = [2]float64{bx, by}
				if seen[[2]cornerKey{ka, kb}] || seen[[2]cornerKey{kb, ka}] {
					continue
				}
				seen[[2]cornerKey{ka, kb}] = true
				s := grid.SideOf(h, hex.Dir((i+5)%6))
				cg.edges[ka] = append(cg.edges[ka], cornerEdge{kb, s})
				cg.edges[kb] = append(cg.edges[kb], cornerEdge{ka, s})
			}
		}
	}
	return cg
}

// nearest returns the grid corner nearest (x, y).
func (cg *cornerGraph) nearest(x, y float64) cornerKey {
	h := cg.grid.At(x, y)
	var best cornerKey
	bestD := math.Inf(1)
	for i := 0; i < 6; i++ {
		cx, cy := cg.grid.Corner(h, i)
		k := keyOf(cx, cy)
		d := math.Hypot(cx-x, cy-y)
		if d < bestD-1e-12 || (math.Abs(d-bestD) <= 1e-12 && k.less(best)) {
			best, bestD = k, d
		}
	}
	return best
}

func segDist(px, py, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	l2 := dx*dx + dy*dy
	t := 0.0
	if l2 > 0 {
		t = ((px-ax)*dx + (py-ay)*dy) / l2
		t = math.Max(0, math.Min(1, t))
	}
	return math.Hypot(px-(ax+t*dx), py-(ay+t*dy))
}

type pqItem struct {
	cost float64
	key  cornerKey
	hx   hex.Hex
}

type pq []pqItem

func (q pq) Len() int { return len(q) }
func (q pq) Less(i, j int) bool {
	if q[i].cost != q[j].cost {
		return q[i].cost < q[j].cost
	}
	if q[i].key != q[j].key {
		return q[i].key.less(q[j].key)
	}
	return q[i].hx.Less(q[j].hx)
}
func (q pq) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *pq) Push(x any)   { *q = append(*q, x.(pqItem)) }
func (q *pq) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}

// cornerPath is the cheapest edge path from a to b; an edge costs its length
// plus its distance from the segment (ax,ay)-(bx,by).
func (cg *cornerGraph) cornerPath(a, b cornerKey, ax, ay, bx, by float64) []cornerKey {
	dist := map[cornerKey]float64{a: 0}
	prev := map[cornerKey]cornerKey{}
	q := &pq{{0, a, hex.Hex{}}}
	for q.Len() > 0 {
		it := heap.Pop(q).(pqItem)
		if it.cost > dist[it.key] {
			continue
		}
		if it.key == b {
			break
		}
		p := cg.pos[it.key]
		for _, e := range cg.edges[it.key] {
			o := cg.pos[e.to]
			mx, my := (p[0]+o[0])/2, (p[1]+o[1])/2
			c := it.cost + hexRadius*(1+4*segDist(mx, my, ax, ay, bx, by))
			if d, ok := dist[e.to]; !ok || c < d {
				dist[e.to] = c
				prev[e.to] = it.key
				heap.Push(q, pqItem{c, e.to, hex.Hex{}})
			}
		}
	}
	var out []cornerKey
	for k := b; k != a; k = prev[k] {
		out = append(out, k)
	}
	out = append(out, a)
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// densify projects a polyline and cuts it into steps of at most step.
func densify(proj hex.Projection, pts []LatLon, step float64) [][2]float64 {
	var out [][2]float64
	for i, p := range pts {
		x, y := proj.Point(p.Lat, p.Lon)
		if i > 0 {
			a := out[len(out)-1]
			n := int(math.Ceil(math.Hypot(x-a[0], y-a[1]) / step))
			for k := 1; k < n; k++ {
				t := float64(k) / float64(n)
				out = append(out, [2]float64{a[0] + t*(x-a[0]), a[1] + t*(y-a[1])})
			}
		}
		out = append(out, [2]float64{x, y})
	}
	return out
}

// traceSides turns a polyline into a chain of hexsides.
func (cg *cornerGraph) traceSides(pts []LatLon) []hex.Side {
	ps := densify(cg.proj, pts, 0.2)
	var path []cornerKey
	index := map[cornerKey]int{}
	push := func(k cornerKey) {
		if i, ok := index[k]; ok {
			// A loop or a step back: cut it out.
			for _, d := range path[i+1:] {
				delete(index, d)
			}
			path = path[:i+1]
			return
		}
		index[k] = len(path)
		path = append(path, k)
	}
	prevK := cg.nearest(ps[0][0], ps[0][1])
	push(prevK)
	prevP := ps[0]
	for _, p := range ps[1:] {
		k := cg.nearest(p[0], p[1])
		if k == prevK {
			continue
		}
		for _, c := range cg.cornerPath(prevK, k, prevP[0], prevP[1], p[0], p[1])[1:] {
			push(c)
		}
		prevK, prevP = k, p
	}
	var sides []hex.Side
	for i := 1; i < len(path); i++ {
		for _, e := range cg.edges[path[i-1]] {
			if e.to == path[i] {
				sides = append(sides, e.side)
				break
			}
		}
	}
	return sides
}

// ---- Rail routing: hex to hex, around water.

// hexPath is the cheapest chain of adjacent hexes from a to b that avoids
// blocked hexes (b and a are always allowed) and barred steps (blocked
// hexsides); a step costs 1 plus its distance from the straight segment a-b.
func hexPath(grid hex.Grid, a, b hex.Hex, blocked func(hex.Hex) bool, barred func(from, to hex.Hex) bool) []hex.Hex {
	ax, ay := grid.Center(a)
	bx, by := grid.Center(b)
	dist := map[hex.Hex]float64{a: 0}
	prev := map[hex.Hex]hex.Hex{}
	q := &pq{{0, cornerKey{}, a}}
	limit := float64(grid.Distance(a, b))*3 + 10
	found := false
	for q.Len() > 0 {
		it := heap.Pop(q).(pqItem)
		if it.cost > dist[it.hx] {
			continue
		}
		if it.hx == b {
			found = true
			break
		}
		if it.cost > limit {
			break
		}
		for _, n := range grid.Neighbours(it.hx) {
			if (n != b && blocked(n)) || barred(it.hx, n) {
				continue
			}
			nx, ny := grid.Center(n)
			c := it.cost + 1 + 0.4*segDist(nx, ny, ax, ay, bx, by)
			if d, ok := dist[n]; !ok || c < d {
				dist[n] = c
				prev[n] = it.hx
				heap.Push(q, pqItem{c, cornerKey{}, n})
			}
		}
	}
	if !found {
		return nil
	}
	var out []hex.Hex
	for h := b; h != a; h = prev[h] {
		out = append(out, h)
	}
	out = append(out, a)
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
