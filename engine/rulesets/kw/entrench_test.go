package kw

import "testing"

// An entrenched supply unit does nothing but back a defence ([Opt:
// Entrenching]): the corps beside it, in its radius and on its rail line,
// is in General Supply only while it is not entrenched; the supply unit
// itself defends with 1.
func TestEntrenchedGivesNoSupply(t *testing.T) {
	s := moveState(t, "", "T7 CP-MOVE", "unit DE-C1 at 0604", "unit DE-S1 at 0504", "option entrenching")
	if !s.generalSupply(CP)["DE-C1"] {
		t.Fatal("DE-C1 beside a supply unit is out of General Supply")
	}
	if got := s.defenseOf(s.unit("DE-S1")); got != 1 {
		t.Errorf("a supply unit of printed defence 1 defends with %d", got)
	}
	if err := s.Adjust("entrenched DE-S1"); err != nil {
		t.Fatal(err)
	}
	if s.generalSupply(CP)["DE-C1"] {
		t.Error("an entrenched supply unit gives General Supply")
	}
	s.d.byID["DE-S1"].Front.Defense = 0
	defer func() { s.d.byID["DE-S1"].Front.Defense = 1 }()
	if got := s.defenseOf(s.unit("DE-S1")); got != 1 {
		t.Errorf("an entrenched supply unit of printed defence 0 defends with %d, want 1", got)
	}
}
