module pbem

go 1.26.8
