package main

import (
	"slices"
	"testing"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A partition without a commit is the one franz-go gave the reset offset; a committed one, even at an epoch, is not.
func TestUncommittedPartitionsAreThoseAtTheResetOffset(t *testing.T) {
	o, err := parseOptions(map[string]string{})
	if err != nil {
		t.Fatal(err)
	}
	reset := kgo.NewOffset().AfterMilli(o.startMillis)
	offsets := map[string]map[int32]kgo.Offset{
		"t": {0: reset, 1: kgo.NewOffset().At(42).WithEpoch(3), 2: kgo.NewOffset().At(0), 3: reset},
	}
	fresh := uncommitted(offsets, o.startMillis)
	slices.Sort(fresh["t"])
	if len(fresh) != 1 || !slices.Equal(fresh["t"], []int32{0, 3}) {
		t.Errorf("uncommitted = %v, want t: [0 3]", fresh)
	}
	if o.resetGiven {
		t.Error("resetGiven without auto.offset.reset")
	}
	given, err := parseOptions(map[string]string{"auto.offset.reset": "earliest"})
	if err != nil || !given.resetGiven {
		t.Errorf("auto.offset.reset=earliest: resetGiven %v, err %v", given != nil && given.resetGiven, err)
	}
}
