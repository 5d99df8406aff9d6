import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES-128-GCM encryption of 16 KiB buffers (a TLS record's size) for SECONDS after a 3 s warm-up, in MiB/s: what the
 * JIT the JVM runs with does to TLS in a client. Run by bench/aes-gcm-jit.sh with and without -XX:TieredStopAtLevel=1.
 */
public class AesGcmJit {
    public static void main(String[] args) throws Exception {
        long seconds = args.length > 0 ? Long.parseLong(args[0]) : 5;
        byte[] in = new byte[16384];
        byte[] out = new byte[16384 + 16];
        SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
        long start = System.nanoTime();
        long measureFrom = start + 3_000_000_000L;
        long end = measureFrom + seconds * 1_000_000_000L;
        long bytes = 0;
        long counter = 0;
        long now;
        while ((now = System.nanoTime()) < end) {
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            byte[] nonce = new byte[12];
            for (int i = 0; i < 8; i++) {
                nonce[i] = (byte) (counter >>> (8 * i));
            }
            counter++;
            c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, nonce));
            c.doFinal(in, 0, in.length, out, 0);
            if (now >= measureFrom) {
                bytes += in.length;
            }
        }
        System.out.printf("%.1f%n", bytes / 1048576.0 / seconds);
    }
}
