package kw

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Ruling is how this referee reads a passage of the rules that is garbled,
// silent or contradictory (digest 004, its audits A.1-A.3): the cases, the
// reading in our own words, and the functions that carry it out, so a club
// that reads the passage differently knows what to change.
type Ruling struct {
	ID     string // "KW-17.2-COUNT"
	Cases  string // "17.2, [Opt: Air Units]"
	Ruling string
	Where  string // the function(s) that apply it
	Option string // the game option that switches to the other reading, if any
}

// Rulings lists every ruling of the Kaiser's War rules.
var Rulings = []Ruling{
	{"KW-3.2-ROWS", "3.2", "North and south of a place go by the hex row: north of X inclusive is every hex whose row is X's or lower-numbered; exclusive leaves X's row out. Every zone lies on its side's side of the scenario's front line and outside neutral countries.", "State.inZone", ""},
	{"KW-28.5-ALSO", "28.5, 3.2", "The hex numbers 28.5 prints after \"Russia or Romania\" (2926) and \"Russia and/or Romania\" (2721) are hexes the zone takes in besides Russia: the data gives them as also=, and they are in the zone whatever its other fields say, though never in a neutral country or on the enemy's side of the line.", "State.inZone", ""},
	{"KW-4.1-ZERO", "4.1(1), 5.6", "A side whose VP reach zero or less loses at once: the text says both \"goes to zero\" and \"below zero\"; 5.6's \"reaches zero\" decides.", "State.suddenDeath", ""},
	{"KW-5.4-CONTROL", "5.4, 7.3", "The VP Sub-Phase scores the Strategic Objectives a side controls (7.3), as the sequence of play and the VP Chart say, not only those its units occupy.", "State.vpPhase", ""},
	{"KW-8.0-FIRST", "8.0, 26.3, 27.3, 28.3", "A scenario's first turn has no Grand Strategy Segment of its own: its year's Main Effort is the one the scenario gives, and so is its First Player (East: the Central Powers; West: the Allies).", "State.startTurn", ""},
	{"KW-12.2-ACCEPT", "12.2", "A move or placement that ends over-stacked is carried out, and the units over the limit are removed at the end of the phase, lowest value first, with no VP lost.", "State.overstack", ""},
	{"KW-27.4-INCL", "27.4", "The four Russian armies that set up \"south of Minsk (inclusive)\" may set up in Minsk's row, as printed, although the Southwest HQ's zone excludes it.", "scenario data (scenario-1915.txt)", ""},
	{"KW-28.4-WEST", "28.4, 7.1", "28.4 sets the Central Powers up \"east\" of the 1916-17 line; they set up on its west side, their own.", "scenario data (scenario-1916.txt)", ""},
	{"KW-4.1-NEUTRAL", "4.1(2)", "Strategic Objectives of a country still neutral count neither for nor against the sudden death by objectives: nobody can control them.", "State.allObjectives", ""},
	{"KW-4.3-100", "4.3, 4.1(1)", "A VP difference above 100 is an Imperial Victory, as is one of 76 to 100; a sudden-death winner's total is its VP plus 25 against the loser's VP, never below 0.", "levelOf, State.suddenDeath", ""},
	{"KW-5.4-NEUTRAL", "5.4, 2.2", "Romanian Strategic Objectives are Allied by origin and Bulgarian ones Central Powers' in the VP Sub-Phase; while a country is neutral its objectives are nobody's.", "data.origin, State.controller", ""},
	{"KW-5.2-WEST", "5.2, 8.1, [VP Chart]", "On turns of the Central Powers' Main Effort West their losses cost them more (HQ or army 9, army abteilung 6, corps 3) as 8.1 and the VP Chart say; the Allies gain nothing, whatever 5.2's wording; fortresses cost the same.", "State.lossVP", ""},
	{"KW-9.10-HQ", "9.10, 19.2, 10.7", "An HQ is never rebuilt or bought: 10.7's \"even if eliminated and rebuilt\" yields to 9.10 and 19.2.", "State.buyable", ""},
	{"KW-9.7-DEFAULT", "9.7, 9.4", "A unit its side leaves unplaced at the end of its Mobilization Phase goes to the first legal hex, rows from the north and then columns, that keeps the stacking limits, else to the first legal hex; with none it waits.", "State.placeRest", ""},
	{"KW-9.8-CAPTURED", "9.8", "A supply unit placed in a captured Strategic Objective outside its side's own countries counts under no national cap.", "State.supplyCountry", ""},
	{"KW-9.8-PHASE", "9.8, 23.1", "The national caps on supply placement are per Mobilization Phase.", "State.placeProblem", ""},
	{"KW-9.9-FORT", "9.9, 20.0", "A fortress bought back is placed only in the city whose name it bears.", "State.placeKind", ""},
	{"KW-9.11-ARMY", "9.11, 9.10, 19.2", "A demobilized army goes to the Available box, to be rebuilt by combining; a demobilized HQ leaves the game, for HQs are never rebuilt.", "State.demob", ""},
	{"KW-10.1-SHORT", "10.1, 9.5", "A voluntary breakdown the pool cannot fill with every corps of the army is refused: strength is never thrown away by choice.", "State.breakdownOrder", ""},
	{"KW-10.4-AVAILABLE", "10.4, 26.6, 27.6, 28.6", "An army a scenario puts in the Available box counts as having been in play, so it may be built by combining.", "State.startsAvailable", ""},
	{"KW-17.8-ONCE", "17.8", "The corps of an army that breaks down in the Supply Attrition Phase are not rolled for again in that phase.", "State.attrition", ""},
	{"KW-17.8-VP", "17.8, [VP Chart]", "Losses to supply attrition cost no VP: the VP Chart charges eliminations in combat.", "State.attrition", ""},
	{"KW-21.5-TURKS", "21.5, 23.1, 9.7", "The Turkish corps is placed on Bulgaria's south map edge in the Central Powers' Mobilization Phase in which Bulgaria has just entered the war, not before, for no unit is placed in a neutral country.", "State.bulgariaJoins", ""},
	{"KW-23.1-BULGARIA", "23.1", "Bulgaria enters the war at the start of the first Central Powers player turn after Romania's entry, which may be in the same game turn.", "State.startPlayerTurn", ""},
	{"KW-23.1-CONTROL", "23.1, 7.3", "When Romania or Bulgaria enters the war, its hexes become controlled by its side; on the 1916-17 line, the hexes of Romania on the Central Powers' side of it become theirs.", "State.romaniaJoins", ""},
	{"KW-23.1-VARIABLE", "[Opt: Variable Romanian Entry]", "The entry roll succeeds on 1 in May 1916, 1-2 in June, 1-3 in July, 1-4 in August and 1-5 in September; from October Romania enters without a roll.", "State.romaniaEnters", ""},
	{"KW-23.2-EDGE", "23.2, 21.5", "Bulgaria's south map edge is a Bulgarian land hex with a neighbour to the south below the map's last row or in prohibited terrain.", "State.southEdge", ""},
	{"KW-23.2-MACKENSEN", "23.2", "If Mackensen is on the map when Bulgaria enters, the Central Powers may place him on Bulgaria's south edge in that Mobilization Phase only, or leave him where he is; eliminated, he does not return.", "State.bulgariaJoins", ""},
	{"KW-12.1-AIR", "12.1, [Opt: Air Units]", "An airbase takes a stacking slot of its own: one a hex.", "State.slotOf", ""},
	{"KW-12.1-SHOCK", "12.1", "A shock corps takes the slot of an armoured train, shock corps or tank when it is free, and otherwise counts as one of the three corps.", "State.slotsIn", ""},
	{"KW-13.0-FORT", "13.0, 20.1", "Fortresses exert a zone of control, as the note to 20.1 says, although their movement factor is 0.", "State.exertsZOC", ""},
	{"KW-14.8-FORTRING", "14.8(3), 13.2", "A hex of the ring around the defender that holds an enemy fortress is never in the attackers' zone of control (13.2) and no attacker can stand in it, so an attack on a hex next to an enemy fortress is never concentric.", "State.concentric", ""},
	{"KW-14.13-ZERO", "14.13", "A total defence of 0 is attacked on the last column (600% or more); percentages are rounded down, as the text's example shows.", "column", ""},
	{"KW-14.2-SEA", "14.2, 13.1", "No attack across an all-sea hexside: a unit there is not adjacent for combat.", "State.bindAttackers", ""},
	{"KW-14.8-EDGE", "14.8(3)", "A hex of the ring around the defender that is off the map counts as unplayable, and so as covered for a concentric attack.", "State.concentric", ""},
	{"KW-14.15-BB", "14.14 (BB)", "The defending army that breaks down in a Bloodbath is the first its side's standing losses order names, else the weakest.", "State.pickArmy", ""},
	{"KW-14.15-LOSS", "14.14 (ST), I-3", "Without a standing losses order, a side that loses one unit in a Stalemate breaks down an army whose corps the pool holds at least one of, and loses one corps; otherwise it loses the unit cheapest in VP, then the one of lowest defence, then the lowest id.", "State.loseOne", ""},
	{"KW-14.16-BOL", "14.16, [VP Chart]", "A Bolshevik unit costs the Allies 1 VP, an army too, as the VP Chart's Bolshevik line says.", "State.lossVP", ""},
	{"KW-14.16-FEW", "14.16", "A forced breakdown with too few corps in the pool places those there are, as the text's example does (the rule sentence places none); the army then costs no VP.", "State.forcedBreakdown", ""},
	{"KW-15.0-CONTROL", "7.3, 15.0", "Every hex a retreating unit enters passes to its side's control, as any entry does.", "State.retreat", ""},
	{"KW-15.2-AWAY", "15.2(5)", "Each hex of a retreat is exactly one hex farther from the hex the unit started in.", "State.retreatPath", ""},
	{"KW-15.2-DEFAULT", "15.2, I-1", "Among legal retreats the referee picks, after 15.2(7): nearest the hex of the side's standing retreat order, then keeping the stack together, in General Supply, in a friendly fortress or city, in terrain that doubles the defence, with fewer enemy units next to it, and then in hex order.", "State.bestRetreat", ""},
	{"KW-16.1-AZ", "16.1, I-4", "After Attacker Annihilated the defender pursues, if its standing pursuit order says so, into a hex the attackers left (a Strategic Objective first, then a city, then in hex order) with every unit that may; objective means a Strategic Objective or a city.", "State.defenderPursuit", ""},
	{"KW-16.4-STACK", "16.4, 12.2", "A pursuing unit may not end over-stacked: it stays where it is instead.", "State.pursuitBlocked", ""},
	{"KW-17.11-ONE", "17.9(2), 17.11", "Each supply unit declared for a combat phase backs at most one battle.", "State.commit", ""},
	{"KW-17.11-SPENT", "17.11", "A supply unit declared at the start of a combat phase is spent at its end, whether a battle used it or not.", "State.spendDeclared", ""},
	{"KW-19.1-WINTER", "19.1, 22.1(1)", "An HQ's support radius is not cut in Winter or Thaw: the cut is for Offensive Supply.", "State.hqReaches", ""},
	{"KW-21.4-RAIL", "21.4, 15.2", "An armoured train retreats along rail only, into hexes its side controls now.", "State.retreatStep", ""},
	{"KW-23.3-RETREAT", "23.3, 15.2, 16.4", "The national limits on where Romanian and Bulgarian units may go hold for retreats and pursuits: a unit with no legal hex is eliminated.", "State.retreatStep", ""},
	{"KW-5.1-AA", "[VP Chart]", "An Allied army abteilung, which the chart does not list, costs 6 VP as an army.", "State.lossVP", ""},
	{"KW-16.2-PURSUIT", "16.2", "16.2's \"two hex retreat\" after a Breakthrough is a two-hex pursuit.", "State.pursue", ""},
	{"KW-17.2-COUNT", "17.2, 17.3, 19.1", "A radius is counted in hexes from the source, its own hex not counted and the target's counted, as the Air Units rule counts a range; the same trace serves supply units and HQs.", "State.reach", ""},
	{"KW-17.5-RAIL", "17.5(3), 17.3", "A rail line giving General Supply need not be controlled by the unit's side; marsh breaks it as it breaks a radius; the unit's own hex may be in the enemy's zone of control.", "State.generalSupply, State.railChain", ""},
	// The Movement Phase (move.go, rail.go, sea.go).
	{"KW-11.2-CONT", "11.2, 18.5", "Orders for one unit in a row continue its move with the MP it has left (a move, a rail move, a move); once another unit has moved, the first has finished for the phase.", "State.mover, State.finishLeg", ""},
	{"KW-11.4-CITY", "11.4, TEC", "A city hex costs what its terrain costs to enter; the TEC's city line is for defence.", "State.terrainMP", ""},
	{"KW-11.5-ALONG", "11.5", "Moving along a road is moving from one rail hex to the next across the hexside its line crosses; stepping onto or off the line pays the terrain.", "State.stepCost", ""},
	{"KW-13.5-MIN", "13.5, 11.6", "A unit may disengage as a minimum move: one hex into a hex free of enemy ZOC with all its MP, when the hex and the extra MP cost more than it has.", "State.walk, State.cheapest", ""},
	{"KW-17.9-POOL", "17.9(1), 17.10(3)", "A supply unit spent for Forced March goes back to the counter mix, from which it may be bought or received again.", "State.march", ""},
	{"KW-18.1-MP", "18.1", "A unit needs at least 1 MP left to start a rail move.", "State.railStart", ""},
	{"KW-18.4-RO", "18.4", "The border between Russia and Romania breaks the gauge as Russia's borders with Germany and Austria-Hungary do.", "State.railStepOK", ""},
	{"KW-18.4-START", "18.4", "A rail move starts in a rail hex its side controlled as the Movement Phase began: a hex taken during the phase joins the net only in the next.", "State.railStart", ""},
	{"KW-18.5-DISENGAGE", "18.5, 13.5", "A unit in an enemy ZOC starts a rail move only by disengaging at the start of its move: the first rail hex it enters is free of enemy ZOC, for 1 MP more.", "State.railWalk, State.railPath", ""},
	{"KW-18.6-RAIL", "18.6, 23.0(1)", "A move over the Serbian Transit is a rail move, with its capacity, General Supply and once-a-phase limit, and leads into Bulgaria only once Bulgaria is in the war.", "State.railStepOK", ""},
	{"KW-21.1-SUD", "21.1, [VP Chart]", "The Sud Army counts as German, stacks as an army, breaks down into one German and one Austro-Hungarian corps (the reorganization chart's sud row), and costs the Central Powers 4 VP (6 on West turns) as an army abteilung.", "State.lossVP", ""},
	{"KW-21.4-NET", "21.4", "An armoured train moves by rail (free of capacity and of General Supply) or by land from one rail hex to the next along the line, always into hexes of its side's rail net as the phase began.", "State.stepCost", ""},
	{"KW-21.6-LAND", "21.6", "A marine unit may land in any port of the same sea that holds no enemy unit, whoever controls it.", "State.seaProblem", ""},
	{"KW-22.2-ENTER", "22.2", "In Thaw, forest costs 2 MP in the forest hexes of Russia, wherever the unit comes from: the hex entered decides.", "State.terrainMP", ""},
	// The optional rules of Entrenching, Amphibious Operations, Naval
	// Transfer and Air Units (entrench.go, amphibious.go, air.go).
	{"KW-Entrench-RADIUS", "[Opt: Entrenching], 22.1(1)", "An entrenched supply unit backs a defence within its full printed radius, in Winter and Thaw too: Enhanced Defense is not Offensive Supply. The radius is traced as a supply radius, stopping at the attacker's zones of control.", "State.declareEnhanced", ""},
	{"KW-Entrench-TIMING", "[Opt: Entrenching], I-7", "The defender declares Enhanced Defense after the attacker has committed to the battle and before the die, by its standing enhance order (always by default): an attacker's `if` condition is judged on the strengths before the declaration. The first entrenched supply unit by id that the order allows and whose radius reaches the hex backs it; none is declared where no infantry or shock unit defends.", "State.declareEnhanced, State.enhancePolicy", ""},
	{"KW-Entrench-TYPES", "[Opt: Entrenching]", "Enhanced Defense multiplies the units of the infantry and shock types only: cavalry, alpine, marine and other units keep their defence.", "State.enhanceable", ""},
	{"KW-Entrench-TERRAIN", "[Opt: Entrenching], 14.11", "The defence is tripled only where the hex's terrain or a city (a line of the TEC) doubles it; a river or lake hexside's doubling is not terrain, and an entrenched defence behind one is doubled, not tripled.", "State.enhancedMult", ""},
	{"KW-Entrench-LOST", "[Opt: Entrenching]", "The enhancement is counted with the strengths before the die; an entrenched supply unit eliminated by the result has given it and leaves nothing to spend. One eliminated in an earlier battle is gone and backs nothing.", "State.spendEnhanced", ""},
	{"KW-Amphib-COAST", "[Opt: Amphibious Operations], 21.6", "The sea of an all-sea hex is that of the ports beside the all-sea hexes joined to it; a coastal hex of a sea is a land hex next to one of its all-sea hexes, or one of its ports.", "data.seaOf, data.onSea", ""},
	{"KW-Amphib-WHOLE", "[Opt: Amphibious Operations], [Opt: Naval Transfer], 21.6", "An amphibious move, assault or Naval Transfer is made by a unit that begins the phase where it sails from and has not moved, and is its whole move, as 21.6's port move is; a landing that fails also ends its move.", "State.amphibious, State.bindVoyage", ""},
	{"KW-Amphib-SEA", "[Opt: Amphibious Operations], 13.0", "A marine at sea for an amphibious assault exerts no zone of control and is out of every radius; the only hexes it touches are the coast it attacks.", "State.afloat, State.exertsZOC", ""},
	{"KW-Amphib-LOST", "[Opt: Amphibious Operations], 5.1", "A marine that fails to land from an amphibious assault, or does not attack in the First Combat Phase, is eliminated and charged as a combat loss, as a Landing Table 1 is. A result allowing pursuit lands it in the defended hex before the other pursuers, as a pursuit.", "State.sinkAssault, State.strandAfloat, State.assaultPursues", ""},
	{"KW-Naval-PHASE", "[Opt: Naval Transfer]", "A Naval Transfer is made in the Movement Phase and uses up the unit's move.", "State.amphibious", ""},
	{"KW-Naval-SUPPLY", "[Opt: Naval Transfer]", "The supply unit a Naval Transfer costs stands in the port of embarkation or of debarkation, as in the two kinds of amphibious move; it is never the unit shipped.", "State.transferPlan, State.payer", ""},
	{"KW-Naval-LIMITS", "[Opt: Naval Transfer], 22.1(4)", "A Naval Transfer, being a limited amphibious move, is barred in the Baltic in Winter, and for the Allies in the Baltic while the Central Powers control Kronstadt and in the Black Sea while they control Sevastopol.", "State.seaClosed", "naval-transfer-open"},
	{"KW-Air-MAS", "[Opt: Air Units], 14.8(2), 19.4", "A supply unit backing the battle doubles an airbase's factor only if the airbase stands within its offensive radius, as for an HQ; a concentric attack doubles it too; never more than x3.", "State.airDoublings", ""},
	{"KW-Air-VP", "[Opt: Air Units], [VP Chart]", "An airbase lost to a result costs no VP: the VP Chart has no line for it.", "State.exposeAir", ""},
	// The optional rules, part 1 (options.go, optunits.go, revolutions.go, psywar.go).
	{"KW-Opt-MOLTKE", "[Opt: Moltke Plan East], [Opt: Better Cavalry Doctrine]", "The units an option adds to the 1914 set-up without a place (Ober Ost and the 9th, 10th and 11th Armies; the extra cavalry corps) set up anywhere in their nation's home country, on their side of the front line, within the stacking limits.", "State.startOption, State.optionZone", ""},
	{"KW-Opt-REVSUPPLY", "[Opt: Russian Revolutions], 9.2", "The turn track's free Allied supply units are the Russians': from the First Revolution the Allies receive none (Romania's included); they may still buy them.", "State.scheduledSupply", ""},
	{"KW-Opt-GALLIPOLI", "[Opt: Gallipoli Campaign Succeeds]", "The Allies' extra supply unit is placed at once in Sevastopol if they control it and no enemy unit is there, else in Odessa so, else it is lost; in a scenario that starts after Jan-Feb 1916 the Central Powers have their 25 VP from the start.", "State.gallipoliSupply, State.startOption", ""},
	{"KW-Opt-EDGE", "[Opt: Additional Units]", "The north map edge is the land hexes of the map's first row; the Black Sea coast is the land hexes next to an all-sea hex joined by sea to a port marked port=black.", "State.northEdge, State.blackSeaCoast, State.optionPlace", ""},
	{"KW-Opt-CONVERSION", "[Opt: Fortress Conversion], [Opt: Russians Modernize Field Artillery]", "Russians Modernize Field Artillery alone lets the Russians convert fortresses in the 1914 set-up; later conversions need the Fortress Conversion option. The corps is a generic infantry corps of the fortress's nation from the pool, and a conversion the pool or the stacking limits cannot serve is refused.", "State.dismantle", ""},
	{"KW-Opt-HQ", "[Opt: Russian Revolutions], 10.7", "After the First Revolution no Russian HQ converts to its stronger face, including HQs that arrive later.", "State.convertBan, State.firstRevolution", ""},
	{"KW-Opt-CZECH", "[Opt: Russian Revolutions], [Opt: Additional Units]", "The Czech Legion appears with the First Revolution whether or not the Additional Units option is used, and is placed in that Allied Mobilization Phase on an Allied-controlled rail hex in Russia.", "State.firstRevolution", ""},
	{"KW-Opt-SECOND", "[Opt: Russian Revolutions]", "The Second Revolution comes the moment the Allies' VP are 10 or less while the First is in effect, including the moment the First comes; with no revolution yet, a fall from above 25 at the start of the turn to 10 or less brings it straight away. It removes every Allied unit but the Bolsheviks, uncharged; supply counters return to the mix, from which the Bolsheviks' free supply units are drawn; the Allies buy nothing more. The Bolsheviks' free unit of each Mobilization Phase is the first of their counters out of play, in id order, eliminated ones included.", "State.afterVP, State.secondRevolution, State.bolshevikArrivals, State.buyBan", ""},
	{"KW-Opt-PSYWAR", "[Opt: PSYWAR]", "A PSYWAR attack is ordered in the side's Mobilization Phase and made before its other orders, after the automatic events of the start of the player turn (arrivals, the revolution roll).", "State.psywarOrders", ""},
	{"KW-Opt-INTERNATIONAL", "[Opt: PSYWAR], [Opt: Russian Revolutions]", "The International makes the Allies' one PSYWAR attack of a player turn free once the Second Revolution is in effect; it adds no second attack.", "State.psywarCost", ""},
	{"KW-Fog-BATTLE", "[Opt: Fog of War]", "A battle shows both players the stacks of the defended hex and of every hex attacked from, and the HQ, airbase and supply units backing it (and an entrenched supply unit backing the defence) themselves, not the stacks they stand in. An attack's conditions (if pct>=N) are not judged while the defended hex holds face-down counters: the attack is fought, for once the stacks are examined the attacker may not call it off, and a condition judged on them would tell their strength.", "State.revealBattle, State.fight", ""},
}

// RulingsText is the rulings as docs print them: a heading and a paragraph
// for each.
func RulingsText() string {
	var b strings.Builder
	b.WriteString("# Rulings: Kaiser's War in the East\n\nWhere the Kaiser's War in the East rules (S&T 301, 2016) are garbled, silent or\n" +
		"contradictory, pbem applies the rulings below. Each names the cases it concerns and the\n" +
		"function of `engine/rulesets/kw` that applies it, so a club reading a passage differently\n" +
		"knows what to change. Reports cite the case numbers. This file is generated by\n" +
		"`pbem rulings -system kw`; a test keeps it current.\n")
	for _, r := range inCaseOrder(Rulings) {
		fmt.Fprintf(&b, "\n## %s (%s)\n\n%s\n\nApplied in: `%s`.\n", r.ID, r.Cases, r.Ruling, r.Where)
		if r.Option != "" {
			fmt.Fprintf(&b, "\nThe other reading: game option `%s`.\n", r.Option)
		}
	}
	return b.String()
}

// inCaseOrder sorts rulings by the case their id names: KW-9.8 before
// KW-10.1 before KW-14.16.
func inCaseOrder(rs []Ruling) []Ruling {
	key := func(id string) (int, int) {
		c := strings.Split(id, "-")[1]
		major, minor, _ := strings.Cut(c, ".")
		a, err := strconv.Atoi(major)
		if err != nil {
			return 1000, 0 // an optional rule's, named by a word: after the standard rules'
		}
		b, _ := strconv.Atoi(minor)
		return a, b
	}
	out := slices.Clone(rs)
	slices.SortStableFunc(out, func(x, y Ruling) int {
		a1, b1 := key(x.ID)
		a2, b2 := key(y.ID)
		if a1 != a2 {
			return a1 - a2
		}
		if b1 != b2 {
			return b1 - b2
		}
		return strings.Compare(x.ID, y.ID)
	})
	return out
}
