package main

import (
	"fmt"
	"os"

	"pbem/pbem/adjudicate"
)

var adjudicateCmd = &command{
	name:    "adjudicate",
	usage:   "FILE|DIR...",
	summary: "run adjudication cases and print each verdict",
	help: `Runs adjudication cases: each FILE sets up a position, gives one window's
orders, standing orders and forced die rolls, and states what must happen
(see pbem/adjudicate for the format); a DIR gives its .case files, and its
other files are left alone. Prints PASS or FAIL per case, with the failed
expectations and the events, and exits 1 if any case fails.`,
	run: func(e *env, o *options, args []string) int {
		if len(args) == 0 {
			return usageError
		}
		var paths []string
		for _, a := range args {
			if fi, err := os.Stat(a); err != nil || !fi.IsDir() {
				paths = append(paths, a)
				continue
			}
			cases, err := adjudicate.Files(a)
			if err != nil || len(cases) == 0 {
				fmt.Fprintf(e.stderr, "pbem adjudicate: the directory %s holds no .case file\n", a)
				return 1
			}
			paths = append(paths, cases...)
		}
		failed := 0
		for _, path := range paths {
			r := adjudicate.RunFile(path)
			if r.Pass() {
				fmt.Fprintf(e.stdout, "PASS %s  %s\n", path, r.Title)
				continue
			}
			failed++
			fmt.Fprintf(e.stdout, "FAIL %s  %s\n", path, r.Title)
			for _, f := range r.Failures {
				fmt.Fprintf(e.stdout, "    %s\n", f)
			}
			fmt.Fprintln(e.stdout, "    events:")
			for _, ev := range r.Events {
				fmt.Fprintf(e.stdout, "      %s\n", ev)
			}
		}
		fmt.Fprintf(e.stdout, "%d cases, %d failed\n", len(paths), failed)
		if failed > 0 {
			return 1
		}
		return 0
	},
}
