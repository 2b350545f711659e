package dev.pbs.cassandra.probe;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What the model predicts for the probe's untraced operations, for the fits of tracing's cost
 * ({@link TracingDilation}, {@link TracingShift}, {@link ForwardedWritesFit}): the coordinator's part
 * of each operation, as {@link #LEVELS} quantiles in ms, from a fixed-seed run of the engine with
 * targeted reads; and the untraced operations' own quantiles, to compare with.
 */
final class CoordinatorParts {

    /** Quantiles of a part: levels (k + 0.5) / LEVELS. */
    static final int LEVELS = 100;
    /**
     * The row of {@link #of(LatencyProfile, int, boolean, boolean)} holding the write that is not one
     * of the four calibrated: at ONE through a node that is not a replica, or at TWO through a replica.
     */
    static final int UNCALIBRATED_WRITE = 4;

    private static final long TRIALS = 100_000;
    private static final long SEED = 42;

    private CoordinatorParts() {}

    /** {@link #of(LatencyProfile, int, boolean, boolean)} with writes and reads through the same kind of node. */
    static double[][] of(LatencyProfile profile, int n, boolean throughOther) {
        return of(profile, n, throughOther, throughOther);
    }

    /**
     * The model's coordinator part of each calibrating operation, in the order of {@link
     * TracingDilation.Corrections#paths}: a write at ONE through a replica; a write at ONE through a
     * coordinator that is not a replica ({@code writesThroughOther}) or at TWO through a replica; a
     * read at ONE through a replica; a read at ONE through a coordinator that is not a replica
     * ({@code readsThroughOther}) or at TWO through a replica. Then, where the other kind of write is
     * in the runs made (a run through a coordinator that is not a replica, or at TWO), a fifth part
     * ({@link #UNCALIBRATED_WRITE}): that write, not calibrated on.
     */
    static double[][] of(LatencyProfile profile, int n, boolean writesThroughOther, boolean readsThroughOther) {
        boolean atTwo = n >= 2;
        List<QuorumConfiguration> colocated = atTwo
                ? List.of(QuorumConfiguration.of(n, 1, 1), QuorumConfiguration.of(n, 2, 2))
                : List.of(QuorumConfiguration.of(n, 1, 1));
        SimulationResult replica = run(profile, n, colocated, true);
        ConfigurationResult one = replica.configuration(1, 1).orElseThrow();
        ConfigurationResult two = atTwo ? replica.configuration(2, 2).orElseThrow() : null;
        ConfigurationResult outside = writesThroughOther || readsThroughOther ? throughOther(profile, n) : null;
        ConfigurationResult otherWrite = writesThroughOther ? outside : two;
        ConfigurationResult otherRead = readsThroughOther ? outside : two;
        // The runs already made say what the corrected delays predict for the write not calibrated
        // on (the account).
        ConfigurationResult uncalibrated = writesThroughOther ? two : outside;
        double[][] parts = new double[uncalibrated != null ? UNCALIBRATED_WRITE + 1 : UNCALIBRATED_WRITE][LEVELS];
        for (int level = 0; level < LEVELS; level++) {
            double percentile = percentile(level);
            parts[0][level] = one.writeLatency(percentile).valueMillis();
            parts[1][level] = otherWrite.writeLatency(percentile).valueMillis();
            parts[2][level] = one.readLatency(percentile).valueMillis();
            parts[3][level] = otherRead.readLatency(percentile).valueMillis();
            if (uncalibrated != null) {
                parts[UNCALIBRATED_WRITE][level] =
                        uncalibrated.writeLatency(percentile).valueMillis();
            }
        }
        return parts;
    }

    /** The model's coordinator part of a write at ONE through a coordinator that is not a replica. */
    static double[] writeThroughOther(LatencyProfile profile, int n) {
        ConfigurationResult outside = throughOther(profile, n);
        double[] part = new double[LEVELS];
        for (int level = 0; level < LEVELS; level++) {
            part[level] = outside.writeLatency(percentile(level)).valueMillis();
        }
        return part;
    }

    /** {@code micros} as {@link #LEVELS} quantiles, ms. */
    static double[] quantiles(Histogram micros) {
        double[] values = new double[LEVELS];
        for (int level = 0; level < LEVELS; level++) {
            values[level] = micros.getValueAtPercentile(percentile(level)) / 1000.0;
        }
        return values;
    }

    /** {@code micros} at {@link TracingDilation#CALIBRATION_PERCENTILES}, ms: what a fit aims at. */
    static double[] calibrationTargets(Histogram micros) {
        double[] values = new double[TracingDilation.CALIBRATION_PERCENTILES.length];
        for (int k = 0; k < values.length; k++) {
            values[k] = micros.getValueAtPercentile(TracingDilation.CALIBRATION_PERCENTILES[k]) / 1000.0;
        }
        return values;
    }

    private static double percentile(int level) {
        return 100.0 * (level + 0.5) / LEVELS;
    }

    /** W = R = 1 with the coordinator apart from the replicas. */
    private static ConfigurationResult throughOther(LatencyProfile profile, int n) {
        return run(profile, n, List.of(QuorumConfiguration.of(n, 1, 1)), false)
                .configuration(1, 1)
                .orElseThrow();
    }

    private static SimulationResult run(
            LatencyProfile profile, int n, List<QuorumConfiguration> configurations, boolean coordinatorReplica) {
        return new WarsEngine()
                .run(SimulationSpec.builder(profile, n)
                        .configurations(configurations)
                        .trials(TRIALS)
                        .seed(SEED)
                        .readFanout(ReadFanout.TARGETED)
                        .coordinatorReplica(coordinatorReplica)
                        .build());
    }
}
