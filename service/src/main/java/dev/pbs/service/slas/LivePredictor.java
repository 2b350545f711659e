package dev.pbs.service.slas;

import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.ProfileResampling;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.VisibilityClock;
import dev.pbs.montecarlo.WarsEngine;
import dev.pbs.montecarlo.tuning.Requirement;
import dev.pbs.questions.PredictionQuestion;
import dev.pbs.questions.PredictionQuestionBuilder;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.questions.Vocabulary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeSet;

/**
 * Predicts a probe's declared configurations from its live profile: for each, the windows,
 * P(consistent) at a few times and the latency percentiles that {@link SlaMetrics} exports, every
 * requirement checked as {@code ./pbs tune} checks it, and with a workload the stale reads per day
 * and versions behind ({@link WorkloadStaleness}). A profile with datacenters is predicted in
 * consistency levels across them (writes coordinated in its first datacenter); one without, as
 * (R, W) with N the probe's replication factor. The windows, P(consistent) and the requirements on
 * them count t from the {@link PredictionClock}'s origin. Each figure's 95% interval comes from
 * {@link #REPLICATES} predictions from bootstrap replicates of the profile and of the client's round
 * trips ({@link BootstrapInterval}), and each requirement's verdict from where its interval lies
 * ({@link Verdict}).
 */
public final class LivePredictor {

    /** Window probabilities always exported, besides those the requirements read. */
    public static final List<Double> WINDOW_PROBABILITIES = List.of(0.99, 0.999);

    /** Times (ms after the clock's origin) whose P(consistent) is always exported, besides those the requirements read. */
    public static final List<Double> TIMES_MILLIS = List.of(0.0, 1.0, 5.0, 10.0, 50.0, 100.0);

    /** Latency percentiles always exported, besides those the requirements read. */
    public static final List<Double> PERCENTILES = List.of(50.0, 99.0, 99.9);

    /** Versions behind exported with a workload: P(at least k versions behind) for k = 1 .. this. */
    public static final int VERSIONS = 3;

    /** Seed of every live prediction: successive predictions differ only by their profiles. */
    static final long SEED = 42;

    /**
     * Bootstrap replicates behind each interval, each with this share of the trials: the intervals
     * cost 1.4 to 1.9 times the point estimates (LivePredictionBenchmark, docs/performance.md).
     */
    public static final int REPLICATES = 10;

    /** Seed of every replicate: the same draws, so that replicates differ by their profiles alone. */
    private static final long REPLICATE_SEED = SEED + 1;

    static final int SEVERITY_SAMPLES = 200_000;

    private final WarsEngine engine = new WarsEngine();
    private final QuestionLimits limits;
    private final int replicates;

    public LivePredictor(QuestionLimits limits) {
        this(limits, REPLICATES);
    }

    /**
     * A predictor with {@code replicates} bootstrap replicates behind each interval: 0 leaves the
     * Monte Carlo noise alone in them (what a benchmark compares the intervals' cost with).
     */
    public LivePredictor(QuestionLimits limits, int replicates) {
        if (replicates < 0) {
            throw new IllegalArgumentException("replicates must be 0 or more, was " + replicates);
        }
        this.limits = limits;
        this.replicates = replicates;
    }

    /**
     * @param replicationFactor N for a profile without datacenters
     * @param trials Monte Carlo trials per configuration
     * @param clock the moment t counts from
     */
    public LivePrediction predict(
            LatencyProfile profile,
            int replicationFactor,
            List<LiveSla> slas,
            Optional<Workload> workload,
            long trials,
            PredictionClock clock) {
        List<LivePrediction.Configuration> configurations = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (LiveSla sla : slas) {
            try {
                configurations.addAll(predict(profile, replicationFactor, sla, workload, trials, clock));
            } catch (IllegalArgumentException cannot) {
                problems.add(sla.writeLevel() + "/" + sla.readLevel() + ": " + cannot.getMessage());
            }
        }
        return new LivePrediction(
                profile.name(),
                Instant.now().getEpochSecond(),
                trials,
                clock.origin().label(),
                clock.meanRoundTripMillis(),
                clock.roundTripSource(),
                configurations,
                problems);
    }

    private List<LivePrediction.Configuration> predict(
            LatencyProfile profile,
            int replicationFactor,
            LiveSla sla,
            Optional<Workload> workload,
            long trials,
            PredictionClock clock) {
        Asked asked = new Asked(
                union(WINDOW_PROBABILITIES, sla.requirements(), LivePredictor::windowProbability),
                times(sla.requirements()),
                union(PERCENTILES, sla.requirements(), LivePredictor::percentile));
        List<Simulated> point = simulate(profile, replicationFactor, sla, asked, trials, SEED, clock);
        long replicateTrials = Math.max(1, trials / Math.max(1, replicates));
        List<List<Simulated>> runs = new ArrayList<>();
        SplittableRandom resampling = new SplittableRandom(SEED);
        for (int replicate = 0; replicate < replicates; replicate++) {
            runs.add(simulate(
                    ProfileResampling.resampled(profile, resampling),
                    replicationFactor,
                    sla,
                    asked,
                    replicateTrials,
                    REPLICATE_SEED,
                    clock.resampled(resampling)));
        }
        List<LivePrediction.Configuration> answers = new ArrayList<>();
        for (int index = 0; index < point.size(); index++) {
            int configuration = index;
            answers.add(LiveFigures.configuration(
                    sla,
                    point.get(index),
                    runs.stream().map(run -> run.get(configuration)).toList(),
                    asked,
                    workload));
        }
        return answers;
    }

    /** The windows, times and percentiles a configuration's prediction reports. */
    record Asked(List<Double> windows, List<Double> times, List<Double> percentiles) {}

    /** One simulated configuration: its read datacenter (null without datacenters), result and clock. */
    record Simulated(String datacenter, ConfigurationResult result, VisibilityClock clock) {}

    /** The SLA's configurations simulated from {@code profile}, in the engine's order. */
    private List<Simulated> simulate(
            LatencyProfile profile,
            int replicationFactor,
            LiveSla sla,
            Asked asked,
            long trials,
            long seed,
            PredictionClock clock) {
        PredictionQuestionBuilder builder = PredictionQuestion.builder(profile, limits, Vocabulary.JSON)
                .timesMillis(asked.times())
                .windows(asked.windows())
                .percentiles(asked.percentiles())
                .trials(trials)
                .seed(seed)
                .threads(1);
        boolean datacenters =
                profile.topology().map(DatacenterTopology::isNamed).orElse(false);
        if (datacenters) {
            builder.writeLevels(List.of(sla.writeLevel().name()))
                    .readLevels(List.of(sla.readLevel().name()))
                    .readDatacenters(sla.readDatacenter().map(List::of).orElse(null));
        } else {
            if (sla.readDatacenter().isPresent()) {
                throw new IllegalArgumentException(
                        "readDatacenter " + sla.readDatacenter().get() + " is set, but the profile " + profile.name()
                                + " has no datacenters");
            }
            builder.replicas((long) replicationFactor)
                    .quorums(sla.readLevel().name(), sla.writeLevel().name());
        }
        PredictionQuestion question = builder.build();
        List<Simulated> simulated = new ArrayList<>();
        if (question.isLevels()) {
            for (ConfigurationResult result :
                    engine.run(question.levelSimulation()).configurations()) {
                String datacenter = question.levelSimulation()
                        .replicas()
                        .name(result.levels().orElseThrow().readDatacenter());
                simulated.add(new Simulated(datacenter, result, clock.of(result)));
            }
        } else {
            for (ConfigurationResult result : engine.run(question.simulation()).configurations()) {
                simulated.add(new Simulated(null, result, clock.of(result)));
            }
        }
        return simulated;
    }

    private interface Reading {
        Optional<Double> of(Requirement requirement);
    }

    private static List<Double> union(List<Double> always, List<Requirement> requirements, Reading reading) {
        TreeSet<Double> values = new TreeSet<>(always);
        for (Requirement requirement : requirements) {
            reading.of(requirement).ifPresent(values::add);
        }
        return List.copyOf(values);
    }

    private static Optional<Double> windowProbability(Requirement requirement) {
        return requirement instanceof Requirement.WindowAtMost window
                ? Optional.of(window.probability())
                : Optional.empty();
    }

    /** {@link #TIMES_MILLIS} and every time a requirement reads (counted exactly there). */
    private static List<Double> times(List<Requirement> requirements) {
        TreeSet<Double> values = new TreeSet<>(TIMES_MILLIS);
        for (Requirement requirement : requirements) {
            for (double time : requirement.timesMillis()) {
                values.add(time);
            }
        }
        return List.copyOf(values);
    }

    private static Optional<Double> percentile(Requirement requirement) {
        return requirement instanceof Requirement.LatencyAtMost latency
                ? Optional.of(latency.percentile())
                : Optional.empty();
    }
}
