package dev.pbs.montecarlo;

import dev.pbs.model.quorum.LevelConfiguration;
import dev.pbs.model.quorum.QuorumConfiguration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The results of one multi-datacenter simulation: one {@link ConfigurationResult} per level
 * configuration, in the spec's order. Each carries its levels and datacenters; its (N, R, W) are
 * the replicas of all datacenters, the replicas the read contacts and the acknowledgements the
 * write waits for.
 */
public final class LevelSimulationResult {

    private final LevelSimulationSpec spec;
    private final List<ConfigurationResult> configurations;

    private LevelSimulationResult(LevelSimulationSpec spec, List<ConfigurationResult> configurations) {
        this.spec = spec;
        this.configurations = List.copyOf(configurations);
    }

    static LevelSimulationResult from(LevelSimulationSpec spec, LevelTrialPlan plan, LevelAccumulator total) {
        double[] grid = spec.visibilityGridMillis();
        List<ConfigurationResult> results = new ArrayList<>();
        for (int c = 0; c < plan.configurationCount; c++) {
            int write = plan.configurationWrite[c];
            int read = plan.configurationRead[c];
            QuorumConfiguration sizes = QuorumConfiguration.of(spec.n(), plan.readCount[read], plan.writeCount(write));
            results.add(new ConfigurationResult(
                    sizes,
                    spec.configurations().get(c),
                    plan.strict[c],
                    (double) total.missedAcknowledged[c] / total.trials,
                    total.trials,
                    total.consistentAtOnce[c],
                    0,
                    total.gridHits[c],
                    grid,
                    total.thresholds[c],
                    total.readLatency[read],
                    total.writeLatency[write],
                    null,
                    null,
                    null));
        }
        return new LevelSimulationResult(spec, results);
    }

    public LevelSimulationSpec spec() {
        return spec;
    }

    public List<ConfigurationResult> configurations() {
        return configurations;
    }

    /** The result of one configuration, if the spec asked for it. */
    public Optional<ConfigurationResult> configuration(LevelConfiguration levels) {
        return configurations.stream()
                .filter(result -> result.levels().orElseThrow().equals(levels))
                .findFirst();
    }
}
