package greatgame

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"strings"
)

// TextMap draws the map as text, two panels side by side: terrain (. clear,
// d desert, m mountain, ~ sea; a city is * and a capital @; a port is P) and
// areas (each region's or water's letter from the map's key; a trade-route
// square is shown by a lower-case letter where the region letter is upper
// case). Column and row numbers frame both panels.
func TextMap(m *Map) string {
	var b strings.Builder
	head := func() {
		b.WriteString("    ")
		for c := 0; c < m.Cols; c++ {
			b.WriteByte("0123456789"[(c+1)/10])
		}
		b.WriteString("   ")
		for c := 0; c < m.Cols; c++ {
			b.WriteByte("0123456789"[(c+1)/10])
		}
		b.WriteString("\n    ")
		for c := 0; c < m.Cols; c++ {
			b.WriteByte("0123456789"[(c+1)%10])
		}
		b.WriteString("   ")
		for c := 0; c < m.Cols; c++ {
			b.WriteByte("0123456789"[(c+1)%10])
		}
		b.WriteString("\n")
	}
	head()
	for r := 0; r < m.Rows; r++ {
		b.WriteString(pad2(r+1) + "  ")
		for c := 0; c < m.Cols; c++ {
			s := m.Squares[m.At(c, r)]
			ch := ".dm~"[s.Terrain]
			switch {
			case s.City >= 0 && m.Cities[s.City].Capital:
				ch = '@'
			case s.City >= 0:
				ch = '*'
			case s.Port:
				ch = 'P'
			}
			b.WriteByte(ch)
		}
		b.WriteString("   ")
		for c := 0; c < m.Cols; c++ {
			s := m.Squares[m.At(c, r)]
			var ch byte = '?'
			if s.Region >= 0 {
				ch = m.Regions[s.Region].Letter
				if len(s.Routes) > 0 && ch >= 'A' && ch <= 'Z' {
					ch += 'a' - 'A'
				}
			} else if s.Water >= 0 {
				ch = m.Waters[s.Water].Letter
			}
			b.WriteByte(ch)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func pad2(n int) string {
	return string([]byte{"0123456789"[n/10], "0123456789"[n%10]})
}

// RenderPNG draws the map at scale pixels a square: terrain colours, region
// borders in red, rivers in blue, trade routes as yellow dots, cities as black
// squares (capitals with a white centre), ports with a blue centre.
func RenderPNG(m *Map, scale int) []byte {
	if scale < 6 {
		scale = 6
	}
	img := image.NewRGBA(image.Rect(0, 0, m.Cols*scale, m.Rows*scale))
	tc := [NumTerrains]color.RGBA{{176, 204, 128, 255}, {233, 212, 152, 255}, {142, 112, 82, 255}, {84, 132, 204, 255}}
	red := color.RGBA{200, 0, 0, 255}
	area := func(s Square) int {
		if s.Region >= 0 {
			return s.Region
		}
		return 1000 + s.Water
	}
	for i, s := range m.Squares {
		x0, y0 := s.Col*scale, s.Row*scale
		for y := 0; y < scale; y++ {
			for x := 0; x < scale; x++ {
				img.Set(x0+x, y0+y, tc[s.Terrain])
			}
		}
		if len(s.Rivers) > 0 {
			for x := 1; x < scale-1; x++ {
				img.Set(x0+x, y0+scale/4, color.RGBA{0, 70, 255, 255})
			}
		}
		if len(s.Routes) > 0 {
			for x := 1; x < scale-1; x += 2 {
				img.Set(x0+x, y0+scale*3/4, color.RGBA{255, 230, 0, 255})
				img.Set(x0+x, y0+scale*3/4+1, color.RGBA{255, 230, 0, 255})
			}
		}
		if s.City >= 0 || s.Port {
			k := scale / 3
			for y := k; y < scale-k; y++ {
				for x := k; x < scale-k; x++ {
					col := color.RGBA{0, 0, 0, 255}
					inner := y > k && y < scale-k-1 && x > k && x < scale-k-1
					if inner && s.City >= 0 && m.Cities[s.City].Capital {
						col = color.RGBA{255, 255, 255, 255}
					} else if inner && s.Port {
						col = color.RGBA{0, 70, 255, 255}
					} else if s.City < 0 {
						continue
					}
					img.Set(x0+x, y0+y, col)
				}
			}
		}
		if n := m.At(s.Col-1, s.Row); n >= 0 && area(m.Squares[n]) != area(s) {
			for y := 0; y < scale; y++ {
				img.Set(x0, y0+y, red)
			}
		}
		if n := m.At(s.Col, s.Row-1); n >= 0 && area(m.Squares[n]) != area(s) {
			for x := 0; x < scale; x++ {
				img.Set(x0+x, y0, red)
			}
		}
		_ = i
	}
	var buf bytes.Buffer
	_ = png.Encode(&buf, img)
	return buf.Bytes()
}
