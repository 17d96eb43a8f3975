package demo

import (
	"bytes"
	"fmt"
	"io"
	"mime"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/emersion/go-message/mail"

	"pbem/pbem/audit"
	"pbem/pbem/config"
	"pbem/pbem/referee"
)

// writeMailboxes writes every mail delivered so far, and README.txt,
// which says what each file is.
func (d *demo) writeMailboxes() error {
	boxes, err := d.writeMails()
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(d.opt.Out, "README.txt"), []byte(readme(d.opt.Out, boxes)), 0o644)
}

// writeMails writes every mail delivered so far and returns what it
// wrote, by mailbox directory.
func (d *demo) writeMails() (map[string][]written, error) {
	res, opt := d.res, d.opt
	res.MailIn = len(d.sys.Received(refAddr))
	res.MailOut = 0
	boxes := map[string][]written{}
	for _, s := range d.seats {
		res.MailOut += len(d.sys.Received(s.addr))
		dir := strings.ToLower(s.name)
		w, err := writeMails(opt.Out, dir, d.sys.Received(s.addr))
		if err != nil {
			return nil, err
		}
		boxes[dir] = w
	}
	return boxes, nil
}

// writeOut writes every mail delivered so far, exports the game, audits
// the archive, writes README.txt and tells the verdict.
func (d *demo) writeOut() error {
	res, opt := d.res, d.opt
	boxes, err := d.writeMails()
	if err != nil {
		return err
	}
	// The archive, audited from the file alone.
	res.Archive = filepath.Join(opt.Out, game+".tar")
	if _, err := d.ref.Export(game, res.Archive, time.Now()); err != nil {
		return err
	}
	f, err := os.Open(res.Archive)
	if err != nil {
		return err
	}
	defer f.Close()
	ev, acat, err := audit.Import(f)
	if err != nil {
		return err
	}
	lines, aerr := audit.Run(ev, acat, audit.Options{})
	text := strings.Join(lines, "\n") + "\n"
	res.Verdict = "ok"
	if aerr != nil {
		res.Verdict = aerr.Error()
		text += "DISCREPANCY: " + aerr.Error() + "\n"
	}
	if err := os.WriteFile(filepath.Join(opt.Out, "audit.txt"), []byte(text), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(opt.Out, "README.txt"), []byte(readme(opt.Out, boxes)), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(opt.Log, "%s, %s, %s in, %d out; everything is in %s (start with %s)\n",
		referee.Count(res.Windows, "window"), referee.Count(res.Combats, "combat"), referee.Count(res.MailIn, "mail"), res.MailOut, opt.Out,
		filepath.Join(opt.Out, "README.txt"))
	fmt.Fprintf(opt.Log, "pbem audit %s: %s\n", res.Archive, res.Verdict)
	return nil
}

// written is the files one mail was written to, relative to the demo's
// directory, and its text.
type written struct {
	eml, text string
	attached  []string
	body      string
}

// attachment is the first file attached to w whose name starts with
// prefix, or "".
func (w written) attachment(prefix string) string {
	for _, a := range w.attached {
		if _, name, _ := strings.Cut(filepath.Base(a), "-"); strings.HasPrefix(name, prefix) {
			return a
		}
	}
	return ""
}

// readme is README.txt: what the demo wrote under out, for a newcomer,
// naming only files there (boxes: each mailbox's mails, by directory).
func readme(out string, boxes map[string][]written) string {
	var b strings.Builder
	b.WriteString("What pbem demo wrote here\n=========================\n\n")
	// First the moderator's newest report with its map: the whole story
	// of the last window resolved, and every unit of both sides.
	var first written
	for _, w := range boxes["mo"] {
		if w.text != "" && (first.text == "" || strings.Contains(w.body, "moderators' report") && w.attachment("map-") != "") {
			first = w
		}
	}
	if first.text != "" {
		text := "Open first: " + first.text + ", the newest report mailed to Mo, the game's moderator. " +
			"It tells what happened in the last window resolved, move by move and combat by combat, and lists every unit of both sides."
		if m := first.attachment("map-"); m != "" {
			text += " Its map is " + m + "."
		}
		text += " Then look at what each player was told of the same windows, in anna/ (the Russian) and ben/ (the German): " +
			"each sees only what his side may."
		b.WriteString(strings.Join(wrap(text, 72), "\n") + "\n\n")
	}
	b.WriteString("What is here:\n")
	entry := func(name, what string) {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil && name != "README.txt" {
			return // not written yet: the archive before a window is resolved
		}
		for i, l := range wrap(what, 72-15) {
			if i > 0 {
				name = ""
			}
			fmt.Fprintf(&b, "  %-12s %s\n", name, l)
		}
	}
	for _, box := range []struct{ dir, who string }{{"mo", "Mo, the moderator"}, {"anna", "Anna, who plays the Russian (RU)"}, {"ben", "Ben, who plays the German (DE)"}} {
		ws := boxes[box.dir]
		what := fmt.Sprintf("the %d mails the referee sent %s, in the order they came.", len(ws), box.who)
		if len(ws) > 0 {
			w := ws[0]
			what += fmt.Sprintf(" Each is there whole (%s, which a mail client opens), as text (%s)", w.eml, w.text)
			if len(w.attached) > 0 {
				what += " and with its files (" + strings.Join(w.attached, ", ") + ")"
			}
			what += "."
		}
		if box.dir != "mo" {
			what += " NNN-orders-WINDOW.txt is the order template of a window: the file the player fills in, signs and mails back."
		}
		entry(box.dir+"/", what)
	}
	entry("keys/", "the three's OpenPGP keys: keys/anna.asc is Anna's private key, to sign orders with when you play the Russian "+
		"(pbem demo -listen); keys/anna.pub.asc is her public key, the one the referee knows.")
	entry(game+".tar", "the game's archive: every order file, dice roll and report. Check the game yourself: pbem audit "+game+".tar")
	entry("audit.txt", "what pbem audit found in "+game+".tar, window by window")
	entry("daemon.log", "the referee's log")
	entry("pbem.db", "the referee's database")
	entry("pbem.toml", "the configuration the moderators' commands read to find the game, from any directory: "+
		"pbem game show -c pbem.toml "+game+" (here). While pbem demo -listen runs, they talk to its referee.")
	entry("README.txt", "this file")
	return b.String()
}

// wrap breaks text into lines of at most width columns, at blanks.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = w
		case len([]rune(line))+1+len([]rune(w)) > width:
			lines = append(lines, line)
			line = w
		default:
			line += " " + w
		}
	}
	return append(lines, line)
}

// writeMails writes each mail of a mailbox to dir under out, whole
// (NNN.eml), with its text (NNN.txt) and its attachments (NNN-NAME).
func writeMails(out, dir string, mails [][]byte) ([]written, error) {
	if err := os.MkdirAll(filepath.Join(out, dir), 0o755); err != nil {
		return nil, err
	}
	var ws []written
	for i, raw := range mails {
		base := filepath.Join(dir, fmt.Sprintf("%03d", i+1))
		w := written{eml: base + ".eml"}
		if err := os.WriteFile(filepath.Join(out, w.eml), raw, 0o644); err != nil {
			return nil, err
		}
		r, err := mail.CreateReader(bytes.NewReader(raw))
		if err != nil {
			ws = append(ws, w)
			continue
		}
		for {
			p, err := r.NextPart()
			if err != nil {
				break
			}
			data, _ := io.ReadAll(p.Body)
			switch h := p.Header.(type) {
			case *mail.InlineHeader:
				if w.text == "" {
					w.text, w.body = base+".txt", string(data)
					if err := os.WriteFile(filepath.Join(out, w.text), data, 0o644); err != nil {
						return nil, err
					}
				}
			case *mail.AttachmentHeader:
				name, _ := h.Filename()
				if name == "" {
					_, params, _ := mime.ParseMediaType(h.Get("Content-Disposition"))
					name = params["filename"]
				}
				if name = filepath.Base(name); name != "." && name != "" {
					w.attached = append(w.attached, base+"-"+name)
					if err := os.WriteFile(filepath.Join(out, base+"-"+name), data, 0o644); err != nil {
						return nil, err
					}
				}
			}
		}
		ws = append(ws, w)
	}
	return ws, nil
}

// maxSocket is the longest path a Unix socket may have (108 bytes with
// the closing NUL on Linux).
const maxSocket = 107

// writeConfig writes the demo's pbem.toml: what the moderators' commands
// read to find the demo's database and, under -listen, the control
// socket the demo's referee answers on. The paths are absolute, so that
// the commands work from any directory. It returns the socket's path.
func writeConfig(out string, imap, smtp string, listen bool) (string, error) {
	dir, err := filepath.Abs(out)
	if err != nil {
		return "", err
	}
	sock := filepath.Join(dir, "pbem.sock")
	if listen && len(sock) > maxSocket {
		return "", fmt.Errorf("-o %s: the control socket %s would be longer than a Unix socket path may be (%d bytes): give a shorter directory", out, sock, maxSocket)
	}
	path := filepath.Join(out, "pbem.toml")
	text := fmt.Sprintf(`# The configuration of pbem demo's referee, for the moderators' commands:
#   pbem game show -c %[1]s %[2]s
#   pbem game pause -c %[1]s -as Mo -why "a break" %[2]s
# While pbem demo -listen runs, they talk to its referee over the control
# socket; once the demo has ended, they read its database. (pbem serve
# cannot run with it: the demo's mail servers end with the demo.)

[referee]
address = %[3]s
database = %[4]s
control = %[5]s

[imap]
server = %[6]s
tls = "none"
username = %[3]s
mailbox = "INBOX"
processed = "Done"

[smtp]
server = %[7]s
tls = "none"
username = %[3]s
`, path, game, tomlString(refAddr), tomlString(filepath.Join(dir, "pbem.db")), tomlString(sock), tomlString(loopback(imap)), tomlString(loopback(smtp)))
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		return "", err
	}
	// What the commands will read: a file they refuse is the demo's fault.
	if _, err := config.LoadWithoutMail(path); err != nil {
		return "", fmt.Errorf("the demo wrote a configuration the commands refuse: %w", err)
	}
	return sock, nil
}

// loopback is addr with a host reachable on this machine: a server
// listening on every address (0.0.0.0, ::) answers on 127.0.0.1 too,
// and the configuration takes no TLS for another host.
func loopback(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil || config.Loopback(host) {
		return addr
	}
	return net.JoinHostPort("127.0.0.1", port)
}

// tomlString quotes s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, "\\u%04X", r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
