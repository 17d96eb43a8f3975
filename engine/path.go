package engine

import "sort"

// Search is a least-cost search from several starting nodes at once
// (Dijkstra). Rules use it for movement paths, supply lines, command radii,
// rail routes and retreat and displacement distances. N is the search node:
// a hex, or a hex with extra state such as "enemy ZOC hexes passed so far".
//
// Ties between equal costs are broken by less, so the result never depends
// on map iteration order.
type Search[N comparable] struct {
	// Edges calls visit for every node reachable from n in one step, with
	// the cost of the step (0 or more).
	Edges func(n N, visit func(to N, cost int))
	// Less orders nodes for tie-breaking.
	Less func(a, b N) bool
	// Limit is the highest total cost explored; 0 or less means no limit.
	Limit int
	// Goal, if set, ends the search once that node's cost is settled.
	// With every step costing at least 1 the path found to it is the one
	// a full search finds; only the other nodes' results are partial.
	Goal func(n N) bool
	// Index, if set, numbers every node the search can meet from 0 to
	// Size-1 (a hex's place on its grid): the search then keeps its
	// tables in slices rather than maps, which is faster and gives the
	// same results. A node outside the numbering (below 0, or Size and
	// above) is one the search never reaches: asking its Cost or Path is
	// asking of a node off the map.
	Index func(n N) int
	Size  int
}

// Result holds the cheapest cost to every node reached and a witness path.
type Result[N comparable] struct {
	t table[N]
}

// table is a search's bookkeeping per node: its cost (reached), the node
// it was reached from, whether it is a start, whether it is settled.
type table[N comparable] interface {
	cost(n N) (int, bool)
	set(n N, cost int, prev N)
	prev(n N) N
	start(n N)
	isStart(n N) bool
	settle(n N) bool // false if it was settled already
	reached() []N
}

// Run searches from the starting nodes (each at cost 0).
func (s Search[N]) Run(starts ...N) *Result[N] {
	var t table[N]
	if s.Index != nil {
		t = newDense[N](s.Index, s.Size)
	} else {
		t = &sparse[N]{c: map[N]int{}, p: map[N]N{}, from: map[N]bool{}, done: map[N]bool{}}
	}
	q := &queue[N]{less: s.Less}
	for _, n := range starts {
		if _, seen := t.cost(n); seen {
			continue
		}
		t.start(n)
		q.push(item[N]{n, 0})
	}
	for len(q.items) > 0 {
		it := q.pop()
		if c, _ := t.cost(it.node); it.cost != c || !t.settle(it.node) {
			continue
		}
		if s.Goal != nil && s.Goal(it.node) {
			break
		}
		s.Edges(it.node, func(to N, c int) {
			nc := it.cost + c
			if s.Limit > 0 && nc > s.Limit {
				return
			}
			old, seen := t.cost(to)
			if seen && (old < nc || (old == nc && !s.Less(it.node, t.prev(to)))) {
				return
			}
			if t.isStart(to) {
				return
			}
			t.set(to, nc, it.node)
			q.push(item[N]{to, nc})
		})
	}
	return &Result[N]{t: t}
}

// Cost returns the cheapest cost to reach n and whether it was reached.
func (r *Result[N]) Cost(n N) (int, bool) { return r.t.cost(n) }

// Path returns the nodes from a starting node to n, both included, or nil
// if n was not reached.
func (r *Result[N]) Path(n N) []N {
	if _, ok := r.t.cost(n); !ok {
		return nil
	}
	var rev []N
	for {
		rev = append(rev, n)
		if r.t.isStart(n) {
			break
		}
		n = r.t.prev(n)
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// Reached lists every node reached, in Less order.
func (r *Result[N]) Reached(less func(a, b N) bool) []N {
	out := r.t.reached()
	sortNodes(out, less)
	return out
}

// sparse is a table in maps, for nodes with no dense numbering.
type sparse[N comparable] struct {
	c    map[N]int
	p    map[N]N
	from map[N]bool
	done map[N]bool
}

func (t *sparse[N]) cost(n N) (int, bool) { c, ok := t.c[n]; return c, ok }
func (t *sparse[N]) set(n N, c int, p N)  { t.c[n], t.p[n] = c, p }
func (t *sparse[N]) prev(n N) N           { return t.p[n] }
func (t *sparse[N]) start(n N)            { t.c[n], t.from[n] = 0, true }
func (t *sparse[N]) isStart(n N) bool     { return t.from[n] }
func (t *sparse[N]) settle(n N) bool {
	if t.done[n] {
		return false
	}
	t.done[n] = true
	return true
}
func (t *sparse[N]) reached() []N {
	out := make([]N, 0, len(t.c))
	for n := range t.c {
		out = append(out, n)
	}
	return out
}

// dense is a table in slices indexed by the search's Index.
type dense[N comparable] struct {
	index func(N) int
	c     []int32 // -1: not reached
	p     []N
	flags []uint8 // 1: a start, 2: settled
	nodes []N     // every node reached, in the order reached
}

func newDense[N comparable](index func(N) int, size int) *dense[N] {
	t := &dense[N]{index: index, c: make([]int32, size), p: make([]N, size), flags: make([]uint8, size)}
	for i := range t.c {
		t.c[i] = -1
	}
	return t
}

func (t *dense[N]) cost(n N) (int, bool) {
	i := t.index(n)
	if i < 0 || i >= len(t.c) {
		return 0, false // outside the numbering: never reached, as sparse says
	}
	c := t.c[i]
	return int(c), c >= 0
}

func (t *dense[N]) set(n N, c int, p N) {
	i := t.index(n)
	if t.c[i] < 0 {
		t.nodes = append(t.nodes, n)
	}
	t.c[i], t.p[i] = int32(c), p
}

func (t *dense[N]) prev(n N) N { return t.p[t.index(n)] }

func (t *dense[N]) start(n N) {
	i := t.index(n)
	if t.c[i] < 0 {
		t.nodes = append(t.nodes, n)
	}
	t.c[i], t.flags[i] = 0, t.flags[i]|1
}

func (t *dense[N]) isStart(n N) bool { return t.flags[t.index(n)]&1 != 0 }

func (t *dense[N]) settle(n N) bool {
	i := t.index(n)
	if t.flags[i]&2 != 0 {
		return false
	}
	t.flags[i] |= 2
	return true
}

func (t *dense[N]) reached() []N { return append([]N(nil), t.nodes...) }

func sortNodes[N any](ns []N, less func(a, b N) bool) {
	sort.Slice(ns, func(i, j int) bool { return less(ns[i], ns[j]) })
}

type item[N comparable] struct {
	node N
	cost int
}

// queue is a binary heap of items, cheapest first, ties by node order.
// It is written out rather than built on container/heap, whose interface
// boxes every item pushed.
type queue[N comparable] struct {
	items []item[N]
	less  func(a, b N) bool
}

func (q *queue[N]) before(i, j int) bool {
	a, b := q.items[i], q.items[j]
	if a.cost != b.cost {
		return a.cost < b.cost
	}
	return q.less(a.node, b.node)
}

func (q *queue[N]) push(it item[N]) {
	q.items = append(q.items, it)
	for i := len(q.items) - 1; i > 0; {
		p := (i - 1) / 2
		if !q.before(i, p) {
			break
		}
		q.items[i], q.items[p] = q.items[p], q.items[i]
		i = p
	}
}

func (q *queue[N]) pop() item[N] {
	top := q.items[0]
	last := len(q.items) - 1
	q.items[0] = q.items[last]
	q.items = q.items[:last]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < last && q.before(l, m) {
			m = l
		}
		if r < last && q.before(r, m) {
			m = r
		}
		if m == i {
			break
		}
		q.items[i], q.items[m] = q.items[m], q.items[i]
		i = m
	}
	return top
}
