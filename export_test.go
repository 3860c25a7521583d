package robots

// Compiles reports how many times r compiled a selection of groups.
func Compiles(r *Robots) int64 { return r.compiles.Load() }
