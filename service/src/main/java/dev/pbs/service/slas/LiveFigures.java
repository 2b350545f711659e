package dev.pbs.service.slas;

import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.ProportionEstimate;
import dev.pbs.montecarlo.QuantileEstimate;
import dev.pbs.montecarlo.tuning.CandidateMetrics;
import dev.pbs.montecarlo.tuning.Requirement;
import dev.pbs.montecarlo.workload.WorkloadStaleness;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * One configuration's live figures: each point estimate from the prediction with all its trials,
 * each 95% interval from the bootstrap replicates ({@link BootstrapInterval}), and each requirement's
 * {@link Verdict} from where its figure's interval lies. A strict configuration (R + W &gt; N) is
 * consistent at once, exactly: its P(consistent) is [1, 1] and its windows [0, 0].
 */
final class LiveFigures {

    private LiveFigures() {}

    static LivePrediction.Configuration configuration(
            LiveSla sla,
            LivePredictor.Simulated point,
            List<LivePredictor.Simulated> replicates,
            LivePredictor.Asked asked,
            Optional<Workload> workload) {
        ConfigurationResult result = point.result();
        List<LivePrediction.Window> windows = new ArrayList<>();
        for (double probability : asked.windows()) {
            QuantileEstimate window = point.clock().window(probability);
            Double millis = finite(window.valueMillis());
            Double[] interval = BootstrapInterval.millis(
                    millis,
                    finite(window.lowerMillis()),
                    finite(window.upperMillis()),
                    values(replicates, replicate -> replicate.clock().windowMillis(probability)));
            windows.add(
                    result.isStrict()
                            ? new LivePrediction.Window(probability, 0.0, 0.0, 0.0)
                            : new LivePrediction.Window(probability, millis, interval[0], interval[1]));
        }
        List<LivePrediction.Consistency> consistency = new ArrayList<>();
        for (double time : asked.times()) {
            ProportionEstimate consistent = point.clock().consistentAt(time);
            double[] interval = BootstrapInterval.probability(
                    consistent.estimate(),
                    consistent.lower(),
                    consistent.upper(),
                    values(
                            replicates,
                            replicate -> replicate.clock().consistentAt(time).estimate()));
            consistency.add(
                    result.isStrict()
                            ? new LivePrediction.Consistency(time, 1, 1, 1)
                            : new LivePrediction.Consistency(time, consistent.estimate(), interval[0], interval[1]));
        }
        List<LivePrediction.Latency> latency = new ArrayList<>();
        for (String operation : List.of("read", "write")) {
            boolean read = operation.equals("read");
            for (double percentile : asked.percentiles()) {
                QuantileEstimate estimate = latency(result, read, percentile);
                Double millis = finite(estimate.valueMillis());
                Double[] interval = BootstrapInterval.millis(
                        millis,
                        finite(estimate.lowerMillis()),
                        finite(estimate.upperMillis()),
                        values(
                                replicates,
                                replicate -> latency(replicate.result(), read, percentile)
                                        .valueMillis()));
                latency.add(new LivePrediction.Latency(operation, percentile, millis, interval[0], interval[1]));
            }
        }
        CandidateMetrics metrics = CandidateMetrics.of(result, point.clock());
        List<LivePrediction.RequirementStatus> requirements = new ArrayList<>();
        List<Verdict> verdicts = new ArrayList<>();
        for (Requirement requirement : sla.requirements()) {
            Judged judged = judged(requirement, metrics, windows, consistency, latency);
            requirements.add(status(requirement, metrics, judged));
            verdicts.add(judged.verdict());
        }
        Verdict verdict = Verdict.of(verdicts);
        return new LivePrediction.Configuration(
                sla.writeLevel().name(),
                sla.readLevel().name(),
                point.datacenter(),
                result.configuration().n(),
                result.configuration().r(),
                result.configuration().w(),
                windows,
                consistency,
                latency,
                requirements,
                verdict == Verdict.MET,
                verdict.label(),
                workload.map(load -> severity(result, replicates, load)).orElse(null));
    }

    /**
     * A requirement's verdict: for a window, P(consistent) at t or a latency percentile, from where
     * its interval lies; for any other, from its point estimate.
     */
    private static Judged judged(
            Requirement requirement,
            CandidateMetrics metrics,
            List<LivePrediction.Window> windows,
            List<LivePrediction.Consistency> consistency,
            List<LivePrediction.Latency> latency) {
        return judge(requirement, windows, consistency, latency)
                .orElseGet(() ->
                        new Judged(requirement.violation(metrics).isEmpty() ? Verdict.MET : Verdict.MISSED, null));
    }

    /** The requirement's verdict as the prediction reports it, with what was predicted unless met. */
    private static LivePrediction.RequirementStatus status(
            Requirement requirement, CandidateMetrics metrics, Judged judged) {
        Optional<String> pointViolation = requirement.violation(metrics);
        String interval = judged.interval() == null ? "" : " (" + judged.interval() + ")";
        String text = switch (judged.verdict()) {
            case MET -> null;
            case MISSED -> pointViolation.orElse(requirement.text() + " missed") + interval;
            case UNCERTAIN ->
                requirement.text() + " uncertain: " + pointViolation.orElse("the estimate meets it") + interval;
        };
        return new LivePrediction.RequirementStatus(
                requirement.text(),
                judged.verdict() == Verdict.MET,
                judged.verdict().label(),
                text);
    }

    /** A verdict, and the interval it was read from ("95% LOWER to UPPER"). */
    private record Judged(Verdict verdict, String interval) {}

    /** The verdict of a requirement on a figure with an interval; empty for any other requirement. */
    private static Optional<Judged> judge(
            Requirement requirement,
            List<LivePrediction.Window> windows,
            List<LivePrediction.Consistency> consistency,
            List<LivePrediction.Latency> latency) {
        if (requirement instanceof Requirement.ConsistencyAtLeast atLeast) {
            LivePrediction.Consistency figure = consistency.stream()
                    .filter(point -> point.tMillis() == atLeast.tMillis())
                    .findFirst()
                    .orElseThrow();
            return Optional.of(new Judged(
                    Verdict.of(figure.upper() >= atLeast.probability(), figure.lower() >= atLeast.probability()),
                    "95% " + number(figure.lower()) + " to " + number(figure.upper())));
        }
        if (requirement instanceof Requirement.WindowAtMost atMost) {
            LivePrediction.Window figure = windows.stream()
                    .filter(window -> window.probability() == atMost.probability())
                    .findFirst()
                    .orElseThrow();
            return Optional.of(atMost(figure.lowerMillis(), figure.upperMillis(), atMost.limitMillis()));
        }
        if (requirement instanceof Requirement.LatencyAtMost atMost) {
            String operation = atMost.read() ? "read" : "write";
            LivePrediction.Latency figure = latency.stream()
                    .filter(point -> point.operation().equals(operation) && point.percentile() == atMost.percentile())
                    .findFirst()
                    .orElseThrow();
            return Optional.of(atMost(figure.lowerMillis(), figure.upperMillis(), atMost.limitMillis()));
        }
        return Optional.empty();
    }

    /** The verdict of "at most the limit" on a time's interval. */
    private static Judged atMost(Double lowerMillis, Double upperMillis, double limitMillis) {
        return new Judged(
                Verdict.of(atMostLimit(lowerMillis, limitMillis), atMostLimit(upperMillis, limitMillis)),
                "95% " + millis(lowerMillis) + " to " + millis(upperMillis));
    }

    /** Whether a time (null: beyond the simulated range) is at most the limit. */
    private static boolean atMostLimit(Double millis, double limitMillis) {
        return millis != null && millis <= limitMillis;
    }

    private static LivePrediction.Severity severity(
            ConfigurationResult result, List<LivePredictor.Simulated> replicates, Workload workload) {
        WorkloadStaleness staleness = WorkloadStaleness.of(result);
        double rate = workload.writesPerKeyPerSecond();
        double stale = staleness.staleProbability(rate);
        double readsPerDay = workload.readsPerDay();
        if (result.isStrict()) {
            // never stale, by construction: no interval around it
            return new LivePrediction.Severity(rate, 0, 0.0, 0.0, 0, 0.0, 0.0, versions(staleness, rate));
        }
        // a mean over the trials of a share within [0, 1]: its Monte Carlo noise is at most a proportion's
        ProportionEstimate noise = ProportionEstimate.of(Math.round(stale * result.trials()), result.trials());
        double[] interval = BootstrapInterval.probability(
                stale,
                Math.min(stale, noise.lower()),
                Math.max(stale, noise.upper()),
                values(
                        replicates,
                        replicate -> WorkloadStaleness.of(replicate.result()).staleProbability(rate)));
        return new LivePrediction.Severity(
                rate,
                stale,
                interval[0],
                interval[1],
                stale * readsPerDay,
                interval[0] * readsPerDay,
                interval[1] * readsPerDay,
                versions(staleness, rate));
    }

    /** P(a read is at least k versions behind), k = 1 .. {@link LivePredictor#VERSIONS}. */
    private static List<LivePrediction.VersionsBehind> versions(WorkloadStaleness staleness, double rate) {
        double[] behind = staleness.versionsBehind(
                rate, LivePredictor.VERSIONS, LivePredictor.SEVERITY_SAMPLES, LivePredictor.SEED);
        List<LivePrediction.VersionsBehind> versions = new ArrayList<>();
        for (int k = 1; k <= LivePredictor.VERSIONS; k++) {
            versions.add(new LivePrediction.VersionsBehind(k, behind[k - 1]));
        }
        return versions;
    }

    private static QuantileEstimate latency(ConfigurationResult result, boolean read, double percentile) {
        return read ? result.readLatency(percentile) : result.writeLatency(percentile);
    }

    private static double[] values(
            List<LivePredictor.Simulated> replicates, ToDoubleFunction<LivePredictor.Simulated> figure) {
        return replicates.stream().mapToDouble(figure).toArray();
    }

    /** A value in ms, or null beyond the simulated range (or when nothing was counted). */
    private static Double finite(double millis) {
        return Double.isFinite(millis) ? millis : null;
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.4g", value);
    }

    private static String millis(Double value) {
        return value == null ? "beyond range" : String.format(Locale.ROOT, "%.3gms", value);
    }
}
