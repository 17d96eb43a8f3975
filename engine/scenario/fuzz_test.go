package scenario

import (
	"os"
	"testing"
)

// FuzzLoad feeds arbitrary text as each of the mini game's files in turn:
// Load must never panic, and every problem must carry a file and line.
func FuzzLoad(f *testing.F) {
	base := map[string][]byte{}
	names := []string{"game.txt", "map.txt", "units.txt", "scenario-a.txt"}
	for _, n := range names {
		data, err := os.ReadFile("testdata/mini/" + n)
		if err != nil {
			f.Fatal(err)
		}
		base[n] = data
		f.Add(uint8(len(base)-1), data)
	}
	f.Add(uint8(1), []byte("terrain\nrow 01 . .\nend\nriver X major 0101/0102 0101/0909\n"))
	f.Add(uint8(2), []byte("unit A side=DE str=1-1-1/x\n  \"open\n"))
	f.Add(uint8(3), []byte("scenario k title=K case=26 first=1 last=2 vp.DE=5 vp.XX=1 deploy-first=RU front=nowhere src=authored:x\n"+
		"setup DE-1ID at=Kovno face=back src=authored:x\nsetup DE-2ID 0101 at=Nowhere src=authored:x\n"+
		"deploy RU-III in=RU north-of=Kovno incl=yes also=0101,9999 src=authored:x\navailable DE-1CD src=authored:x\n"+
		"arrive DE-vF-1 turn=2 src=authored:x\n"))
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		var files []File
		for i, n := range names {
			d := base[n]
			if i == int(which)%len(names) {
				d = data
			}
			files = append(files, File{Name: n, Data: d})
		}
		_, err := Load(files)
		if list, ok := err.(ErrorList); ok {
			for _, e := range list {
				if e.Pos.File == "" || e.Pos.Line < 1 {
					t.Fatalf("problem without a place: %q", e.Msg)
				}
			}
		}
	})
}
