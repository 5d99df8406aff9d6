package io.kbench.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.sun.net.httpserver.HttpServer;
import io.kbench.result.telemetry.TelemetryEventType;
import io.kbench.result.telemetry.TelemetryMetric;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class PrometheusTextTest {
    @Test
    void parsesSamplesLabelsEscapesAndSpecialValues() {
        List<PrometheusText.PromSample> s = PrometheusText.parse("""
                # HELP node_cpu_seconds_total Seconds the CPUs spent in each mode.
                # TYPE node_cpu_seconds_total counter
                node_cpu_seconds_total{cpu="0",mode="idle"} 1234.5
                weird{path="a\\"b\\\\c\\nd",} +Inf 1700000000000
                up NaN
                x_total 1e3
                """);
        assertThat(s).hasSize(4);
        assertThat(s.get(0).labels()).containsExactly(Map.entry("cpu", "0"), Map.entry("mode", "idle"));
        assertThat(s.get(0).value()).isEqualTo(1234.5);
        assertThat(s.get(1).labels()).containsEntry("path", "a\"b\\c\nd");
        assertThat(s.get(1).value()).isInfinite();
        assertThat(s.get(2).value()).isNaN();
        assertThat(s.get(3).value()).isEqualTo(1000);
    }

    @Test
    void malformedLinesAreErrorsNamingTheLine() {
        assertThatThrownBy(() -> PrometheusText.parse("ok 1\nbad{a=\"1\" 2\n")).hasMessageContaining("line 2");
        assertThatThrownBy(() -> PrometheusText.parse("novalue\n")).hasMessageContaining("line 1");
        assertThatThrownBy(() -> PrometheusText.parse("x 1 2 3\n")).hasMessageContaining("line 1");
        assertThatThrownBy(() -> PrometheusText.parse("x abc\n")).hasMessageContaining("line 1");
    }

    @Test
    void jmxExporterNamingsMapToTheBrokerFigures() {
        PrometheusBrokerSource source = new PrometheusBrokerSource("broker-1", URI.create("http://x/metrics"),
                Duration.ofSeconds(1));
        Map<String, Double> v = source.read(PrometheusText.parse("""
                kafka_server_BrokerTopicMetrics_Count{name="BytesInPerSec",} 1000.0
                kafka_server_BrokerTopicMetrics_Count{name="BytesInPerSec",topic="t1",} 999.0
                kafka_server_brokertopicmetrics_bytesoutpersec_count 2000
                kafka_server_brokertopicmetrics_messagesin_total 30
                kafka_network_RequestMetrics_Count{name="TotalTimeMs",request="Produce",} 50
                kafka_network_RequestMetrics_Mean{name="TotalTimeMs",request="Produce",} 4.5
                kafka_network_RequestMetrics_Mean{name="TotalTimeMs",request="Fetch",} 99
                kafka_server_KafkaRequestHandlerPool_Count{name="RequestHandlerAvgIdlePercent",} 7e9
                process_cpu_seconds_total 12.5
                jvm_memory_bytes_used{area="heap",} 1048576
                jvm_gc_collection_seconds_count{gc="G1 Young Generation",} 4
                jvm_gc_collection_seconds_sum{gc="G1 Young Generation",} 0.25
                jvm_gc_collection_seconds_sum{gc="G1 Concurrent GC",} 9
                kafka_log_Log_Value{name="NumLogSegments",topic="bench",partition="0",} 3
                """));
        assertThat(v).containsEntry("bytesIn.Count", 1000.0).containsEntry("bytesOut.Count", 2000.0)
                .containsEntry("messagesIn.Count", 30.0).containsEntry("Produce.TotalTimeMs.Count", 50.0)
                .containsEntry("Produce.TotalTimeMs.Mean", 4.5).containsEntry("handlerIdle.Count", 7e9)
                .containsEntry(BrokerFigures.HEAP_USED, 1048576.0).containsEntry(BrokerFigures.GC_COUNT, 4.0)
                .containsEntry(BrokerFigures.GC_MILLIS, 250.0);
        assertThat(v.get("os.ProcessCpuTime")).isCloseTo(12.5e9, within(1.0));
        assertThat(v).doesNotContainKey("FetchConsumer.TotalTimeMs.Mean");
    }

    @Test
    void strimziStyleNamesMapToTheBrokerFiguresToo() {
        PrometheusBrokerSource source = new PrometheusBrokerSource("broker-1", URI.create("http://x/metrics"),
                Duration.ofSeconds(1));
        Map<String, Double> v = source.read(PrometheusText.parse("""
                kafka_server_replicamanager_underreplicatedpartitions 2
                kafka_server_delayedoperationpurgatory_purgatorysize{delayedOperation="Produce",} 7
                kafka_network_socketserver_networkprocessoravgidle_percent 0.85
                kafka_server_kafkarequesthandlerpool_requesthandleravgidlepercent_count 9e9
                kafka_server_kafkarequesthandlerpool_brokerrequesthandleravgidlepercent_count_total 8e9
                kafka_server_brokertopicmetrics_bytesin_total 1234
                kafka_server_socket_server_metrics_io_wait_time_ns{listener="PLAINTEXT",networkProcessor="0"} 3.1e9
                process_start_time_seconds 1.0e9
                """));
        assertThat(v).containsEntry("underReplicated.Value", 2.0).containsEntry("purgatory.Value", 7.0)
                .containsEntry("networkIdle.Value", 0.85).containsEntry("handlerIdle.Count", 9e9)
                .containsEntry("brokerHandlerIdle.Count", 8e9).containsEntry("bytesIn.Count", 1234.0)
                .containsEntry(BrokerMBeans.IO_WAIT_PREFIX + "PLAINTEXT/0", 3.1e9);
        // Uptime from the process's start time, as JMX's Runtime Uptime: the network gauge is trusted only after it.
        assertThat(v.get("runtime.Uptime")).isCloseTo(System.currentTimeMillis() - 1.0e12, within(60_000.0));
    }

    @Test
    void nodeExporterFiguresFromTwoScrapes() throws Exception {
        AtomicReference<String> body = new AtomicReference<>();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/metrics", exchange -> {
            byte[] bytes = body.get().getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        try {
            NodeExporterSource source = new NodeExporterSource("host", URI.create("http://127.0.0.1:"
                    + server.getAddress().getPort() + "/metrics"), Duration.ofSeconds(5));
            body.set(nodeExporter(100, 10, 0, 0));
            source.open();
            source.sample(new Sample("host", 0), 0);
            body.set(nodeExporter(130, 20, 2 * 1048576, 0.5));
            Sample s = new Sample("host", 1);
            source.sample(s, 1_000_000_000L);
            // cpu deltas: user 30, iowait 10, idle 60 -> 100 s in total
            assertThat(s.values().get(TelemetryMetric.HOST_CPU_USER_PERCENT)).isCloseTo(30, within(1e-9));
            assertThat(s.values().get(TelemetryMetric.HOST_CPU_IOWAIT_PERCENT)).isCloseTo(10, within(1e-9));
            assertThat(s.values().get(TelemetryMetric.DISK_WRITE_MIB_PER_SEC)).isCloseTo(2, within(1e-9));
            assertThat(s.values().get(TelemetryMetric.DISK_UTIL_PERCENT)).isCloseTo(50, within(1e-9));
            assertThat(s.values().get(TelemetryMetric.PAGE_CACHE_DIRTY_MIB)).isCloseTo(3, within(1e-9));
            assertThat(s.events()).noneMatch(e -> e.type() == TelemetryEventType.BROKER_UNRESPONSIVE);
        } finally {
            server.stop(0);
        }
    }

    private static String nodeExporter(double user, double iowait, double written, double busy) {
        return "node_cpu_seconds_total{cpu=\"0\",mode=\"user\"} " + user + "\n"
                + "node_cpu_seconds_total{cpu=\"0\",mode=\"iowait\"} " + iowait + "\n"
                + "node_cpu_seconds_total{cpu=\"0\",mode=\"idle\"} " + (1000 + (user - 100) * 2) + "\n"
                + "node_disk_written_bytes_total{device=\"nvme0n1\"} " + written + "\n"
                + "node_disk_io_time_seconds_total{device=\"nvme0n1\"} " + busy + "\n"
                + "node_disk_io_time_seconds_total{device=\"nvme1n1\"} 0\n"
                + "node_memory_Dirty_bytes " + 3 * 1048576 + "\n";
    }
}
