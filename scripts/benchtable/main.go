// Benchtable reads the output of `go test -bench` on its standard input
// and prints one table: each benchmark's time per operation beside the
// floor it is measured against in the same run (the least any way of
// doing the same work can cost), and their ratio; then the sizes the
// benchmarks report, each beside its floor's. `make bench` runs it.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
)

// floors pairs each benchmark ("package/Name", the package without the
// module's name) with its floor in the same package; "" for a benchmark
// measured on its own (a floor, or a figure with nothing to compare).
// Every benchmark of the project is listed (TestEveryBenchmarkListed).
var floors = map[string]string{
	"orders/sig/Intake1000":                    "BareVerify1000",
	"orders/sig/BareVerify1000":                "",
	"orders/sig/Parse1000":                     "",
	"orders/sig/ReadMailLarge":                 "FloorSHA256Large",
	"orders/sig/FloorSHA256Large":              "",
	"orders/ParseWorstCase":                    "",
	"engine/hex/Distance":                      "FloorAbsSum",
	"engine/hex/Neighbours":                    "FloorAbsSum",
	"engine/hex/FloorAbsSum":                   "",
	"engine/SearchWholeMap":                    "FloorBFS",
	"engine/FloorBFS":                          "",
	"render/DrawFullMap":                       "FloorFillRGBA",
	"render/FloorFillRGBA":                     "",
	"render/EncodeFullMap":                     "EncodeFullMapStdlib",
	"render/EncodeFullMapStdlib":               "",
	"render/EncodeFullMapRGB":                  "EncodeFullMapStdlib",
	"pbem/report/SideReport":                   "FloorEncodeEmptyMap",
	"pbem/report/FloorEncodeEmptyMap":          "",
	"pbem/report/MailSizes":                    "FloorMailSizesRGB",
	"pbem/report/FloorMailSizesRGB":            "",
	"pbem/dovecot/IntakeFromDovecot":           "FloorBareFetch",
	"pbem/dovecot/IntakeFromDovecotMoveWindow": "FloorBareFetchMoveWindow",
	"pbem/dovecot/FloorBareFetch":              "",
	"pbem/dovecot/FloorBareFetchMoveWindow":    "",
	"pbem/dovecot/LatencyDeliveryToAck":        "FloorLMTPDelivery",
	"pbem/dovecot/FloorLMTPDelivery":           "",
	"pbem/ack/BindAcknowledge":                 "FloorParse",
	"pbem/ack/FloorParse":                      "",
	"pbem/store/MigrateMail":                   "",
	"pbem/referee/AuditWholeGame":              "FloorReplayWholeGame",
	"pbem/referee/FloorReplayWholeGame":        "",
	"pbem/play/GameTurn":                       "FloorBFSMap",
	"engine/rulesets/gwite/SupplyBothSides":    "FloorBFSMap",
	"engine/rulesets/gwite/FloorBFSMap":        "",
	"engine/rulesets/kw/GameTurn1914":          "FloorBFSMap",
	"engine/rulesets/kw/FloorBFSMap":           "",
	"pbem/report/KWSideReport":                 "KWFloorEncodeEmptyMap",
	"pbem/report/KWFloorEncodeEmptyMap":        "",
	"pbem/play/FloorBFSMap":                    "",
	"cmd/pbem/RenderTannenberg":                "FloorFillTannenberg",
	"cmd/pbem/FloorFillTannenberg":             "",
	"cmd/pbem/LoadTannenberg":                  "",
}

// result is one benchmark's figure, and the sizes it reports
// (b.ReportMetric units with "bytes" in them: bytes/mail, median-bytes).
type result struct {
	pkg, name string
	nsPerOp   float64
	sizes     map[string]float64
	units     []string // of sizes, in the order reported
}

var benchLine = regexp.MustCompile(`^Benchmark(\S+?)(-\d+)?\s+\d+\s+([0-9.]+) ns/op`)

// read collects the results of go test -bench output, keyed
// "package/Name"; the module's name is dropped from the package.
func read(r io.Reader) (map[string]result, []string, error) {
	out := map[string]result{}
	var order []string
	pkg := ""
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		line := sc.Text()
		if p, ok := strings.CutPrefix(line, "pkg: "); ok {
			pkg = p
			if _, rest, ok := strings.Cut(p, "/"); ok {
				pkg = rest
			}
			continue
		}
		m := benchLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		ns, err := strconv.ParseFloat(m[3], 64)
		if err != nil {
			return nil, nil, fmt.Errorf("%q: %v", line, err)
		}
		key := pkg + "/" + m[1]
		if _, seen := out[key]; !seen {
			order = append(order, key)
		}
		r := result{pkg: pkg, name: m[1], nsPerOp: ns, sizes: map[string]float64{}}
		f := strings.Fields(line[len(m[0]):])
		for i := 0; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err == nil && strings.Contains(f[i+1], "bytes") {
				r.sizes[f[i+1]] = v
				r.units = append(r.units, f[i+1])
			}
		}
		out[key] = r
	}
	return out, order, sc.Err()
}

// human writes a duration in ns with a unit that keeps 3 figures.
func human(ns float64) string {
	switch {
	case ns >= 1e9:
		return fmt.Sprintf("%.3g s", ns/1e9)
	case ns >= 1e6:
		return fmt.Sprintf("%.3g ms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.3g µs", ns/1e3)
	}
	return fmt.Sprintf("%.3g ns", ns)
}

// table writes the results, the measured ones first in the order run,
// each with its floor and the ratio; floors on their own below.
func table(w io.Writer, res map[string]result, order []string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "package\tbenchmark\ttime/op\tfloor\tfloor/op\tratio")
	var alone []string
	for _, key := range order {
		r := res[key]
		// A sub-benchmark (Intake1000/SSH-ed25519) goes with the same
		// sub-benchmark of its floor, or with the floor itself.
		base, sub, _ := strings.Cut(r.name, "/")
		floor, listed := floors[r.pkg+"/"+base]
		if !listed {
			floor = "(not in scripts/benchtable)"
		}
		if floor == "" {
			alone = append(alone, key)
			continue
		}
		f, ok := res[r.pkg+"/"+floor+"/"+sub]
		if ok {
			floor += "/" + sub
		} else {
			f, ok = res[r.pkg+"/"+floor]
		}
		if !ok {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t-\t-\n", r.pkg, r.name, human(r.nsPerOp), floor)
			continue
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%.1fx\n", r.pkg, r.name, human(r.nsPerOp), floor, human(f.nsPerOp), r.nsPerOp/f.nsPerOp)
	}
	sort.Strings(alone)
	for _, key := range alone {
		r := res[key]
		fmt.Fprintf(tw, "%s\t%s\t%s\t-\t-\t-\n", r.pkg, r.name, human(r.nsPerOp))
	}
	tw.Flush()
	sizes(w, res, order)
}

// sizes writes, below the times, each size a benchmark reports beside the
// same size of its floor (a mail's bytes beside the same mail's before
// the palette, say), if any benchmark reports one.
func sizes(w io.Writer, res map[string]result, order []string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := false
	for _, key := range order {
		r := res[key]
		floor := floors[r.pkg+"/"+r.name]
		f, ok := res[r.pkg+"/"+floor]
		for _, u := range r.units {
			if !head {
				fmt.Fprintln(w)
				fmt.Fprintln(tw, "package\tbenchmark\tsize\tfloor\tfloor's\tratio")
				head = true
			}
			if fv, has := f.sizes[u]; ok && floor != "" && has && fv > 0 {
				fmt.Fprintf(tw, "%s\t%s\t%s %s\t%s\t%s\t%.2fx\n", r.pkg, r.name, kb(r.sizes[u]), u, floor, kb(fv), r.sizes[u]/fv)
			} else {
				fmt.Fprintf(tw, "%s\t%s\t%s %s\t-\t-\t-\n", r.pkg, r.name, kb(r.sizes[u]), u)
			}
		}
	}
	tw.Flush()
}

// kb writes a size in bytes as KB (1024 bytes), as the budgets are given.
func kb(n float64) string { return fmt.Sprintf("%.1f KB", n/1024) }

func main() {
	res, order, err := read(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchtable:", err)
		os.Exit(1)
	}
	if len(res) == 0 {
		fmt.Fprintln(os.Stderr, "benchtable: no benchmark results on the input")
		os.Exit(1)
	}
	table(os.Stdout, res, order)
}
