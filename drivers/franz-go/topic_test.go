package main

import (
	"testing"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// A topic is ready only when the answer names it without an error and every partition has a leader: a topic created a
// moment before is first unknown, then leaderless, on a broker whose metadata is behind.
func TestTopicStateWaitsForEveryPartitionsLeader(t *testing.T) {
	answer := func(code int16, leaders ...int32) *kmsg.MetadataResponse {
		resp := kmsg.NewPtrMetadataResponse()
		topic := kmsg.NewMetadataResponseTopic()
		topic.Topic = kmsg.StringPtr("kbench")
		topic.ErrorCode = code
		for i, l := range leaders {
			p := kmsg.NewMetadataResponseTopicPartition()
			p.Partition, p.Leader = int32(i), l
			topic.Partitions = append(topic.Partitions, p)
		}
		resp.Topics = append(resp.Topics, topic)
		return resp
	}
	cases := []struct {
		resp *kmsg.MetadataResponse
		want string
	}{
		{answer(kerr.UnknownTopicOrPartition.Code), "does not exist"},
		{answer(kerr.LeaderNotAvailable.Code), "is not ready (" + kerr.LeaderNotAvailable.Error() + ")"},
		{answer(0), "has no partitions yet"},
		{answer(0, 1, -1, 2), "has no leader for partition 1 yet"},
		{answer(0, 1, 3, 2), ""},
		{kmsg.NewPtrMetadataResponse(), "does not exist"},
	}
	for _, c := range cases {
		if got := topicState(c.resp, "kbench"); got != c.want {
			t.Errorf("topicState = %q, want %q", got, c.want)
		}
	}
}
