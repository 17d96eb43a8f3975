package scenario

import (
	"strings"
	"testing"

	"pbem/engine/hex"
)

// loadProjection loads a small sketch whose game.txt has the given
// projection record instead of the sketch's own.
func loadProjection(t *testing.T, record string) (*Game, error) {
	t.Helper()
	files, err := Sketch{Name: "proj", Rows: []string{". . .", " . . ."}, Split: 1}.Files()
	if err != nil {
		t.Fatal(err)
	}
	const old = "projection ref=0101 lat=54 lon=23 km=13 parallel=53"
	game := string(files[0].Data)
	if !strings.Contains(game, old) {
		t.Fatalf("the sketch's game.txt has no %q", old)
	}
	files[0].Data = []byte(strings.Replace(game, old, record, 1))
	return Load(files)
}

// A projection record may name the conic (engine/hex.Conic) with its second
// parallel and central meridian; without kind= it is the equirectangular.
func TestProjectionRecordKinds(t *testing.T) {
	g, err := loadProjection(t, "projection kind=conic ref=0101 lat=49.838 lon=24.023 km=70 parallel=45 parallel2=58 meridian=25")
	if err != nil {
		t.Fatal(err)
	}
	want := hex.Projection{Kind: hex.Conic, Grid: g.Map.Grid, Ref: hex.Hex{Row: 1, Col: 1}, RefLat: 49.838, RefLon: 24.023,
		HexKm: 70, StdParallel: 45, StdParallel2: 58, Meridian: 25}
	if g.Map.Projection != want {
		t.Errorf("projection %+v, want %+v", g.Map.Projection, want)
	}
	g, err = loadProjection(t, "projection ref=0101 lat=54 lon=23 km=13 parallel=53")
	if err != nil || g.Map.Projection.Kind != hex.Equirect {
		t.Errorf("no kind: %v, %v", g.Map.Projection.Kind, err)
	}
	for record, want := range map[string]string{
		"projection kind=mercator ref=0101 lat=54 lon=23 km=13 parallel=53":                      "want equirect or conic",
		"projection kind=conic ref=0101 lat=54 lon=23 km=13 parallel=53":                         "missing parallel2=",
		"projection kind=conic ref=0101 lat=0 lon=23 km=13 parallel=45 parallel2=-45 meridian=0": "flat cone",
		"projection ref=0101 lat=54 lon=23 km=13 parallel=53 parallel2=58":                       "",
	} {
		_, err := loadProjection(t, record)
		if want == "" {
			// parallel2= is known but read only for the conic.
			if err != nil {
				t.Errorf("%s: %v", record, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one saying %q", record, err, want)
		}
	}
}
