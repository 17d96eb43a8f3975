package daemon

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeDaemon listens on a socket in a temporary directory and hands each
// connection, once its request is read, to answer.
func fakeDaemon(t *testing.T, answer func(net.Conn, Request)) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "pbem.sock")
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			var req Request
			if err := json.NewDecoder(bufio.NewReader(conn)).Decode(&req); err == nil {
				answer(conn, req)
			}
			conn.Close()
		}
	}()
	return path
}

// A daemon that takes the request and dies before answering (here: closes
// the connection) is a LostError, which tells the operator the request may
// or may not have been done, how to look, and whether to run it again.
func TestCallLost(t *testing.T) {
	got := make(chan Request, 1)
	path := fakeDaemon(t, func(_ net.Conn, req Request) {
		select {
		case got <- req:
		default:
		}
	})
	_, ok, err := Call(path, Request{Cmd: "process-now", Game: "t1", Who: "Mo"})
	var lost *LostError
	if !ok || !errors.As(err, &lost) || !errors.Is(err, io.EOF) {
		t.Fatalf("ok %v, err %v", ok, err)
	}
	if req := <-got; req.Cmd != "process-now" || req.Game != "t1" {
		t.Errorf("the daemon got %+v", req)
	}
	msg := err.Error()
	for _, want := range []string{
		"the daemon stopped, or the connection to it broke, before it answered (EOF, control socket " + path + ")",
		"may or may not have been carried out",
		"pbem game show t1",
		"systemctl status pbem; journalctl -u pbem",
		"Do not run it again before looking",
		"resolve the next window too",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("no %q in:\n%s", want, msg)
		}
	}

	// A command that changes nothing says so, and no more.
	_, _, err = Call(path, Request{Cmd: "games"})
	if msg := err.Error(); !strings.Contains(msg, "It changes nothing: it is safe to run again.") || strings.Contains(msg, "may or may not") {
		t.Errorf("games:\n%s", msg)
	}

	// A backup's leftover is named, and repeating it is safe.
	_, _, err = Call(path, Request{Cmd: "backup", Path: "/var/backups/pbem/monday.db"})
	if msg := err.Error(); !strings.Contains(msg, "monday.db.part-DIGITS: remove it") || !strings.Contains(msg, "It is safe to run again.") {
		t.Errorf("backup:\n%s", msg)
	}
}

// A daemon that does not answer in time may still be at work: the
// message says so rather than that it stopped.
func TestLostTimeout(t *testing.T) {
	msg := (&LostError{Req: Request{Cmd: "extend", Game: "t1"}, Socket: "/run/pbem.sock", Err: os.ErrDeadlineExceeded}).Error()
	for _, want := range []string{"did not answer within 2m (control socket", "may still be carrying it out", "each run moves the deadline again"} {
		if !strings.Contains(msg, want) {
			t.Errorf("no %q in:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "stopped") {
		t.Errorf("a slow daemon is said to have stopped:\n%s", msg)
	}
}

// No daemon: no socket, or a socket no one listens on (a daemon killed
// leaves it). Call says so, so that the command opens the file itself.
func TestCallNoDaemon(t *testing.T) {
	dir := t.TempDir()
	if _, ok, err := Call(filepath.Join(dir, "none.sock"), Request{Cmd: "games"}); ok || err != nil {
		t.Errorf("no socket: ok %v, err %v", ok, err)
	}
	stale := filepath.Join(dir, "stale.sock")
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: stale, Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	ln.SetUnlinkOnClose(false)
	ln.Close()
	if _, err := os.Stat(stale); err != nil {
		t.Fatal(err)
	}
	if _, ok, err := Call(stale, Request{Cmd: "games"}); ok || err != nil {
		t.Errorf("a stale socket: ok %v, err %v", ok, err)
	}
}

// accepted is a listener that tells when it has accepted a connection.
type accepted struct {
	net.Listener
	conns chan struct{}
}

func (a accepted) Accept() (net.Conn, error) {
	c, err := a.Listener.Accept()
	if err == nil {
		a.conns <- struct{}{}
	}
	return c, err
}

// A request the daemon has read but not yet started when it stops (or
// reloads) is answered: not carried out, ask again.
func TestControlStopping(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pbem.sock")
	ln, err := listen(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events := make(chan event) // no referee loop takes them
	conns := make(chan struct{}, 1)
	served := make(chan error, 1)
	go func() {
		served <- serveControl(ctx, accepted{ln, conns}, events, slog.New(slog.DiscardHandler))
	}()
	type result struct {
		resp Response
		ok   bool
		err  error
	}
	called := make(chan result, 1)
	go func() {
		resp, ok, err := Call(path, Request{Cmd: "process-now", Game: "t1"})
		called <- result{resp, ok, err}
	}()
	<-conns
	cancel()
	r := <-called
	if !r.ok || r.err != nil || !r.resp.Stopping || !strings.Contains(r.resp.Error, "not carried out") {
		t.Errorf("ok %v, err %v, %+v", r.ok, r.err, r.resp)
	}
	if err := <-served; err != nil {
		t.Errorf("serveControl: %v", err)
	}
}

// Every command has its own advice for when the daemon is lost.
func TestAfterLossEveryCommand(t *testing.T) {
	_, fallback := afterLoss(Request{Cmd: "no such command"})
	for _, cmd := range []string{"games", "show", "report", "render", "audit", "export", "new", "pause", "resume", "extend",
		"process-now", "replace-player", "key-list", "key-add", "key-remove", "backup", "mail-list", "mail-retry"} {
		if _, again := afterLoss(Request{Cmd: cmd, Game: "t1"}); again == fallback {
			t.Errorf("%s: no advice of its own", cmd)
		}
	}
}
