package main

import (
	"flag"
	"fmt"
	"runtime"
	"runtime/debug"

	"pbem/engine/rulesets"
)

// version is set by `make build` (-ldflags -X main.version=...) to what
// `git describe` says of the commit built; a plain go build leaves "dev".
var version = "dev"

// commit is set by `make build` to the commit built; otherwise Go's own
// record of it is used, when the build made one (-buildvcs).
var commit = ""

var versionCmd = &command{
	name:    "version",
	usage:   "",
	summary: "print pbem's version, the commit it was built from, and the rules engines",
	help:    "Prints the version (set by make build), the commit and its time as Go recorded them at build time, whether the tree had uncommitted changes, the Go version, and the version of each rules engine, which the audit chain records for every window (docs/audit.md).",
	flags:   func(fs *flag.FlagSet, o *options) {},
	run: func(e *env, o *options, args []string) int {
		if len(args) != 0 {
			return usageError
		}
		commit, when, dirty := commit, "", false
		if info, ok := debug.ReadBuildInfo(); ok {
			for _, s := range info.Settings {
				switch s.Key {
				case "vcs.revision":
					if commit == "" {
						commit = s.Value
					}
				case "vcs.time":
					when = s.Value
				case "vcs.modified":
					dirty = s.Value == "true"
				}
			}
		}
		if commit == "" {
			commit = "unknown"
		}
		fmt.Fprintf(e.stdout, "pbem %s\ncommit %s", version, commit)
		if when != "" {
			fmt.Fprintf(e.stdout, " (%s)", when)
		}
		if dirty {
			fmt.Fprint(e.stdout, " with uncommitted changes")
		}
		fmt.Fprintf(e.stdout, "\n%s %s/%s\n", runtime.Version(), runtime.GOOS, runtime.GOARCH)
		for _, rs := range rulesets.All() {
			fmt.Fprintf(e.stdout, "rules engine %s %d\n", rs.Name(), rs.Version())
		}
		return 0
	},
}
