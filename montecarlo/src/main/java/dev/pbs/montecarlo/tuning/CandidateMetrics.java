package dev.pbs.montecarlo.tuning;

import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.RepairPoint;
import dev.pbs.montecarlo.TimeOrigin;
import dev.pbs.montecarlo.VisibilityClock;
import java.util.List;
import java.util.Objects;

/**
 * What requirements and objectives read of one simulated configuration: P(consistent) at the
 * simulated times (exact counts), windows and latency percentiles (from the engine's histograms),
 * closed-form k-staleness, and the read path's costs: how often reads speculate and how often they
 * block on read repair. All times in milliseconds, all fractions in [0, 1]. P(consistent) and the
 * windows count t from their {@link VisibilityClock}'s origin (the commit unless said otherwise); the
 * read repair's t counts from commit.
 */
public final class CandidateMetrics {

    private final ConfigurationResult result;
    private final VisibilityClock clock;

    CandidateMetrics(ConfigurationResult result) {
        this(result, VisibilityClock.atCommit(result));
    }

    private CandidateMetrics(ConfigurationResult result, VisibilityClock clock) {
        this.result = result;
        this.clock = clock;
    }

    /** The metrics of one simulated configuration, for checking requirements outside a tuning run. */
    public static CandidateMetrics of(ConfigurationResult result) {
        return new CandidateMetrics(Objects.requireNonNull(result, "result"));
    }

    /**
     * The metrics of one simulated configuration with P(consistent) and the windows read through
     * {@code clock} (its t counted from its origin).
     */
    public static CandidateMetrics of(ConfigurationResult result, VisibilityClock clock) {
        return new CandidateMetrics(Objects.requireNonNull(result, "result"), Objects.requireNonNull(clock, "clock"));
    }

    /** The moment P(consistent)'s and the windows' t counts from. */
    public TimeOrigin origin() {
        return clock.origin();
    }

    /**
     * N, R and W; for consistency levels across datacenters R is the replicas the read contacts and
     * W the acknowledgements the write waits for.
     */
    public QuorumConfiguration configuration() {
        return result.configuration();
    }

    /**
     * Whether no read after commit can be stale: {@code R + W > N}, or for consistency levels
     * across datacenters decided datacenter by datacenter.
     */
    public boolean isStrict() {
        return result.isStrict();
    }

    /**
     * P(consistent) for a read starting {@code tMillis} after the clock's origin; after commit, exact
     * at simulated grid times.
     */
    public double consistentAt(double tMillis) {
        return clock.consistentAt(tMillis).estimate();
    }

    /** The p-window in ms after the clock's origin; {@code +infinity} beyond the simulated range. */
    public double windowMillis(double probability) {
        return clock.windowMillis(probability);
    }

    public double readLatencyMillis(double percentile) {
        return result.readLatency(percentile).valueMillis();
    }

    public double writeLatencyMillis(double percentile) {
        return result.writeLatency(percentile).valueMillis();
    }

    /** P(a read returns a value more than k versions old), closed form, non-expanding quorums. */
    public double probabilityOlderThanVersions(int k) {
        return result.probabilityOlderThanVersions(k);
    }

    /** The fraction of reads that asked an extra replica (speculative retry); 0 when the run did not speculate. */
    public double speculatedFraction() {
        return result.speculation()
                .map(speculation -> speculation.speculated().estimate())
                .orElse(0.0);
    }

    /**
     * The fraction of reads starting {@code tMillis} after commit that repair a replica; 0 when
     * the run did not model read repair.
     *
     * @throws IllegalArgumentException when read repair was modelled but not counted at {@code tMillis}
     *     (a time of the simulated grid)
     */
    public double repairedAt(double tMillis) {
        List<RepairPoint> points = result.readRepair().orElse(null);
        if (points == null) {
            return 0;
        }
        for (RepairPoint point : points) {
            if (point.tMillis() == tMillis) {
                return point.repaired().estimate();
            }
        }
        throw new IllegalArgumentException(
                "read repair was counted at the simulated times only, not at " + tMillis + " ms after commit");
    }
}
