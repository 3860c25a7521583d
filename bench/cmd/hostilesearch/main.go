// Hostilesearch searches for the robots.txt files that cost the matcher
// the most, by hill-climbing on the work a decision counts (or on the
// bytes a compile allocates), from a seed: the same seed and steps find
// the same files on any machine. It prints every draw it keeps, and at
// the end the worst, with the parameters that draw it again
// (hostile.Params) and the command that times it in a fresh process.
//
// Usage:
//
//	cd bench && go run ./cmd/hostilesearch -seed 1 -restarts 40 -steps 400
//	cd bench && go run ./cmd/hostilesearch -objective compile -duration 10m
//	cd bench && go run ./cmd/hostilesearch -maxsize 40000 -duration 30m
//
// With -maxsize the draws are files small enough that a Matcher decides
// their first URLs by a scan of the rules (robots.Matcher.Cost costs the
// scan then), rather than files the automaton decides.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"time"

	"github.com/robotsexclusion/robots/bench/hostile"
)

func main() {
	seed := flag.Uint64("seed", 1, "the search's seed")
	objective := flag.String("objective", "decide", "what to climb on: decide (the work of the costliest URL) or compile (the bytes Parse and Agent allocate)")
	restarts := flag.Int("restarts", 40, "random draws before the climb")
	steps := flag.Int("steps", 400, "mutations tried in the climb")
	duration := flag.Duration("duration", 0, "if set, stop after this long, whatever the steps (the draws are the same, only fewer)")
	all := flag.Bool("v", false, "print every draw, not only those kept")
	maxSize := flag.Int("maxsize", 0, "if set, the largest file drawn, in octets: 40000 searches the files small enough to be decided by a scan of their rules first")
	flag.Parse()
	log.SetFlags(0)
	var obj hostile.Objective
	switch *objective {
	case "decide":
		obj = hostile.Decide
	case "compile":
		obj = hostile.Compile
	default:
		log.Fatalf("hostilesearch: -objective %q: want decide or compile", *objective)
	}
	start := time.Now()
	s := hostile.Search{
		Seed: *seed, Objective: obj, Restarts: *restarts, Steps: *steps, MaxSize: *maxSize,
		Log: func(step int, r hostile.Result, kept bool) {
			if kept || *all {
				mark := " "
				if kept {
					mark = "*"
				}
				fmt.Printf("%s %4d %7.1fs %s\n", mark, step, time.Since(start).Seconds(), describe(r))
			}
		},
	}
	if *duration > 0 {
		s.Stop = func() bool { return time.Since(start) > *duration }
	}
	best := s.Run()
	fmt.Printf("\nworst (%s): %s\n  %#v\n", obj, describe(best), best.Params)
	fmt.Printf("  cold, in a fresh process: go run ./cmd/coldcase -params '%s'\n", best.Params)
	os.Exit(0)
}

func describe(r hostile.Result) string {
	return fmt.Sprintf("work %d (%.2fx the budget of %d, url %d), %d failed closed, alloc %.2f MiB, tier %v, bounded %v, %d lines, %d octets: %s",
		r.Work, float64(r.Work)/float64(r.Budget), r.Budget, r.URL, r.Failed, float64(r.Alloc)/(1<<20), r.Tier, r.Bounded, r.Lines, r.Bytes, r.Params)
}
