package gandhi

// Event programs of the cards implemented so far, keyed by card number. Each
// follows the card's text in gandhi/data/cards.json.

func init() {
	eventImpls[6] = eventImpl{ // Chauri Chaura Massacre
		unshaded: []EvStep{
			{Do: "select", N: 1, Where: &Filter{Protest: true}},
			{Do: "remove-faction"},
		},
		shaded: []EvStep{
			{Do: "select", N: 1, Where: &Filter{Protest: true, Spaces: []string{"united-provinces", "bihar"}}},
			{Do: "add-unrest"},
			{Do: "place", Piece: "guerrilla"},
			{Do: "ineligible", Faction: "congress"},
		},
	}
	eventImpls[11] = eventImpl{ // Gandhi Arrested for Sedition
		unshaded: []EvStep{{Do: "arrest-gandhi"}},
		shaded: []EvStep{
			{Do: "select", N: 2, Where: &Filter{Has: []string{"congress"}, Types: []string{"city", "province", "state"}}},
			{Do: "shift", Level: -2},
			{Do: "restraint", N: 1},
		},
	}
	eventImpls[16] = eventImpl{ // Pakistan Declaration Published in London
		unshaded: []EvStep{
			{Do: "select", N: 2, Where: &Filter{Muslim: true}},
			{Do: "add-unrest"},
			{Do: "remove-base"},
		},
		shaded: []EvStep{
			{Do: "select", N: 1, Where: &Filter{Muslim: true, Types: []string{"province"}, Has: []string{"league"}}},
			{Do: "place", Piece: "league-base"},
			{Do: "shift", Level: -2},
		},
	}
	eventImpls[44] = eventImpl{ // Surya Sen Captured
		unshaded: []EvStep{
			{Do: "select", N: 2, Where: &Filter{Has: []string{"guerrillas"}}},
			{Do: "remove-pieces", Piece: "guerrilla", N: 2},
			{Do: "shift", Level: 2, Hit: true},
		},
		shaded: []EvStep{
			{Do: "select", N: 2, Where: &Filter{Spaces: []string{"calcutta", "west-bengal", "east-bengal"}}},
			{Do: "place", Piece: "guerrilla"},
			{Do: "narrow", N: 1},
			{Do: "add-unrest"},
		},
	}
}
