package io.kbench.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Names Kafka does not define are refused with the nearest one it does; a plugin's own names pass when listed. */
class KafkaConfigCheckTest {
    private static final WorkloadSpec BASE = new WorkloadSpec("w", null, null, null, null, null, null, null, null, null, null, null);

    private static String refusal(WorkloadSpec spec) {
        try {
            KafkaConfigCheck.workload(spec);
        } catch (InvalidInputException e) {
            return e.getMessage();
        }
        throw new AssertionError("accepted: " + spec);
    }

    @Test
    void unknownKeysAreRefusedWithASuggestion() {
        assertThat(refusal(BASE.with("producers.properties.lingr.ms", "5"))).isEqualTo(
                "producers.properties.lingr.ms: not a Kafka producer config; did you mean linger.ms? (a plugin's own key:"
                        + " list it in uncheckedProperties) (got 5)");
        assertThat(refusal(BASE.with(Map.of("consumers.mode", "live", "consumers.count", 1, "consumers.properties.fetch.min.byte", "1"))))
                .startsWith("consumers.properties.fetch.min.byte: not a Kafka consumer config; did you mean fetch.min.bytes?");
        assertThat(refusal(BASE.with("topic.configs.retention.msec", "1000")))
                .startsWith("topic.configs.retention.msec: not a Kafka topic config; did you mean retention.ms?");
        assertThat(refusal(BASE.with("cluster.brokerConfig.num.io.thread", "4")))
                .startsWith("cluster.brokerConfig.num.io.thread: not a Kafka broker config; did you mean num.io.threads?");
    }

    /**
     * Two letters swapped, the commonest slip, find the name they were swapped in: the consumer defines both
     * fetch.min.bytes and fetch.max.bytes, two substitutions from fetch.mni.bytes and one swap.
     */
    @Test
    void aSwappedPairFindsTheNameItWasSwappedIn() {
        WorkloadSpec consumers = BASE.with(Map.of("consumers.mode", "live", "consumers.count", 1));
        assertThat(refusal(consumers.with("consumers.properties.fetch.mni.bytes", "1")))
                .startsWith("consumers.properties.fetch.mni.bytes: not a Kafka consumer config; did you mean fetch.min.bytes?");
        assertThat(refusal(consumers.with("consumers.properties.max.poll.recrods", "10")))
                .contains("did you mean max.poll.records?");
    }

    @Test
    void aNameFarFromEveryKafkaNameGetsNoGuess() {
        assertThat(refusal(BASE.with("producers.properties.my.interceptor.rate", "5"))).isEqualTo(
                "producers.properties.my.interceptor.rate: not a Kafka producer config (a plugin's own key: list it in"
                        + " uncheckedProperties) (got 5)");
    }

    @Test
    void theOtherClientsNameSaysWhereItBelongs() {
        assertThat(refusal(BASE.with("producers.properties.max.poll.records", "10"))).isEqualTo(
                "producers.properties.max.poll.records: is a Kafka consumer config, not a producer config; set it on the"
                        + " consumers (got 10)");
    }

    @Test
    void aMisspeltSecretDoesNotShowItsValue() {
        String message = refusal(BASE.with("producers.properties.sasl.jaas.confg", "org.x.PlainLoginModule password=\"p\";"));
        assertThat(message).contains("did you mean sasl.jaas.config?").doesNotContain("password=").endsWith("(got [not shown: a secret])");
        assertThat(refusal(BASE.with("producers.properties.my.api.token", "abc"))).doesNotContain("abc");
    }

    @Test
    void listedNamesAndPrefixesPass() {
        WorkloadSpec plugins = BASE.with(Map.of("uncheckedProperties", List.of("my.interceptor.rate", "myplugin."),
                "producers.properties.my.interceptor.rate", "5", "producers.properties.myplugin.a.b", "x",
                "topic.configs.myplugin.placement", "rack-a"));
        assertThatCode(() -> KafkaConfigCheck.workload(plugins)).doesNotThrowAnyException();
        assertThat(plugins.uncheckedProperties()).containsExactly("my.interceptor.rate", "myplugin.");
        // the listed names pass only themselves: a typo beside them is still caught
        assertThat(refusal(plugins.with("producers.properties.lingr.ms", "5"))).contains("did you mean linger.ms?");
    }

    @Test
    void kafkasOwnNamesAreOpenWhereKafkaReadsThemByPrefix() {
        WorkloadSpec prefixed = BASE.with(Map.of(
                "cluster.brokerConfig.listener.name.client.ssl.keystore.location", "/k",
                "producers.properties.config.providers.vault.class", "org.example.Vault",
                "producers.properties.metrics.context.team", "perf"));
        assertThatCode(() -> KafkaConfigCheck.workload(prefixed)).doesNotThrowAnyException();
    }

    @Test
    void uncheckedNamesMustNotHideKafkasOwn() {
        assertThat(refusal(BASE.with("uncheckedProperties", List.of("linger.ms"))))
                .isEqualTo("uncheckedProperties: is a Kafka producer config that Kafka checks itself; list only a plugin's"
                        + " own names (got linger.ms)");
        assertThat(refusal(BASE.with("uncheckedProperties", List.of("ssl.")))).startsWith("uncheckedProperties: covers ssl.");
        assertThatThrownBy(() -> BASE.with("uncheckedProperties", List.of("a b"))).isInstanceOf(InvalidInputException.class)
                .hasMessage("uncheckedProperties: must be a property name (my.plugin.key) or a prefix ending in a dot"
                        + " (myplugin.) (got 'a b')");
    }

    @Test
    void flagsNameTheFlagToListAPluginsKey() {
        UncheckedProperties none = KafkaConfigCheck.unchecked(List.of());
        assertThatThrownBy(() -> KafkaConfigCheck.flags("--producer-props ", Map.of("lingr.ms", "5"), PropertyKind.PRODUCER, none))
                .hasMessage("--producer-props lingr.ms: not a Kafka producer config; did you mean linger.ms? (a plugin's own"
                        + " key: pass --unchecked-property lingr.ms) (got 5)");
        assertThatCode(() -> KafkaConfigCheck.flags("--producer-props ", Map.of("lingr.ms", "5"), PropertyKind.PRODUCER,
                KafkaConfigCheck.unchecked(List.of("lingr.ms")))).doesNotThrowAnyException();
        // connection properties may be any client's
        assertThatCode(() -> KafkaConfigCheck.flags("--command-property ", Map.of("max.poll.records", "10", "acks", "all",
                "default.api.timeout.ms", "5000"), PropertyKind.ANY_CLIENT, none)).doesNotThrowAnyException();
    }

    @Test
    void theFlagsNamesJoinAWorkloadsListOnce() {
        UncheckedProperties listed = new UncheckedProperties(List.of("a.plugin.", "my.rate"), UncheckedProperties.FIELD);
        assertThat(listed.plus(List.of("my.rate", "other.key"))).containsExactly("a.plugin.", "my.rate", "other.key");
        assertThat(UncheckedProperties.none(UncheckedProperties.FIELD).plus(List.of())).isEmpty();
    }

    @Test
    void valuesOfKnownNamesAreStillChecked() {
        assertThat(refusal(BASE.with("producers.properties.acks", "banana"))).startsWith("producers.properties.acks:")
                .contains("banana");
    }
}
