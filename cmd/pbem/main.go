// Command pbem is the play-by-email wargame referee: one binary with
// subcommands. `pbem help` lists them; `pbem help CMD` explains one.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"pbem/pbem/referee"
)

// command is one subcommand.
type command struct {
	name    string
	usage   string // arguments, after the name
	summary string
	help    string
	flags   func(fs *flag.FlagSet, o *options) // nil if it takes none
	run     func(e *env, o *options, args []string) int
}

// options holds every flag value; each command registers the flags it uses.
type options struct {
	cmd string // the command as typed ("game pause"), which its messages name

	dir      string // -scenarios: a game directory replacing the embedded data
	scenario string // -scenario
	system   string // -system: a rules system by name
	out      string // -o
	hexPx    float64
	seed     string // -seed
	turns    int    // -turns
	games    int    // -games
	pair     string // -pair

	// The daemon and its administration.
	config      string // -c
	game        string
	who, why    string
	players     list
	moderators  list
	gameOptions list
	deadlines   list
	nmr, tz     string
	by          time.Duration
	remind      time.Duration
	early       time.Duration
	grace       time.Duration
	maxPause    time.Duration
	listen      bool
	hand        string // demo -hand
	givenUp     bool   // mail retry -given-up
	imap, smtp  string
	at, days    string
	fog         string
	asJSON      bool
	anyEngine   bool
	moderator   bool // export -moderator: the full archive of a running game
	force       bool // game archive -force: a game still running
	archived    bool // game list -archived
	all         bool // game list -all
	old         string
	side, name  string
	address     string
	key         string
}

// env is what a command may touch: its streams. Tests swap them.
type env struct {
	stdout, stderr io.Writer
}

var commands []*command

func init() {
	commands = []*command{scenarioList, scenarioCheck, scenarioHex, renderCmd, ordersCmd, ordersCheck, ordersTemplate, signCmd, selfplayCmd, adjudicateCmd, rulingsCmd, optionsCmd,
		serveCmd, backupCmd, gameNew, gameList, gameShow, gamePause, gameResume, gameExtend, gameProcessNow, gameReplacePlayer, reportCmd, auditCmd, exportCmd, keyAdd, keyList, keyRemove, mailList, mailRetry, versionCmd, demoCmd,
		gameArchive, gameRestore, compactCmd}
}

func main() {
	os.Exit(run(&env{stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:]))
}

func run(e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return 2
	}
	if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		return help(e, args[1:])
	}
	c, rest := lookup(args)
	if c == nil && group(args[0]) != nil {
		if len(args) > 1 && !strings.HasPrefix(args[1], "-") {
			fmt.Fprintf(e.stderr, "pbem %s: unknown subcommand %q\n\n", args[0], args[1])
		}
		groupUsage(e.stderr, args[0])
		return 2
	}
	if c == nil {
		fmt.Fprintf(e.stderr, "pbem: unknown command %q\n\n", strings.Join(args[:min(2, len(args))], " "))
		usage(e.stderr)
		return 2
	}
	o := &options{cmd: c.name}
	var said bytes.Buffer
	fs := c.flagSet(&said, o)
	if err := fs.Parse(rest); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			io.Copy(e.stderr, &said)
			return 0
		}
		complain(e, o, flagError(fs, err))
		fmt.Fprintln(e.stderr, strings.TrimSpace("usage: pbem "+c.name+" "+c.usage))
		fmt.Fprintf(e.stderr, "Run 'pbem help %s' for its flags.\n", c.name)
		return 2
	}
	fs.SetOutput(e.stderr)
	if flagAfter(e, c, rest, fs.Args()) {
		return 2
	}
	if code := c.run(e, o, fs.Args()); code != usageError {
		return code
	}
	fmt.Fprintln(e.stderr, strings.TrimSpace("usage: pbem "+c.name+" "+c.usage))
	return 2
}

// badValue is the flag package's error for a value it cannot read, which
// says no more than "parse error".
var badValue = regexp.MustCompile(`^invalid (?:boolean )?value "(.*)" for (?:flag )?-(\S+): `)

// flagError is a flag's error in words: for a value that does not parse,
// which flag and what it takes ("-by 3x: give a duration, such as 24h or
// 90m"), not the flag package's "parse error".
func flagError(fs *flag.FlagSet, err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: "); ok {
		return name + ": no such flag"
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: "); ok {
		return name + ": give its value after it"
	}
	m := badValue.FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	want := "a value of another form"
	if f := fs.Lookup(m[2]); f != nil {
		if g, ok := f.Value.(flag.Getter); ok {
			switch g.Get().(type) {
			case time.Duration:
				want = "a duration: a number and its unit (s, m or h), such as 24h, 90m or -12h"
			case int, int64, uint, uint64:
				want = "a whole number"
			case float64:
				want = "a number"
			case bool:
				want = "nothing, or =true or =false"
			}
		}
	}
	return fmt.Sprintf("-%s %s: give %s", m[2], m[1], want)
}

// usageError is what a command's run returns for arguments it cannot
// take: run prints the command's usage line and exits 2.
const usageError = -1

// lookup finds the longest command name matching the start of args
// ("scenario check" before "scenario").
func lookup(args []string) (*command, []string) {
	for n := min(2, len(args)); n >= 1; n-- {
		name := strings.Join(args[:n], " ")
		for _, c := range commands {
			if c.name == name {
				return c, args[n:]
			}
		}
	}
	return nil, nil
}

// group is the commands named "word SUBCOMMAND", nil if word is no group.
func group(word string) []*command {
	var g []*command
	for _, c := range commands {
		if strings.HasPrefix(c.name, word+" ") {
			g = append(g, c)
		}
	}
	return g
}

// groupUsage lists a group's subcommands, for "pbem scenario" alone.
func groupUsage(w io.Writer, word string) {
	fmt.Fprintf(w, "usage: pbem %s SUBCOMMAND [flags] [args]\n\nsubcommands:\n", word)
	for _, c := range group(word) {
		fmt.Fprintf(w, "  %-20s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\nRun 'pbem help %s SUBCOMMAND' for the details of one.\n", word)
}

// flagAfter refuses a flag given after the arguments, which Go's flag
// package would leave among them: "pbem export t1 -o x.tar" would not
// write x.tar. After "--" anything goes.
func flagAfter(e *env, c *command, given, args []string) bool {
	if n := len(given) - len(args); n > 0 && given[n-1] == "--" {
		return false
	}
	for i, a := range args {
		if i > 0 && len(a) > 1 && strings.HasPrefix(a, "-") {
			fmt.Fprintf(e.stderr, "pbem %s: %s comes after %s: flags go before the arguments\n", c.name, a, args[0])
			fmt.Fprintln(e.stderr, strings.TrimSpace("usage: pbem "+c.name+" "+c.usage))
			return true
		}
	}
	return false
}

// typed is the command as typed, for its messages: "pbem game pause".
func (o *options) typed() string {
	if o.cmd == "" {
		return "pbem"
	}
	return "pbem " + o.cmd
}

// complain prints a command's error, naming the command as typed ("pbem
// game pause: ..."). A message of several lines (every problem of a
// game's spec, say) gets one indented line each, as flagProblems prints
// them, unless its lines are indented already.
func complain(e *env, o *options, msg string) {
	name := o.typed()
	msg = strings.TrimRight(msg, "\n")
	first, rest, multi := strings.Cut(msg, "\n")
	if !multi || strings.HasPrefix(rest, " ") {
		fmt.Fprintf(e.stderr, "%s: %s\n", name, msg)
		return
	}
	if strings.HasSuffix(first, ":") {
		// "the game's spec:" then its problems.
		fmt.Fprintf(e.stderr, "%s: %s\n  %s\n", name, first, strings.ReplaceAll(rest, "\n", "\n  "))
		return
	}
	fmt.Fprintf(e.stderr, "%s:\n  %s\n", name, strings.ReplaceAll(msg, "\n", "\n  "))
}

// flagProblems prints the problems of a command's flag values, if any,
// and says whether there were.
func flagProblems(e *env, name string, problems []string) bool {
	if len(problems) == 0 {
		return false
	}
	fmt.Fprintln(e.stderr, "pbem "+name+":\n  "+strings.Join(problems, "\n  "))
	return true
}

func (c *command) flagSet(out io.Writer, o *options) *flag.FlagSet {
	fs := flag.NewFlagSet("pbem "+c.name, flag.ContinueOnError)
	fs.SetOutput(out)
	if c.flags != nil {
		c.flags(fs, o)
	}
	fs.Usage = func() {
		fmt.Fprintf(out, "usage: pbem %s %s\n", c.name, c.usage)
		printFlags(out, fs)
	}
	return fs
}

// printFlags lists a command's flags as the flag package does, but with
// their defaults as a person writes them (24h, not Go's 24h0m0s) and a
// value's kind in words (TEXT, not Go's string).
func printFlags(w io.Writer, fs *flag.FlagSet) {
	kinds := map[string]string{"string": "TEXT", "duration": "DURATION", "int": "N", "uint": "N", "float": "NUMBER", "value": "VALUE"}
	fs.VisitAll(func(f *flag.Flag) {
		kind, text := flag.UnquoteUsage(f)
		if k, ok := kinds[kind]; ok {
			kind = k
		}
		line := "  -" + f.Name
		if kind != "" {
			line += " " + kind
		}
		def := f.DefValue
		if g, ok := f.Value.(flag.Getter); ok {
			switch v := g.Get().(type) {
			case time.Duration:
				def = referee.Span(v)
				if v == 0 {
					def = ""
				}
			case string:
				if v != "" {
					def = strconv.Quote(v)
				}
			}
		}
		if def != "" && def != "0" && def != "false" {
			text += " (default " + def + ")"
		}
		fmt.Fprintf(w, "%s\n    \t%s\n", line, strings.ReplaceAll(text, "\n", "\n    \t"))
	})
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "pbem: a play-by-email referee for hex-and-counter wargames")
	fmt.Fprintln(w, "\nusage: pbem COMMAND [flags] [args]")
	fmt.Fprintln(w, "\ncommands:")
	sorted := append([]*command(nil), commands...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].name < sorted[j].name })
	width := 0
	for _, c := range sorted {
		width = max(width, len(c.name))
	}
	for _, c := range sorted {
		fmt.Fprintf(w, "  %-*s %s\n", width, c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'pbem help COMMAND' for the details of one command.")
}

func help(e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stdout)
		return 0
	}
	c, _ := lookup(args)
	if c == nil && len(args) == 1 && group(args[0]) != nil {
		groupUsage(e.stdout, args[0])
		return 0
	}
	if c == nil {
		fmt.Fprintf(e.stderr, "pbem help: unknown command %q\n", strings.Join(args, " "))
		return 2
	}
	fmt.Fprintf(e.stdout, "usage: pbem %s %s\n\n%s\n", c.name, c.usage, c.help)
	if c.flags != nil {
		fmt.Fprintln(e.stdout, "\nflags:")
		printFlags(e.stdout, c.flagSet(e.stdout, &options{}))
	}
	return 0
}
