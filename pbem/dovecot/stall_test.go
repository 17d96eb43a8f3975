package dovecot

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"pbem/orders/sig"
	"pbem/pbem/daemon"
	"pbem/pbem/store"
)

// maxMail is the configuration's largest mail in TestIntakeNeverStalls.
const maxMail = 64 << 20

// peakBound is the most the daemon may hold in memory (its peak resident
// set) while it takes in a batch of mails of up to maxMail each: the
// fetch holds at most maxMail bytes of mail at a time, and reading and
// verifying one mail costs up to three times its size at its peak (its
// bytes, the decoded attachment of a signed file, and the last mail's
// garbage not yet collected); the rest is the daemon itself. Measured:
// 204 to 328 MiB.
const peakBound = 4*maxMail + 128<<20

// Issue 15: no mail stalls the intake. A 40,000-character Message-ID, a
// 40,000-character From, a 60 MB mail and a batch of 50 MB mails (one a
// signed order with a large attachment) go into the referee's Dovecot
// mailbox before a valid signed order: the order is acknowledged within
// seconds, each bad mail has its record, and the daemon's peak memory
// stays under peakBound.
func TestIntakeNeverStalls(t *testing.T) {
	s := newSite(t, 9, fmt.Sprintf("max_mail = %d", maxMail))
	s.start()
	s.newGame()
	st := s.state()
	deliver := func(from string, raw []byte) {
		t.Helper()
		if err := dove.Deliver(s.addr(from), []string{s.referee()}, raw); err != nil {
			t.Fatal(err)
		}
	}
	long := strings.Repeat("x", 40000)
	deliver("Anna", []byte("From: Anna <"+s.addr("Anna")+">\r\nMessage-ID: <"+long+"@club.example>\r\nSubject: hi\r\n\r\nhello\r\n"))
	deliver("Stranger", []byte("From: <"+long+"@club.example>\r\nMessage-ID: <longfrom@club.example>\r\nSubject: hi\r\n\r\nhello\r\n"))
	deliver("Anna", bigMail(s.addr("Anna"), s.referee(), "big60", "hello", nil, 60<<20))
	for i := range 2 {
		deliver("Stranger", bigMail(s.addr("Stranger"), s.referee(), fmt.Sprintf("big50-%d", i), "buy now", nil, 50<<20))
	}
	file := s.orders(st, "DE", "ben-setup-001", false)
	armored, err := sig.SignSSH(s.keys["Ben"], []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	deliver("Ben", bigMail(s.addr("Ben"), s.referee(), "big-signed", "", [][2]string{{"orders.txt", file}, {"orders.txt.sig", string(armored)}}, 50<<20))
	last := s.orders(st, "DE", "ben-setup-002", false)
	start := time.Now()
	s.send("Ben", last)
	s.eventually("both of Ben's files acknowledged", func() bool { return count(s.inbox("Ben"), "ACCEPTED") == 2 })
	took := time.Since(start)
	peak := peakRSS(t, s.daemon.Process.Pid)
	t.Logf("the last order acknowledged %v after it was delivered; the daemon's peak memory %d MiB (bound %d MiB)", took.Round(time.Millisecond), peak>>20, peakBound>>20)
	if took > 30*time.Second {
		t.Errorf("the order was acknowledged %v after it was delivered", took)
	}
	if peak > peakBound {
		t.Errorf("the daemon's peak memory is %d MiB, over %d MiB", peak>>20, peakBound>>20)
	}
	s.eventually("every mail handled", func() bool {
		done, err := dove.Mail(s.referee(), "Done")
		return err == nil && len(done) == 7
	})
	// Anna (a seat) is answered about her long Message-ID and her 60 MB
	// mail; the stranger, never.
	s.eventually("Anna's replies", func() bool { return len(s.inbox("Anna")) >= 3 })
	if n := len(s.relay.Sent(s.addr("Stranger"))); n != 0 {
		t.Errorf("%d replies to mail from an address of no game", n)
	}
	resp, ok, err := daemon.Call(filepath.Join(s.dir, "pbem.db.sock"), daemon.Request{Cmd: "mail-list"})
	if !ok || err != nil || !strings.Contains(resp.Text, "unanswered: 2 mails from addresses of no game") || !strings.Contains(resp.Text, "quarantined: 0 mails") {
		t.Errorf("mail list: %v %v\n%s", ok, err, resp.Text)
	}
	s.stop()
	db, err := store.Open(filepath.Join(s.dir, "pbem.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_ = db.View(func(tx *store.Tx) error {
		links, _ := tx.Chain("")
		game, _ := tx.Chain("t1")
		all := bytes.Join(append(links, game...), nil)
		if n := bytes.Count(all, []byte("kind: mail-in")); n != 7 {
			t.Errorf("%d mails in the chains, want 7", n)
		}
		for _, l := range append(links, game...) {
			if len(l) > 4000 {
				t.Errorf("a link of %d bytes", len(l))
			}
		}
		return nil
	})
}

// bigMail is a mail from from with text as its body, the files attached
// as text, and size bytes of random-looking data attached in base64.
func bigMail(from, to, id, text string, files [][2]string, size int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: orders\r\nMessage-ID: <%s@club.example>\r\nMIME-Version: 1.0\r\n"+
		"Content-Type: multipart/mixed; boundary=\"b0undary\"\r\n\r\n--b0undary\r\nContent-Type: text/plain\r\n\r\n%s\r\n", from, to, id, text)
	for _, f := range files {
		fmt.Fprintf(&b, "--b0undary\r\nContent-Type: text/plain\r\nContent-Disposition: attachment; filename=%q\r\n\r\n%s\r\n", f[0], strings.ReplaceAll(f[1], "\n", "\r\n"))
	}
	b.WriteString("--b0undary\r\nContent-Type: application/octet-stream\r\nContent-Disposition: attachment; filename=\"photo.jpg\"\r\nContent-Transfer-Encoding: base64\r\n\r\n")
	line := make([]byte, 57)
	for i := 0; b.Len() < size; i++ {
		for j := range line {
			line[j] = byte(i*31 + j*7)
		}
		b.WriteString(base64.StdEncoding.EncodeToString(line) + "\r\n")
	}
	b.WriteString("--b0undary--\r\n")
	return b.Bytes()
}

// peakRSS is the peak resident set of process pid (VmHWM), in bytes.
func peakRSS(t *testing.T, pid int) int64 {
	t.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmHWM")
	return 0
}
