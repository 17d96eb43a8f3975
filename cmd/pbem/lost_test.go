package main

import (
	"bufio"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"pbem/pbem/daemon"
	"pbem/pbem/store"
)

// A command whose daemon takes the request and dies before answering
// says so, with what to look at, and exits 3; with no daemon it works on
// the file; with the file held and no one on the socket it says that.
func TestAdminLostDaemon(t *testing.T) {
	s := newSite(t)
	s.newGame()
	if code, out, errs := s.pbem("game list"); code != 0 || !strings.Contains(out, "t1") {
		t.Fatalf("no daemon, on the file: %d %q %s", code, out, errs)
	}

	sock := filepath.Join(s.dir, "pbem.db.sock") // the configuration's default
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan daemon.Request, 4)
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			var req daemon.Request
			if json.NewDecoder(bufio.NewReader(conn)).Decode(&req) == nil {
				got <- req
			}
			conn.Close() // as kill -9 would, the request read and unanswered
		}
	}()
	code, out, errs := s.pbem("game process-now", "-as", "Mo", "-why", "all in", "t1")
	if req := <-got; req.Cmd != "process-now" || req.Game != "t1" {
		t.Errorf("the daemon got %+v", req)
	}
	if code != 3 || out != "" {
		t.Errorf("exit %d, stdout %q", code, out)
	}
	for _, want := range []string{
		"pbem game process-now: the daemon stopped, or the connection to it broke, before it answered (EOF, control socket " + sock + ")",
		"The request may or may not have been carried out.",
		"pbem game show t1",
		"journalctl -u pbem",
		"Do not run it again before looking",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("no %q in:\n%s", want, errs)
		}
	}
	if strings.Contains(errs, "\nEOF") || strings.HasSuffix(errs, ": EOF\n") {
		t.Errorf("the bare EOF of before:\n%s", errs)
	}
	ln.Close()

	// The file held by another process, and no one on the socket.
	db, err := store.Open(filepath.Join(s.dir, "pbem.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	code, _, errs = s.pbem("game list")
	if code != 1 || !strings.Contains(errs, "in use by another pbem process") || !strings.Contains(errs, "nothing answers on its control socket "+sock) {
		t.Errorf("the file held: %d\n%s", code, errs)
	}
}

// A daemon that says it is stopping did not carry the request out: the
// command asks again, and takes the answer that comes.
func TestAdminDaemonStopping(t *testing.T) {
	s := newSite(t)
	ln, err := net.Listen("unix", filepath.Join(s.dir, "pbem.db.sock"))
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		answers := []daemon.Response{{Error: "stopping", Stopping: true}, {Text: "t1 ...\n"}}
		for _, a := range answers {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			var req daemon.Request
			if json.NewDecoder(bufio.NewReader(conn)).Decode(&req) == nil {
				_ = json.NewEncoder(conn).Encode(a)
			}
			conn.Close()
		}
	}()
	if code, out, errs := s.pbem("game list"); code != 0 || out != "t1 ...\n" || errs != "" {
		t.Errorf("%d %q %s", code, out, errs)
	}
}

// The daemon, killed as it resolves a window that process-now asked
// for, leaves the command saying so; the window was resolved, and
// running process-now again resolves the next one, as the message warns.
// Started again, the daemon removes the copy a backup left unfinished,
// and nothing else.
func TestCommandOutlivesDaemon(t *testing.T) {
	s := newSite(t)
	backups := filepath.Join(s.dir, "backups")
	if err := os.Mkdir(backups, 0o700); err != nil {
		t.Fatal(err)
	}
	cfg, err := os.ReadFile(s.cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg = []byte(strings.Replace(string(cfg), "[referee]\n", "[referee]\nbackups = \""+backups+"\"\n", 1))
	if err := os.WriteFile(s.cfg, cfg, 0o600); err != nil {
		t.Fatal(err)
	}
	s.newGame()
	startWith(s, "PBEM_CRASH_AT=resolve-after-commit:1")
	code, _, errs := s.pbem("game process-now", "-as", "Mo", "t1")
	if code != 3 || !strings.Contains(errs, "may or may not have been carried out") {
		t.Errorf("process-now: %d\n%s", code, errs)
	}
	if err := waitExit(s); err == nil || !strings.Contains(err.Error(), "killed") {
		t.Fatalf("the daemon: %v\n%s", err, s.logs)
	}
	// The crash came after the commit: resolved, as game show tells.
	if code, out, errs := s.pbem("game show", "t1"); code != 0 || !strings.Contains(out, "open window: GT1 RU-MOVE") || !strings.Contains(out, "windows resolved: 1") {
		t.Fatalf("game show: %d %s %s", code, out, errs)
	}

	// What a backup killed mid-copy leaves, beside what is not its own.
	part := filepath.Join(backups, "pbem-20261122T180000Z-t1-GT1-DE-SETUP.db.part-2266013445")
	if err := os.WriteFile(part, make([]byte, 4096), 0o600); err != nil {
		t.Fatal(err)
	}
	others := []string{"notes.part-1", "pbem-20261122T180000Z-t1-GT1-DE-SETUP.db.part-1.txt"}
	for _, name := range others {
		if err := os.WriteFile(filepath.Join(backups, name), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	startWith(s) // its socket, left by the killed one, is there already
	if _, err := os.Stat(part); !os.IsNotExist(err) {
		t.Errorf("the unfinished backup is still there: %v", err)
	}
	if !strings.Contains(s.logs.String(), `level=INFO msg="removed an unfinished backup left by a crash" file=`+part+" bytes=4096") {
		t.Errorf("no log of the removal:\n%s", s.logs)
	}
	for _, name := range others {
		if _, err := os.Stat(filepath.Join(backups, name)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// Run again, process-now resolves the window after: the reason not
	// to repeat it blindly.
	if code, _, errs := s.pbem("game process-now", "-as", "Mo", "t1"); code != 0 {
		t.Fatalf("process-now again: %d %s", code, errs)
	}
	if code, out, _ := s.pbem("game show", "t1"); code != 0 || strings.Contains(out, "open window: GT1 RU-MOVE") || !strings.Contains(out, "windows resolved: 2") {
		t.Errorf("game show after process-now again: %d %s", code, out)
	}
	if err := s.stop(syscall.SIGTERM); err != nil {
		t.Errorf("SIGTERM: %v\n%s", err, s.logs)
	}
}

// startWith starts the daemon with env added to its environment.
func startWith(s *site, env ...string) {
	s.t.Helper()
	s.logs = &lockedBuffer{}
	s.daemon = exec.Command(pbemBinary(s.t), "serve", "-c", s.cfg)
	s.daemon.Env = append(os.Environ(), env...)
	s.daemon.Stdout, s.daemon.Stderr = s.logs, s.logs
	if err := s.daemon.Start(); err != nil {
		s.t.Fatal(err)
	}
	s.eventually("the control socket", func() bool {
		_, ok, _ := daemon.Call(filepath.Join(s.dir, "pbem.db.sock"), daemon.Request{Cmd: "games"})
		return ok
	})
}

// waitExit waits for the daemon to end by itself.
func waitExit(s *site) error {
	s.t.Helper()
	done := make(chan error, 1)
	go func() { done <- s.daemon.Wait() }()
	select {
	case err := <-done:
		return err
	case <-time.After(15 * time.Second):
		s.daemon.Process.Kill()
		s.t.Fatalf("the daemon did not end; its log:\n%s", s.logs)
		return nil
	}
}
