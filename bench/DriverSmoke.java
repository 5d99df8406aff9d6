import io.kbench.load.PayloadGenerator;
import io.kbench.load.Stamp;
import io.kbench.spec.PayloadSpec;
import io.kbench.spec.RecordSizeSpec;
import java.io.BufferedReader;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * A driver by hand (docs/drivers.md#running-a-driver-by-hand): kbench's side of the contract against a running cluster,
 * a driver producing with 2 threads at RATE records/s in all, PER_THREAD records each, and a Java consumer reading the
 * records back with kbench's own Stamp, their end-to-end latency on the JVM's clock. The driver's events are echoed,
 * and the growth of the topic's end offsets is set against the acknowledged records the driver's intervals count.
 *   java -cp 'target/classes:target/lib/*' bench/DriverSmoke.java BOOTSTRAP DRIVER_BINARY RATE PER_THREAD
 */
public class DriverSmoke {
    public static void main(String[] a) throws Exception {
        String bootstrap = a[0], driverBinary = a[1];
        int rate = Integer.parseInt(a[2]), perThread = Integer.parseInt(a[3]);
        String topic = "driver-smoke-" + System.currentTimeMillis();
        try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
            admin.createTopics(List.of(new NewTopic(topic, 3, (short) 1))).all().get();
        }
        Path dir = Files.createTempDirectory("kbench-driver-smoke");
        List<String> files = new ArrayList<>();
        for (int g = 0; g < 2; g++) {
            byte[][] values = new PayloadGenerator(PayloadSpec.random(), RecordSizeSpec.fixed(100)).valuesForThread(g);
            Path f = dir.resolve("values-" + g + ".bin");
            try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(f))) {
                out.writeInt(values.length);
                for (byte[] v : values) { out.writeInt(v.length); out.write(v); }
            }
            files.add("\"" + f + "\"");
        }
        int magic = new Random().nextInt() | 1;
        String slice = "{\"contract\":1,\"runId\":\"smoke\",\"role\":\"producers\",\"bootstrap\":\"" + bootstrap
                + "\",\"topic\":\"" + topic + "\",\"stampMagic\":" + magic + ",\"clockOffsetNanos\":0,\"intervalNanos\":1000000000,"
                + "\"clientProperties\":{\"acks\":\"all\"},\"producers\":{\"first\":0,\"count\":2,\"total\":2,\"ratePerThread\":"
                + (rate / 2.0) + ",\"warmupRecords\":[0,0],\"warmupNanos\":0,\"autoWarmup\":false,\"measuredRecords\":["
                + perThread + "," + perThread + "],\"measuredNanos\":null,\"valuesFiles\":[" + String.join(",", files)
                + "],\"keys\":{\"type\":\"none\",\"count\":0},\"verify\":false,\"sendLogDir\":null},\"consumers\":null}";
        KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of("bootstrap.servers", bootstrap,
                "key.deserializer", ByteArrayDeserializer.class, "value.deserializer", ByteArrayDeserializer.class));
        List<TopicPartition> parts = consumer.partitionsFor(topic).stream().map(p -> new TopicPartition(topic, p.partition())).toList();
        consumer.assign(parts);
        consumer.seekToEnd(parts);
        Map<TopicPartition, Long> starts = new java.util.HashMap<>();
        parts.forEach(p -> starts.put(p, consumer.position(p)));
        Process driver = new ProcessBuilder(driverBinary, "run").redirectError(ProcessBuilder.Redirect.INHERIT).start();
        OutputStream in = driver.getOutputStream();
        BufferedReader events = new BufferedReader(new InputStreamReader(driver.getInputStream(), StandardCharsets.UTF_8));
        in.write((slice + "\n").getBytes()); in.flush();
        String ready = events.readLine();
        System.out.println("driver: " + ready);
        long start = System.nanoTime() + 500_000_000L;
        in.write(("{\"type\":\"start\",\"startNanos\":" + start + "}\n").getBytes()); in.flush();
        long[] produced = {0};
        java.util.regex.Pattern producedRecords = java.util.regex.Pattern.compile("\"producedRecords\":(\\d+)");
        Thread eventPrinter = new Thread(() -> {
            try {
                for (String l; (l = events.readLine()) != null; ) {
                    java.util.regex.Matcher m = producedRecords.matcher(l);
                    if (m.find()) produced[0] += Long.parseLong(m.group(1));
                    System.out.println("driver: " + (l.length() > 160 ? l.substring(0, 160) + "..." : l));
                }
            } catch (IOException e) { }
        });
        eventPrinter.start();
        Histogram e2e = new Histogram(1, 3_600_000_000L, 3);
        long ours = 0, negative = 0;
        long until = System.nanoTime() + 120_000_000_000L;
        while (ours < 2L * perThread && System.nanoTime() < until) {
            ConsumerRecords<byte[], byte[]> records = consumer.poll(Duration.ofMillis(100));
            long now = System.nanoTime();
            for (ConsumerRecord<byte[], byte[]> r : records) {
                if (Stamp.isOurs(r.value(), magic) && Stamp.isMeasured(r.value())) {
                    ours++;
                    long nanos = now - Stamp.sendNanos(r.value());
                    if (nanos < 0) negative++;
                    e2e.recordValue(Math.max(0, nanos / 1000));
                }
            }
        }
        driver.waitFor();
        eventPrinter.join();
        long written = 0;
        for (Map.Entry<TopicPartition, Long> end : consumer.endOffsets(parts).entrySet()) written += end.getValue() - starts.get(end.getKey());
        System.out.printf("broker: the topic's end offsets grew by %,d; the driver's intervals count %,d acknowledged records%n", written, produced[0]);
        System.out.printf("Java consumer: %,d driver records of this run read; end-to-end (JVM clock minus the driver's stamp)"
                + " p50 %.3f ms, p99 %.3f ms, p99.9 %.3f ms, max %.3f ms; negative latencies: %d; driver exit %d%n",
                ours, e2e.getValueAtPercentile(50) / 1e3, e2e.getValueAtPercentile(99) / 1e3,
                e2e.getValueAtPercentile(99.9) / 1e3, e2e.getMaxValue() / 1e3, negative, driver.exitValue());
        consumer.close();
    }
}
