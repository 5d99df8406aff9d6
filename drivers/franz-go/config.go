package main

import (
	"fmt"
	"net"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Options are the client options of a slice's clientProperties (docs/drivers.md#franz-go), each key converted once.
type Options struct {
	common   []kgo.Opt
	producer []kgo.Opt
	consumer []kgo.Opt
	// acksNone: acks=0 gives no offsets, so a send log records none.
	acksNone    bool
	acks        string
	idempotence *bool
	maxInFlight int64
	// startMillis is when the driver came up: a partition without a committed offset starts at the first record
	// written since then (startAtEnd in consume.go), unless the workload set auto.offset.reset (resetGiven).
	startMillis   int64
	resetGiven    bool
	readCommitted bool
}

type setter func(o *Options, key, value string) error

// properties is the table of keys this driver understands; anything else is refused (kbench maps Java names first).
var properties = map[string]setter{
	// acks, idempotence and requests in flight depend on each other: recorded here, applied by durability().
	"acks": func(o *Options, k, v string) error {
		switch v {
		case "all", "-1", "1", "0":
			o.acks = v
			return nil
		default:
			return refuse("clientProperties."+k, v, "must be all, -1, 1 or 0")
		}
	},
	"enable.idempotence": boolean(func(o *Options, on bool) { o.idempotence = &on }),
	"linger.ms":          millis(func(o *Options, d time.Duration) { o.producer = append(o.producer, kgo.ProducerLinger(d)) }),
	"request.timeout.ms": millis(func(o *Options, d time.Duration) { o.producer = append(o.producer, kgo.ProduceRequestTimeout(d)) }),
	"delivery.timeout.ms": millis(func(o *Options, d time.Duration) {
		o.producer = append(o.producer, kgo.RecordDeliveryTimeout(d))
	}),
	"batch.size":    integer(1, 1<<30, func(o *Options, n int64) { o.producer = append(o.producer, kgo.ProducerBatchMaxBytes(int32(n))) }),
	"buffer.memory": integer(1, 1<<40, func(o *Options, n int64) { o.producer = append(o.producer, kgo.MaxBufferedBytes(int(n))) }),
	"max.buffered.records": integer(1, 1<<31-1, func(o *Options, n int64) {
		o.producer = append(o.producer, kgo.MaxBufferedRecords(int(n)))
	}),
	"max.in.flight.requests.per.connection": integer(1, 1<<20, func(o *Options, n int64) { o.maxInFlight = n }),
	"retries":                               integer(0, 1<<31-1, func(o *Options, n int64) { o.producer = append(o.producer, kgo.RecordRetries(int(n))) }),
	"compression.type": func(o *Options, k, v string) error {
		codecs := map[string]kgo.CompressionCodec{"none": kgo.NoCompression(), "gzip": kgo.GzipCompression(),
			"snappy": kgo.SnappyCompression(), "lz4": kgo.Lz4Compression(), "zstd": kgo.ZstdCompression()}
		c, ok := codecs[v]
		if !ok {
			return refuse("clientProperties."+k, v, "must be none, gzip, snappy, lz4 or zstd")
		}
		o.producer = append(o.producer, kgo.ProducerBatchCompression(c))
		return nil
	},
	"fetch.min.bytes":           integer(1, 1<<31-1, func(o *Options, n int64) { o.consumer = append(o.consumer, kgo.FetchMinBytes(int32(n))) }),
	"fetch.max.bytes":           integer(1, 1<<31-1, func(o *Options, n int64) { o.consumer = append(o.consumer, kgo.FetchMaxBytes(int32(n))) }),
	"max.partition.fetch.bytes": integer(1, 1<<31-1, func(o *Options, n int64) { o.consumer = append(o.consumer, kgo.FetchMaxPartitionBytes(int32(n))) }),
	"fetch.max.wait.ms":         millis(func(o *Options, d time.Duration) { o.consumer = append(o.consumer, kgo.FetchMaxWait(d)) }),
	"auto.offset.reset": func(o *Options, k, v string) error {
		o.resetGiven = true
		switch v {
		case "latest":
			o.consumer = append(o.consumer, kgo.ConsumeResetOffset(kgo.NewOffset().AtEnd()))
		case "earliest":
			o.consumer = append(o.consumer, kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()))
		default:
			return refuse("clientProperties."+k, v, "must be latest or earliest")
		}
		return nil
	},
	"isolation.level": func(o *Options, k, v string) error {
		switch v {
		case "read_uncommitted":
			o.consumer = append(o.consumer, kgo.FetchIsolationLevel(kgo.ReadUncommitted()))
		case "read_committed":
			o.readCommitted = true
			o.consumer = append(o.consumer, kgo.FetchIsolationLevel(kgo.ReadCommitted()))
		default:
			return refuse("clientProperties."+k, v, "must be read_uncommitted or read_committed")
		}
		return nil
	},
	"session.timeout.ms":    millis(func(o *Options, d time.Duration) { o.consumer = append(o.consumer, kgo.SessionTimeout(d)) }),
	"heartbeat.interval.ms": millis(func(o *Options, d time.Duration) { o.consumer = append(o.consumer, kgo.HeartbeatInterval(d)) }),
	"rebalance.timeout.ms":  millis(func(o *Options, d time.Duration) { o.consumer = append(o.consumer, kgo.RebalanceTimeout(d)) }),
	"auto.commit.interval.ms": millis(func(o *Options, d time.Duration) {
		o.consumer = append(o.consumer, kgo.AutoCommitInterval(d))
	}),
	"enable.auto.commit": boolean(func(o *Options, on bool) {
		if !on {
			o.consumer = append(o.consumer, kgo.DisableAutoCommit())
		}
	}),
	"group.instance.id": func(o *Options, _, v string) error {
		o.consumer = append(o.consumer, kgo.InstanceID(v))
		return nil
	},
	// The security keys are read together by security() below; listed here so that they are known.
	"security.protocol": nil, "ssl.ca.pem": nil, "ssl.certificate.pem": nil, "ssl.key.pem": nil,
	"ssl.endpoint.identification.algorithm": nil, "sasl.mechanism": nil, "sasl.username": nil, "sasl.password": nil,
}

// parseOptions converts clientProperties, refusing the first unknown key or bad value (keys in sorted order, so the
// same slice always names the same key).
func parseOptions(props map[string]string) (*Options, error) {
	o := &Options{startMillis: time.Now().UnixMilli()}
	// franz-go's own reset (an offset out of range, or a partition startAtEnd could not look up): the first record
	// written since this driver came up.
	o.consumer = append(o.consumer, kgo.ConsumeResetOffset(kgo.NewOffset().AfterMilli(o.startMillis)))
	keys := make([]string, 0, len(props))
	for k := range props {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		set, known := properties[k]
		if !known {
			return nil, refuse("clientProperties."+k, shown(k, props[k]), "not an option of franz-go (docs/drivers.md#franz-go)")
		}
		if set != nil {
			if err := set(o, k, strings.TrimSpace(props[k])); err != nil {
				return nil, err
			}
		}
	}
	if err := durability(o); err != nil {
		return nil, err
	}
	return o, security(o, props)
}

// durability applies acks, idempotence and requests in flight as the Java producer reads them: acks other than all
// turn idempotence off unless it was asked for (then it is an error, as in Java). franz-go keeps 5 requests in flight
// per broker when idempotent and takes no other number then; without idempotence the number is free.
func durability(o *Options) error {
	idempotent := o.acks == "" || o.acks == "all" || o.acks == "-1"
	if o.idempotence != nil {
		if *o.idempotence && !idempotent {
			return refuse("clientProperties.acks", o.acks, "idempotence needs acks=all (enable.idempotence is true)")
		}
		idempotent = *o.idempotence
	}
	switch o.acks {
	case "1":
		o.producer = append(o.producer, kgo.RequiredAcks(kgo.LeaderAck()))
	case "0":
		o.producer = append(o.producer, kgo.RequiredAcks(kgo.NoAck()))
		o.acksNone = true
	default:
		o.producer = append(o.producer, kgo.RequiredAcks(kgo.AllISRAcks()))
	}
	if !idempotent {
		o.producer = append(o.producer, kgo.DisableIdempotentWrite())
		if o.maxInFlight > 0 {
			o.producer = append(o.producer, kgo.MaxProduceRequestsInflightPerBroker(int(o.maxInFlight)))
		}
	} else if o.maxInFlight > 0 && o.maxInFlight != 5 {
		return refuse("clientProperties.max.in.flight.requests.per.connection", o.maxInFlight,
			"franz-go keeps 5 requests in flight per broker when idempotent; another number needs enable.idempotence=false")
	}
	return nil
}

// shown is a value as an error message may show it: never a secret.
func shown(key, value string) string {
	if strings.Contains(key, "password") || strings.Contains(key, "key") {
		return "(hidden)"
	}
	return value
}

func boolean(apply func(*Options, bool)) setter {
	return func(o *Options, k, v string) error {
		on, err := strconv.ParseBool(v)
		if err != nil || (v != "true" && v != "false") {
			return refuse("clientProperties."+k, v, "must be true or false")
		}
		apply(o, on)
		return nil
	}
}

func integer(lo, hi int64, apply func(*Options, int64)) setter {
	return func(o *Options, k, v string) error {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < lo || n > hi {
			return refuse("clientProperties."+k, v, fmt.Sprintf("must be a whole number from %d to %d", lo, hi))
		}
		apply(o, n)
		return nil
	}
}

func millis(apply func(*Options, time.Duration)) setter {
	return integer(0, 1<<40, func(o *Options, n int64) { apply(o, time.Duration(n)*time.Millisecond) })
}

// seeds splits bootstrap servers, checking each is host:port.
func seeds(bootstrap string) ([]string, error) {
	var out []string
	for _, s := range strings.Split(bootstrap, ",") {
		s = strings.TrimSpace(s)
		if _, port, err := net.SplitHostPort(s); err != nil || port == "" {
			return nil, refuse("slice.bootstrap", bootstrap, "must be host:port[,host:port]")
		}
		out = append(out, s)
	}
	return out, nil
}
