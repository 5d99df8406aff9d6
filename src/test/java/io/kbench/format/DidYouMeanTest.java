package io.kbench.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class DidYouMeanTest {
    private static final List<String> PRODUCER = List.of("acks", "batch.size", "linger.ms", "linger.max.ms",
            "compression.type", "fetch.min.bytes", "fetch.max.bytes", "buffer.memory", "ssl.key.password",
            "key.serializer", "key.deserializer");

    @Test
    void aDroppedOrDoubledLetterFindsTheName() {
        assertThat(DidYouMean.nearest("lingr.ms", PRODUCER)).contains("linger.ms");
        assertThat(DidYouMean.nearest("fetch.min.byte", PRODUCER)).contains("fetch.min.bytes");
        assertThat(DidYouMean.nearest("compresion.type", PRODUCER)).contains("compression.type");
        assertThat(DidYouMean.nearest("ack", PRODUCER)).contains("acks");
    }

    /**
     * Two letters swapped are one edit (Damerau), not two (Levenshtein): otherwise the name two substitutions away wins
     * the tie on alphabetical order, as fetch.max.bytes would for fetch.mni.bytes.
     */
    @Test
    void aSwapIsOneEditSoTheSwappedNameWins() {
        assertThat(DidYouMean.nearest("fetch.mni.bytes", PRODUCER)).contains("fetch.min.bytes");
        assertThat(DidYouMean.nearest("key.esrializer", PRODUCER)).contains("key.serializer");
        assertThat(DidYouMean.nearest("akcs", PRODUCER)).contains("acks");
        assertThat(DidYouMean.nearest("lingre.ms", PRODUCER)).contains("linger.ms");
    }

    @Test
    void theDistanceCountsEachEditOnceAndStopsAtTheLimit() {
        assertThat(DidYouMean.distance("ab", "ba", 5)).isEqualTo(1);
        assertThat(DidYouMean.distance("kitten", "sitting", 5)).isEqualTo(3); // Levenshtein's textbook pair
        assertThat(DidYouMean.distance("ca", "abc", 5)).as("restricted: no edit inside a swapped pair").isEqualTo(3);
        assertThat(DidYouMean.distance("", "abc", 5)).isEqualTo(3);
        assertThat(DidYouMean.distance("kitten", "sitting", 2)).as("beyond the limit").isEqualTo(-1);
        assertThat(DidYouMean.distance("a", "abcd", 2)).as("lengths alone beyond it").isEqualTo(-1);
    }

    @Test
    void caseAloneIsAlwaysClose() {
        assertThat(DidYouMean.nearest("Batch.Size", PRODUCER)).contains("batch.size");
    }

    @Test
    void anUnrelatedNameGetsNoSuggestion() {
        assertThat(DidYouMean.nearest("my.interceptor.rate", PRODUCER)).isEmpty();
        assertThat(DidYouMean.nearest("ssl", PRODUCER)).as("3 letters, 2 edits at most").isEmpty();
        assertThat(DidYouMean.hint("zzz", PRODUCER)).isEmpty();
    }

    @Test
    void aKnownNameIsNotMisspelt() {
        assertThat(DidYouMean.nearest("linger.ms", PRODUCER)).isEmpty();
    }

    @Test
    void theNearestWinsAndATieGoesToTheFirstInAlphabeticalOrder() {
        // linger.mx is 1 edit from linger.ms and 3 from linger.max.ms
        assertThat(DidYouMean.nearest("linger.mx", PRODUCER)).contains("linger.ms");
        assertThat(DidYouMean.nearest("ab", List.of("ac", "aa"))).contains("aa");
        assertThat(DidYouMean.nearest("ab", List.of("aa", "ac"))).contains("aa");
    }

    @Test
    void theHintIsReadyToAppend() {
        assertThat(DidYouMean.hint("lingr.ms", PRODUCER)).isEqualTo("; did you mean linger.ms?");
    }
}
