package gwite

import (
	"fmt"
	"strings"
)

// Ruling is how this referee reads a passage of the rules that is garbled,
// silent or contradictory: the digest's ambiguity number, the cases, the
// reading in our own words, and the function that carries it out, so a
// club that reads the passage differently knows exactly what to change.
type Ruling struct {
	ID     string // "AMB-08"
	Cases  string // "std 10.43"
	Ruling string
	Where  string // the function(s) that apply it
	Option string // the game option that switches to the other reading, if any
}

// Rulings lists every ruling the standard rules need, and the victory
// rulings already applied. The other rulings of the Tannenberg exclusive
// rules (numbers 26 to 36, 39, 40, 42 and 64) arrive with those rules.
var Rulings = []Ruling{
	{"AMB-01", "T 15.0", "The list of Tannenberg changes prints old case numbers; each entry is applied to the standard case it really changes (digest 002 6.0).", "Game.param (values from the game data)", ""},
	{"AMB-02", "std 4.0, 10.41", "Every unit left without an allocation rolls for command automatically: a roll can only help.", "Game.commandSegment", ""},
	{"AMB-03", "std 4.0, 10.42", "In the combat command segment only unallocated units inside some friendly HQ's radius roll; units outside every radius are out of command without a roll.", "Game.commandSegment", ""},
	{"AMB-04", "std 10.3", "HQs are always in command; naming one in a cc order is refused.", "Game.commandSegment", ""},
	{"AMB-05", "std 4.0, 9.22", "The units that are out of supply roll for attrition (the sequence of play misprints this).", "Game.attritionSegment", ""},
	{"AMB-06", "std 9.21, 10.42, 10.51, 12.21, TEC", "Out-of-supply halving rounds down per unit with a minimum of 1; command and river fractions stay exact and only the total is rounded down. The cavalry's quarter is rounded down to whole points on its own, as 12.21 says, before it joins the rest. A Heroic HQ that adds its strength is halved by a river like any attacker (10.51 spares it only the supply halving). A unit attacks across a river if any hexside between it and any target is one; the +2 for major rivers needs every attacker-defender hexside to be one.", "Game.combatOdds, Game.acrossRiver", ""},
	{"AMB-07", "std 8.8", "The raw odds must reach the first column of the attacker's row; HQ shifts are added afterwards and capped at the last column.", "ruleTables.oddsColumn, Game.combatOdds", ""},
	{"AMB-08", "std 10.43", "A Russian result moves one step if any of that side's units in the combat qualifies: attacker 1 to 2 (2 stays 2); defender 1 to 2, 2 to 3, 3 to E.", "Game.resolveAttack", ""},
	{"AMB-09", "std 8.9", "Force size counts steps at the instant of combat: HQs and units sharing a hex's fate under 8.66/12.17 are left out, depots count 1, a fortress its remaining steps, attackers after their attrition rolls.", "Game.resolveAttack, Game.defenseFor", ""},
	{"AMB-10", "std 8.9", "The larger force designates units covering the affected steps (its standing losses list first, else the fewest steps); the loss is taken from them and any retreat moves every stack holding one.", "Game.designate, Game.takeLosses", ""},
	{"AMB-11", "std 8.9", "Every half loss rounds up, for the attacker as for the defender.", "Game.applyDefense, Game.applyAttackerResult", ""},
	{"AMB-12", "std 11.12-11.13", "A fortress takes a retreat option as losses: result times its steps over 4, rounded up; each fortress step pays for two steps of loss.", "Game.applyDefense, Game.fortLoses", ""},
	{"AMB-13", "std 8.71", "After a multi-hex attack each advancing unit enters one vacated defending hex it was next to.", "Game.advanceAfterCombat", ""},
	{"AMB-14", "std 8.6", "A retreat of N hexes is N distinct hexes, never back through the start hex, ending N hexes away if any such path is legal.", "Game.retreatPlans", ""},
	{"AMB-15", "std 10.52", "An HQ with no friendly combat unit in its hex displaces whenever an enemy unit of any kind is next to it in the enemy Movement Phase: as the movement segment opens, the moment a unit walking comes next to it or into its hex, and after every order (rail, off-map and reinforcement arrivals too). It goes to the hex of the nearest friendly unit or fortress by the shortest safe path; if none is reachable it is eliminated. Since it leaves as soon as an enemy is adjacent, the 5.13 bar on HQs and depots entering its hex never comes into play.", "Game.displaceThreatenedHQs, Game.displace, Game.walk", ""},
	{"AMB-16", "std 10.54", "An army HQ with a reduced side that is eliminated in combat flips to that side and displaces instead; the enemy still scores the step.", "Game.hqFalls", ""},
	{"AMB-17", "std 10.53", "HQs never absorb step losses and do not count in force size; they share their stack's retreat and fall with its last combat unit.", "Game.applyDefense, Game.hqFalls", ""},
	{"AMB-18", "std 6.11", "A depot counts 1 stacking point.", "scenario data (sp=1 on depots)", ""},
	{"AMB-19", "T[9.1]", "The German supply range is the printed movement allowance, not the halved one.", "Game.supplyRange", ""},
	{"AMB-20", "std 9.13-9.17", "Supply lines count hexes, not movement points; lakes, sea and blocked hexsides stop them; the unit's own hex is not counted, the source's is.", "Game.newSupplyNet, supplyNet.distance", ""},
	{"AMB-21", "T[5.42], T[9.0]", "Every hex has one country in the map data, and a map-edge exit belongs to the country its data names.", "Game.friendlyExits, Game.railHex", ""},
	{"AMB-22", "std 5.17", "The one-hex minimum move overrides cost and halving but never a prohibition, an enemy unit or an enemy fortress, and is not for units out of command.", "Game.walk", ""},
	{"AMB-23", "std 5.36", "An entrained unit that is attacked defends at half (rounded down) and is detrained when the combat is over.", "Game.combatOdds, Game.resolveAttack", ""},
	{"AMB-24", "std 5.37-5.38", "Off-map link costs count against the rail rate in hexes; what is left over carries to the next Movement Phase, and the unit counts against rail capacity every turn it travels.", "Game.orderOffMap, Game.continueOffMap, Game.travel", ""},
	{"AMB-25", "std 14.22", "A blocked entry hex lets the reinforcement enter, one game-turn later, at the first free rail hex of its side along the map edge either way from it; the player chooses with `enter UNIT at HEX` in the Movement Phase in which the entry is blocked (or keeps it off with `withhold`). Without an order the referee takes the one toward the nearest friendly unit.", "Game.reinforcements, Game.alternateEntry, Game.chosen", ""},
	{"AMB-26", "T 17.11", "The distance between the 1st and 2nd Army HQs counts hexes, not a route: it is one more than the least sum, over the lines of hexes between them, of the weights of the hexes between them, lakes and sea included: 2 for a hex of Germany from game-turn 10 on, else 1 (so before game-turn 10 it is the plain hex distance). Neither HQ may enter a hex 12 or less from the other; HQs already that close may only move farther apart. The rule lapses once either has lost a step.", "Game.hqDistance, Game.armyIntegrity", ""},
	{"AMB-27", "T 17.3", "Von Hoffman gives both bonuses to one HQ stacked with him: the one his side's standing plan for him names (plan DE-vH with HQ), else the one there with the greatest printed command strength, lowest id on a tie; the choice is made afresh whenever command is worked out.", "Game.hoffmanTarget", ""},
	{"AMB-28", "T 17.12", "Over half means strictly more than half of the attacking steps, depots left out, belong to the HQ's army.", "Game.armyAttackIntegrity", ""},
	{"AMB-29", "T 18.22, std 6", "A Gruppe box holds at most 9 SP, and the hex limit counts every German unit in the hex, inside Gruppen or not: units in boxes keep their real places on the map.", "Game.orderGruppe, Game.stackingCheck", ""},
	{"AMB-30", "T 18.41", "A Russian unit entering a hex next to a Gruppe marker must have the terrain cost plus 1 MP left, whatever the Gruppe holds; it spends the extra MP only when a Gruppe's zone of control really reaches the hex, which is then announced. A Russian move given only its destination is routed with that extra MP counted in every hex next to a marker, so the route never depends on what a marker hides.", "Game.spareMP, Game.announceZOC, Game.walk, Game.landSearch", ""},
	{"AMB-31", "T 18.0, 18.42", "A Gruppe the German himself moves next to a Russian unit is dealt with only at the end of that phase (a dummy removed, a real one revealed); nothing is told before.", "Game.revealAtPhaseEnd", ""},
	{"AMB-32", "T 19.11", "\"More than one hex inside the border\" is a German hex with no Russian neighbour; \"over 12 MP away\" groups the qualifying Russian units by Russian MP cost over terrain (no units, no ZOC), two units in one group when within 12 MP; the trigger needs two or more groups with all but the smallest totalling at least 4 SP.", "Game.westFrontTrigger, Game.deepInGermany, Game.mpGroups", ""},
	{"AMB-33", "T 19.11-19.13", "The lost chart is game data: a modified roll at or above wf-chart-success compels the reinforcements and ends the rolling; the modifiers are authored parameters.", "Game.westFront, Game.westFrontModifiers", ""},
	{"AMB-34", "T 19.21", "HL-8 enters in the German Reinforcement Segment of the game-turn after the request or trigger, in von Prittwitz's hex if he is on the map and in supply; else in any hex with a German unit or undestroyed fortress the German names with `enter DE-HL at HEX` in that Movement Phase, by default the one nearest Prittwitz's last hex.", "Game.replacePrittwitz, Game.hlHex, Game.chosen", ""},
	{"AMB-35", "T 19.22", "West Front units arrive four game-turns after the request or trigger (von Frommel seven) at any free west-edge German rail hex the German names with `enter UNIT at HEX` in the Movement Phase they arrive in, by default the one nearest the German army HQ when they were committed; the 45 VP are scored once, when the first of them enters.", "Game.commitWestFront, Game.westFrontEntry, Game.reinforcements, Game.scoreWestFront", ""},
	{"AMB-36", "T 20.0", "The garrisons are a move constraint: a division or corps may not leave a garrison city if that leaves it short; releases are permanent.", "Game.garrisonIntegrity, Game.garrisonRelease, Game.watchGarrisons", ""},
	{"AMB-37", "T 21.12", "A town is in Russian supply when a Russian supply line of 3 hexes, under the TCR 3 rules, reaches it.", "Game.supplyDistance", ""},
	{"AMB-38", "T 21.2", "A German fortress east of the Vistula printed below 3 scores nothing when destroyed; the printed full strength decides its class.", "Game.scoreFortress", ""},
	{"AMB-40", "T 21.2", "The 14 and 20 printed under Subtractions are negative; for the 20-point test a Russian HQ counts only when it traces supply.", "Game.invasionPenalty", ""},
	{"AMB-41", "T 21.2", "HQ steps score only on the HQ line and fortress steps only on destruction; steps lost to attrition and overstacking score like combat losses.", "Game.scoreLoss, Game.eliminate", ""},
	{"AMB-42", "T 21.13", "Town VP score in every interphase while the Russian keeps control, from the first turn the game sets.", "Game.townControl", ""},
	{"AMB-43", "std 12.13", "A withdrawing cavalry unit moves exactly two distinct hexes, to the end hex nearest a friendly supply source; Russian cavalry never enters enemy ZOC.", "Game.defaultWithdrawalPath, Game.withdrawalPathProblem", ""},
	{"AMB-44", "std 12.16", "Occupying a vacated hex is one hex, free, ignoring ZOC, within stacking, ordered at the start of the combat orders.", "Game.occupyVacated", ""},
	{"AMB-45", "std 13.0", "A unit that attacked or defended in the preceding game-turn may not replace steps.", "Game.replacementProblem, Game.foughtIn", "strict-replacement (also bars a fight earlier in the current game-turn)"},
	{"AMB-46", "T[11.0]", "At most two replacement tries per game-turn, on infantry divisions only.", "Game.replacementPhase", ""},
	{"AMB-47", "std 6.14", "An overstacked hex loses units in the owner's standing overstack order, then the lowest attack plus defense first.", "Game.removalOrder", ""},
	{"AMB-48", "std 8.63", "\"Toward the nearest supply source\" is measured by the length of a legal supply line from the retreat's end hex.", "Game.bestRetreat, Game.supplyDistance", ""},
	{"AMB-49", "std 10.21", "The half-the-attacking-steps test traces the HQ's radius as for command and counts steps after the attrition rolls.", "Game.stepsInRadius", ""},
	{"AMB-50", "std 10.22", "Shifts come from at most one corps HQ and one army HQ per attack; a staff HQ gives none.", "Game.declareAttack", ""},
	{"AMB-51", "std 10.23", "A Heroic HQ adds its strength to an attack only if 2 SP of its own hex take part; its shift then goes to that attack alone.", "heroicSupport, Game.declareAttack", ""},
	{"AMB-52", "std 10.52", "An HQ of TCR 2-4 cannot displace through hexes under enemy ZOC without a friendly unit.", "Game.displace", ""},
	{"AMB-53", "TEC", "A friendly or destroyed fortress hex costs 1 MP like a city, plus river, trench and ZOC costs; an undestroyed enemy fortress may not be entered.", "Game.enterCost", ""},
	{"AMB-54", "TEC, T[10.2]", "Any defender in a trench is doubled; only German units feed off trenches.", "Game.combatOdds, Game.trenchFeeding", ""},
	{"AMB-55", "std 11.22", "One unit feeds off a fortress or trench: one the owner marks, else the one with the most steps among units that trace no supply of their own.", "supplyNet.feeder", ""},
	{"AMB-56", "std 5.31, T 16.12", "Units that stay entrained count against rail capacity every Movement Phase, and the capacity may not be exceeded: as the movement segment opens, the capacity of the units already on the train that no detrain order names is held for them, so an entrainment, rail move or off-map move that would go past the limit is refused (and the acknowledgement says so). If units left on the train still do not fit at the end of the segment (too many carried over, or a detrain order refused), those that do not fit detrain, in the order of the units' list.", "Game.holdRail, Game.chargeRail, Game.countStillEntrained", ""},
	{"AMB-57", "std 10.2, 14.22, T 18.61", "Cross-references that point to the wrong case are read as the case they obviously mean.", "(no code: the readings are applied where those cases are)", ""},
	{"AMB-58", "std 10.33", "Hexes holding only enemy HQs block neither command radius nor supply.", "Game.radiusHexes, Game.newSupplyNet", ""},
	{"AMB-59", "T 16.2", "The optional hexside limits count every on-map rail crossing, one line at a time; off-map legs and units that stay entrained without moving use none.", "Game.railCrossing", "opt-16.2 (the optional rule itself)"},
	{"AMB-60", "std 8.14, 8.66", "Units that retreated into a hex attacked later are not attacked again; they share its fate.", "Game.classifyTarget, Game.applyDefense", ""},
	{"AMB-61", "T 21", "Victory points start at the scenario's value, 0 unless it says otherwise.", "Ruleset.New", ""},
	{"AMB-62", "T 22", "Game length comes from the scenario's first and last turns.", "Game.interphase", ""},
	{"AMB-63", "std 2.33", "Unit types are authored per counter in the scenario data.", "scenario data (type=)", ""},
	{"AMB-65", "std 8.12, 12.21", "Units whose attack comes to 0 add nothing; an attack totalling 0 is not allowed.", "Game.declareAttack, Game.combatOdds", ""},
	{"AMB-66", "std 11.11, TEC", "City and trench double the units' defense only; the fortress's strength is added afterwards.", "Game.combatOdds", ""},
	{"AMB-67", "std 10.43", "A Russian defender is outside command if no Russian HQ's radius, traced as for command, reaches it at the instant of combat.", "Game.outsideAllRadii", ""},
	{"AMB-68", "std 5.33, 9.15", "Every hex a unit enters, passes, retreats or advances into, by rail too, remembers its side as the last occupant.", "Game.occupy", ""},
	{"AMB-69", "std 12.15", "Cavalry that withdrew and ended outside enemy ZOC may not be attacked in the coming Combat Phase; in a friendly hex it still shares that hex's fate.", "Game.classifyTarget, Game.tryWithdrawal", ""},
	{"AMB-70", "std 8.64, 8.9", "A defender's standing order lists options for a result in order of preference. An option whose retreat turns out to have no legal path is passed over and the next one listed is taken, and failing all, the default (the fewest steps lost): a standing order says what the player would choose, and no player would choose a retreat that eliminates the stack when he named another option. The defender's report says which option was passed over and why.", "Game.chooseOption, Game.resolveAttack", ""},
}

// RulingsText is the players' list of rulings, in Markdown (docs/rulings.md).
func RulingsText() string {
	var b strings.Builder
	b.WriteString("# Rulings\n\n")
	b.WriteString("Where the Great War in the East standard rules (SPI, 1978) are garbled, silent or\n")
	b.WriteString("contradictory, pbem applies the rulings below. Each names the cases it concerns, the\n")
	b.WriteString("ambiguity number of the rules digest, and the function of `engine/rulesets/gwite` that applies\n")
	b.WriteString("it, so a club reading a passage differently knows what to change. Reports cite the case\n")
	b.WriteString("numbers. This file is generated by `pbem rulings`; a test keeps it current.\n\n")
	for _, r := range Rulings {
		fmt.Fprintf(&b, "## %s (%s)\n\n%s\n\nApplied in: `%s`.", r.ID, r.Cases, r.Ruling, r.Where)
		if r.Option != "" {
			fmt.Fprintf(&b, " Option: `%s`.", r.Option)
		}
		b.WriteString("\n\n")
	}
	return b.String()
}
