package main

import (
	"flag"
	"fmt"
	"strconv"

	"pbem/pbem/daemon"
)

// The operator's view of the outbox: after the mail server was down for
// longer than the retries last (smtp.retry doubling, smtp.max_attempts),
// the mails given up are listed and sent again.
var (
	mailList = &command{
		name: "mail list", usage: "[-c pbem.toml]", summary: "list the mail not delivered, and the mail put aside",
		help: `Lists every mail the referee has not delivered: the outbox (each mail with its
failed attempts, the last error and the next try) and the mail given up after
smtp.max_attempts attempts or a permanent refusal. pbem mail retry sends
those again. Then the mail received that the referee put aside in the
quarantine folder after failing to take it in (docs/operations.md), and how
many mails from addresses of no game went unanswered.`,
		flags: configFlag,
		run: func(e *env, o *options, args []string) int {
			if len(args) != 0 {
				return usageError
			}
			return admin(e, o, daemon.Request{Cmd: "mail-list"})
		},
	}
	mailRetry = &command{
		name: "mail retry", usage: "[-c pbem.toml] -given-up | SEQ...", summary: "send again mail given up",
		help: `Puts mail given up back in the outbox, to be sent at once, with its attempts
counted afresh: the mails numbered SEQ (as pbem mail list shows them), or with
-given-up every one. Each keeps its Message-ID: a player who got it after
all sees the same mail twice, not two mails.`,
		flags: func(fs *flag.FlagSet, o *options) {
			configFlag(fs, o)
			fs.BoolVar(&o.givenUp, "given-up", false, "every mail given up")
		},
		run: func(e *env, o *options, args []string) int {
			if len(args) == 0 == !o.givenUp {
				return usageError
			}
			var seqs []uint64
			for _, a := range args {
				n, err := strconv.ParseUint(a, 10, 64)
				if err != nil || n == 0 {
					fmt.Fprintf(e.stderr, "pbem mail retry: %q is not a mail's number (pbem mail list shows them)\n", a)
					return 2
				}
				seqs = append(seqs, n)
			}
			return admin(e, o, daemon.Request{Cmd: "mail-retry", Seqs: seqs})
		},
	}
)
