// Package pbem will hold the daemon: configuration, IMAP intake, the bbolt
// store, the scheduler, the referee loop and the outbox (issue 6). It may
// import orders, render, templates, scenarios and engine, never cmd.
package pbem
