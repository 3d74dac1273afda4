package gandhiplug

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"durbar/gandhi"
	"durbar/plug"
	"durbar/plug/cli"
)

// eventOut and campaignOut are `durbar cards gandhi --json`.
type eventOut struct {
	Number   int      `json:"number"`
	Title    string   `json:"title"`
	Year     int      `json:"year"`
	Order    []string `json:"order"`    // faction ids, left to right (2.3.2)
	Critical []string `json:"critical"` // Non-Player Critical Event for these (8.8.1)
	Halo     []string `json:"halo"`     // Non-Players use the unshaded text (8.8.2)
	Unshaded string   `json:"unshaded"`
	Shaded   string   `json:"shaded"`
}

type campaignOut struct {
	Number     int    `json:"number"`
	Title      string `json:"title"`
	Years      string `json:"years"`
	Viceroy    string `json:"viceroy"`
	Capability string `json:"capability"`
}

// cardsOut is `durbar cards gandhi --json`.
type cardsOut struct {
	Events    []eventOut    `json:"events"`
	Campaigns []campaignOut `json:"campaigns"`
}

// cards is durbar cards gandhi [--json]: the Event and Campaign cards.
func cards(c plug.Call) error {
	fs := flag.NewFlagSet("cards", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print JSON")
	if err := cli.GameFlags(fs, c, gameName); err != nil {
		return err
	}
	data, err := gameData()
	if err != nil {
		return err
	}
	out := deckOut(data.Deck)
	if *asJSON {
		return cli.WriteJSON(c.Stdout, out)
	}
	writeCards(c.Stdout, out)
	return nil
}

func deckOut(d *gandhi.Deck) cardsOut {
	out := cardsOut{Events: []eventOut{}, Campaigns: []campaignOut{}}
	for _, n := range d.Events {
		c := d.Cards[n]
		out.Events = append(out.Events, eventOut{Number: c.Number, Title: c.Title, Year: c.Year,
			Order: factionIDs(c.Order[:]), Critical: factionIDs(c.Critical), Halo: factionIDs(c.Halo),
			Unshaded: c.Unshaded, Shaded: c.Shaded})
	}
	for _, n := range d.Camps {
		c := d.Cards[n]
		out.Campaigns = append(out.Campaigns, campaignOut{Number: c.Number, Title: c.Title, Years: c.Years,
			Viceroy: c.Viceroy.String(), Capability: c.Capability})
	}
	return out
}

func factionIDs(fs []gandhi.Faction) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.ID())
	}
	return out
}

func writeCards(w io.Writer, o cardsOut) {
	fmt.Fprintf(w, "%d Event cards\n\n", len(o.Events))
	for _, e := range o.Events {
		fmt.Fprintf(w, "%3d  %s (%d)   order: %s", e.Number, e.Title, e.Year, strings.Join(e.Order, " > "))
		if len(e.Critical) > 0 {
			fmt.Fprintf(w, "   critical: %s", strings.Join(e.Critical, ", "))
		}
		if len(e.Halo) > 0 {
			fmt.Fprintf(w, "   halo: %s", strings.Join(e.Halo, ", "))
		}
		fmt.Fprintf(w, "\n     unshaded: %s\n     shaded:   %s\n", e.Unshaded, e.Shaded)
	}
	fmt.Fprintf(w, "\n%d Campaign cards\n\n", len(o.Campaigns))
	for _, c := range o.Campaigns {
		fmt.Fprintf(w, "%3d  %s (%s)   viceroy: %s\n     %s\n", c.Number, c.Title, c.Years, c.Viceroy, c.Capability)
	}
}
