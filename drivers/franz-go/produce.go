package main

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
)

const (
	// wakeUpNanos is Java's Pacer.WAKE_UP_NANOS: a producer sleeps at least this long, and one wake-up sends every
	// record due by then (a wake-up per record at low rates cost more CPU than the sends).
	wakeUpNanos = 1_000_000
	// maxSleepNanos bounds one sleep so that a stop ends even a long wait at a low rate (Java's MAX_PARK_NANOS).
	maxSleepNanos = 50_000_000
)

// Run holds what every part of one driver run shares.
type Run struct {
	slice   *Slice
	opts    *Options
	clock   *Clock
	metrics *Metrics
	events  *Events
	// start is the common start (set once by the start line, before any producer reads it).
	start int64
	// warmupEnd: records intended at or after it are measured (unbounded until the auto warm-up ends).
	warmupEnd atomic.Int64
	stopping  atomic.Bool
	// assigned is the partitions this slice's consumers hold now.
	assigned atomic.Int64
	// readySent closes once ready is written: nothing else may come first (a group may assign before it).
	readySent chan struct{}
	// abandoned closes when the driver gives up before ready (abandon, once): listeners waiting for ready stop waiting.
	abandoned chan struct{}
	abandon   func()
}

// pending is one in-flight record: the franz-go record, the copy of its value and what the promise needs. Pooled,
// each with its own promise closure, so the send loop allocates nothing per record after warming up.
type pending struct {
	rec      kgo.Record
	intended int64
	seq      int64
	measured bool
	promise  func(*kgo.Record, error)
}

// Producer is one producer thread (goroutine) with its own client, as the Java side has a KafkaProducer per thread.
type Producer struct {
	run      *Run
	index    int // g, 0 .. total-1
	client   *kgo.Client
	values   [][]byte
	keys     [][]byte
	indices  []uint32
	warmup   int64
	measured int64 // -1: time-bound
	log      *SendLog
	pool     sync.Pool
	random   *rand.Rand
}

func newProducer(run *Run, g, local int, keys [][]byte) (*Producer, error) {
	p := run.slice.Producers
	values, err := readValues(p.ValuesFiles[local])
	if err != nil {
		return nil, refuse(fmt.Sprintf("slice.producers.valuesFiles[%d]", local), p.ValuesFiles[local], err.Error())
	}
	pr := &Producer{run: run, index: g, values: values, keys: keys, warmup: p.WarmupRecords[local], measured: -1,
		random: rand.New(rand.NewPCG(uint64(g), uint64(*run.slice.StampMagic)))}
	if p.MeasuredRecords != nil {
		pr.measured = p.MeasuredRecords[local]
	}
	if *p.Keys.Type == "indices" {
		if pr.indices, err = readIndices(p.Keys.IndexFiles[local], *p.Keys.Count); err != nil {
			return nil, refuse(fmt.Sprintf("slice.producers.keys.indexFiles[%d]", local), p.Keys.IndexFiles[local], err.Error())
		}
	}
	if *p.Verify {
		for _, v := range values {
			if len(v) < stampIDBytes {
				return nil, refuse("slice.producers.verify", true, fmt.Sprintf("needs values of at least %d bytes", stampIDBytes))
			}
		}
		pr.log = newSendLog(g)
	}
	pr.pool.New = func() any {
		pd := &pending{}
		pd.promise = func(r *kgo.Record, err error) { pr.completed(pd, r, err) }
		return pd
	}
	return pr, nil
}

// sendAll sends on the schedule until the measured records or time are done, or a stop.
func (pr *Producer) sendAll(ctx context.Context) {
	run := pr.run
	p := run.slice.Producers
	rate := *p.RatePerThread
	var schedule Schedule
	if rate > 0 {
		schedule = newSchedule(rate, run.start, float64(pr.index)/float64(*p.Total))
	}
	measuredDeadline := int64(math.MaxInt64)
	var measuredSent int64
	for i := int64(0); !run.stopping.Load(); i++ {
		var intended, now int64
		if rate > 0 {
			intended = schedule.Intended(i)
			if now = pr.await(intended); now < intended {
				return // stopped while waiting
			}
		} else {
			intended = run.clock.Nanos()
			now = intended
		}
		measured := i >= pr.warmup && intended >= run.warmupEnd.Load()
		if measured {
			if measuredSent == 0 {
				storeMin(&run.metrics.firstMeasuredSend, intended)
				if p.MeasuredNanos != nil {
					measuredDeadline = intended + *p.MeasuredNanos
				}
			}
			if measuredSent == pr.measured || intended >= measuredDeadline {
				return
			}
			if rate > 0 {
				run.metrics.sendDelay.Record(now - intended)
			}
			measuredSent++
		}
		pr.send(ctx, i, intended, measured)
	}
}

// await sleeps until deadline, at least wakeUpNanos at a time; returns the reading at which it ended (before the
// deadline only after a stop). A record already due costs one clock read.
func (pr *Producer) await(deadline int64) int64 {
	now := pr.run.clock.Nanos()
	for now < deadline {
		if pr.run.stopping.Load() {
			return now
		}
		time.Sleep(time.Duration(min(max(deadline-now, wakeUpNanos), maxSleepNanos)))
		now = pr.run.clock.Nanos()
	}
	return now
}

func (pr *Producer) send(ctx context.Context, i, intended int64, measured bool) {
	v := pr.values[0]
	if len(pr.values) > 1 {
		v = pr.values[pr.random.IntN(len(pr.values))]
	}
	pd := pr.pool.Get().(*pending)
	// franz-go keeps the record's value until the promise runs (the Java client copies it at send), so each record
	// gets its own copy, reused from the pool.
	buf := pd.rec.Value
	if cap(buf) < len(v) {
		buf = make([]byte, len(v))
	}
	// A fresh record each time (franz-go fills in timestamp, partition, offset and producer ids); only the buffer is reused.
	pd.rec = kgo.Record{Topic: *pr.run.slice.Topic, Key: pr.keyFor(i), Value: buf[:len(v)]}
	copy(pd.rec.Value, v)
	writeStamp(pd.rec.Value, *pr.run.slice.StampMagic, measured, intended)
	if pr.log != nil {
		pr.log.sending(i)
		writeStampID(pd.rec.Value, pr.index, i)
	}
	pd.intended, pd.seq, pd.measured = intended, i, measured
	pr.client.Produce(ctx, &pd.rec, pd.promise)
}

func (pr *Producer) keyFor(i int64) []byte {
	switch {
	case pr.indices != nil:
		return pr.keys[pr.indices[i%int64(len(pr.indices))]]
	case len(pr.keys) > 0:
		return pr.keys[i%int64(len(pr.keys))]
	default:
		return nil
	}
}

// completed runs on franz-go's promise goroutine (or the sending one when Produce fails at once).
func (pr *Producer) completed(pd *pending, r *kgo.Record, err error) {
	run := pr.run
	m := run.metrics
	now := run.clock.Nanos()
	if pr.log != nil {
		if err != nil {
			pr.log.failed(pd.seq, mayBeWritten(err))
		} else if run.opts.acksNone {
			pr.log.acknowledged(pd.seq, r.Partition, -1)
		} else {
			pr.log.acknowledged(pd.seq, r.Partition, r.Offset)
		}
	}
	switch {
	case err != nil:
		// Once stopped, failures are the stop's doing, not the workload's: they count nowhere (as in Java).
		if !run.stopping.Load() {
			m.countError(errorName(err), pd.measured)
			if pd.measured {
				m.faults.failed(pd.intended)
			}
		}
	default:
		bytes := int64(len(r.Value))
		m.producedRecords.Add(1)
		m.producedBytes.Add(bytes)
		if pd.measured {
			m.publish.Record(now - pd.intended)
			m.faults.acknowledged(pd.intended, now-pd.intended)
			m.producedMeasured.Add(1)
			m.producedMeasuredBytes.Add(bytes)
			storeMax(&m.lastMeasuredAck, now)
		} else if *run.slice.Producers.AutoWarmup {
			m.warmupPublish.Record(now - pd.intended)
		}
	}
	pr.pool.Put(pd)
}

// mayBeWritten is Java's SendErrors.mayBeWritten: only errors meaning the broker refused, or was never asked to
// write, the record are definite failures; anything else (a timeout, a retriable error, an unknown one) may have
// been written by an earlier attempt.
func mayBeWritten(err error) bool {
	for _, definite := range []error{kerr.MessageTooLarge, kerr.RecordListTooLarge, kerr.CorruptMessage,
		kerr.InvalidRecord, kerr.InvalidTopicException, kerr.TopicAuthorizationFailed,
		kerr.ClusterAuthorizationFailed, kerr.SaslAuthenticationFailed, kerr.UnsupportedVersion,
		kerr.UnsupportedForMessageFormat, kgo.ErrMaxBuffered} {
		if errors.Is(err, definite) {
			return false
		}
	}
	return true
}

// errorName is the name an error is counted under: the Kafka error code's name when there is one.
func errorName(err error) string {
	var ke *kerr.Error
	if errors.As(err, &ke) {
		return ke.Message
	}
	switch {
	case errors.Is(err, kgo.ErrRecordTimeout), errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(err, kgo.ErrRecordRetries):
		return "retries-exhausted"
	case errors.Is(err, context.Canceled), errors.Is(err, kgo.ErrClientClosed), errors.Is(err, kgo.ErrAborting):
		return "canceled"
	case errors.Is(err, kgo.ErrMaxBuffered):
		return "buffer-full"
	default:
		return fmt.Sprintf("%T", err)
	}
}
