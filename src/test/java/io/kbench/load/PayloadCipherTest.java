package io.kbench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kbench.error.InvalidInputException;
import io.kbench.measure.ErrorCounts;
import io.kbench.spec.PayloadEncryptionSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import javax.crypto.SecretKey;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PayloadCipherTest {
    private static final String HEX_128 = "000102030405060708090a0b0c0d0e0f";

    private final SecretKey key = PayloadKey.resolve(new PayloadEncryptionSpec(null, 256, null, null));

    @Test
    void roundTripKeepsTheStampAndAddsNonceAndTag() {
        byte[] value = new byte[100];
        Arrays.fill(value, (byte) 'x');
        Stamp.write(value, 77, true, 123_456_789L);
        PayloadCipher.Encrypting enc = new PayloadCipher.Encrypting(key);
        byte[] c1 = enc.serialize("t", value);
        byte[] c2 = enc.serialize("t", value);
        assertThat(c1).hasSize(100 + PayloadCipher.OVERHEAD);
        assertThat(Arrays.copyOfRange(c1, 0, 12)).as("nonces").isNotEqualTo(Arrays.copyOfRange(c2, 0, 12));
        assertThat(new String(c1, java.nio.charset.StandardCharsets.ISO_8859_1)).doesNotContain("xxxxxxxx");
        ErrorCounts errors = new ErrorCounts();
        byte[] plain = new PayloadCipher.Decrypting(key, errors).deserialize("t", c1);
        assertThat(plain).isEqualTo(value);
        assertThat(Stamp.isOurs(plain, 77)).isTrue();
        assertThat(Stamp.sendNanos(plain)).isEqualTo(123_456_789L);
        assertThat(errors.total()).isZero();
    }

    @Test
    void aTamperedValueOrAWrongKeyIsCountedNeverAccepted() {
        byte[] cipherText = new PayloadCipher.Encrypting(key).serialize("t", new byte[64]);
        ErrorCounts errors = new ErrorCounts();
        PayloadCipher.Decrypting dec = new PayloadCipher.Decrypting(key, errors);
        byte[] tampered = cipherText.clone();
        tampered[20] ^= 1;
        assertThat(dec.deserialize("t", tampered)).isNull();
        SecretKey other = PayloadKey.resolve(new PayloadEncryptionSpec(null, 256, null, null));
        assertThat(new PayloadCipher.Decrypting(other, errors).deserialize("t", cipherText)).isNull();
        assertThat(dec.deserialize("t", new byte[10])).isNull();
        assertThat(errors.total()).isEqualTo(3);
        assertThat(errors.byType()).containsEntry("AEADBadTagException", 3L);
        assertThat(dec.deserialize("t", cipherText)).hasSize(64);
    }

    @Test
    void keysComeFromHexOrBase64InAFileOrAreGenerated(@TempDir Path dir) throws Exception {
        Path hex = Files.writeString(dir.resolve("k.hex"), HEX_128 + "\n");
        assertThat(PayloadKey.resolve(new PayloadEncryptionSpec(null, 128, hex, null)).getEncoded())
                .isEqualTo(HexFormat.of().parseHex(HEX_128));
        Path b64 = Files.writeString(dir.resolve("k.b64"), java.util.Base64.getEncoder().encodeToString(new byte[32]));
        assertThat(PayloadKey.resolve(new PayloadEncryptionSpec(null, 256, b64, null)).getEncoded()).hasSize(32);
        assertThat(PayloadKey.resolve(new PayloadEncryptionSpec(null, null, null, null)).getEncoded()).hasSize(16);
    }

    @Test
    void aBadKeyNamesTheSettingButNotTheValue(@TempDir Path dir) throws Exception {
        Path shortKey = Files.writeString(dir.resolve("short"), "00112233");
        assertThatThrownBy(() -> PayloadKey.resolve(new PayloadEncryptionSpec(null, 128, shortKey, null)))
                .isInstanceOf(InvalidInputException.class)
                .hasMessageContaining("producers.payloadEncryption.keyFile").hasMessageNotContaining("00112233");
        Path wrongSize = Files.writeString(dir.resolve("k"), HEX_128);
        assertThatThrownBy(() -> PayloadKey.resolve(new PayloadEncryptionSpec(null, 256, wrongSize, null)))
                .hasMessageContaining("256-bit").hasMessageNotContaining(HEX_128);
        assertThatThrownBy(() -> PayloadKey.resolve(new PayloadEncryptionSpec(null, 128, dir.resolve("none"), null)))
                .hasMessageContaining("cannot read");
        assertThatThrownBy(() -> PayloadKey.resolve(new PayloadEncryptionSpec(null, 128, null, "KBENCH_SURELY_UNSET_KEY")))
                .hasMessageContaining("KBENCH_SURELY_UNSET_KEY").hasMessageContaining("not set");
        assertThatThrownBy(() -> new PayloadEncryptionSpec(null, 192, null, null)).hasMessageContaining("128 or 256");
        assertThatThrownBy(() -> new PayloadEncryptionSpec(null, 128, wrongSize, "X")).hasMessageContaining("not both");
    }
}
