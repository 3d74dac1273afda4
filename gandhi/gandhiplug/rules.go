package gandhiplug

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// ruleIndex gives each rulebook section a one-line reminder in the project's
// own words, for `help RULE` during play. It is a signpost to the rulebook,
// not a substitute for it.
var ruleIndex = map[string]string{
	"set-up": "Scenario set-up: before the first card Congress puts Gandhi, one Activist and one Protest into a single space of its choice.",

	"1.0":    "Introduction: four factions contest British India from 1917 to 1947.",
	"1.1":    "Course of play: cards are played one by one; factions act in the order shown; Campaign cards bring scoring rounds.",
	"1.2":    "Components: map, Event and Campaign cards, pieces and markers.",
	"1.3":    "The map: Cities, Provinces, Princely States and Railways, plus the Jail and Out of Play boxes.",
	"1.3.1":  "Space types: City, Province, State or Railway; the type decides who may go where.",
	"1.3.2":  "Cities: population 1; may be Raj-Controlled.",
	"1.3.3":  "Provinces: population 1 or 2; may be Raj-Controlled.",
	"1.3.4":  "Princely States: never hold Troops and never count as Raj-Controlled.",
	"1.3.5":  "Muslim States: a Province the League has turned into a State; Troops there are sent to Cities.",
	"1.3.6":  "Railways: no population, Support or Bases; each has an Econ value and ends at Cities or Towns.",
	"1.3.8":  "Adjacency: bordering spaces, spaces split only by a Railway, and spaces linked through a Town.",
	"1.3.9":  "Jail: arrested Gandhi and Activists wait here, off the map and not Available, until released.",
	"1.3.10": "Out of Play: pieces here re-enter only through Operations, Events or (Raj) a Crisis.",
	"1.4":    "Forces: Raj Troops and Sepoys, Congress Activists and Gandhi, League Activists and Bases, Rev Guerrillas and Bases.",
	"1.4.1":  "Availability: the inventory caps pieces; place only from Available (Raj Deploy may take cubes from the map if none are left).",
	"1.4.2":  "Stacking: Bases at most the space's population, never Troops in States, at most one Protest per space.",
	"1.4.3":  "Active pieces: cubes, Bases and Gandhi always; Activists in Protest spaces or on Railways; Guerrillas flip one by one.",
	"1.4.4":  "Targeting: once a faction is targeted its pieces are hit as far as possible; Raj treats Congress and League as one.",
	"1.4.5":  "Gandhi: Congress's leader, not an Activist, always Active, counts for Control, can be arrested but never removed.",
	"1.5":    "Players and factions: 1-4 players; Raj counterinsurgent, Congress and League nonviolent, Rev insurgent; a player with two factions uses the lower margin.",
	"1.6":    "Support and Opposition: five levels per space; totals weight population, doubled at the Active levels.",
	"1.7":    "Raj Control: a City or Province is Raj-Controlled when its cubes outnumber every other Active piece there.",
	"1.8":    "Resources: only Raj and Rev hold them, 0 to 50, to pay for Operations and some Activities.",
	"1.9":    "Victory markers: what each faction's victory total counts (see 7.2).",
	"1.10":   "Protest markers: Operations may place only those freed by the current Restraint; they make Activists Active.",
	"1.11":   "Unrest markers: count for Rev victory; they share a pool of 12 with Strikes.",
	"1.12":   "Strike markers: on Railways only; a struck Railway earns the Raj nothing.",

	"2.0":   "Sequence of play: Event cards in turn, with a Campaign Round whenever a Campaign card turns up.",
	"2.1":   "Set up: choose a scenario, build the deck, place the pieces, draw a Viceroy.",
	"2.2":   "Start: turn up the first card as Current and the next as Upcoming.",
	"2.3":   "Event cards: up to two Eligible factions act, taking turns in the card's icon order.",
	"2.3.1": "Eligibility: only Eligible factions may act on a card.",
	"2.3.2": "Faction order: the icons, left to right, name the 1st and 2nd Eligible.",
	"2.3.3": "Passing: stay Eligible; Raj gains 3 Resources, Rev 1, an NV faction may bring back one Activist from Out of Play.",
	"2.3.4": "1st Eligible: an Operation (with or without a Special Activity) or the Event.",
	"2.3.5": "2nd Eligible: what is open depends on the 1st; a Limited Operation uses one space and no Special Activity.",
	"2.3.6": "Adjust Eligibility: factions that executed become Ineligible for the next card, the rest Eligible.",
	"2.3.7": "Next card: the Upcoming card becomes Current and a new one is turned up.",
	"2.4":   "Campaign card: when one turns up it swaps in as Current and a Campaign Round is held at once.",
	"2.4.1": "Final Campaign: after the last Campaign Round without a winner the game ends (7.3).",
	"2.4.2": "Final Campaign: after the last Campaign Round without a winner the game ends (7.3).",
	"2.5":   "British Viceroy: the Campaign card in the Viceroy box gives the Raj a capability until replaced.",
	"2.5.1": "Viceroy capabilities: each Viceroy changes the cost or effect of some Raj action.",

	"3.0":   "Operations: the main actions, chosen from the faction's four.",
	"3.1":   "Operations in general: pick the Operation, then its spaces; Raj and Rev pay, NV factions are limited in space count.",
	"3.1.1": "Selecting spaces: each space at most once per Operation; Negotiate never shares a space with the Operation.",
	"3.1.2": "Moving pieces: a piece moves at most once per Operation.",
	"3.2":   "Raj Operations: Sepoys cost Restraint per space (Troops are free); cubes never leave Protest spaces; no Troops in States.",
	"3.2.1": "Deploy: place up to six cubes in each chosen City, then may bring two cubes from Out of Play to Available.",
	"3.2.2": "Garrison: move cubes along Railways and Cities into Raj-Controlled destinations, stopping at Active adversaries.",
	"3.2.3": "Sweep: move cubes into chosen destinations from next door, then Activate one Guerrilla per cube there.",
	"3.2.4": "Assault: remove or arrest Active pieces per cube (two Sepoys per piece alone), Bases last; arresting Gandhi costs Restraint and gives Congress Protests.",
	"3.3":   "NV Operations: free; Congress picks up to Restraint spaces plus Protest/Gandhi spaces, the League up to Unity plus Base spaces.",
	"3.3.1": "NV Rally: add Activists (League may swap Unity Activists for a Base), then bring one Activist from Out of Play or release a die roll from Jail.",
	"3.3.2": "Demonstrate: Activists move into chosen spaces; without Raj Control a Protest may be placed there.",
	"3.3.3": "Civil Disobedience: place a Protest, Activate the Activists, and may send Activists onto adjacent Railways.",
	"3.3.4": "Non-Cooperation: in Protest spaces without Raj Control, shift toward Active Opposition; then Restraint drops one.",
	"3.4":   "Revolutionaries Operations: Rally, March, Attack or Unrest, paid in Resources.",
	"3.4.1": "Rev Rally: add Guerrillas (or swap Unity Guerrillas for a Base), then may bring one Guerrilla from Out of Play.",
	"3.4.2": "March: move Guerrillas; a large moving group meeting cubes or entering a Railway is Activated.",
	"3.4.3": "Attack: Activate Guerrillas and roll; success removes up to two adversary pieces and may add Unrest.",
	"3.4.4": "Unrest: Activate a Guerrilla, add Unrest (Strike on a Railway) and shift toward Neutral; then Restraint drops one.",

	"4.0":   "Special Activities: an extra action taken with an Operation.",
	"4.1":   "Special Activities in general: before, during or after the Operation, in otherwise valid spaces.",
	"4.1.1": "Accompanying Operations: a few Activities go only with certain Operations.",
	"4.2":   "Raj Special Activities: Treaty, Govern, Martial Law.",
	"4.2.1": "Treaty: in States, remove one Active piece per Sepoy or move Sepoys in from next door.",
	"4.2.2": "Govern: in up to two spaces with cubes, remove an Active piece, clear a Strike or Protest, or buy Imperialism.",
	"4.2.3": "Martial Law: remove Activists per cube and any Protest, at the price of Unrest (two spaces in Crisis).",
	"4.3":   "Congress Special Activities: Negotiate, Satyagraha, Persuade.",
	"4.3.1": "Congress Negotiate: clear a Protest, Restraint up one, then release Gandhi or dissolve a Muslim State.",
	"4.3.2": "Satyagraha: move Gandhi (out of Jail only if the Raj agrees), then clear Protest and Unrest or add an Activist.",
	"4.3.3": "Congress Persuade: in up to two spaces remove an Active adversary or Activate Guerrillas per Active NV piece.",
	"4.4":   "Muslim League Special Activities: Negotiate, Infiltrate, Persuade.",
	"4.4.1": "League Negotiate: clear a Protest, Restraint up one, then remove Unrest or create a Muslim State.",
	"4.4.2": "League Infiltrate: swap a Sepoy, Guerrilla or Protest for a League Activist, or in Crisis create a Muslim State.",
	"4.4.3": "League Persuade: like Congress Persuade; removing Congress pieces lowers Unity.",
	"4.5.1": "Aid: Rev trades Guerrilla activity and Resources, or pays to send Guerrillas back Underground.",
	"4.5.2": "Rev Infiltrate: swap an adversary piece or Protest for a Guerrilla, or in Crisis place a Rev Base.",
	"4.5.3": "Assassinate: in an Unrest space remove a piece; removing NV pieces lowers Unity.",

	"5.0":   "Events: each card has an unshaded and a shaded text.",
	"5.1":   "Executing Events: do as much of the chosen text as possible, in order.",
	"5.1.1": "Impossible instructions: any part that cannot be carried out is skipped.",
	"5.1.2": "Removals by Event: Activists go to Jail, other pieces to Available.",
	"5.2":   "Dual use: the executing faction picks either text, never both.",

	"6.0":   "Campaign Rounds: victory, resources, support, redeploy and reset, in that order.",
	"6.1":   "Victory phase: if a faction meets its condition the game ends (7.3).",
	"6.2":   "Resources phase: Strikes, then Raj and Rev income.",
	"6.2.1": "Railway Strikes: Congress puts Strikes on qualifying Railways.",
	"6.2.2": "Raj earnings: Econ of unstruck Railways, less 2 per NV piece in Jail; Rev earns 2 per Base.",
	"6.3":   "Support phase: Imperialism, prisoner release, Constructive Programme, new Bases.",
	"6.3.1": "Imperialism: Raj buys Support in up to four spaces; prisoners and then Gandhi are released.",
	"6.3.2": "Constructive Programme: Congress then League shift up to Unity spaces toward Opposition.",
	"6.3.3": "Pakistan Movement and Secret Societies: League and Rev may each place a Base without Raj Control.",
	"6.3.4": "Game end: after the final Campaign's Support phase the game ends (7.3).",
	"6.4":   "Redeploy phase: new Viceroy, then every faction repositions; pieces may not stay on Railways.",
	"6.4.1": "New Viceroy: the triggering Campaign card takes the Viceroy box.",
	"6.4.2": "Raj redeploy: move cubes, pay for Troops left in Provinces or on Railways, clear cubes without Control.",
	"6.4.3": "NV and Rev redeploy: pieces on Railways must move to spaces without Raj Control (or to their Bases).",
	"6.5":   "Reset phase: clear Protests, some Unrest and all Strikes, reset Restraint and Unity, everyone Eligible.",
	"6.6":   "Restraint track: sets Sepoy and Unrest costs, Congress's space count and the Protests for Operations.",
	"6.7":   "Unity track: sets League space count and the Activists/Guerrillas needed for a Base.",
	"6.8":   "Crisis: Restraint and Unity both at 1; the Raj may bring a die roll of cubes from Out of Play and some actions open up.",

	"7.0": "Victory: each faction has its own condition.",
	"7.1": "Ranking: by victory margin; ties favour League, then Congress, then Rev.",
	"7.2": "Victory check at each Campaign Round: Raj above 38, Congress above 20, League above 14, Rev above 14.",
	"7.3": "Final victory: rank by margin (total minus threshold).",

	"8.0": "Non-player factions: how an unplayed faction chooses its actions.",
}

// writeRuleHelp prints the section asked for and the sections above it, or
// the sections under it when it is only a chapter or prefix.
func writeRuleHelp(w io.Writer, sec string) {
	sec = strings.TrimSpace(strings.TrimPrefix(strings.ToLower(sec), "rule "))
	if s, ok := ruleIndex[sec]; ok {
		for _, p := range ruleParents(sec) {
			fmt.Fprintf(w, "  %s  %s\n", p, ruleIndex[p])
		}
		fmt.Fprintf(w, "> %s  %s\n", sec, s)
		return
	}
	var under []string
	for k := range ruleIndex {
		if strings.HasPrefix(k, sec+".") || strings.HasPrefix(k, strings.TrimSuffix(sec, ".0")+".") {
			under = append(under, k)
		}
	}
	if len(under) == 0 {
		fmt.Fprintf(w, "no summary for %q; try a section number like 3.2.4, or see the rulebook\n", sec)
		return
	}
	slices.SortFunc(under, compareSections)
	for _, k := range under {
		fmt.Fprintf(w, "  %s  %s\n", k, ruleIndex[k])
	}
}

// ruleParents lists the enclosing sections of sec that the index knows,
// outermost first: 3.2.4 → 3.0, 3.2.
func ruleParents(sec string) []string {
	parts := strings.Split(sec, ".")
	var out []string
	for n := 1; n < len(parts); n++ {
		p := strings.Join(parts[:n], ".")
		if n == 1 {
			p += ".0"
		}
		if _, ok := ruleIndex[p]; ok && p != sec {
			out = append(out, p)
		}
	}
	return out
}

// compareSections orders "3.2.10" after "3.2.9".
func compareSections(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) && i < len(pb); i++ {
		x, errX := strconv.Atoi(pa[i])
		y, errY := strconv.Atoi(pb[i])
		if errX != nil || errY != nil {
			if c := strings.Compare(pa[i], pb[i]); c != 0 {
				return c
			}
			continue
		}
		if x != y {
			return x - y
		}
	}
	return len(pa) - len(pb)
}
