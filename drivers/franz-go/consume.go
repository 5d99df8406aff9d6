package main

import (
	"context"
	"errors"
	"fmt"
	"os"

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
// which kbench waits for before it starts the producers. A gain is reported once the new partitions' starts are
// known (startAtEnd), so that no record sent after the event is skipped; client gives the member's client, made after
// these options.
func assignmentListeners(run *Run, client func() *kgo.Client) []kgo.Opt {
	report := func() {
		<-run.readySent
		run.events.emit(map[string]any{"type": "assigned", "partitions": run.assigned.Load()})
	}
	change := func(sign int64) func(context.Context, *kgo.Client, map[string][]int32) {
		return func(_ context.Context, _ *kgo.Client, parts map[string][]int32) {
			n := int64(0)
			for _, ps := range parts {
				n += int64(len(ps))
			}
			run.assigned.Add(sign * n)
			if sign < 0 || n == 0 {
				report()
			}
		}
	}
	adjust := func(ctx context.Context, offsets map[string]map[int32]kgo.Offset) (map[string]map[int32]kgo.Offset, error) {
		if !run.opts.resetGiven {
			startAtEnd(ctx, client(), run.opts, offsets)
		}
		report()
		return offsets, nil
	}
	return []kgo.Opt{kgo.OnPartitionsAssigned(change(1)), kgo.OnPartitionsRevoked(change(-1)),
		kgo.OnPartitionsLost(change(-1)), kgo.AdjustFetchOffsetsFn(adjust)}
}

// startAtEnd: kbench's Java consumers start at the end of a partition that has no committed offset, resolved the
// moment it is assigned, so no record sent after the assignment is skipped. franz-go resolves its reset offset only
// once fetching starts, after the assignment was reported, and for a by-time start on an empty partition it falls
// back to an end offset listed then, which can already be past the run's first batch (CI 2026-11-30: 148 of 600
// records skipped). So each partition without a commit starts here, before the assignment is reported, at the first
// record written since the driver came up, or at its end offset as of now when there is none yet: the same records of
// this run either way, as the librdkafka driver does. A partition without a commit is the one franz-go gave the reset
// offset (AfterMilli(startMillis): a commit is an offset, never today's time in milliseconds). A partition whose
// lookups fail keeps franz-go's own start (stderr says so).
func startAtEnd(ctx context.Context, client *kgo.Client, opts *Options, offsets map[string]map[int32]kgo.Offset) {
	fresh := uncommitted(offsets, opts.startMillis)
	if len(fresh) == 0 {
		return
	}
	since := listOffsets(ctx, client, opts, fresh, opts.startMillis)
	var none map[string][]int32
	for topic, parts := range fresh {
		for _, p := range parts {
			if o, ok := since[topic][p]; ok && o >= 0 {
				offsets[topic][p] = kgo.NewOffset().At(o)
			} else if ok {
				if none == nil {
					none = map[string][]int32{}
				}
				none[topic] = append(none[topic], p)
			}
		}
	}
	if none == nil {
		return
	}
	ends := listOffsets(ctx, client, opts, none, -1)
	for topic, parts := range none {
		for _, p := range parts {
			if o, ok := ends[topic][p]; ok && o >= 0 {
				offsets[topic][p] = kgo.NewOffset().At(o)
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
