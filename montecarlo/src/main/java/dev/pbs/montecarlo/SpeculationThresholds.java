package dev.pbs.montecarlo;

import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.SpeculativeRetry;

/**
 * The speculative retry threshold of each R. A percentile ({@code 99p}) is of the read latency
 * that R would have without speculation, as Cassandra's own is of the reads it served: a pilot
 * run without speculation, of at most {@link #PILOT_TRIALS} trials on its own seed, measures it.
 */
final class SpeculationThresholds {

    /** Trials of the pilot run that measures read latency percentiles. */
    static final long PILOT_TRIALS = 200_000;

    /** Mixed into the seed of the pilot run, so that it draws apart from the run itself. */
    private static final long PILOT_SEED_MIX = 0x5DEECE66DL;

    private SpeculationThresholds() {}

    /**
     * Per R (0-based), the threshold in ms; null when the spec does not speculate.
     */
    static double[] of(SimulationSpec spec, WarsEngine engine) {
        SpeculativeRetry retry = spec.speculativeRetry();
        if (!retry.speculates()) {
            return null;
        }
        int n = spec.n();
        double[] thresholds = new double[n];
        SimulationResult pilot = retry.needsReadLatency() ? engine.run(pilotOf(spec)) : null;
        for (QuorumConfiguration configuration : spec.configurations()) {
            int k = configuration.r() - 1;
            thresholds[k] =
                    retry.thresholdMillis(percentile -> pilot.configuration(configuration.r(), configuration.w())
                            .orElseThrow()
                            .readLatency(percentile)
                            .valueMillis());
        }
        return thresholds;
    }

    private static SimulationSpec pilotOf(SimulationSpec spec) {
        return new SimulationSpec(
                spec.profile(),
                spec.n(),
                spec.configurations(),
                Math.min(spec.trials(), PILOT_TRIALS),
                spec.seed() ^ PILOT_SEED_MIX,
                spec.threads(),
                spec.readFanout(),
                spec.coordinatorReplicaShare(),
                spec.localDelay(),
                spec.expansion(),
                spec.visibilityGridMillis(),
                new SpeculativeRetry.None(),
                ReadRepair.OFF,
                spec.replicaChoice());
    }
}
