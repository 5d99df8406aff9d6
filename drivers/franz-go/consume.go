package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// Consumer is one group member with its own client, as the Java side has a KafkaConsumer per consumer.
type Consumer struct {
	run    *Run
	client *kgo.Client
}

// assignmentListeners keep the slice's count of assigned partitions and report each change (the assigned event),
// which kbench waits for before it starts the producers. A gain is counted and reported only once the new partitions'
// starts are known (startAtEnd, in AdjustFetchOffsetsFn), so that no record sent after the event is skipped: with
// several consumers in the slice, one member's event must not count another's partitions before their starts are
// resolved. Each member remembers what it counted, and a revoke or a loss takes back only that.
func assignmentListeners(run *Run) []kgo.Opt {
	// The member's client as franz-go hands it to OnPartitionsAssigned, which runs before AdjustFetchOffsetsFn in the
	// same session: the client returned by NewClient may not be stored yet when the group first assigns.
	var client atomic.Pointer[kgo.Client]
	var mu sync.Mutex
	counted := map[string]map[int32]bool{}
	report := func() {
		select {
		case <-run.readySent:
			run.events.emit(map[string]any{"type": "assigned", "partitions": run.assigned.Load()})
		case <-run.abandoned:
			// The driver gave up before ready (a later consumer failed to connect): nothing is written any more.
		}
	}
	assigned := func(_ context.Context, cl *kgo.Client, parts map[string][]int32) {
		client.Store(cl)
		if len(parts) == 0 {
			report()
		}
	}
	taken := func(_ context.Context, _ *kgo.Client, parts map[string][]int32) {
		mu.Lock()
		n := int64(0)
		for topic, ps := range parts {
			for _, p := range ps {
				if counted[topic][p] {
					delete(counted[topic], p)
					n++
				}
			}
		}
		mu.Unlock()
		run.assigned.Add(-n)
		report()
	}
	adjust := func(ctx context.Context, offsets map[string]map[int32]kgo.Offset) (map[string]map[int32]kgo.Offset, error) {
		if !run.opts.resetGiven {
			startAtEnd(ctx, client.Load(), run.opts, offsets)
		}
		mu.Lock()
		n := int64(0)
		for topic, ps := range offsets {
			if counted[topic] == nil {
				counted[topic] = map[int32]bool{}
			}
			for p := range ps {
				if !counted[topic][p] {
					counted[topic][p] = true
					n++
				}
			}
		}
		mu.Unlock()
		run.assigned.Add(n)
		report()
		return offsets, nil
	}
	return []kgo.Opt{kgo.OnPartitionsAssigned(assigned), kgo.OnPartitionsRevoked(taken), kgo.OnPartitionsLost(taken),
		kgo.AdjustFetchOffsetsFn(adjust)}
}

// startAtEnd: kbench's Java consumers start at the end of a partition that has no committed offset, resolved the
// moment it is assigned, so no record sent after the assignment is skipped. franz-go resolves its reset offset only
// once fetching starts, after the assignment was reported, and for a by-time start on an empty partition it falls
// back to an end offset listed then, which can already be past the run's first batch (CI 2026-11-30: 148 of 600
// records skipped). So each partition without a commit starts here, before the assignment is reported, at the first
// record written since the driver came up, or, when there is none, at its end offset listed just before that lookup:
// had a record been written after that listing, the lookup by time would have found it. The same records of this run
// either way, as the librdkafka driver does. A partition without a commit is the one franz-go gave the reset offset
// (AfterMilli(startMillis): a commit is an offset, never today's time in milliseconds). A partition whose lookups
// fail keeps franz-go's own start (stderr says so).
func startAtEnd(ctx context.Context, client *kgo.Client, opts *Options, offsets map[string]map[int32]kgo.Offset) {
	fresh := uncommitted(offsets, opts.startMillis)
	if len(fresh) == 0 {
		return
	}
	if client == nil {
		fmt.Fprintln(os.Stderr, "franz-go driver: no client to look up where assigned partitions start; franz-go's own start")
		return
	}
	ends := listOffsets(ctx, client, opts, fresh, -1)
	since := listOffsets(ctx, client, opts, fresh, opts.startMillis)
	for topic, parts := range fresh {
		for _, p := range parts {
			if o, ok := since[topic][p]; ok && o >= 0 {
				offsets[topic][p] = kgo.NewOffset().At(o)
			} else if e, found := ends[topic][p]; ok && found && e >= 0 {
				offsets[topic][p] = kgo.NewOffset().At(e)
			}
		}
	}
}

// uncommitted is the partitions franz-go gave the reset offset AfterMilli(startMillis): those without a commit.
func uncommitted(offsets map[string]map[int32]kgo.Offset, startMillis int64) map[string][]int32 {
	fresh := map[string][]int32{}
	for topic, parts := range offsets {
		for p, o := range parts {
			if e := o.EpochOffset(); e.Offset == startMillis && e.Epoch == -1 {
				fresh[topic] = append(fresh[topic], p)
			}
		}
	}
	return fresh
}

// listOffsets asks each partition's leader for the first offset at or after timestamp (-1: the end, the last stable
// offset for read_committed); a partition missing from the answer could not be looked up.
func listOffsets(ctx context.Context, client *kgo.Client, opts *Options, parts map[string][]int32,
	timestamp int64) map[string]map[int32]int64 {
	req := kmsg.NewPtrListOffsetsRequest()
	req.ReplicaID = -1
	if opts.readCommitted {
		req.IsolationLevel = 1
	}
	for topic, ps := range parts {
		t := kmsg.NewListOffsetsRequestTopic()
		t.Topic = topic
		for _, p := range ps {
			rp := kmsg.NewListOffsetsRequestTopicPartition()
			rp.Partition = p
			rp.CurrentLeaderEpoch = -1
			rp.Timestamp = timestamp
			t.Partitions = append(t.Partitions, rp)
		}
		req.Topics = append(req.Topics, t)
	}
	found := map[string]map[int32]int64{}
	resp, err := req.RequestWith(ctx, client)
	if err != nil {
		fmt.Fprintf(os.Stderr, "franz-go driver: listing offsets at %d: %v\n", timestamp, err)
		return found
	}
	for _, t := range resp.Topics {
		for _, p := range t.Partitions {
			if err := kerr.ErrorForCode(p.ErrorCode); err != nil {
				fmt.Fprintf(os.Stderr, "franz-go driver: offset at %d of %s-%d: %v\n", timestamp, t.Topic, p.Partition, err)
				continue
			}
			if found[t.Topic] == nil {
				found[t.Topic] = map[int32]int64{}
			}
			found[t.Topic][p.Partition] = p.Offset
		}
	}
	return found
}

// poll reads until ctx ends. One clock reading per poll serves all its records, as on the Java side: the poll's
// return is when they reached the application.
func (c *Consumer) poll(ctx context.Context) error {
	run := c.run
	m := run.metrics
	magic := *run.slice.StampMagic
	for {
		fetches := c.client.PollFetches(ctx)
		if ctx.Err() != nil || fetches.IsClientClosed() {
			return nil
		}
		received := run.clock.Nanos()
		var all, allBytes, measured, measuredBytes int64
		fetches.EachRecord(func(r *kgo.Record) {
			size := int64(len(r.Key) + len(r.Value))
			all++
			allBytes += size
			if ours, isMeasured, sent := stampOf(r.Value, magic); ours && isMeasured {
				m.endToEnd.Record(received - sent)
				measured++
				measuredBytes += size
			}
		})
		for _, fe := range fetches.Errors() {
			if errors.Is(fe.Err, context.Canceled) || errors.Is(fe.Err, kgo.ErrClientClosed) {
				return nil
			}
			if !kerr.IsRetriable(fe.Err) {
				return fmt.Errorf("consumer fetch from %s-%d: %v", fe.Topic, fe.Partition, fe.Err)
			}
		}
		m.consumedRecords.Add(all)
		m.consumedBytes.Add(allBytes)
		if measured > 0 {
			m.consumedMeasured.Add(measured)
			m.consumedMeasuredBytes.Add(measuredBytes)
			storeMin(&m.firstRecord, received)
			storeMax(&m.lastRecord, received)
		}
	}
}
