package io.kbench.distributed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The control key from a file, and the local workers' handover on their stdin pipe. */
class ControlKeyTest {
    private static final String KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

    @Test
    void aKeyFileIsTrimmedAndItsValueNeverPrinted(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("control.key"), KEY + "\n");
        ControlKey key = ControlKey.fromFile(file, "--control-key-file");
        assertThat(key.text()).isEqualTo(KEY);
        assertThat(key.toString()).doesNotContain(KEY).contains("control.key");
        assertThat(ControlAuth.of(key).describe()).doesNotContain(KEY).contains("HMAC-SHA256");
    }

    @Test
    void aShortOrMissingKeyIsAnInputErrorThatDoesNotEchoIt(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("short.key"), "tooshort-secret");
        assertThatThrownBy(() -> ControlKey.fromFile(file, "--control-key-file")).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("32 to 1024 characters").hasMessageNotContaining("tooshort-secret");
        assertThatThrownBy(() -> ControlKey.fromFile(dir.resolve("none"), "--control-key-file"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("cannot be read");
        assertThatThrownBy(() -> ControlKey.fromEnv("KBENCH_TEST_SURELY_UNSET_VARIABLE", "--control-key-env"))
                .isInstanceOf(InvalidInputException.class).hasMessageContaining("not set");
    }

    @Test
    void theHandoverCarriesSettingsAndKeyAndLeavesThePipeOpen() throws IOException {
        ControlAuth auth = ControlAuth.of(ControlKey.of(KEY, "test"));
        LocalHandover sent = new LocalHandover(Map.of("bootstrap.servers", "b:1", "sasl.jaas.config", "x password=\"a\nb=c\";"),
                Map.of("bootstrap.servers", "c:2", "security.protocol", "SSL"), auth);
        ByteArrayOutputStream pipe = new ByteArrayOutputStream();
        sent.writeTo(pipe);
        pipe.write("rest".getBytes(StandardCharsets.UTF_8));
        ByteArrayInputStream in = new ByteArrayInputStream(pipe.toByteArray());
        LocalHandover got = LocalHandover.readFrom(in);
        assertThat(got.data()).isEqualTo(sent.data());
        assertThat(got.control()).isEqualTo(sent.control());
        assertThat(got.auth().key().text()).isEqualTo(KEY);
        assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).as("what follows is left to the parent watch").isEqualTo("rest");
        assertThat(got.toString()).doesNotContain(KEY).doesNotContain("password");
    }

    @Test
    void anInsecureHandoverStaysInsecureAndACutOneIsRefused() {
        ByteArrayOutputStream pipe = new ByteArrayOutputStream();
        try {
            new LocalHandover(Map.of("bootstrap.servers", "b:1"), Map.of(), ControlAuth.insecure()).writeTo(pipe);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        assertThat(LocalHandover.readFrom(new ByteArrayInputStream(pipe.toByteArray())).auth().authenticated()).isFalse();
        byte[] cut = java.util.Arrays.copyOf(pipe.toByteArray(), pipe.size() - 5);
        assertThatThrownBy(() -> LocalHandover.readFrom(new ByteArrayInputStream(cut))).isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("stdin ended");
    }
}
