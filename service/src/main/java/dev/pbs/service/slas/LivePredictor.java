package dev.pbs.service.slas;

import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.ProportionEstimate;
import dev.pbs.montecarlo.QuantileEstimate;
import dev.pbs.montecarlo.VisibilityClock;
import dev.pbs.montecarlo.WarsEngine;
import dev.pbs.montecarlo.tuning.CandidateMetrics;
import dev.pbs.montecarlo.tuning.Requirement;
import dev.pbs.montecarlo.workload.WorkloadStaleness;
import dev.pbs.questions.PredictionQuestion;
import dev.pbs.questions.PredictionQuestionBuilder;
import dev.pbs.questions.QuestionLimits;
import dev.pbs.questions.Vocabulary;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Predicts a probe's declared configurations from its live profile: for each, the windows,
 * P(consistent) at a few times and the latency percentiles that {@link SlaMetrics} exports, every
 * requirement checked as {@code ./pbs tune} checks it, and with a workload the stale reads per day
 * and versions behind ({@link WorkloadStaleness}). A profile with datacenters is predicted in
 * consistency levels across them (writes coordinated in its first datacenter); one without, as
 * (R, W) with N the probe's replication factor. The windows, P(consistent) and the requirements on
 * them count t from the {@link PredictionClock}'s origin.
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

    private static final int SEVERITY_SAMPLES = 200_000;

    private final WarsEngine engine = new WarsEngine();
    private final QuestionLimits limits;

    public LivePredictor(QuestionLimits limits) {
        this.limits = limits;
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
        List<Double> windows = union(WINDOW_PROBABILITIES, sla.requirements(), LivePredictor::windowProbability);
        List<Double> times = times(sla.requirements());
        List<Double> percentiles = union(PERCENTILES, sla.requirements(), LivePredictor::percentile);
        PredictionQuestionBuilder builder = PredictionQuestion.builder(profile, limits, Vocabulary.JSON)
                .timesMillis(times)
                .windows(windows)
                .percentiles(percentiles)
                .trials(trials)
                .seed(SEED)
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
        List<LivePrediction.Configuration> answers = new ArrayList<>();
        if (question.isLevels()) {
            var simulated = engine.run(question.levelSimulation());
            for (ConfigurationResult result : simulated.configurations()) {
                String datacenter = question.levelSimulation()
                        .replicas()
                        .name(result.levels().orElseThrow().readDatacenter());
                answers.add(configuration(
                        sla, datacenter, result, clock.of(result), windows, times, percentiles, workload));
            }
        } else {
            for (ConfigurationResult result : engine.run(question.simulation()).configurations()) {
                answers.add(configuration(sla, null, result, clock.of(result), windows, times, percentiles, workload));
            }
        }
        return answers;
    }

    private static LivePrediction.Configuration configuration(
            LiveSla sla,
            String datacenter,
            ConfigurationResult result,
            VisibilityClock clock,
            List<Double> windows,
            List<Double> times,
            List<Double> percentiles,
            Optional<Workload> workload) {
        List<LivePrediction.Window> windowFigures = new ArrayList<>();
        for (double probability : windows) {
            QuantileEstimate window = clock.window(probability);
            windowFigures.add(new LivePrediction.Window(
                    probability,
                    finite(window.valueMillis()),
                    finite(window.lowerMillis()),
                    finite(window.upperMillis())));
        }
        List<LivePrediction.Consistency> consistency = new ArrayList<>();
        for (double time : times) {
            ProportionEstimate consistent = clock.consistentAt(time);
            consistency.add(new LivePrediction.Consistency(
                    time, consistent.estimate(), consistent.lower(), consistent.upper()));
        }
        List<LivePrediction.Latency> latency = new ArrayList<>();
        for (double percentile : percentiles) {
            latency.add(latency("read", percentile, result.readLatency(percentile)));
        }
        for (double percentile : percentiles) {
            latency.add(latency("write", percentile, result.writeLatency(percentile)));
        }
        CandidateMetrics metrics = CandidateMetrics.of(result, clock);
        List<LivePrediction.RequirementStatus> requirements = new ArrayList<>();
        boolean met = true;
        for (Requirement requirement : sla.requirements()) {
            Optional<String> violation = requirement.violation(metrics);
            met &= violation.isEmpty();
            requirements.add(new LivePrediction.RequirementStatus(
                    requirement.text(), violation.isEmpty(), violation.orElse(null)));
        }
        return new LivePrediction.Configuration(
                sla.writeLevel().name(),
                sla.readLevel().name(),
                datacenter,
                result.configuration().n(),
                result.configuration().r(),
                result.configuration().w(),
                windowFigures,
                consistency,
                latency,
                requirements,
                met,
                workload.map(load -> severity(result, load)).orElse(null));
    }

    private static LivePrediction.Severity severity(ConfigurationResult result, Workload workload) {
        WorkloadStaleness staleness = WorkloadStaleness.of(result);
        double rate = workload.writesPerKeyPerSecond();
        double stale = staleness.staleProbability(rate);
        double[] behind = staleness.versionsBehind(rate, VERSIONS, SEVERITY_SAMPLES, SEED);
        List<LivePrediction.VersionsBehind> versions = new ArrayList<>();
        for (int k = 1; k <= VERSIONS; k++) {
            versions.add(new LivePrediction.VersionsBehind(k, behind[k - 1]));
        }
        return new LivePrediction.Severity(rate, stale, stale * workload.readsPerDay(), versions);
    }

    private static LivePrediction.Latency latency(String operation, double percentile, QuantileEstimate estimate) {
        return new LivePrediction.Latency(
                operation,
                percentile,
                finite(estimate.valueMillis()),
                finite(estimate.lowerMillis()),
                finite(estimate.upperMillis()));
    }

    /** A value in ms, or null beyond the simulated range (or when nothing was counted). */
    private static Double finite(double millis) {
        return Double.isFinite(millis) ? millis : null;
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
