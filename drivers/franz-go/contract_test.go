package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	hdrhistogram "github.com/HdrHistogram/hdrhistogram-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

// update rewrites testdata/franz-go/histograms.hlog, which the Java side reads back (ContractVectorsTest).
var update = flag.Bool("update", false, "rewrite ../testdata/franz-go/histograms.hlog")

const vectors = "../testdata"

func readJSON(t *testing.T, name string, into any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(vectors, name))
	if err != nil {
		t.Fatalf("vector %s: %v", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(into); err != nil {
		t.Fatalf("vector %s: %v", name, err)
	}
}

// fill is the vectors' value before stamping: byte i = (i*37+11) mod 256.
func fill(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*37 + 11)
	}
	return b
}

func TestStampsAreJavasBytes(t *testing.T) {
	var v struct {
		Cases []struct {
			Length    int    `json:"length"`
			Magic     int32  `json:"magic"`
			Measured  bool   `json:"measured"`
			Aborted   bool   `json:"aborted"`
			SendNanos int64  `json:"sendNanos"`
			Producer  *int   `json:"producer"`
			Sequence  *int64 `json:"sequence"`
			Stamped   bool   `json:"stamped"`
			Value     string `json:"value"`
		} `json:"cases"`
	}
	readJSON(t, "stamps.json", &v)
	if len(v.Cases) < 5 {
		t.Fatalf("stamps.json has %d cases", len(v.Cases))
	}
	for i, c := range v.Cases {
		want, err := hex.DecodeString(c.Value)
		if err != nil {
			t.Fatal(err)
		}
		// Reading: every case, including the aborted flag a v1 driver never writes.
		ours, measured, sent := stampOf(want, c.Magic)
		if ours != c.Stamped || (ours && (measured != c.Measured || sent != c.SendNanos)) {
			t.Errorf("case %d: read (%v, %v, %d), want (%v, %v, %d)", i, ours, measured, sent, c.Stamped, c.Measured, c.SendNanos)
		}
		if ours && (want[phaseOffset]&phaseAborted != 0) != c.Aborted {
			t.Errorf("case %d: aborted bit differs", i)
		}
		if c.Aborted {
			continue
		}
		// Writing: the same bytes as Java's Stamp.write / writeId.
		got := fill(c.Length)
		writeStamp(got, c.Magic, c.Measured, c.SendNanos)
		if c.Producer != nil && len(got) >= stampIDBytes {
			writeStampID(got, *c.Producer, *c.Sequence)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("case %d: wrote %x, Java writes %x", i, got, want)
		}
	}
}

func TestScheduleIsJavasRateSchedule(t *testing.T) {
	var v struct {
		Cases []struct {
			RatePerThread float64 `json:"ratePerThread"`
			Thread        int     `json:"thread"`
			Threads       int     `json:"threads"`
			StartNanos    int64   `json:"startNanos"`
			Indexes       []int64 `json:"indexes"`
			Intended      []int64 `json:"intendedNanos"`
		} `json:"cases"`
	}
	readJSON(t, "schedule.json", &v)
	if len(v.Cases) < 5 {
		t.Fatalf("schedule.json has %d cases", len(v.Cases))
	}
	for i, c := range v.Cases {
		s := newSchedule(c.RatePerThread, c.StartNanos, float64(c.Thread)/float64(c.Threads))
		for j, index := range c.Indexes {
			if got := s.Intended(index); got != c.Intended[j] {
				t.Errorf("case %d (rate %v, thread %d/%d): record %d due at %d, Java says %d", i, c.RatePerThread,
					c.Thread, c.Threads, index, got, c.Intended[j])
			}
		}
	}
}

type histogramCase struct {
	Name         string     `json:"name"`
	LatencyNanos [][2]int64 `json:"latencyNanos"`
	TotalCount   int64      `json:"totalCount"`
	Buckets      [][2]int64 `json:"buckets"`
	Encoded      string     `json:"encoded"`
}

func buckets(h *hdrhistogram.Histogram) [][2]int64 {
	out := [][2]int64{}
	for _, bar := range h.Distribution() {
		if bar.Count > 0 {
			out = append(out, [2]int64{bar.From, bar.Count})
		}
	}
	return out
}

func equalBuckets(a, b [][2]int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestHistogramsAreJavasBuckets(t *testing.T) {
	var v struct {
		Lowest            int64           `json:"lowest"`
		Highest           int64           `json:"highest"`
		SignificantDigits int             `json:"significantDigits"`
		Cases             []histogramCase `json:"cases"`
	}
	readJSON(t, "histograms.json", &v)
	if v.Lowest != lowestMicros || v.Highest != highestMicros || v.SignificantDigits != significantDigits {
		t.Fatalf("shape (%d, %d, %d) is not this driver's", v.Lowest, v.Highest, v.SignificantDigits)
	}
	var log bytes.Buffer
	w := hdrhistogram.NewHistogramLogWriter(&log)
	_ = w.OutputComment("kbench franz-go driver: the histogram vectors of drivers/testdata/histograms.json, one interval per case")
	_ = w.OutputLogFormatVersion()
	_ = w.OutputBaseTime(0)
	_ = w.OutputStartTime(0)
	_ = w.OutputLegend()
	for i, c := range v.Cases {
		// Java's encoding decodes to Java's buckets.
		decoded, err := hdrhistogram.Decode([]byte(c.Encoded))
		if err != nil {
			t.Fatalf("%s: decoding Java's encoding: %v", c.Name, err)
		}
		if !equalBuckets(buckets(decoded), c.Buckets) || decoded.TotalCount() != c.TotalCount {
			t.Errorf("%s: Java's encoding decodes to %v, want %v", c.Name, buckets(decoded), c.Buckets)
		}
		// The same latencies recorded by this driver's rule give the same buckets.
		r := newRecorder()
		for _, l := range c.LatencyNanos {
			for n := int64(0); n < l[1]; n++ {
				r.Record(l[0])
			}
		}
		mine, err := hdrhistogram.Decode([]byte(r.TakeEncoded()))
		if err != nil {
			t.Fatalf("%s: decoding this driver's encoding: %v", c.Name, err)
		}
		if !equalBuckets(buckets(mine), c.Buckets) {
			t.Errorf("%s: recorded %v, Java records %v", c.Name, buckets(mine), c.Buckets)
		}
		mine.SetStartTimeMs(int64(i) * 1000)
		mine.SetEndTimeMs(int64(i+1) * 1000)
		if err := w.OutputIntervalHistogram(mine); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(vectors, "franz-go", "histograms.hlog")
	if *update {
		if err := os.WriteFile(path, log.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	committed, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%s: %v (go test -update writes it)", path, err)
	}
	if !bytes.Equal(committed, log.Bytes()) {
		t.Errorf("%s differs from what this driver writes now (go test -update rewrites it)", path)
	}
}

func TestSendLogFileIsJavas(t *testing.T) {
	var v struct {
		Producer int `json:"producer"`
		Events   []struct {
			Op        string `json:"op"`
			First     int64  `json:"first"`
			Count     int64  `json:"count"`
			Partition int32  `json:"partition"`
			Offset    int64  `json:"offset"`
			Error     string `json:"error"`
		} `json:"events"`
	}
	readJSON(t, "sendlog.json", &v)
	l := newSendLog(v.Producer)
	for _, e := range v.Events {
		for seq := e.First; seq < e.First+e.Count; seq++ {
			switch e.Op {
			case "sending":
				l.sending(seq)
			case "ack":
				offset := int64(-1)
				if e.Offset >= 0 {
					offset = e.Offset + (seq - e.First)
				}
				l.acknowledged(seq, e.Partition, offset)
			case "fail":
				l.failed(seq, e.Error != "definite")
			default:
				t.Fatalf("unknown op %q", e.Op)
			}
		}
	}
	want, err := os.ReadFile(filepath.Join(vectors, "sendlog.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if got := l.encode(); !bytes.Equal(got, want) {
		t.Errorf("send log\n got %x\nwant %x", got, want)
	}
}

func TestValuesFileReadsAsWritten(t *testing.T) {
	var v struct {
		Count        int    `json:"count"`
		TotalBytes   int    `json:"totalBytes"`
		FirstLengths []int  `json:"firstLengths"`
		First        string `json:"first"`
	}
	readJSON(t, "values.json", &v)
	values, err := readValues(filepath.Join(vectors, "values.bin"))
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, x := range values {
		total += len(x)
	}
	if len(values) != v.Count || total != v.TotalBytes || hex.EncodeToString(values[0]) != v.First {
		t.Errorf("read %d values of %d bytes, want %d of %d", len(values), total, v.Count, v.TotalBytes)
	}
	for i, n := range v.FirstLengths {
		if len(values[i]) != n {
			t.Errorf("value %d: %d bytes, want %d", i, len(values[i]), n)
		}
	}
}

func TestSampleSlicesParseStrictly(t *testing.T) {
	for _, name := range []string{"slice-producers.json", "slice-consumers.json"} {
		b, err := os.ReadFile(filepath.Join(vectors, name))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Count(bytes.TrimSpace(b), []byte("\n")) != 0 {
			t.Errorf("%s: a slice is one line", name)
		}
		s, err := decodeSlice(b)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if _, err := parseOptions(s.ClientProperties); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestBadSlicesAreRefusedInOneLineNamingTheField(t *testing.T) {
	sample, _ := os.ReadFile(filepath.Join(vectors, "slice-producers.json"))
	cases := map[string]string{
		`"topic":"kbench"`:           `"topic":"kbench","colour":"blue"`,
		`"intervalNanos":1000000000`: `"intervalNanos":"1s"`,
		`"contract":1`:               `"contract":2`,
		`"ratePerThread":2500.0`:     `"ratePerThread":-1`,
		`"warmupRecords":[500,500]`:  `"warmupRecords":[500]`,
		`"linger.ms":"5"`:            `"max.block.ms":"30000"`,
		`"acks":"all"`:               `"acks":"banana"`,
		`"stampMagic":1801650177,`:   ``,
	}
	wants := map[string]string{
		`"topic":"kbench"`:           `unknown field "colour"`,
		`"intervalNanos":1000000000`: `slice.intervalNanos = string`,
		`"contract":1`:               `slice.contract = 2`,
		`"ratePerThread":2500.0`:     `slice.producers.ratePerThread = -1`,
		`"warmupRecords":[500,500]`:  `slice.producers.warmupRecords = 1 entries`,
		`"linger.ms":"5"`:            `clientProperties.max.block.ms = 30000: not an option of franz-go`,
		`"acks":"all"`:               `clientProperties.acks = banana`,
		`"stampMagic":1801650177,`:   `slice.stampMagic = missing`,
	}
	for from, to := range cases {
		if !bytes.Contains(sample, []byte(from)) {
			t.Fatalf("sample lacks %s", from)
		}
		line := bytes.Replace(sample, []byte(from), []byte(to), 1)
		s, err := decodeSlice(line)
		if err == nil {
			_, err = parseOptions(s.ClientProperties)
		}
		if err == nil {
			t.Errorf("%s: accepted", to)
			continue
		}
		if _, ok := err.(refusal); !ok || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), wants[from]) {
			t.Errorf("%s: refused with %q, want one line containing %q", to, err.Error(), wants[from])
		}
	}
}

func TestSecretsAreNeverShown(t *testing.T) {
	_, err := parseOptions(map[string]string{"security.protocol": "SASL_SSL", "sasl.mechanism": "PLAIN",
		"sasl.username": "u", "sasl.password": "hunter2", "sasl.kerberos.key": "x"})
	if err == nil || strings.Contains(err.Error(), "hunter2") || !strings.Contains(err.Error(), "sasl.kerberos.key") {
		t.Errorf("refusal %v", err)
	}
}

func TestClockIsClockMonotonic(t *testing.T) {
	c := newClock(0)
	for i := 0; i < 5; i++ {
		before := monotonicNow()
		got := c.Nanos()
		after := monotonicNow()
		// The anchor's error is the gap between two reads; 1 ms is generous on a busy machine.
		if got < before-1_000_000 || got > after+1_000_000 {
			t.Fatalf("clock %d outside CLOCK_MONOTONIC [%d, %d]", got, before, after)
		}
	}
	shifted := newClock(5_000_000_000)
	if d := shifted.Nanos() - monotonicNow(); d < 4_999_000_000 || d > 5_001_000_000 {
		t.Errorf("offset 5 s gives %d ns", d)
	}
}

func TestLatencyRuleClampsAsJava(t *testing.T) {
	for nanos, want := range map[int64]int64{-5000: 0, -999: 0, 999: 0, 1000: 1, 1999: 1,
		3_600_000_000_999_999: highestMicros, 1<<63 - 1: highestMicros} {
		if got := latencyMicros(nanos); got != want {
			t.Errorf("latencyMicros(%d) = %d, want %d", nanos, got, want)
		}
	}
}

// Acks, idempotence and requests in flight are read as the Java producer reads them, and what is accepted is a
// configuration franz-go itself accepts (NewClient validates it without connecting).
func TestDurabilitySettingsAreReadAsJavaReadsThem(t *testing.T) {
	accepted := []map[string]string{{}, {"acks": "all"}, {"acks": "1"}, {"acks": "0"},
		{"acks": "1", "enable.idempotence": "false", "max.in.flight.requests.per.connection": "1"},
		{"max.in.flight.requests.per.connection": "5"}, {"enable.idempotence": "false"}}
	for _, props := range accepted {
		o, err := parseOptions(props)
		if err != nil {
			t.Errorf("%v refused: %v", props, err)
			continue
		}
		client, err := kgo.NewClient(append(append([]kgo.Opt{kgo.SeedBrokers("127.0.0.1:1")}, o.common...), o.producer...)...)
		if err != nil {
			t.Errorf("%v: franz-go refuses the options: %v", props, err)
			continue
		}
		client.Close()
	}
	refused := map[string]map[string]string{
		"clientProperties.acks = 1":                                  {"acks": "1", "enable.idempotence": "true"},
		"clientProperties.max.in.flight.requests.per.connection = 1": {"max.in.flight.requests.per.connection": "1"},
	}
	for want, props := range refused {
		if _, err := parseOptions(props); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: %v, want a refusal naming %q", props, err, want)
		}
	}
}
