package main

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

// finishTimeout bounds the wait for in-flight records once a producer has sent its last record (Java's CLOSE_TIMEOUT).
const finishTimeout = 10 * time.Second

// Producers is the producer side: one goroutine and one client per producer thread of the slice.
type Producers struct {
	run       *Run
	producers []*Producer
	// sendCtx is every record's context; cancelled only when a stop's grace is over, since cancelling it fails the
	// records still buffered.
	sendCtx    context.Context
	cancelSend context.CancelFunc
	stopOnce   sync.Once
	// stopDone closes when a stop's grace for in-flight records is over: only then are the clients closed.
	stopDone chan struct{}
}

func newProducers(run *Run) (driver, error) {
	p := run.slice.Producers
	var keys [][]byte
	if *p.Keys.Type != "none" {
		keys = keyBytes(*p.Keys.Count)
	}
	side := &Producers{run: run, stopDone: make(chan struct{})}
	side.sendCtx, side.cancelSend = context.WithCancel(context.Background())
	for local := 0; local < *p.Count; local++ {
		g := *p.First + local
		pr, err := newProducer(run, g, local, keys)
		if err != nil {
			side.closeClients(time.Second)
			return nil, err
		}
		if pr.client, err = newClient(run, "p"+strconv.Itoa(g), run.opts.producer...); err != nil {
			side.closeClients(time.Second)
			return nil, err
		}
		side.producers = append(side.producers, pr)
	}
	return side, nil
}

func (s *Producers) beforeStart() {}

func (s *Producers) begin() <-chan error {
	ended := make(chan error, 1)
	var wg sync.WaitGroup
	for _, pr := range s.producers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pr.sendAll(s.sendCtx)
			if s.run.stopping.Load() {
				<-s.stopDone
			} else {
				ctx, cancel := context.WithTimeout(s.sendCtx, finishTimeout)
				defer cancel()
				_ = pr.client.Flush(ctx) // a record still unacknowledged after that fails with the client's close
			}
		}()
	}
	go func() {
		wg.Wait()
		s.run.events.emit(map[string]any{"type": "producers-finished"})
		s.closeClients(3 * time.Second)
		ended <- nil
	}()
	return ended
}

// stop ends sending now and gives what is in flight up to grace (Java's STOP_CLOSE_TIMEOUT) before it is failed.
func (s *Producers) stop(grace time.Duration) {
	s.stopOnce.Do(func() {
		s.run.stopping.Store(true)
		ctx, cancel := context.WithTimeout(s.sendCtx, grace)
		defer cancel()
		var wg sync.WaitGroup
		for _, pr := range s.producers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_ = pr.client.Flush(ctx)
			}()
		}
		wg.Wait()
		s.cancelSend()
		close(s.stopDone)
	})
}

func (s *Producers) closeClients(grace time.Duration) {
	var clients []*kgo.Client
	for _, pr := range s.producers {
		if pr.client != nil {
			clients = append(clients, pr.client)
		}
	}
	closeAll(clients, grace)
}

func (s *Producers) sendLogs() ([]string, error) {
	if !*s.run.slice.Producers.Verify {
		return nil, nil
	}
	paths := []string{}
	for _, pr := range s.producers {
		path, err := pr.log.write(*s.run.slice.Producers.SendLogDir)
		if err != nil {
			return paths, fmt.Errorf("writing the send log of producer %d: %v", pr.index, err)
		}
		paths = append(paths, path)
	}
	return paths, nil
}

// Consumers is the consumer side: one client per consumer of the slice, all in the slice's group.
type Consumers struct {
	run       *Run
	consumers []*Consumer
	ctx       context.Context
	cancel    context.CancelFunc
	ended     chan error
	stopOnce  sync.Once
	grace     time.Duration
	stopped   chan struct{}
}

func newConsumers(run *Run) (driver, error) {
	c := run.slice.Consumers
	side := &Consumers{run: run, ended: make(chan error, 1), stopped: make(chan struct{})}
	side.ctx, side.cancel = context.WithCancel(context.Background())
	for i := *c.First; i < *c.First+*c.Count; i++ {
		opts := append([]kgo.Opt{kgo.ConsumerGroup(*c.Group), kgo.ConsumeTopics(*run.slice.Topic)},
			run.opts.consumer...)
		opts = append(opts, assignmentListeners(run)...)
		client, err := newClient(run, "c"+strconv.Itoa(i), opts...)
		if err != nil {
			// Closing the clients made revokes their partitions, whose listeners must not wait for a ready never sent.
			run.abandon()
			for _, made := range side.consumers {
				made.client.Close()
			}
			return nil, err
		}
		side.consumers = append(side.consumers, &Consumer{run: run, client: client})
	}
	return side, nil
}

// beforeStart starts polling at once: a group member is assigned partitions while it polls, and kbench starts the
// producers only once the consumers hold every partition.
func (s *Consumers) beforeStart() {
	var wg sync.WaitGroup
	failures := make(chan error, len(s.consumers))
	for _, c := range s.consumers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := c.poll(s.ctx); err != nil {
				failures <- err
				s.cancel()
			}
		}()
	}
	go func() {
		wg.Wait()
		close(failures)
		var first error
		for err := range failures {
			if first == nil {
				first = err
			}
		}
		var clients []*kgo.Client
		for _, c := range s.consumers {
			clients = append(clients, c.client)
		}
		closeAll(clients, s.closeGrace())
		s.ended <- first
	}()
}

func (s *Consumers) closeGrace() time.Duration {
	select {
	case <-s.stopped:
		return s.grace
	default:
		return 5 * time.Second // Java's CLOSE_TIMEOUT for consumers
	}
}

func (s *Consumers) begin() <-chan error { return s.ended }

// stop ends polling; the clients then leave the group and commit, within grace.
func (s *Consumers) stop(grace time.Duration) {
	s.stopOnce.Do(func() {
		s.grace = grace
		close(s.stopped)
		s.run.stopping.Store(true)
		s.cancel()
	})
}

func (s *Consumers) sendLogs() ([]string, error) { return nil, nil }
