package main

import (
	"flag"
	"strings"

	"pbem/engine"
	"pbem/engine/rulesets"
)

// defaultSystem is the rules system commands that take -system use
// without it: the first the registry lists.
func defaultSystem() engine.Ruleset { return rulesets.All()[0] }

// systemFlag is the -system flag.
func systemFlag(fs *flag.FlagSet, o *options) {
	var names []string
	for _, r := range rulesets.All() {
		names = append(names, r.Name())
	}
	fs.StringVar(&o.system, "system", defaultSystem().Name(), "the rules `system`, one of: "+strings.Join(names, ", "))
}

// everySystemFlag is -system for a command that, without it, speaks of
// every rules system.
func everySystemFlag(fs *flag.FlagSet, o *options) {
	var names []string
	for _, r := range rulesets.All() {
		names = append(names, r.Name())
	}
	fs.StringVar(&o.system, "system", "", "the rules `system`, one of: "+strings.Join(names, ", ")+" (none: every system)")
}

// systemOf is the rules system -system names, or false after saying why.
func systemOf(e *env, o *options) (engine.Ruleset, bool) {
	rs, err := rulesets.Lookup(o.system)
	if err != nil {
		complain(e, o, err.Error())
		return nil, false
	}
	return rs, true
}
