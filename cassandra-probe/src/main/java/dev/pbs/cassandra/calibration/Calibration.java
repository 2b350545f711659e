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
 * traced message also carries tracing's own work: a constant cost (writing its events) and a
 * stretch of the rest, per path ({@link TracingCost}). The profile is the traced delays less
 * tracing, and the costs and stretches are what make the model reproduce the untraced operations
 * the probe timed: for each path, the geometric mean of predicted over observed client
 * latency of the operations it calibrates ({@link UntracedOperation}) is brought to 1 over the
 * body's percentiles by the path's constant cost and over the tail's by its stretch. A fixed-point
 * iteration moves each cost by its operations' body excess (ms, at their median) times the stretch,
 * divided by the messages of the path that an operation waits for, and each stretch by the square
 * root of the tail's ratio (the client's part, which no stretch touches, is part of the tail). A
 * path no timed operation calibrates keeps its traced delays.
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
            observed.put(operation, percentiles(operation.timed(client), settings.percentileArray()));
        }
        int body = settings.bodyPercentiles().size();
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
            Map<TracingCost.Path, double[]> misfit = misfitByPath(operations, observed, predicted, body);
            boolean settled = true;
            TracingCost next = cost;
            for (Map.Entry<TracingCost.Path, double[]> entry : misfit.entrySet()) {
                TracingCost.Path path = entry.getKey();
                double bodyExcessMillis = entry.getValue()[0];
                double tailRatio = entry.getValue()[1];
                double median = medianOf(path, operations, observed);
                settled &= Math.abs(bodyExcessMillis) < settings.settledFraction() * median
                        && Math.abs(tailRatio - 1) < settings.settledFraction();
                TracingCost.PathCost now = cost.of(path);
                double stretch = Math.min(settings.largestStretch(), Math.max(1, now.stretch() * Math.sqrt(tailRatio)));
                double costMillis = Math.max(0, now.costMillis() + bodyExcessMillis * now.stretch() / path.messages);
                next = next.with(path, new TracingCost.PathCost(costMillis, stretch));
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
        parts.forEach((operation, part) -> predicted.put(
                operation, UntracedOperation.sumPercentiles(clientPart, part, settings.percentileArray())));
        return predicted;
    }

    /**
     * For each path, over its operations: the body's excess, exp(mean log(predicted / observed)) - 1
     * over the body's percentiles times the observed median, ms (positive when the model predicts
     * too long), averaged; and the tail's ratio, exp(mean log(predicted / observed)) over the tail's
     * percentiles, as a geometric mean.
     */
    static Map<TracingCost.Path, double[]> misfitByPath(
            Set<UntracedOperation> operations,
            Map<UntracedOperation, double[]> observed,
            Map<UntracedOperation, double[]> predicted,
            int body) {
        Map<TracingCost.Path, double[]> sums = new EnumMap<>(TracingCost.Path.class);
        for (UntracedOperation operation : operations) {
            double[] seen = observed.get(operation);
            double[] model = predicted.get(operation);
            double bodyLog = 0;
            double tailLog = 0;
            for (int k = 0; k < seen.length; k++) {
                double logRatio = Math.log(Math.max(model[k], 1e-3) / Math.max(seen[k], 1e-3));
                if (k < body) {
                    bodyLog += logRatio;
                } else {
                    tailLog += logRatio;
                }
            }
            double[] sum = sums.computeIfAbsent(operation.path, path -> new double[3]);
            sum[0] += Math.expm1(bodyLog / body) * seen[0];
            sum[1] += tailLog / (seen.length - body);
            sum[2]++;
        }
        Map<TracingCost.Path, double[]> misfit = new EnumMap<>(TracingCost.Path.class);
        sums.forEach((path, sum) -> misfit.put(path, new double[] {sum[0] / sum[2], Math.exp(sum[1] / sum[2])}));
        return misfit;
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
                    "%s took %.3f ms at the median and %.3f ms at the highest percentile, the traced delays predicted "
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
