package greatgame

// Income and spending (9.0, 10.0, 17.1, 18.0, 20.0). STUB.

// beginIncome is the income and spending phase (3.1(3)).
func (g *Game) beginIncome() {}
