package main

import (
	"context"
	"fmt"
	"time"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// topicWait bounds the wait before ready for the run's topic to be known with a leader for every partition. kbench
// created the topic a moment before, and a broker whose metadata has not caught up yet says it does not exist, or has
// no leader yet; the Java producer waits for a topic's metadata likewise (up to max.block.ms). franz-go itself gives a
// record to an unknown topic up after a few metadata loads (UnknownTopicRetries), which would fail the first records.
const topicWait = 30 * time.Second

// topicRetry is the pause between two metadata requests while the topic is not ready.
const topicRetry = 200 * time.Millisecond

// awaitTopic asks for the topic's metadata (never creating it) until every partition has a leader, or topicWait ends.
func awaitTopic(client *kgo.Client, topic, bootstrap string) error {
	deadline := time.Now().Add(topicWait)
	for {
		problem := topicProblem(client, topic)
		if problem == "" {
			return nil
		}
		if time.Now().Add(topicRetry).After(deadline) {
			return fmt.Errorf("topic %s %s on %s after waiting %s for its metadata", topic, problem, bootstrap, topicWait)
		}
		time.Sleep(topicRetry)
	}
}

// topicProblem is what keeps topic from being written and read now, or "": no answer, unknown, an error, no
// partitions, or a partition without a leader.
func topicProblem(client *kgo.Client, topic string) string {
	req := kmsg.NewPtrMetadataRequest()
	t := kmsg.NewMetadataRequestTopic()
	t.Topic = kmsg.StringPtr(topic)
	req.Topics = append(req.Topics, t)
	req.AllowAutoTopicCreation = false
	ctx, cancel := context.WithTimeout(context.Background(), connectTimeout)
	defer cancel()
	resp, err := req.RequestWith(ctx, client)
	if err != nil {
		return fmt.Sprintf("has no metadata (%v)", err)
	}
	return topicState(resp, topic)
}

// topicState judges one metadata answer for topic ("": ready).
func topicState(resp *kmsg.MetadataResponse, topic string) string {
	for _, t := range resp.Topics {
		if t.Topic == nil || *t.Topic != topic {
			continue
		}
		if err := kerr.ErrorForCode(t.ErrorCode); err == kerr.UnknownTopicOrPartition {
			return "does not exist"
		} else if err != nil {
			return fmt.Sprintf("is not ready (%v)", err)
		}
		if len(t.Partitions) == 0 {
			return "has no partitions yet"
		}
		for _, p := range t.Partitions {
			if p.Leader < 0 || p.ErrorCode != 0 {
				return fmt.Sprintf("has no leader for partition %d yet", p.Partition)
			}
		}
		return ""
	}
	return "does not exist"
}
