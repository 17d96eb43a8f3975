// Benchtable reads the output of `go test -bench` on its standard input
// and prints one table: each benchmark's time per operation beside the
// floor it is measured against in the same run (the least any way of
// doing the same work can cost), and their ratio. `make bench` runs it.
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
	"pbem/referee/AuditWholeGame":              "FloorReplayWholeGame",
	"pbem/referee/FloorReplayWholeGame":        "",
	"pbem/play/GameTurn":                       "FloorBFSMap",
	"pbem/play/SupplyBothSides":                "FloorBFSMap",
	"pbem/play/FloorBFSMap":                    "",
	"cmd/pbem/RenderTannenberg":                "FloorFillTannenberg",
	"cmd/pbem/FloorFillTannenberg":             "",
	"cmd/pbem/LoadTannenberg":                  "",
}

// result is one benchmark's figure.
type result struct {
	pkg, name string
	nsPerOp   float64
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
		out[key] = result{pkg, m[1], ns}
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
