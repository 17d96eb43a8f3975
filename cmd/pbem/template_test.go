package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// 'pbem orders template' prints the template pbem/ack's golden files hold
// for the first window of tannenberg-1914, the German hidden set-up.
func TestOrdersTemplate(t *testing.T) {
	for _, c := range []struct {
		args   []string
		golden string
	}{
		{nil, "template-GT1-DE-SETUP-DE.golden"},
		{[]string{"-side", "ru", "-window", "gt1  de-setup"}, "template-GT1-DE-SETUP-RU.golden"},
	} {
		args := append([]string{"orders", "template", "-scenario", "tannenberg-1914", "-game", "t1"}, c.args...)
		code, out, errs := runPbem(t, args...)
		if code != 0 || errs != "" {
			t.Fatalf("%v: exit %d: %s", args, code, errs)
		}
		want, err := os.ReadFile(filepath.Join("..", "..", "pbem", "ack", "testdata", c.golden))
		if err != nil {
			t.Fatal(err)
		}
		if out != string(want) {
			t.Errorf("%v: got\n%s\nwant %s", args, out, c.golden)
		}
		// The template passes 'pbem orders check' as it stands; against
		// the scenario, its placeholder nonce is refused, and once the
		// player puts a nonce of his own it binds to the scenario's start.
		file := filepath.Join(t.TempDir(), "t.orders")
		if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, out, _ := runPbem(t, "orders", "check", file); code != 0 || out != file+": 0 orders ok\n" {
			t.Errorf("orders check: exit %d: %s", code, out)
		}
		nonceAt := fmt.Sprintf(":%d:1: Nonce: the templates' placeholder", 1+slices.IndexFunc(strings.Split(out, "\n"), func(l string) bool { return strings.HasPrefix(l, "Nonce: ") }))
		if code, out, _ := runPbem(t, "orders", "check", "-scenario", "tannenberg-1914", "-game", "t1", file); code == 0 || !strings.Contains(out, nonceAt) {
			t.Errorf("orders check -scenario of the template as it stands: exit %d: %s", code, out)
		}
		if err := os.WriteFile(file, []byte(strings.Replace(out, "change-me-12345678", "my-own-nonce", 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, out, _ := runPbem(t, "orders", "check", "-scenario", "tannenberg-1914", "-game", "t1", file); code != 0 || out != file+": 0 orders ok\n" {
			t.Errorf("orders check -scenario: exit %d: %s", code, out)
		}
	}
	// Issue 16.5: a side's template is of the first window it gives
	// orders in, the windows before resolved by standing orders; -window
	// names another.
	code, out, errs := runPbem(t, "orders", "template", "-scenario", "tannenberg-1914", "-game", "t1", "-side", "RU")
	want, _ := os.ReadFile(filepath.Join("..", "..", "pbem", "ack", "testdata", "template-GT1-RU-MOVE-RU.golden"))
	units, _, _ := strings.Cut(string(want), "# Standing orders")
	if code != 0 || !strings.HasPrefix(out, units) {
		t.Errorf("-side RU: exit %d: %s\n%s\nwant it to start as template-GT1-RU-MOVE-RU.golden", code, errs, out)
	}
	ru := filepath.Join(t.TempDir(), "ru.orders")
	if err := os.WriteFile(ru, []byte(strings.Replace(out, "change-me-12345678", "my-own-nonce", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runPbem(t, "orders", "check", "-scenario", "tannenberg-1914", "-game", "t1", ru); code != 0 || out != ru+": 0 orders ok\n" {
		t.Errorf("orders check -scenario of the GT1 RU-MOVE template: exit %d: %s", code, out)
	}
	if code, out, errs := runPbem(t, "orders", "template", "-scenario", "tannenberg-1914", "-window", "GT1 DE-COMBAT"); code != 0 || !strings.Contains(out, "Side: DE\nWindow: GT1 DE-COMBAT\n") {
		t.Errorf("-window GT1 DE-COMBAT: exit %d: %s\n%s", code, errs, out)
	}
	code, out, _ = runPbem(t, "orders", "template", "-scenario", "tannenberg-1914")
	if code != 0 || !strings.Contains(out, "\nGame: tannenberg-1914\nSide: DE\nWindow: GT1 DE-SETUP\nNonce: change-me-12345678\n\n") {
		t.Errorf("default game id: exit %d:\n%s", code, out)
	}
	for _, c := range []struct {
		args []string
		code int
		err  string
	}{
		{[]string{}, 2, "usage: pbem orders template"},
		{[]string{"-scenario", "tannenberg-1914", "extra"}, 2, "usage: pbem orders template"},
		{[]string{"-scenario", "tannenberg-1914", "-side", "FR"}, 1, "no side FR in tannenberg; the sides are RU, DE"},
		{[]string{"-scenario", "nowhere"}, 1, "nowhere"},
		{[]string{"-scenario", "tannenberg-battle", "-window", "GT1 FR-MOVE"}, 1, "no such window (the windows from the start: GT3 DE-SETUP, GT3 RU-MOVE"},
	} {
		code, _, errs := runPbem(t, append([]string{"orders", "template"}, c.args...)...)
		if code != c.code || !strings.Contains(errs, c.err) {
			t.Errorf("%v: exit %d, want %d: %s", c.args, code, c.code, errs)
		}
	}
}
