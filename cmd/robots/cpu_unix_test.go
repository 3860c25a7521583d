//go:build unix

package main

import "syscall"

// processCPU returns the CPU time the process has used, user and system,
// in nanoseconds, summed over its threads.
func processCPU() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return float64(ru.Utime.Nano() + ru.Stime.Nano())
}
