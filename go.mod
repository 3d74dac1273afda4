module durbar

go 1.26
