package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Both places in the README that say what make test installs name every
// Debian package the Makefile's deps target installs, by the name a
// newcomer knows it under.
func TestReadmeNamesWhatMakeTestInstalls(t *testing.T) {
	root := filepath.Join("..", "..")
	mk, err := os.ReadFile(filepath.Join(root, "Makefile"))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	deps := regexp.MustCompile(`(?m)^DEPS := (.*)$`).FindSubmatch(mk)
	if deps == nil {
		t.Fatal("no DEPS line in the Makefile")
	}
	known := map[string]string{"gnupg": "GnuPG", "mutt": "mutt", "openssh-client": "OpenSSH",
		"dovecot-imapd": "Dovecot", "dovecot-lmtpd": "Dovecot", "openssl": "OpenSSL"}
	var places []string
	for _, para := range strings.Split(string(readme), "\n\n") {
		if strings.Contains(para, "make test") && (strings.Contains(para, "apt-get") || strings.Contains(para, "Debian packages")) {
			places = append(places, para)
		}
	}
	if len(places) < 2 {
		t.Fatalf("%d places in the README say what make test installs, want 2", len(places))
	}
	for _, dep := range strings.Fields(string(deps[1])) {
		_, pkg, _ := strings.Cut(dep, ":")
		name, ok := known[pkg]
		if !ok {
			t.Errorf("the Makefile installs %s: give it a name here and in the README", pkg)
			continue
		}
		for _, p := range places {
			if !strings.Contains(p, name) {
				t.Errorf("the README says what make test installs without %s (%s):\n%s", name, pkg, p)
			}
		}
	}
}
