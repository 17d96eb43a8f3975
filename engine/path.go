package engine

import (
	"container/heap"
	"sort"
)

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
}

// Result holds the cheapest cost to every node reached and a witness path.
type Result[N comparable] struct {
	cost map[N]int
	prev map[N]N
	from map[N]bool // starting nodes
}

// Run searches from the starting nodes (each at cost 0).
func (s Search[N]) Run(starts ...N) *Result[N] {
	r := &Result[N]{cost: map[N]int{}, prev: map[N]N{}, from: map[N]bool{}}
	q := &queue[N]{less: s.Less}
	for _, n := range starts {
		if _, seen := r.cost[n]; seen {
			continue
		}
		r.cost[n] = 0
		r.from[n] = true
		heap.Push(q, item[N]{n, 0})
	}
	done := map[N]bool{}
	for q.Len() > 0 {
		it := heap.Pop(q).(item[N])
		if done[it.node] || it.cost != r.cost[it.node] {
			continue
		}
		done[it.node] = true
		if s.Goal != nil && s.Goal(it.node) {
			break
		}
		s.Edges(it.node, func(to N, c int) {
			nc := it.cost + c
			if s.Limit > 0 && nc > s.Limit {
				return
			}
			old, seen := r.cost[to]
			if seen && (old < nc || (old == nc && !s.Less(it.node, r.prev[to]))) {
				return
			}
			if r.from[to] {
				return
			}
			r.cost[to] = nc
			r.prev[to] = it.node
			heap.Push(q, item[N]{to, nc})
		})
	}
	return r
}

// Cost returns the cheapest cost to reach n and whether it was reached.
func (r *Result[N]) Cost(n N) (int, bool) {
	c, ok := r.cost[n]
	return c, ok
}

// Path returns the nodes from a starting node to n, both included, or nil
// if n was not reached.
func (r *Result[N]) Path(n N) []N {
	if _, ok := r.cost[n]; !ok {
		return nil
	}
	var rev []N
	for {
		rev = append(rev, n)
		if r.from[n] {
			break
		}
		n = r.prev[n]
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// Reached lists every node reached, in Less order.
func (r *Result[N]) Reached(less func(a, b N) bool) []N {
	out := make([]N, 0, len(r.cost))
	for n := range r.cost {
		out = append(out, n)
	}
	sortNodes(out, less)
	return out
}

func sortNodes[N any](ns []N, less func(a, b N) bool) {
	sort.Slice(ns, func(i, j int) bool { return less(ns[i], ns[j]) })
}

type item[N comparable] struct {
	node N
	cost int
}

type queue[N comparable] struct {
	items []item[N]
	less  func(a, b N) bool
}

func (q *queue[N]) Len() int { return len(q.items) }
func (q *queue[N]) Less(i, j int) bool {
	a, b := q.items[i], q.items[j]
	if a.cost != b.cost {
		return a.cost < b.cost
	}
	return q.less(a.node, b.node)
}
func (q *queue[N]) Swap(i, j int) { q.items[i], q.items[j] = q.items[j], q.items[i] }
func (q *queue[N]) Push(x any)    { q.items = append(q.items, x.(item[N])) }
func (q *queue[N]) Pop() any {
	old := q.items
	it := old[len(old)-1]
	q.items = old[:len(old)-1]
	return it
}
