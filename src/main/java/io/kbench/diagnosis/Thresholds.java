package io.kbench.diagnosis;

/** The thresholds the rules judge by, in one place so docs/diagnosis.md can quote them. */
final class Thresholds {
    /** A process using at least this share of its cores is CPU bound. */
    static final double CPU_SATURATED_SHARE = 0.80;
    /** Host CPU busy (user + system + steal, 100 = all cores) from which the host counts as saturated. */
    static final double HOST_BUSY_PERCENT = 90;
    /**
     * A broker whose cgroup was throttled in at least this share of its CPU quota periods (100 ms each) is CPU-limited
     * whatever its mean: its bursts wait for the next period, which is where a quota's latency floor comes from.
     */
    static final double THROTTLED_PERIODS_PERCENT = 25;
    /**
     * The busy-host comparison blames kbench's load generator or brokers only when they account for at least this share
     * of the busy CPU; otherwise the machine is busy with other processes.
     */
    static final double OWN_SHARE_OF_BUSY = 0.5;
    /** Kafka's operations guide: request handler and network processor idle "ideally > 0.3". */
    static final double THREADS_IDLE_LOW_PERCENT = 30;
    /** Brokers count as idle (for a growing send delay to be the client's fault) from this request handler idle. */
    static final double BROKERS_IDLE_PERCENT = 50;
    /** Host iowait (100 = all cores) from which the disk counts as the limit. */
    static final double IOWAIT_HIGH_PERCENT = 20;
    /** Device utilisation from which the disk counts as the limit. */
    static final double DISK_UTIL_HIGH_PERCENT = 80;
    /** Mean log flush time, over the run or at the p99 spikes, from which flushes count as the limit. */
    static final double FLUSH_TIME_HIGH_MS = 100;
    /** Share of Produce total time spent waiting for followers from which replication counts as the limit. */
    static final double REMOTE_SHARE = 0.50;
    /** Share of the broker's Produce time appending on the leader from which a flush per append counts as the limit. */
    static final double LOCAL_SHARE = 0.50;
    /** Log flushes per Produce request from which the brokers count as flushing on (nearly) every append. */
    static final double FLUSHES_PER_PRODUCE = 0.5;
    /** Below this Produce total time the split is noise, whatever the share. */
    static final double PRODUCE_TOTAL_MIN_MS = 1;
    /** Send delay p99 in the last third of the measured intervals that counts as grown... */
    static final double SEND_DELAY_GROWN_MS = 10;
    /** ...and by at least this factor over the first third. */
    static final double SEND_DELAY_GROWTH = 2;
    /** How many of the worst latency intervals are examined. */
    static final int SPIKES = 3;
    /** How many series are listed as movers per spike. */
    static final int MOVERS = 5;
    /**
     * Smallest correlation a mover must keep with any one interval left out: Cohen's "large" (J. Cohen 1988,
     * Statistical Power Analysis for the Behavioral Sciences, 2nd ed., ch. 3).
     */
    static final double MOVER_MIN_CORRELATION = 0.5;
    /** Significance a mover's least correlation must reach, before dividing by the number of series tried (Bonferroni). */
    static final double MOVER_ALPHA = 0.01;
    /** Fewest intervals for a mover: below 10 a t-test on the few left is no guide (a perfect order of 5 says little). */
    static final int MOVER_MIN_POINTS = 10;

    private Thresholds() {
    }
}
