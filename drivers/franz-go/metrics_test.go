package main

import "testing"

// A roll step's rate is the records acknowledged inside its window by acknowledgement time (the intended time plus
// the latency in whole microseconds, as Java's SendWindows), while its latency and failures go by intended time.
func TestFaultWindowsCountAcknowledgementsByAcknowledgementTime(t *testing.T) {
	f := newFaultWindows()
	f.open(0, 1_000_000)
	f.close(0, 2_000_000)
	f.open(1, 2_000_000)                 // still open at the end: counts until then
	f.acknowledged(500_000, 600_000)     // intended before window 0, acknowledged in it
	f.acknowledged(1_500_000, 500_000)   // intended in 0, acknowledged at its close: in 1
	f.acknowledged(1_500_000, 499_999)   // acknowledged at 1,999,000 (whole microseconds): in 0
	f.acknowledged(2_500_000, 9_000_000) // intended and acknowledged in 1
	f.failed(1_200_000)
	got := f.report()
	if len(got) != 2 {
		t.Fatalf("report has %d windows, want 2: %v", len(got), got)
	}
	want := []struct{ acknowledged, failures int64 }{{2, 1}, {2, 0}}
	for i, w := range want {
		if got[i]["acknowledged"] != w.acknowledged || got[i]["failures"] != w.failures || got[i]["index"] != i {
			t.Errorf("window %d: %v, want acknowledged %d failures %d", i, got[i], w.acknowledged, w.failures)
		}
	}
}
