package orders

// suggest returns the names nearest to word by edit distance (a swap of
// two neighbouring letters counts as one edit), in table order, or none if
// none is near enough: one edit for words of up to four letters, two for
// longer ones.
func suggest(word string, names []string) []string {
	limit := 1
	if len(word) > 4 {
		limit = 2
	}
	var best []string
	bestD := limit + 1
	for _, n := range names {
		switch d := distance(word, n); {
		case d < bestD:
			best, bestD = []string{n}, d
		case d == bestD && d <= limit:
			best = append(best, n)
		}
	}
	return best
}

// distance is the optimal string alignment distance between a and b,
// counted in bytes: insertions, deletions, substitutions and swaps of
// neighbours each cost one.
func distance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 1 << 30 // no verb is that long; keep hostile input cheap
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
