package dev.pbs.cassandra.calibration;

import dev.pbs.cassandra.probe.ClientLatencies;
import dev.pbs.cassandra.probe.CoupledSum;
import dev.pbs.cassandra.probe.UntracedKind;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * The untraced operations that calibrate tracing's cost ({@link UntracedKind}: ONE and TWO through
 * a replica of the key, ONE through another node; those at ALL are left out, to check the
 * calibration), what each waits for in the model, and the path whose tracing cost it calibrates:
 * the path its last awaited answer usually travels.
 */
enum UntracedOperation {
    WRITE_AT_ONE_THROUGH_REPLICA(UntracedKind.WRITE_AT_ONE_THROUGH_REPLICA, TracingCost.Path.OWN_WRITE),
    WRITE_AT_TWO_THROUGH_REPLICA(UntracedKind.WRITE_AT_TWO_THROUGH_REPLICA, TracingCost.Path.OTHER_WRITE),
    WRITE_AT_ONE_THROUGH_OTHER(UntracedKind.WRITE_AT_ONE_THROUGH_OTHER, TracingCost.Path.OTHER_WRITE),
    READ_AT_ONE_THROUGH_REPLICA(UntracedKind.READ_AT_ONE_THROUGH_REPLICA, TracingCost.Path.OWN_READ),
    READ_AT_TWO_THROUGH_REPLICA(UntracedKind.READ_AT_TWO_THROUGH_REPLICA, TracingCost.Path.OTHER_READ),
    READ_AT_ONE_THROUGH_OTHER(UntracedKind.READ_AT_ONE_THROUGH_OTHER, TracingCost.Path.OTHER_READ);

    /** Quantile levels of a predicted coordinator part: (k + 0.5) / LEVELS. */
    static final int LEVELS = 100;

    final UntracedKind kind;
    final TracingCost.Path path;

    UntracedOperation(UntracedKind kind, TracingCost.Path path) {
        this.kind = kind;
        this.path = path;
    }

    /** The replicas it waits for: 1 (ONE) or 2 (TWO); none of these runs at ALL. */
    int replicas() {
        return kind.awaited() == UntracedKind.Awaited.TWO ? 2 : 1;
    }

    /** The client latencies of this operation, microseconds. */
    Histogram timed(ClientLatencies.Snapshot client) {
        return client.timed(kind);
    }

    /** "writes at TWO through a replica of the key". */
    String describe() {
        return kind.describe();
    }

    /**
     * The model's coordinator part of each operation, as {@link #LEVELS} quantiles in ms: the write
     * (read) latency of W = R = replicas with targeted reads, the coordinator a replica of the key or
     * not, from fixed-seed engine runs.
     */
    static Map<UntracedOperation, double[]> coordinatorParts(
            LatencyProfile profile, int n, Set<UntracedOperation> operations, CalibrationSettings settings) {
        Map<UntracedOperation, double[]> parts = new EnumMap<>(UntracedOperation.class);
        for (boolean throughReplica : new boolean[] {true, false}) {
            List<QuorumConfiguration> configurations = operations.stream()
                    .filter(operation -> operation.kind.throughReplica() == throughReplica)
                    .map(UntracedOperation::replicas)
                    .distinct()
                    .map(replicas -> QuorumConfiguration.of(n, replicas, replicas))
                    .toList();
            if (configurations.isEmpty()) {
                continue;
            }
            var result = new WarsEngine()
                    .run(SimulationSpec.builder(profile, n)
                            .configurations(configurations)
                            .trials(settings.trials())
                            .seed(settings.seed())
                            .readFanout(ReadFanout.TARGETED)
                            .coordinatorReplica(throughReplica)
                            .build());
            for (UntracedOperation operation : operations) {
                if (operation.kind.throughReplica() != throughReplica) {
                    continue;
                }
                parts.put(
                        operation,
                        coordinatorPart(
                                result.configuration(operation.replicas(), operation.replicas())
                                        .orElseThrow(),
                                operation.kind.isWrite()));
            }
        }
        return parts;
    }

    /** A configuration's write (or read) latency as {@link #LEVELS} quantiles, ms. */
    static double[] coordinatorPart(ConfigurationResult configuration, boolean write) {
        double[] part = new double[LEVELS];
        for (int level = 0; level < LEVELS; level++) {
            double percentile = 100.0 * (level + 0.5) / LEVELS;
            part[level] = (write ? configuration.writeLatency(percentile) : configuration.readLatency(percentile))
                    .valueMillis();
        }
        return part;
    }

    /** {@code micros} as {@link #LEVELS} quantiles, ms. */
    static double[] quantiles(Histogram micros) {
        double[] values = new double[LEVELS];
        for (int level = 0; level < LEVELS; level++) {
            values[level] = micros.getValueAtPercentile(100.0 * (level + 0.5) / LEVELS) / 1000.0;
        }
        return values;
    }

    /**
     * The percentiles of H + X, H and X independent, each given as {@link #LEVELS} equally likely
     * quantiles: every pair of levels is one of LEVELS² equally likely sums, ms.
     */
    static double[] sumPercentiles(double[] clientPart, double[] coordinatorPart, double[] percentiles) {
        double[] sums =
                CoupledSum.independent(clientPart, coordinatorPart.length).sortedSums(coordinatorPart, 1);
        // Linear interpolation between the order statistics around p (n - 1): R's type 7.
        Percentile percentile = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
        percentile.setData(sums);
        double[] result = new double[percentiles.length];
        for (int k = 0; k < percentiles.length; k++) {
            result[k] = percentile.evaluate(percentiles[k]);
        }
        return result;
    }
}
