package main

import (
	"debug/elf"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"pbem/engine/rulesets"
)

// make build gives a static binary that says its version and commit.
func TestReleaseBuild(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "pbem")
	if out, err := exec.Command("make", "-s", "-C", filepath.Join("..", ".."), "build", "BIN="+bin).CombinedOutput(); err != nil {
		t.Fatalf("make build: %v\n%s", err, out)
	}
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			t.Error("the binary asks for a dynamic loader: not static")
		}
	}
	out, err := exec.Command(bin, "version").CombinedOutput()
	if err != nil {
		t.Fatalf("pbem version: %v\n%s", err, out)
	}
	head, _ := exec.Command("git", "rev-parse", "HEAD").Output()
	want := regexp.MustCompile(`^pbem \S+\ncommit ` + strings.TrimSpace(string(head)) + `\n`)
	rs, _ := rulesets.Lookup("gwite")
	if !want.Match(out) || !strings.Contains(string(out), fmt.Sprintf("rules engine gwite %d", rs.Version())) {
		t.Errorf("pbem version:\n%s", out)
	}
}
