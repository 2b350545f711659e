package dev.pbs.montecarlo;

import dev.pbs.model.quorum.QuorumConfiguration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The results of one simulation, one {@link ConfigurationResult} per (R, W) in (R, W) order. */
public final class SimulationResult {

    private final SimulationSpec spec;
    private final List<ConfigurationResult> configurations;

    private SimulationResult(SimulationSpec spec, List<ConfigurationResult> configurations) {
        this.spec = spec;
        this.configurations = List.copyOf(configurations);
    }

    static SimulationResult from(SimulationSpec spec, TrialPlan plan, Accumulator total) {
        double[] grid = spec.visibilityGridMillis();
        List<ConfigurationResult> results = new ArrayList<>();
        List<QuorumConfiguration> configurations = spec.configurations();
        for (int c = 0; c < configurations.size(); c++) {
            QuorumConfiguration configuration = configurations.get(c);
            results.add(new ConfigurationResult(
                    configuration,
                    total.trials,
                    total.consistentAtOnce[c],
                    total.neverConsistent[c],
                    total.gridHits[c],
                    grid,
                    total.thresholds[c],
                    total.readLatency[configuration.r() - 1],
                    total.writeLatency[configuration.w() - 1],
                    speculation(spec, plan, total, configuration.r() - 1),
                    readRepair(plan, total, c),
                    total.readLatencyOverGrid == null ? null : total.readLatencyOverGrid[c]));
        }
        return new SimulationResult(spec, results);
    }

    /** The results of a run with faulty replicas ({@link FaultSimulator}). */
    static SimulationResult withFaults(SimulationSpec spec, TrialPlan plan, Accumulator total, FaultCounts counts) {
        double[] grid = spec.visibilityGridMillis();
        List<ConfigurationResult> results = new ArrayList<>();
        List<QuorumConfiguration> configurations = spec.configurations();
        for (int c = 0; c < configurations.size(); c++) {
            QuorumConfiguration configuration = configurations.get(c);
            long committed = total.trials - counts.writeUnavailable[c];
            long available = committed - counts.readUnavailable[c];
            int readIndex = configuration.r() - 1;
            FaultEffects effects = new FaultEffects(
                    ProportionEstimate.of(counts.writeUnavailable[c], total.trials),
                    ProportionEstimate.of(counts.readUnavailable[c], committed),
                    ProportionEstimate.of(counts.readsPaused[readIndex], counts.readsAnswered[readIndex]));
            results.add(new ConfigurationResult(
                    configuration,
                    null,
                    configuration.isStrict(),
                    Double.NaN,
                    available,
                    total.consistentAtOnce[c],
                    counts.consistentThroughout[c],
                    total.neverConsistent[c],
                    total.gridHits[c],
                    grid,
                    total.thresholds[c],
                    total.readLatency[readIndex],
                    total.writeLatency[configuration.w() - 1],
                    null,
                    null,
                    null,
                    effects));
        }
        return new SimulationResult(spec, results);
    }

    private static Speculation speculation(SimulationSpec spec, TrialPlan plan, Accumulator total, int readIndex) {
        if (!spec.speculativeRetry().speculates()) {
            return null;
        }
        return new Speculation(
                spec.speculativeRetry(),
                plan.speculationThreshold[readIndex],
                ProportionEstimate.of(total.speculated[readIndex], total.trials));
    }

    private static List<RepairPoint> readRepair(TrialPlan plan, Accumulator total, int configuration) {
        if (!plan.repairs) {
            return null;
        }
        List<RepairPoint> points = new ArrayList<>();
        for (int g = 0; g < plan.grid.length; g++) {
            long mismatched = total.mismatches[configuration][g];
            long repaired = total.repairs[configuration][g];
            double mean = mismatched == 0 ? Double.NaN : total.repairNanos[configuration][g] / 1e6 / mismatched;
            points.add(new RepairPoint(
                    plan.grid[g],
                    ProportionEstimate.of(mismatched, total.trials),
                    ProportionEstimate.of(repaired, total.trials),
                    mean));
        }
        return points;
    }

    public SimulationSpec spec() {
        return spec;
    }

    public List<ConfigurationResult> configurations() {
        return configurations;
    }

    public Optional<ConfigurationResult> configuration(int r, int w) {
        return configurations.stream()
                .filter(result -> result.configuration().r() == r
                        && result.configuration().w() == w)
                .findFirst();
    }
}
