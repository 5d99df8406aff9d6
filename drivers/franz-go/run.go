package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// connectTimeout bounds the first contact with the cluster before ready.
const connectTimeout = 10 * time.Second

// runDriver is the run command: slice, connect, ready, start, load, intervals, done. Returns the exit code.
func runDriver(stdin io.Reader, stdout io.Writer) int {
	// A terminal's Ctrl-C reaches the whole process group; kbench decides what it means and sends stop.
	signal.Ignore(syscall.SIGINT)
	in := bufio.NewReaderSize(stdin, 64<<10)
	slice, opts, err := readSlice(in)
	if err != nil {
		fmt.Fprintln(os.Stderr, "franz-go driver: "+err.Error())
		return 2
	}
	run := &Run{slice: slice, opts: opts, clock: newClock(*slice.ClockOffsetNanos), metrics: newMetrics(),
		events: &Events{out: stdout}, readySent: make(chan struct{}),
		abandoned: make(chan struct{})}
	run.abandon = sync.OnceFunc(func() { close(run.abandoned) })
	run.warmupEnd.Store(math.MaxInt64)
	var d driver
	if *slice.Role == "producers" {
		d, err = newProducers(run)
	} else {
		d, err = newConsumers(run)
	}
	if err != nil {
		if r, refused := err.(refusal); refused {
			fmt.Fprintln(os.Stderr, "franz-go driver: "+r.Error())
			return 2
		}
		fmt.Fprintln(os.Stderr, "franz-go driver: "+err.Error())
		return 1
	}
	v := versionInfo()
	run.events.emit(map[string]any{"type": "ready", "contract": contractVersion, "nanos": run.clock.Nanos(),
		"client": "franz-go", "clientVersion": v["clientVersion"], "pid": os.Getpid()})
	close(run.readySent)

	control := make(chan Control, 16)
	go readControl(in, control)
	terms := make(chan os.Signal, 1)
	signal.Notify(terms, syscall.SIGTERM)

	d.beforeStart()
	var startNanos int64
	for started := false; !started; {
		select {
		case c := <-control:
			switch c.Type {
			case "start":
				startNanos, started = c.StartNanos, true
			case "stop":
				d.stop(time.Duration(c.GraceMs) * time.Millisecond)
				return finish(run, d, "stopped", nil, nil)
			}
		case <-terms:
			d.stop(3 * time.Second)
			return finish(run, d, "stopped", nil, nil)
		}
	}
	run.start = startNanos
	if slice.Producers != nil && !*slice.Producers.AutoWarmup {
		run.warmupEnd.Store(startNanos + *slice.Producers.WarmupNanos)
	}
	ticker := newTicker(run)
	go ticker.loop()
	ended := d.begin()
	status := "completed"
	var failure error
	for waiting := true; waiting; {
		select {
		case failure = <-ended:
			waiting = false
			if failure != nil {
				status = "failed"
			} else if run.stopping.Load() && slice.Producers != nil {
				status = "stopped"
			}
		case c := <-control:
			switch c.Type {
			case "warmup-end":
				run.warmupEnd.Store(c.Nanos)
			case "fault-open":
				run.metrics.faults.open(c.Index, c.Nanos)
			case "fault-close":
				run.metrics.faults.close(c.Index, c.Nanos)
			case "stop":
				go d.stop(time.Duration(c.GraceMs) * time.Millisecond)
			}
		case <-terms:
			go d.stop(3 * time.Second)
		}
	}
	ticker.end()
	return finish(run, d, status, failure, ticker)
}

// finish writes the last, partial interval and done; returns the exit code.
func finish(run *Run, d driver, status string, failure error, ticker *Ticker) int {
	if ticker != nil {
		run.events.emit(run.intervalEventFrom(ticker, ticker.next, run.clock.Nanos(), true))
	}
	logs, err := d.sendLogs()
	if err != nil && failure == nil {
		status, failure = "failed", err
	}
	done := map[string]any{"type": "done", "status": status, "failure": nil, "sendLogs": logs,
		"faults": run.metrics.faults.report()}
	if failure != nil {
		done["failure"] = failure.Error()
		fmt.Fprintln(os.Stderr, "franz-go driver: "+failure.Error())
	}
	run.events.emit(done)
	if status == "failed" {
		return 1
	}
	return 0
}

// readControl passes control lines on. The end of standard input means kbench is gone: exit at once, closing
// nothing, so that a killed kbench leaves no driver behind (the contract's rule).
func readControl(in *bufio.Reader, control chan<- Control) {
	for {
		line, err := readLine(in)
		if err != nil {
			if err != io.EOF {
				fmt.Fprintln(os.Stderr, "franz-go driver: standard input: "+err.Error())
			}
			os.Exit(1)
		}
		if len(line) == 0 {
			continue
		}
		c, err := decodeControl(line)
		if err != nil {
			fmt.Fprintln(os.Stderr, "franz-go driver: "+err.Error())
			os.Exit(1)
		}
		control <- c
	}
}

// driver is one side: producers or consumers.
type driver interface {
	// beforeStart runs once ready was sent (consumers join their group here).
	beforeStart()
	// begin starts the load; the channel gets one value when it ended (nil, or the failure).
	begin() <-chan error
	// stop ends the load, waiting at most grace for what is in flight.
	stop(grace time.Duration)
	// sendLogs writes the send logs (verify), or returns nil.
	sendLogs() ([]string, error)
}

// newClients makes one client per producer or consumer, and checks the cluster answers before ready.
func newClient(run *Run, id string, extra ...kgo.Opt) (*kgo.Client, error) {
	seedList, _ := seeds(*run.slice.Bootstrap)
	opts := append([]kgo.Opt{kgo.SeedBrokers(seedList...), kgo.ClientID("kbench-" + *run.slice.RunID + "-" + id)},
		run.opts.common...)
	opts = append(opts, extra...)
	client, err := kgo.NewClient(opts...)
	if err != nil {
		return nil, refusal{"clientProperties: " + err.Error()}
	}
	ctx, cancel := context.WithTimeout(context.Background(), connectTimeout)
	defer cancel()
	if err := client.Ping(ctx); err != nil {
		// A group member may already be assigned: its revoke on Close must not wait for a ready never sent.
		run.abandon()
		client.Close()
		return nil, fmt.Errorf("no broker of %s answered within %s: %v", *run.slice.Bootstrap, connectTimeout, err)
	}
	if err := awaitTopic(client, *run.slice.Topic, *run.slice.Bootstrap); err != nil {
		run.abandon()
		client.Close()
		return nil, err
	}
	return client, nil
}

// closeAll closes clients in parallel, waiting at most grace (a broker that is gone must not hold the result).
func closeAll(clients []*kgo.Client, grace time.Duration) {
	var wg sync.WaitGroup
	for _, c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Close()
		}()
	}
	done := make(chan struct{})
	go func() {
		wg.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(grace):
	}
}
