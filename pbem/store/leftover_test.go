package store

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// A backup killed mid-copy leaves NAME.part-DIGITS beside the backup it
// was making; RemoveLeftovers removes exactly those, and reports each
// with its size, and leaves every other file alone.
func TestRemoveLeftovers(t *testing.T) {
	db := open(t)
	dir := t.TempDir()
	whole, err := os.ReadFile(db.Path())
	if err != nil {
		t.Fatal(err)
	}
	// What Backup's os.CreateTemp makes, half written, as kill -9 leaves it.
	tmp, err := os.CreateTemp(dir, "pbem-20261122T180000Z-t1-GT1-DE-SETUP.db.part-*")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tmp.Write(whole[:len(whole)/2]); err != nil {
		t.Fatal(err)
	}
	tmp.Close()
	write := func(name string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, name), []byte("keep me"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	kept := []string{
		"pbem-20261122T170000Z-t1-GT1-RU-MOVE.db", // a finished backup
		"notes.part-123", // not a backup's name
		"pbem-x.db.part-12a",
		"pbem-x.db.part-",
		"pbem-x.db.part-123.bak",
		"pbem-x.db.part-12345678901", // more digits than a uint32 has
		"pbem-x.db.part-7/",          // a directory
		"pbem-x.db.part-8",           // a link
		"sub/",
		"sub/pbem-x.db.part-9", // not in dir itself
	}
	for _, name := range kept {
		switch name {
		case "pbem-x.db.part-7/", "sub/":
			if err := os.Mkdir(filepath.Join(dir, name), 0o700); err != nil {
				t.Fatal(err)
			}
		case "pbem-x.db.part-8":
			if err := os.Symlink(filepath.Join(dir, kept[0]), filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		default:
			write(name)
		}
	}
	gone, err := db.RemoveLeftovers(dir, "pbem-*.db")
	if err != nil {
		t.Fatal(err)
	}
	if want := []Leftover{{Path: tmp.Name(), Size: int64(len(whole) / 2)}}; !slices.Equal(gone, want) {
		t.Errorf("removed %v, want %v", gone, want)
	}
	if _, err := os.Stat(tmp.Name()); !os.IsNotExist(err) {
		t.Errorf("the leftover is still there: %v", err)
	}
	for _, name := range kept {
		if _, err := os.Lstat(filepath.Join(dir, name)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if gone, err := db.RemoveLeftovers(dir, "pbem-*.db"); err != nil || len(gone) != 0 {
		t.Errorf("a second time: %v, %v", gone, err)
	}
	if _, err := db.RemoveLeftovers(dir, "pbem-[.db"); err == nil {
		t.Error("a malformed pattern was taken")
	}
	if _, err := db.RemoveLeftovers(filepath.Join(dir, "none"), "pbem-*.db"); err == nil {
		t.Error("a missing directory was taken")
	}
}

// Every name Backup's os.CreateTemp gives its temporary file is one
// RemoveLeftovers recognises: should Go change how it makes them, this
// fails rather than the leftovers staying.
func TestLeftoverNames(t *testing.T) {
	dir := t.TempDir()
	for range 200 {
		f, err := os.CreateTemp(dir, "pbem-x.db.part-*")
		if err != nil {
			t.Fatal(err)
		}
		f.Close()
		if !isLeftover(filepath.Base(f.Name()), "pbem-*.db") {
			t.Fatalf("%s is not recognised", f.Name())
		}
	}
}
