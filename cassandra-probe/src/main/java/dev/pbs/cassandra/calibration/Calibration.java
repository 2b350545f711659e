package dev.pbs.cassandra.calibration;

import dev.pbs.cassandra.probe.ClientLatencies;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.model.profile.LatencyProfile;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * The probe's measurement model: how a profile follows from what the probe measured (see
 * docs/probe.md, "The measurement model").
 *
 * <p>An untraced operation's client latency is H + X: H the client's part, measured by a request
 * that the coordinator refuses before doing any work, and X the coordinator's part, which the WARS
 * model predicts from the profile; H and X independent. Traces give every message's delay, but a
 * traced message also carries tracing's own work (writing its events), a cost that does not
 * depend on the delay around it: one constant per path ({@link TracingCost}). The profile is the
 * traced delays less that cost, and the cost is what makes the model reproduce the untraced
 * operations the probe timed: for each path, the geometric mean over {@link
 * CalibrationSettings#percentiles()} of predicted over observed client latency of the operations
 * it calibrates ({@link UntracedOperation}) is brought to 1, by a fixed-point iteration that moves
 * each path's cost by its operations' excess (ms, at their median) divided by the messages of the
 * path that an operation waits for. A path no timed operation calibrates keeps its traced delays.
 */
public final class Calibration {

    private Calibration() {}

    /**
     * The calibrated profile, its tracing cost and the account of the fit.
     *
     * @param profile the traced delays less the cost
     * @param explanation what the fit found, for the profile's provenance
     */
    public record Calibrated(LatencyProfile profile, TracingCost cost, String explanation) {}

    /**
     * Calibrates one datacenter's traced delays on its untraced operations.
     *
     * @param snapshot what the probe measured (one datacenter)
     * @param profiles the profile of the snapshot's traced delays less a given cost
     * @throws IllegalArgumentException when {@code profiles} refuses the traced delays themselves
     */
    public static Calibrated of(
            ProbeSnapshot snapshot, Function<TracingCost, LatencyProfile> profiles, CalibrationSettings settings) {
        LatencyProfile traced = profiles.apply(TracingCost.NONE);
        ClientLatencies.Snapshot client = snapshot.client();
        if (client.roundTrips().getTotalCount() < settings.minimumSamples()) {
            return new Calibrated(
                    traced,
                    TracingCost.NONE,
                    " Tracing's cost was not taken off: fewer than " + settings.minimumSamples()
                            + " refused requests timed the client's part.");
        }
        int n = snapshot.replicationFactor();
        Set<UntracedOperation> operations = EnumSet.noneOf(UntracedOperation.class);
        for (UntracedOperation operation : UntracedOperation.values()) {
            boolean possible = operation.replicas <= n
                    && (!operation.throughReplica || traced.coordinatorReplica().isPresent());
            if (possible && operation.timed(client).getTotalCount() >= settings.minimumSamples()) {
                operations.add(operation);
            }
        }
        if (operations.isEmpty()) {
            return new Calibrated(
                    traced,
                    TracingCost.NONE,
                    " Tracing's cost was not taken off: fewer than " + settings.minimumSamples()
                            + " untraced operations of every kind were timed.");
        }
        double[] clientPart = UntracedOperation.quantiles(client.roundTrips());
        Map<UntracedOperation, double[]> observed = new EnumMap<>(UntracedOperation.class);
        for (UntracedOperation operation : operations) {
            observed.put(operation, percentiles(operation.timed(client), settings.percentiles()));
        }
        TracingCost cost = TracingCost.NONE;
        LatencyProfile profile = traced;
        Map<UntracedOperation, double[]> first = null;
        Map<UntracedOperation, double[]> predicted;
        int round = 0;
        while (true) {
            predicted = predicted(profile, n, operations, clientPart, settings);
            if (first == null) {
                first = predicted;
            }
            Map<TracingCost.Path, Double> excess = excessByPath(operations, observed, predicted);
            boolean settled = true;
            TracingCost next = cost;
            for (Map.Entry<TracingCost.Path, Double> entry : excess.entrySet()) {
                double median = medianOf(entry.getKey(), operations, observed);
                settled &= Math.abs(entry.getValue()) < settings.settledFraction() * median;
                TracingCost.Path path = entry.getKey();
                next = next.with(path, Math.max(0, cost.of(path) + entry.getValue() / path.messages));
            }
            if (settled || round == settings.rounds() || next.equals(cost)) {
                break;
            }
            cost = next;
            profile = profiles.apply(cost);
            round++;
        }
        return new Calibrated(profile, cost, explanation(cost, round, operations, observed, first, predicted));
    }

    /** Each operation's predicted client latency at the settings' percentiles, ms. */
    private static Map<UntracedOperation, double[]> predicted(
            LatencyProfile profile,
            int n,
            Set<UntracedOperation> operations,
            double[] clientPart,
            CalibrationSettings settings) {
        Map<UntracedOperation, double[]> parts = UntracedOperation.coordinatorParts(profile, n, operations, settings);
        Map<UntracedOperation, double[]> predicted = new EnumMap<>(UntracedOperation.class);
        parts.forEach((operation, part) ->
                predicted.put(operation, UntracedOperation.sumPercentiles(clientPart, part, settings.percentiles())));
        return predicted;
    }

    /**
     * For each path, the mean over its operations of their excess: exp(mean log(predicted /
     * observed)) - 1 times the observed median, ms; positive when the model predicts too long.
     */
    static Map<TracingCost.Path, Double> excessByPath(
            Set<UntracedOperation> operations,
            Map<UntracedOperation, double[]> observed,
            Map<UntracedOperation, double[]> predicted) {
        Map<TracingCost.Path, double[]> sums = new EnumMap<>(TracingCost.Path.class);
        for (UntracedOperation operation : operations) {
            double[] seen = observed.get(operation);
            double[] model = predicted.get(operation);
            double logRatio = 0;
            for (int k = 0; k < seen.length; k++) {
                logRatio += Math.log(Math.max(model[k], 1e-3) / Math.max(seen[k], 1e-3));
            }
            double excess = Math.expm1(logRatio / seen.length) * seen[0];
            double[] sum = sums.computeIfAbsent(operation.path, path -> new double[2]);
            sum[0] += excess;
            sum[1]++;
        }
        Map<TracingCost.Path, Double> excess = new EnumMap<>(TracingCost.Path.class);
        sums.forEach((path, sum) -> excess.put(path, sum[0] / sum[1]));
        return excess;
    }

    private static double medianOf(
            TracingCost.Path path, Set<UntracedOperation> operations, Map<UntracedOperation, double[]> observed) {
        double smallest = Double.POSITIVE_INFINITY;
        for (UntracedOperation operation : operations) {
            if (operation.path == path) {
                smallest = Math.min(smallest, observed.get(operation)[0]);
            }
        }
        return smallest;
    }

    private static double[] percentiles(Histogram micros, double[] percentiles) {
        double[] values = new double[percentiles.length];
        for (int k = 0; k < percentiles.length; k++) {
            values[k] = micros.getValueAtPercentile(percentiles[k]) / 1000.0;
        }
        return values;
    }

    private static String explanation(
            TracingCost cost,
            int rounds,
            Set<UntracedOperation> operations,
            Map<UntracedOperation, double[]> observed,
            Map<UntracedOperation, double[]> asTraced,
            Map<UntracedOperation, double[]> calibrated) {
        StringJoiner account = new StringJoiner("; ");
        for (UntracedOperation operation : operations) {
            double[] seen = observed.get(operation);
            int last = seen.length - 1;
            account.add(String.format(
                    Locale.ROOT,
                    "%s took %.3f ms at the median and %.3f ms at the last percentile, the traced delays predicted "
                            + "%.3f and %.3f, the calibrated %.3f and %.3f",
                    operation.describe(),
                    seen[0],
                    seen[last],
                    asTraced.get(operation)[0],
                    asTraced.get(operation)[last],
                    calibrated.get(operation)[0],
                    calibrated.get(operation)[last]));
        }
        return " Tracing's cost per message, fitted on the untraced operations (" + rounds + " rounds): "
                + cost.describe() + ". " + account + ".";
    }
}
