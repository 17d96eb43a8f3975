// Benchtable reads the output of `go test -bench` on its standard input
// and prints one table: each benchmark's time per operation beside the
// floor it is measured against in the same run (the least any way of
// doing the same work can cost), and their ratio; then the sizes the
// benchmarks report, each beside its floor's. A family measured at
// several sizes (Games/resolve/games=300) has for floor the same
// operation at its smallest size (Games/resolve/games=1). `make bench`
// runs it.
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

// families are the benchmarks whose sub-benchmarks end in a size,
// KEY=N: each figure's floor is the same sub-benchmark at the size given
// here, from the same run (what the work costs when there is nothing
// else). A figure at that size is itself a floor.
var families = map[string]string{
	"pbem/referee/Games": "games=1", // Games/OPERATION/games=N, issue 20
}

// result is one benchmark's figure, and the sizes it reports
// (b.ReportMetric units with "bytes" in them, bytes/mail, median-bytes;
// or in MB, db-MB).
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
			if err == nil && isSize(f[i+1]) {
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
		floor, f, ok, isFloor := floorOf(res, r)
		if isFloor {
			alone = append(alone, key)
			continue
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

// floorOf is r's floor: its name as the table shows it, and its result
// if the run has one; isFloor when r is measured on its own.
func floorOf(res map[string]result, r result) (name string, f result, ok, isFloor bool) {
	base, sub, _ := strings.Cut(r.name, "/")
	if size, family := families[r.pkg+"/"+base]; family {
		i := strings.LastIndex(r.name, "/")
		key, _, _ := strings.Cut(size, "=")
		if i < 0 || r.name[i+1:] == size || !strings.HasPrefix(r.name[i+1:], key+"=") {
			return "", result{}, false, true
		}
		name = r.name[:i+1] + size
		f, ok = res[r.pkg+"/"+name]
		return name, f, ok, false
	}
	floor, listed := floors[r.pkg+"/"+base]
	switch {
	case !listed:
		return "(not in scripts/benchtable)", result{}, false, false
	case floor == "":
		return "", result{}, false, true
	}
	// A sub-benchmark (Intake1000/SSH-ed25519) goes with the same
	// sub-benchmark of its floor, or with the floor itself.
	if f, ok = res[r.pkg+"/"+floor+"/"+sub]; ok && sub != "" {
		return floor + "/" + sub, f, true, false
	}
	f, ok = res[r.pkg+"/"+floor]
	return floor, f, ok, false
}

// sizes writes, below the times, each size a benchmark reports beside the
// same size of its floor (a mail's bytes beside the same mail's before
// the palette, say), if any benchmark reports one.
func sizes(w io.Writer, res map[string]result, order []string) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := false
	for _, key := range order {
		r := res[key]
		floor, f, ok, isFloor := floorOf(res, r)
		for _, u := range r.units {
			if !head {
				fmt.Fprintln(w)
				fmt.Fprintln(tw, "package\tbenchmark\tsize\tfloor\tfloor's\tratio")
				head = true
			}
			if fv, has := f.sizes[u]; ok && !isFloor && has && fv > 0 {
				fmt.Fprintf(tw, "%s\t%s\t%s %s\t%s\t%s\t%.2fx\n", r.pkg, r.name, size(r.sizes[u], u), u, floor, size(fv, u), r.sizes[u]/fv)
			} else {
				fmt.Fprintf(tw, "%s\t%s\t%s %s\t-\t-\t-\n", r.pkg, r.name, size(r.sizes[u], u), u)
			}
		}
	}
	tw.Flush()
}

// isSize reports whether a b.ReportMetric unit is a size: in bytes
// (bytes/mail, max-bytes) or in MB (db-MB). B/op is no size of the work.
func isSize(unit string) bool {
	return strings.Contains(unit, "bytes") || strings.HasSuffix(unit, "MB")
}

// size writes a size reported in unit: bytes as KB (1024 bytes), as the
// budgets are given; MB as they are.
func size(v float64, unit string) string {
	if strings.HasSuffix(unit, "MB") {
		return fmt.Sprintf("%.1f MB", v)
	}
	return fmt.Sprintf("%.1f KB", v/1024)
}

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
