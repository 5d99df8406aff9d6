package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Consumer is one group member with its own client, as the Java side has a KafkaConsumer per consumer.
type Consumer struct {
	run    *Run
	client *kgo.Client
}

// assignmentListeners keep the slice's count of assigned partitions and report each change (the assigned event),
// which kbench waits for before it starts the producers.
func assignmentListeners(run *Run) []kgo.Opt {
	change := func(sign int64) func(context.Context, *kgo.Client, map[string][]int32) {
		return func(_ context.Context, _ *kgo.Client, parts map[string][]int32) {
			n := int64(0)
			for _, ps := range parts {
				n += int64(len(ps))
			}
			run.assigned.Add(sign * n)
			<-run.readySent
			run.events.emit(map[string]any{"type": "assigned", "partitions": run.assigned.Load()})
		}
	}
	return []kgo.Opt{kgo.OnPartitionsAssigned(change(1)), kgo.OnPartitionsRevoked(change(-1)),
		kgo.OnPartitionsLost(change(-1))}
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
