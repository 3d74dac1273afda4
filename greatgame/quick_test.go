package greatgame

import "testing"

func TestQuickLoad(t *testing.T) {
	_, err := DefaultData()
	if err != nil {
		t.Fatal(err)
	}
}
