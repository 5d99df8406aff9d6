package io.kbench.capacity;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import io.kbench.error.InvalidInputException;
import io.kbench.format.ByteSizeDeserializer;
import io.kbench.format.StrictYamlFile;
import java.nio.file.Path;
import java.util.List;

/**
 * Plan inputs exactly as a YAML file or the flags give them, every key optional; {@link #resolve()} validates.
 * Keys mirror the flags (camelCase here, kebab-case on the command line).
 */
public record PlanSettings(
        /** Free text shown at the top of the report. */
        String description,
        Double ingressRecordsPerSec,
        @JsonDeserialize(using = ByteSizeDeserializer.class) Integer recordSizeBytes,
        Double ingressMebibytesPerSec,
        Integer replicationFactor,
        Integer fanOut,
        String retention,
        Double targetUtilisation,
        Double compressionRatio,
        Double perBrokerMebibytesPerSec,
        String fromResult,
        Integer resultBrokers,
        Double brokerStorageTb,
        Double brokerNicGbps,
        Integer brokers,
        Integer drivesPerBroker,
        List<DriveSpec> drives,
        /** A cloud disk's size-dependent limits (S5's Yandex network HDD); reported, not used for the broker count. */
        DiskLimits disk) {

    /** Settings without disk limits (the flags have none). */
    public PlanSettings(String description, Double ingressRecordsPerSec, Integer recordSizeBytes, Double ingressMebibytesPerSec,
                        Integer replicationFactor, Integer fanOut, String retention, Double targetUtilisation,
                        Double compressionRatio, Double perBrokerMebibytesPerSec, String fromResult, Integer resultBrokers,
                        Double brokerStorageTb, Double brokerNicGbps, Integer brokers, Integer drivesPerBroker,
                        List<DriveSpec> drives) {
        this(description, ingressRecordsPerSec, recordSizeBytes, ingressMebibytesPerSec, replicationFactor, fanOut, retention,
                targetUtilisation, compressionRatio, perBrokerMebibytesPerSec, fromResult, resultBrokers, brokerStorageTb,
                brokerNicGbps, brokers, drivesPerBroker, drives, null);
    }

    public static PlanSettings empty() {
        return new PlanSettings(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    /** Reads a plan file; a relative fromResult is taken relative to the file's directory. */
    public static PlanSettings load(Path file) {
        PlanSettings s = StrictYamlFile.read(file, PlanSettings.class);
        if (s.fromResult != null) {
            Path base = file.toAbsolutePath().getParent();
            String resolved = base.resolve(s.fromResult).normalize().toString();
            s = new PlanSettings(s.description, s.ingressRecordsPerSec, s.recordSizeBytes, s.ingressMebibytesPerSec,
                    s.replicationFactor, s.fanOut, s.retention, s.targetUtilisation, s.compressionRatio,
                    s.perBrokerMebibytesPerSec, resolved, s.resultBrokers, s.brokerStorageTb, s.brokerNicGbps,
                    s.brokers, s.drivesPerBroker, s.drives, s.disk);
        }
        return s;
    }

    /**
     * Flag beats file beats default. The ingress keys and the capacity keys each override as a group, so a flag
     * rate never combines with a file's other way of giving the rate.
     */
    public PlanSettings overriddenBy(PlanSettings flags) {
        boolean flagIngress = flags.ingressRecordsPerSec != null || flags.ingressMebibytesPerSec != null;
        boolean flagCapacity = flags.perBrokerMebibytesPerSec != null || flags.fromResult != null;
        return new PlanSettings(
                pick(flags.description, description),
                flagIngress ? flags.ingressRecordsPerSec : ingressRecordsPerSec,
                pick(flags.recordSizeBytes, recordSizeBytes),
                flagIngress ? flags.ingressMebibytesPerSec : ingressMebibytesPerSec,
                pick(flags.replicationFactor, replicationFactor),
                pick(flags.fanOut, fanOut),
                pick(flags.retention, retention),
                pick(flags.targetUtilisation, targetUtilisation),
                pick(flags.compressionRatio, compressionRatio),
                flagCapacity ? flags.perBrokerMebibytesPerSec : perBrokerMebibytesPerSec,
                flagCapacity ? flags.fromResult : fromResult,
                pick(flags.resultBrokers, resultBrokers),
                pick(flags.brokerStorageTb, brokerStorageTb),
                pick(flags.brokerNicGbps, brokerNicGbps),
                pick(flags.brokers, brokers),
                pick(flags.drivesPerBroker, drivesPerBroker),
                flags.drives != null && !flags.drives.isEmpty() ? flags.drives : drives,
                pick(flags.disk, disk));
    }

    /** Applies the documented defaults and validates everything into a {@link PlanInput}. */
    public PlanInput resolve() {
        Ingress ingress = Ingress.of(ingressRecordsPerSec, recordSizeBytes, ingressMebibytesPerSec);
        if (perBrokerMebibytesPerSec != null && fromResult != null) {
            throw InvalidInputException.field("perBrokerMebibytesPerSec", perBrokerMebibytesPerSec,
                    "give either perBrokerMebibytesPerSec or fromResult, not both");
        }
        if (resultBrokers != null && fromResult == null) {
            throw InvalidInputException.field("resultBrokers", resultBrokers, "only applies with fromResult");
        }
        BrokerCapacity capacity = null;
        if (perBrokerMebibytesPerSec != null) {
            capacity = BrokerCapacity.given(perBrokerMebibytesPerSec);
        } else if (fromResult != null) {
            capacity = MeasuredCapacity.fromResult(Path.of(fromResult), resultBrokers).toBrokerCapacity();
        }
        return new PlanInput(
                ingress,
                replicationFactor != null ? replicationFactor : PlanInput.DEFAULT_REPLICATION_FACTOR,
                fanOut != null ? fanOut : PlanInput.DEFAULT_FAN_OUT,
                RetentionText.parse("retention", retention != null ? retention : PlanInput.DEFAULT_RETENTION),
                targetUtilisation != null ? targetUtilisation : PlanInput.DEFAULT_TARGET_UTILISATION,
                compressionRatio != null ? compressionRatio : PlanInput.DEFAULT_COMPRESSION_RATIO,
                capacity,
                brokerStorageTb,
                brokerNicGbps,
                brokers,
                drivesPerBroker != null ? drivesPerBroker : 1,
                drives,
                disk);
    }

    private static <T> T pick(T flag, T file) {
        return flag != null ? flag : file;
    }
}
