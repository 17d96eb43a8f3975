package gamefuzz

import (
	"flag"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"pbem/engine/scenario"
	"pbem/scenarios"
)

var (
	gamesFlag    = flag.Int("games", 0, "games to play (0: the default of make test, or none under -short or -race)")
	durationFlag = flag.Duration("duration", 0, "play games until this much time has passed (at most -games of them if given)")
	scenarioFlag = flag.String("scenario", "", "play only the scenario of this name")
	systemFlag   = flag.String("system", "", "play only the games of this rules system (gwite, kw)")
	seedFlag     = flag.Uint64("seed", 1, "the seed of the first game; game i has seed+i")
	outFlag      = flag.String("out", "testdata", "the directory failing games are written to")
)

// defaultGames is how many games the plain `go test` run plays (about
// four minutes on two quiet cores), unless defaultTime runs out first:
// on a loaded machine the run stays well inside go test's timeout and
// plays fewer games (it says how many), every scenario and option set
// still among them.
const (
	defaultGames = 240
	defaultTime  = 5 * time.Minute
)

// maxFailures stops a run: past this many, the rest say nothing new.
const maxFailures = 20

func embedded(t testing.TB) []*scenario.Game {
	t.Helper()
	c, err := scenarios.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	return c.Games
}

// Every ruleset keeps its promises over many games of every scenario
// with random orders, legal and not (see the package comment): each
// failing game is written out to replay.
func TestGames(t *testing.T) {
	n, d := *gamesFlag, *durationFlag
	if n == 0 && d == 0 {
		if testing.Short() {
			t.Skip("whole games: the plain run plays them")
		}
		if raceEnabled {
			t.Skip("whole games under the race detector: the plain run plays them")
		}
		n, d = defaultGames, defaultTime
	}
	plan, err := Plan(embedded(t))
	if err != nil {
		t.Fatal(err)
	}
	if *scenarioFlag != "" || *systemFlag != "" {
		var only []Config
		for _, c := range plan {
			if (*scenarioFlag == "" || c.Scenario.Name == *scenarioFlag) && (*systemFlag == "" || c.Game.System == *systemFlag) {
				only = append(only, c)
			}
		}
		if plan = only; len(plan) == 0 {
			t.Fatalf("no scenario %q of system %q", *scenarioFlag, *systemFlag)
		}
	}
	start := time.Now()
	res := fuzz(plan, n, d, *seedFlag)
	for _, f := range res.failures {
		path, err := writeRecord(*outFlag, f.Record)
		if err != nil {
			t.Errorf("%v\n(not written: %v)", f, err)
			continue
		}
		t.Errorf("%v\nreplay: go test ./pbem/gamefuzz -run 'TestReplays/%s' -v", f, strings.TrimSuffix(filepath.Base(path), ".txt"))
	}
	all := res.total()
	t.Logf("%d games, %d windows, %d order files, %d orders, %d rejected, %d failures in %v",
		all.Games, all.Windows, all.Files, all.Orders, all.Rejected, all.Failures, time.Since(start).Round(time.Second))
	for _, k := range res.keys() {
		s := res.by[k]
		t.Logf("  %-50s %4d games %6d windows %7d orders %6d rejected", k, s.Games, s.Windows, s.Orders, s.Rejected)
	}
	if all.Games == 0 || all.Windows < all.Games || all.Rejected == 0 {
		t.Errorf("the games did too little to tell anything: %+v", all)
	}
}

// results is what a run of games found.
type results struct {
	mu       sync.Mutex
	by       map[string]Stats // by scenario and options
	failures []*Failure
}

func (r *results) total() Stats {
	var all Stats
	for _, s := range r.by {
		all.Add(s)
	}
	return all
}

func (r *results) keys() []string {
	var out []string
	for k := range r.by {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// fuzz plays n games (or until d has passed, if d is not 0) on every
// core, cycling through plan, game i with seed+i.
func fuzz(plan []Config, n int, d time.Duration, seed uint64) *results {
	res := &results{by: map[string]Stats{}}
	var deadline time.Time
	if d > 0 {
		deadline = time.Now().Add(d)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				c := plan[i%len(plan)]
				c.Seed = seed + uint64(i)
				s, f := Play(c)
				res.mu.Lock()
				key := c.Scenario.Name + " " + strings.Join(c.Options, ",")
				all := res.by[key]
				all.Add(s)
				res.by[key] = all
				if f != nil {
					res.failures = append(res.failures, f)
				}
				res.mu.Unlock()
			}
		}()
	}
	for i := 0; n == 0 || i < n; i++ {
		res.mu.Lock()
		stop := len(res.failures) >= maxFailures
		res.mu.Unlock()
		if stop || !deadline.IsZero() && time.Now().After(deadline) {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	sort.Slice(res.failures, func(i, j int) bool { return res.failures[i].Config.Seed < res.failures[j].Config.Seed })
	return res
}

// writeRecord writes r into dir and returns the file's path.
func writeRecord(dir string, r *Record) (string, error) {
	b, err := r.Marshal()
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, r.Name())
	return path, os.WriteFile(path, b, 0o644)
}

// Every game under testdata/ plays again, window by window with its
// recorded orders and dice, without a failure: a failing game found once
// and committed is a regression test.
func TestReplays(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no game to replay under testdata/")
	}
	games := embedded(t)
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txt"), func(t *testing.T) {
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			r, err := Unmarshal(file, b)
			if err != nil {
				t.Fatal(err)
			}
			s, f := Replay(games, r)
			if f != nil {
				t.Fatalf("%s: %s: %s", file, f.Record.Failed, f.Record.Problem)
			}
			if s.Windows != len(r.Windows) {
				t.Errorf("%s: %d windows replayed, the record has %d", file, s.Windows, len(r.Windows))
			}
			t.Logf("%d windows, %d orders, %d rejected", s.Windows, s.Orders, s.Rejected)
		})
	}
}
