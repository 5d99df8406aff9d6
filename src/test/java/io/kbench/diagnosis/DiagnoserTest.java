package io.kbench.diagnosis;

import static io.kbench.result.telemetry.TelemetryMetric.BROKER_CPU_PERCENT;
import static io.kbench.result.telemetry.TelemetryMetric.CLIENT_CPU_PERCENT;
import static io.kbench.result.telemetry.TelemetryMetric.DISK_UTIL_PERCENT;
import static io.kbench.result.telemetry.TelemetryMetric.HOST_CPU_IOWAIT_PERCENT;
import static io.kbench.result.telemetry.TelemetryMetric.HOST_CPU_SYSTEM_PERCENT;
import static io.kbench.result.telemetry.TelemetryMetric.HOST_CPU_USER_PERCENT;
import static io.kbench.result.telemetry.TelemetryMetric.LOG_FLUSH_TIME_MS;
import static io.kbench.result.telemetry.TelemetryMetric.NETWORK_PROCESSOR_IDLE_PERCENT;
import static io.kbench.result.telemetry.TelemetryMetric.PRODUCE_REMOTE_TIME_MS;
import static io.kbench.result.telemetry.TelemetryMetric.PRODUCE_TOTAL_TIME_MS;
import static io.kbench.result.telemetry.TelemetryMetric.REQUEST_HANDLER_IDLE_PERCENT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.kbench.result.Figure;
import io.kbench.result.run.LoadCpu;
import io.kbench.result.run.Summary;
import io.kbench.result.run.Totals;
import io.kbench.result.telemetry.Diagnosis;
import io.kbench.result.telemetry.LatencySpike;
import io.kbench.result.telemetry.LimitingResource;
import io.kbench.result.telemetry.SeriesMove;
import io.kbench.result.telemetry.TelemetryEvent;
import io.kbench.result.telemetry.TelemetryEventType;
import io.kbench.result.telemetry.TelemetryMetric;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DiagnoserTest {
    private static final String B1 = "broker-1";

    @Test
    void aHealthyRunIsLimitedByNothingFoundAndQuotesWhatWasJudged() {
        Diagnosis d = new SyntheticRun().healthy().diagnose();

        assertThat(d.limitedBy()).isEqualTo(LimitingResource.NONE_FOUND);
        assertThat(d.evidence()).contains("load generator CPU 60%", "disk util 12%", "broker CPU 40%",
                "request handler idle 80%", "network processor idle 85%", "Produce remote time 5.0% of total (0.20 ms of 4.00 ms)")
                .doesNotContain("not judged");
        assertThat(d.line()).startsWith("limited by: nothing found (load generator CPU 60%; ");
        assertThat(d.figures()).isNotEmpty().allSatisfy(f -> {
            assertThat(f.unit()).isNotBlank();
            assertThat(f.formula()).isNotBlank();
        });
    }

    @Test
    void aLoadGeneratorUsingItsCoresIsNamed() {
        Diagnosis d = new SyntheticRun().healthy().replace(CLIENT_CPU_PERCENT, "client", i -> 350.0).diagnose();

        assertThat(d.limitedBy()).isEqualTo(LimitingResource.LOAD_GENERATOR_CPU);
        assertThat(d.evidence()).startsWith("load generator CPU 350% of 400% (4 cores)");
        assertThat(figure(d, "client_cpu_share").value()).isEqualTo(0.875);
    }

    @Test
    void aDriverProcessesCpuIsTheLoadGeneratorsToo() {
        // kbench's JVM alone is far from its cores; with a franz-go producer driver at 300% the load generator is not.
        SyntheticRun run = new SyntheticRun().healthy().replace(CLIENT_CPU_PERCENT, "client", i -> 60.0);
        List<DriverCpu> drivers = List.of(new DriverCpu("franz-go", "producers", 300.0));
        Diagnosis d = Diagnoser.diagnose(run.intervals(), run.telemetry(), Cores.embedded(4), drivers);

        assertThat(d.limitedBy()).isEqualTo(LimitingResource.LOAD_GENERATOR_CPU);
        assertThat(d.evidence()).startsWith(
                "load generator CPU 360% (kbench's JVM 60%, franz-go driver (producers) 300%) of 400% (4 cores)");
        assertThat(figure(d, "driver_cpu_percent_producers").value()).isEqualTo(300.0);
        assertThat(figure(d, "client_cpu_share").value()).isEqualTo(0.9);
        assertThat(Diagnoser.diagnose(run.intervals(), run.telemetry(), Cores.embedded(4)).limitedBy())
                .as("the JVM alone").isNotEqualTo(LimitingResource.LOAD_GENERATOR_CPU);
    }

    @Test
    void aDriversMeanCpuIsItsCpuSecondsOverItsSidesMeasuredWindow() {
        LoadCpu cpu = new LoadCpu(LoadCpu.Side.of("librdkafka", LoadCpu.Process.DRIVER, 3_000_000_000L, 30_000),
                LoadCpu.Side.of("java", LoadCpu.Process.KBENCH, 1_000_000_000L, 30_000));
        Totals produced = new Totals(30_000, 3_000_000, 3_000, 0.3, 10.0, 0, Map.of(), 0, null, null);
        Summary summary = new Summary("intendedSendTime", produced, produced, null, null, null, null);
        // 3 s of CPU over a 10 s window: 30% of one core; the Java consumers are in kbench's JVM, which telemetry samples.
        assertThat(DriverCpu.of(cpu, summary)).containsExactly(new DriverCpu("librdkafka", "producers", 30.0));
        assertThat(DriverCpu.of(null, summary)).isEmpty();
    }

    @Test
    void aGrowingSendDelayWhileBrokersIdleIsTheLoadGenerator() {
        // No client CPU series at all: the send delay alone, with idle brokers, names the client (S4's lesson).
        SyntheticRun run = new SyntheticRun().healthyBroker(B1).healthyHost()
                .sendDelay(i -> i < 10 ? 0.5 : 5.0 * (i - 9));

        Diagnosis d = run.diagnose();

        assertThat(d.limitedBy()).isEqualTo(LimitingResource.LOAD_GENERATOR_CPU);
        assertThat(d.evidence()).startsWith("send delay p99 grew from 0.50 ms to ").contains("while request handler idle stayed 80%");
        assertThat(figure(d, "send_delay_p99_last_third_ms").value()).isGreaterThan(10);
    }

    @Test
    void aGrowingSendDelayWithBusyBrokersIsNotBlamedOnTheClient() {
        Diagnosis d = new SyntheticRun().healthyBroker(B1).healthyHost()
                .replace(REQUEST_HANDLER_IDLE_PERCENT, B1, i -> 12.0)
                .sendDelay(i -> i < 10 ? 0.5 : 5.0 * (i - 9)).diagnose();

        assertThat(d.limitedBy()).isEqualTo(LimitingResource.REQUEST_HANDLER_THREADS);
    }

    @Test
    void brokersUsingTheSharedCoresAreBrokerCpu() {
        Diagnosis d = new SyntheticRun().healthy().replace(BROKER_CPU_PERCENT, B1, i -> 170.0)
                .healthyBroker("broker-2").replace(BROKER_CPU_PERCENT, "broker-2", i -> 160.0).diagnose();

        assertThat(d.limitedBy()).isEqualTo(LimitingResource.BROKER_CPU);
        assertThat(d.evidence()).startsWith("broker CPU 330% of 400% (4 cores)");
        assertThat(figure(d, "broker_cpu_used_percent").formula()).contains("sum over brokers");
    }

    @Test
    void aBrokerThrottledInMostQuotaPeriodsIsBrokerCpuBelowItsMeanLimit() {
        // 30% of a core is 60% of a half-core limit, under the 80% rule, but the cgroup waited in 62% of its periods.
        SyntheticRun run = new SyntheticRun().healthy().replace(BROKER_CPU_PERCENT, B1, i -> 30.0)
                .replace(TelemetryMetric.BROKER_CPU_THROTTLED_PERCENT, B1, i -> 62.0);
        Diagnosis d = run.diagnose(Cores.embedded(2, 0.5));
        assertThat(d.limitedBy()).isEqualTo(LimitingResource.BROKER_CPU);
        assertThat(d.evidence()).startsWith("broker-1 throttled in 62% of its CPU quota periods (cluster.limits), at 30% "
                + "of its 50% limit on average");
        assertThat(figure(d, "broker_cpu_throttled_percent.broker-1").value()).isEqualTo(62.0);
        // SyntheticRun changes in place: from here on broker-1 is throttled in 10% of its periods.
        assertThat(run.replace(TelemetryMetric.BROKER_CPU_THROTTLED_PERCENT, B1, i -> 10.0)
                .diagnose(Cores.embedded(2, 0.5)).limitedBy()).isEqualTo(LimitingResource.NONE_FOUND);
        assertThat(run.replace(BROKER_CPU_PERCENT, B1, i -> 47.0).diagnose(Cores.embedded(2, 0.5)).evidence())
                .startsWith("broker CPU 47% on broker-1 of its 50% limit (cluster.limits), throttled in 10% of its quota periods");
    }

    @Test
    void aBrokerAtItsClusterLimitsCpuIsBrokerCpuOnAnIdleMachine() {
        // S4 on 3 brokers held to half a core each: 47% of a core is 94% of the limit, 131% of 200% is not the machine.
        SyntheticRun run = new SyntheticRun().healthy().replace(BROKER_CPU_PERCENT, B1, i -> 47.0);

        Diagnosis limited = run.diagnose(Cores.embedded(2, 0.5));
        assertThat(limited.limitedBy()).isEqualTo(LimitingResource.BROKER_CPU);
        assertThat(limited.evidence()).startsWith("broker CPU 47% on broker-1 of its 50% limit (cluster.limits)");
        assertThat(figure(limited, "broker_cpu_limit_share").value()).isCloseTo(0.94, within(1e-9));
        assertThat(run.diagnose(Cores.embedded(2)).limitedBy()).isEqualTo(LimitingResource.NONE_FOUND);
        assertThat(run.replace(BROKER_CPU_PERCENT, B1, i -> 30.0).diagnose(Cores.embedded(2, 0.5)).limitedBy())
                .isEqualTo(LimitingResource.NONE_FOUND);
    }

    @Test
    void aBusyHostIsBlamedOnWhoUsesMostOfIt() {
        SyntheticRun busyHost = new SyntheticRun().healthy().replace(HOST_CPU_USER_PERCENT, "host", i -> 80.0)
                .replace(HOST_CPU_SYSTEM_PERCENT, "host", i -> 15.0);

        assertThat(busyHost.replace(BROKER_CPU_PERCENT, B1, i -> 250.0).diagnose(Cores.embedded(4)).limitedBy())
                .isEqualTo(LimitingResource.BROKER_CPU);
        assertThat(busyHost.replace(BROKER_CPU_PERCENT, B1, i -> 100.0).replace(CLIENT_CPU_PERCENT, "client", i -> 280.0)
                .diagnose(Cores.embedded(4)).limitedBy()).isEqualTo(LimitingResource.LOAD_GENERATOR_CPU);
    }

    @Test
    void aHostBusyWithOtherProcessesIsBlamedOnNeitherKbenchNorItsBrokers() {
        // 95% of 4 cores busy, but the load generator (60%) and the broker (40%) use a quarter of that.
        Diagnosis d = new SyntheticRun().healthy().replace(HOST_CPU_USER_PERCENT, "host", i -> 80.0)
                .replace(HOST_CPU_SYSTEM_PERCENT, "host", i -> 15.0).diagnose(Cores.embedded(4));

        assertThat(d.limitedBy()).as(d.evidence()).isEqualTo(LimitingResource.NONE_FOUND);
    }

    @Test
    void aStarvedHandlerPoolIsNamedBeforeTheBusyHostInference() {
        // One request handler thread at its limit on a busy 2-core machine: the load generator uses more CPU than the
        // broker (which one thread caps), so the busy-host comparison points at the client; the pool's own figure wins.
        Diagnosis d = new SyntheticRun().healthy().replace(HOST_CPU_USER_PERCENT, "host", i -> 80.0)
                .replace(HOST_CPU_SYSTEM_PERCENT, "host", i -> 15.0).replace(CLIENT_CPU_PERCENT, "client", i -> 100.0)
                .replace(BROKER_CPU_PERCENT, B1, i -> 80.0).replace(REQUEST_HANDLER_IDLE_PERCENT, B1, i -> 5.0)
                .diagnose(Cores.embedded(2));

        assertThat(d.limitedBy()).as(d.evidence()).isEqualTo(LimitingResource.REQUEST_HANDLER_THREADS);
        assertThat(d.evidence()).startsWith("request handler idle 5.0%").contains("also load generator CPU");
    }

    @Test
    void theBusyHostInferenceStillNamesTheLoadGeneratorWhenNothingIsLimitedOnItsOwnFigures() {
        Diagnosis d = new SyntheticRun().healthy().replace(HOST_CPU_USER_PERCENT, "host", i -> 80.0)
                .replace(HOST_CPU_SYSTEM_PERCENT, "host", i -> 15.0).replace(CLIENT_CPU_PERCENT, "client", i -> 100.0)
                .replace(BROKER_CPU_PERCENT, B1, i -> 80.0).diagnose(Cores.embedded(2));

        assertThat(d.limitedBy()).as(d.evidence()).isEqualTo(LimitingResource.LOAD_GENERATOR_CPU);
    }

    @Test
    void aFigureTwoRulesQuoteIsListedOnce() {
        // Busy host, brokers use more than the client: the load generator rule and the broker CPU rule both quote it.
        Diagnosis d = new SyntheticRun().healthy().replace(HOST_CPU_USER_PERCENT, "host", i -> 80.0)
                .replace(HOST_CPU_SYSTEM_PERCENT, "host", i -> 15.0).replace(BROKER_CPU_PERCENT, B1, i -> 250.0)
                .diagnose(Cores.embedded(4));

        assertThat(d.figures()).filteredOn(f -> f.key().equals("host_cpu_busy_percent")).hasSize(1);
        assertThat(d.figures()).extracting(Figure::key).doesNotHaveDuplicates();
    }

    @Test
    void brokerCpuOfBrokersOfUnknownSizeIsNotJudged() {
        Diagnosis d = new SyntheticRun().healthy().replace(BROKER_CPU_PERCENT, B1, i -> 390.0)
                .diagnose(Cores.external(4));

        assertThat(d.limitedBy()).isEqualTo(LimitingResource.NONE_FOUND);
        assertThat(d.evidence()).endsWith("not judged: broker CPU");
    }

    @Test
    void starvedRequestHandlersAreNamedWithTheirTrend() {
        // Idle falls exactly when p99 rises (p99 = 8 + i % 3 ms): a clearly negative correlation.
        Diagnosis d = new SyntheticRun().healthy().replace(REQUEST_HANDLER_IDLE_PERCENT, B1, i -> 10.0 - 3 * (i % 3))
                .diagnose();

        assertThat(d.limitedBy()).isEqualTo(LimitingResource.REQUEST_HANDLER_THREADS);
        assertThat(d.evidence()).startsWith("request handler idle 7.0% while p99 rose; load generator CPU 60%; disk util 12%");
    }

    @Test
    void oneSlowIntervalAtADipInIdleIsNoTrend() {
        // Plain Pearson over these 20 intervals is about -0.99, all of it from interval 12: left out, nothing remains.
        Diagnosis d = new SyntheticRun().healthy()
                .replace(REQUEST_HANDLER_IDLE_PERCENT, B1, i -> i == 12 ? 2.0 : 10.0 * (i % 2 == 0 ? 0.99 : 1.01))
                .p99(12, 200).diagnose();

        assertThat(d.limitedBy()).isEqualTo(LimitingResource.REQUEST_HANDLER_THREADS);
        assertThat(d.evidence()).contains("request handler idle").doesNotContain("while p99 rose");
    }

    @Test
    void busyNetworkThreadsAreNamedWithTheBrokerWhenThereAreSeveral() {
        Diagnosis d = new SyntheticRun().healthy().healthyBroker("broker-2")
                .replace(NETWORK_PROCESSOR_IDLE_PERCENT, "broker-2", i -> 18.0).diagnose();

        assertThat(d.limitedBy()).isEqualTo(LimitingResource.NETWORK_THREADS);
        assertThat(d.evidence()).startsWith("network processor idle 18% on broker-2");
    }

    @Test
    void highIowaitIsTheDisk() {
        Diagnosis d = new SyntheticRun().healthy().replace(HOST_CPU_IOWAIT_PERCENT, "host", i -> 61.0)
                .replace(DISK_UTIL_PERCENT, "host", i -> 97.0).diagnose();

        assertThat(d.limitedBy()).isEqualTo(LimitingResource.DISK);
        assertThat(d.line()).startsWith("limited by: disk (disk util 97%, iowait 61%; ");
    }

    @Test
    void slowFlushesAtTheP99SpikesAreTheDiskEvenWithALowMeanAndTheSpikesListTheRolls() {
        // S4: three spikes, each with a 240 ms flush and a segment roll; the run's mean flush time stays low.
        SyntheticRun run = new SyntheticRun().healthy().p99(8, 120).p99(14, 150).p99(19, 90)
                .replace(LOG_FLUSH_TIME_MS, B1, i -> i == 8 || i == 14 || i == 19 ? 240.0 : 2.0)
                .event(new TelemetryEvent(8.6, TelemetryEventType.SEGMENT_ROLL, B1, "bench-3"))
                .event(new TelemetryEvent(15.2, TelemetryEventType.LOG_FLUSH, B1, "bench-1"))
                .event(new TelemetryEvent(2.0, TelemetryEventType.SEGMENT_ROLL, B1, "bench-0"));

        Diagnosis d = run.diagnose();

        assertThat(d.limitedBy()).isEqualTo(LimitingResource.DISK);
        assertThat(d.evidence()).startsWith("flush time 240.0 ms at the p99 spikes");
        assertThat(d.spikes()).extracting(LatencySpike::endSec).containsExactly(15.0, 9.0, 20.0);
        assertThat(d.spikes().get(0).p99Micros()).isEqualTo(150_000);
        assertThat(d.spikes().get(0).events()).extracting(TelemetryEvent::atSec).containsExactly(15.2);
        assertThat(d.spikes().get(1).events()).extracting(TelemetryEvent::detail).containsExactly("bench-3");
        SeriesMove top = d.spikes().get(0).movers().get(0);
        assertThat(top.metric()).isEqualTo(LOG_FLUSH_TIME_MS);
        assertThat(top.correlation()).isGreaterThan(0.9);
        assertThat(d.method()).contains("Pearson", "end-to-end p99", "absolute value", "one interval left out", "Bonferroni");
    }

    @Test
    void slowFlushesOnASaturatedHostWithAQuietDeviceAreNotTheDisk() {
        // S4 on loop-mounted brokers: 500 ms flushes at 1% device utilisation while the brokers hold both cores.
        SyntheticRun saturated = new SyntheticRun().healthy().replace(HOST_CPU_USER_PERCENT, "host", i -> 85.0)
                .replace(HOST_CPU_SYSTEM_PERCENT, "host", i -> 14.0).replace(HOST_CPU_IOWAIT_PERCENT, "host", i -> 0.0)
                .replace(DISK_UTIL_PERCENT, "host", i -> 1.0).replace(BROKER_CPU_PERCENT, B1, i -> 330.0)
                .replace(LOG_FLUSH_TIME_MS, B1, i -> 500.0);

        assertThat(saturated.diagnose(Cores.embedded(4)).limitedBy()).isEqualTo(LimitingResource.BROKER_CPU);
        assertThat(saturated.replace(DISK_UTIL_PERCENT, "host", i -> 97.0).diagnose(Cores.embedded(4)).limitedBy())
                .isEqualTo(LimitingResource.DISK);
        // (replace changes the run in place: the device quiet again, the host no longer saturated)
        assertThat(saturated.replace(DISK_UTIL_PERCENT, "host", i -> 1.0).replace(HOST_CPU_USER_PERCENT, "host", i -> 30.0)
                .diagnose(Cores.embedded(4)).limitedBy())
                .isEqualTo(LimitingResource.DISK);
    }

    @Test
    void remoteTimeDominatingProduceIsReplication() {
        Diagnosis d = new SyntheticRun().healthy().replace(PRODUCE_TOTAL_TIME_MS, B1, i -> 17.0)
                .replace(PRODUCE_REMOTE_TIME_MS, B1, i -> 12.0).diagnose();

        assertThat(d.limitedBy()).isEqualTo(LimitingResource.REPLICATION);
        assertThat(d.evidence()).startsWith("Produce remote time 71% of total (12.0 ms of 17.0 ms): waiting for followers");
    }

    @Test
    void whenSeveralAreLimitedTheLikelierCauseIsNamedAndTheOthersListed() {
        Diagnosis d = new SyntheticRun().healthy().replace(HOST_CPU_IOWAIT_PERCENT, "host", i -> 45.0)
                .replace(REQUEST_HANDLER_IDLE_PERCENT, B1, i -> 5.0).diagnose();

        assertThat(d.limitedBy()).isEqualTo(LimitingResource.DISK);
        assertThat(d.evidence()).endsWith("also request handler threads");
    }

    @Test
    void withoutAnySeriesNothingIsClaimed() {
        Diagnosis d = new SyntheticRun().diagnose();

        assertThat(d.limitedBy()).isEqualTo(LimitingResource.NONE_FOUND);
        assertThat(d.evidence()).isEqualTo("could not be judged: no broker, host or load generator series");
        assertThat(d.figures()).isEmpty();
    }

    @Test
    void missingSeriesAreNamedAsNotJudged() {
        Diagnosis d = new SyntheticRun().healthyHost().diagnose();

        assertThat(d.limitedBy()).isEqualTo(LimitingResource.NONE_FOUND);
        assertThat(d.evidence()).isEqualTo("disk util 12%; not judged: load generator CPU, broker CPU, request handler"
                + " threads, network threads, replication");
    }

    @Test
    void nullAndNaNAreNotSampledNotZero() {
        // Every other interval unsampled (null) or NaN: the mean of what was sampled is 80, not dragged towards 0.
        SyntheticRun run = new SyntheticRun().healthy()
                .replace(REQUEST_HANDLER_IDLE_PERCENT, B1, i -> i % 4 == 0 ? null : i % 4 == 1 ? Double.NaN : 80.0)
                .replace(NETWORK_PROCESSOR_IDLE_PERCENT, B1, i -> null);

        Diagnosis d = run.diagnose();

        assertThat(d.limitedBy()).isEqualTo(LimitingResource.NONE_FOUND);
        assertThat(figure(d, "request_handler_idle_percent.broker-1").value()).isEqualTo(80.0);
        assertThat(d.evidence()).endsWith("not judged: network threads");
        assertThat(d.figures()).extracting(Figure::value).allMatch(Double::isFinite);
    }

    @Test
    void warmUpIntervalsDoNotCount() {
        Diagnosis d = new SyntheticRun().healthy()
                .replace(REQUEST_HANDLER_IDLE_PERCENT, B1, i -> i < SyntheticRun.WARMUP ? 0.0 : 75.0).diagnose();

        assertThat(d.limitedBy()).isEqualTo(LimitingResource.NONE_FOUND);
        assertThat(figure(d, "request_handler_idle_percent.broker-1").value()).isEqualTo(75.0);
    }

    @Test
    void noMeasuredIntervalsCannotBeJudged() {
        SyntheticRun run = new SyntheticRun().healthy();
        Diagnosis d = Diagnoser.diagnose(run.intervals().subList(0, SyntheticRun.WARMUP), run.telemetry(), Cores.embedded(2));

        assertThat(d.line()).isEqualTo("limited by: nothing found (could not be judged: no measured intervals)");
    }

    @Test
    void aMoverMustPassTheStatedSignificanceAndEffectSizeNotOneCoincidence() {
        // The quick start's case (issue 42): a disk-read blip at the worst interval in a series otherwise still
        // correlates with p99 out of that one interval; left out, nothing is left. Request handlers busy at each of the
        // three spikes keep their correlation with any one interval left out.
        SyntheticRun run = new SyntheticRun().healthy().p99(8, 120).p99(14, 150).p99(19, 90)
                .series(TelemetryMetric.DISK_READ_MIB_PER_SEC, "host", i -> i == 14 ? 0.02 : 0.0)
                .replace(REQUEST_HANDLER_IDLE_PERCENT, B1, i -> i == 8 || i == 14 || i == 19 ? 20.0 : 80.0 - i % 3);

        Diagnosis d = run.diagnose();

        List<SeriesMove> movers = d.spikes().get(0).movers();
        assertThat(movers).extracting(SeriesMove::metric).contains(REQUEST_HANDLER_IDLE_PERCENT)
                .doesNotContain(TelemetryMetric.DISK_READ_MIB_PER_SEC);
        SeriesMove idle = movers.stream().filter(m -> m.metric() == REQUEST_HANDLER_IDLE_PERCENT).findFirst().orElseThrow();
        assertThat(idle.correlation()).isLessThan(-0.9);
        assertThat(idle.leaveOneOut()).isLessThan(-0.5).isGreaterThanOrEqualTo(idle.correlation());
        assertThat(idle.points()).isEqualTo(SyntheticRun.MEASURED);
        assertThat(idle.p()).isLessThan(0.01 / 10);
        assertThat(movers).allMatch(m -> Math.abs(m.leaveOneOut()) >= 0.5 && m.p() < 0.01);
        // A blip is no mover at any magnitude.
        Diagnosis bigBlip = run.replace(TelemetryMetric.DISK_READ_MIB_PER_SEC, "host", i -> i == 14 ? 900.0 : 0.0)
                .diagnose();
        assertThat(bigBlip.spikes().get(0).movers()).extracting(SeriesMove::metric)
                .doesNotContain(TelemetryMetric.DISK_READ_MIB_PER_SEC);
    }

    @Test
    void flatSeriesGetNoCorrelation() {
        Diagnosis d = new SyntheticRun().series(TelemetryMetric.UNDER_REPLICATED_PARTITIONS, B1, i -> 0.0)
                .healthy().p99(12, 90).diagnose();

        assertThat(d.spikes()).isNotEmpty();
        assertThat(d.spikes().get(0).movers()).extracting(SeriesMove::metric)
                .doesNotContain(TelemetryMetric.UNDER_REPLICATED_PARTITIONS);
        assertThat(d.spikes().get(0).movers()).extracting(SeriesMove::correlation).allMatch(r -> Math.abs(r) <= 1);
    }

    @Test
    void attachSetsTheDiagnosisAndLeavesNoTelemetryAlone() {
        SyntheticRun run = new SyntheticRun().healthy().replace(CLIENT_CPU_PERCENT, "client", i -> 190.0);

        assertThat(Diagnoser.attach(null, run.intervals(), Cores.embedded(2), null)).isNull();
        assertThat(Diagnoser.attach(run.telemetry(), run.intervals(), Cores.embedded(2), null).diagnosis().limitedBy())
                .isEqualTo(LimitingResource.LOAD_GENERATOR_CPU);
        assertThat(Diagnoser.attach(run.telemetry(), run.intervals(), Cores.external(8), null).diagnosis().evidence())
                .contains("load generator CPU 190%").endsWith("not judged: broker CPU");
    }

    private static Figure figure(Diagnosis d, String key) {
        List<Figure> matching = d.figures().stream().filter(f -> f.key().equals(key)).toList();
        assertThat(matching).as("figure " + key + " in " + d.figures()).hasSize(1);
        return matching.get(0);
    }
}
