package dev.pbs.montecarlo.tuning;

import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.model.readpath.SpeculativeRetry;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.ProgressListener;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Answers a {@link TuningSpec}: for each N and each speculative retry setting of its read path, one
 * simulation evaluates every candidate (R, W) on the same draws (common random numbers, the same
 * seed for every setting), at the times the requirements read; each candidate (N, R, W, setting)
 * is checked against every requirement, the feasible ones are ranked by the objective (ties: N, R,
 * W, then the settings' order), and the Pareto frontier of read p99.9, write p99.9 and window is
 * computed over all candidates.
 */
public final class Tuner {

    /** The window probability of the frontier when no window requirement names one. */
    static final double DEFAULT_WINDOW_PROBABILITY = 0.999;

    private final WarsEngine engine = new WarsEngine();

    public TuningResult tune(TuningSpec spec) {
        return tune(spec, ProgressListener.NONE);
    }

    /** As {@link #tune(TuningSpec)}, telling {@code listener} how many trials of all N values are done. */
    public TuningResult tune(TuningSpec spec, ProgressListener listener) {
        List<SpeculativeRetry> retries = spec.readPath().speculativeRetries();
        long runs = (long) (spec.largestN() - spec.smallestN() + 1) * retries.size();
        long totalTrials = spec.trials() * runs;
        double[] grid = grid(spec.requirements());
        double frontierProbability = windowProbability(spec.requirements());
        List<TuningResult.Candidate> all = new ArrayList<>();
        long run = 0;
        for (int n = spec.smallestN(); n <= spec.largestN(); n++) {
            for (SpeculativeRetry retry : retries) {
                long before = spec.trials() * run++;
                SimulationSpec simulation = spec.readPath()
                        .applyTo(SimulationSpec.builder(spec.profile(), n), retry)
                        .configurations(candidates(n, spec.cassandraLevels()))
                        .trials(spec.trials())
                        .seed(spec.seed())
                        .threads(spec.threads())
                        .visibilityGridMillis(grid)
                        .build();
                SimulationResult result = engine.run(
                        simulation, (completed, total) -> listener.progressed(before + completed, totalTrials));
                for (ConfigurationResult configuration : result.configurations()) {
                    all.add(candidate(spec, retry, configuration));
                }
            }
        }
        Comparator<TuningResult.Candidate> best = Comparator.comparingDouble(TuningResult.Candidate::score)
                .thenComparingInt(candidate -> candidate.configuration().n())
                .thenComparingInt(candidate -> candidate.configuration().r())
                .thenComparingInt(candidate -> candidate.configuration().w())
                .thenComparingInt(candidate -> retries.indexOf(candidate.speculativeRetry()));
        List<TuningResult.Candidate> feasible = all.stream()
                .filter(TuningResult.Candidate::isFeasible)
                .sorted(best)
                .toList();
        List<TuningResult.Candidate> rejected = all.stream()
                .filter(candidate -> !candidate.isFeasible())
                .sorted(best)
                .toList();
        return new TuningResult(spec, feasible, rejected, frontier(all, frontierProbability, best));
    }

    private static TuningResult.Candidate candidate(
            TuningSpec spec, SpeculativeRetry retry, ConfigurationResult configuration) {
        CandidateMetrics metrics = new CandidateMetrics(configuration);
        List<String> violations = new ArrayList<>();
        for (Requirement requirement : spec.requirements()) {
            requirement.violation(metrics).ifPresent(violations::add);
        }
        return new TuningResult.Candidate(
                configuration.configuration(),
                retry,
                metrics,
                spec.objective().score(metrics),
                List.copyOf(violations));
    }

    /** Every (R, W) of n, or those Cassandra's level names give (ONE, TWO, THREE, QUORUM, ALL). */
    static List<QuorumConfiguration> candidates(int n, boolean cassandraLevels) {
        if (!cassandraLevels) {
            return SimulationSpec.allConfigurations(n);
        }
        Set<Integer> sizes = new TreeSet<>();
        for (ConsistencyLevel level : ConsistencyLevel.values()) {
            int size = level.replicas(n);
            if (size <= n) {
                sizes.add(size);
            }
        }
        List<QuorumConfiguration> configurations = new ArrayList<>();
        for (int r : sizes) {
            for (int w : sizes) {
                configurations.add(QuorumConfiguration.of(n, r, w));
            }
        }
        return configurations;
    }

    /** The probability of the first window requirement, else {@value #DEFAULT_WINDOW_PROBABILITY}. */
    public static double windowProbability(List<Requirement> requirements) {
        return requirements.stream()
                .filter(Requirement.WindowAtMost.class::isInstance)
                .map(Requirement.WindowAtMost.class::cast)
                .map(Requirement.WindowAtMost::probability)
                .findFirst()
                .orElse(DEFAULT_WINDOW_PROBABILITY);
    }

    /** Time 0 and every time a requirement reads, ms after commit, ascending: counted exactly. */
    public static double[] grid(List<Requirement> requirements) {
        Set<Double> times = new LinkedHashSet<>();
        times.add(0.0);
        for (Requirement requirement : requirements) {
            for (double t : requirement.timesMillis()) {
                times.add(t);
            }
        }
        return times.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    }

    /** Candidates no other candidate beats or equals on all of read p99.9, write p99.9 and window. */
    private static List<TuningResult.Candidate> frontier(
            List<TuningResult.Candidate> all, double probability, Comparator<TuningResult.Candidate> order) {
        return ParetoFrontier.of(all, candidate -> point(candidate.metrics(), probability), order);
    }

    private static double[] point(CandidateMetrics metrics, double probability) {
        return new double[] {
            metrics.readLatencyMillis(Objective.PERCENTILE),
            metrics.writeLatencyMillis(Objective.PERCENTILE),
            metrics.windowMillis(probability)
        };
    }
}
