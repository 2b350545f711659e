package dev.pbs.cassandra.calibration;

import dev.pbs.cassandra.probe.ClientLatencies;
import dev.pbs.cassandra.probe.MeasuredProfile;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.cassandra.probe.UntracedKind;
import dev.pbs.model.profile.LatencyProfile;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
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

    /** Why tracing's cost was not fitted. */
    public enum Skipped {
        /** Fewer refused requests than the settings' minimum timed the client's part. */
        FEW_ROUND_TRIPS,
        /** Fewer untraced operations of every kind than the settings' minimum were timed. */
        FEW_OPERATIONS
    }

    /**
     * What the fit found: the cost, and for each operation it was fitted on, its observed client
     * latency beside what the traced and the calibrated delays predict (the fit's account, which
     * {@link CalibrationAccount} puts in words).
     *
     * @param cost tracing's cost per path ({@link TracingCost#NONE} when skipped)
     * @param rounds the fixed-point iteration's rounds
     * @param skipped why nothing was fitted, when nothing was
     * @param operations each operation fitted on, in {@link UntracedOperation}'s order
     */
    public record Fit(TracingCost cost, int rounds, Optional<Skipped> skipped, List<OperationFit> operations) {

        public Fit {
            operations = List.copyOf(operations);
        }

        static Fit skipped(Skipped why) {
            return new Fit(TracingCost.NONE, 0, Optional.of(why), List.of());
        }
    }

    /**
     * One operation's client latency at the median and at the highest calibration percentile, ms:
     * observed, predicted from the traced delays, predicted from the calibrated ones.
     */
    public record OperationFit(
            UntracedKind kind,
            double observedMedianMillis,
            double observedHighestMillis,
            double tracedMedianMillis,
            double tracedHighestMillis,
            double calibratedMedianMillis,
            double calibratedHighestMillis) {}

    /**
     * Calibrates one datacenter's traced delays on its untraced operations.
     *
     * @param snapshot what the probe measured (one datacenter)
     * @throws IllegalArgumentException when the snapshot's traced delays make no profile ({@link
     *     MeasuredProfile#fromDelays})
     */
    public static Fit of(ProbeSnapshot snapshot, CalibrationSettings settings) {
        LatencyProfile traced = profileLess(snapshot, TracingCost.NONE);
        ClientLatencies.Snapshot client = snapshot.client();
        if (client.roundTrips().getTotalCount() < settings.minimumSamples()) {
            return Fit.skipped(Skipped.FEW_ROUND_TRIPS);
        }
        int n = snapshot.replicationFactor();
        Set<UntracedOperation> operations = EnumSet.noneOf(UntracedOperation.class);
        for (UntracedOperation operation : UntracedOperation.values()) {
            boolean possible = operation.replicas() <= n
                    && (!operation.kind.throughReplica()
                            || traced.coordinatorReplica().isPresent());
            if (possible && operation.timed(client).getTotalCount() >= settings.minimumSamples()) {
                operations.add(operation);
            }
        }
        if (operations.isEmpty()) {
            return Fit.skipped(Skipped.FEW_OPERATIONS);
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
            profile = profileLess(snapshot, cost);
            round++;
        }
        List<OperationFit> fits = new ArrayList<>();
        for (UntracedOperation operation : operations) {
            int last = observed.get(operation).length - 1;
            fits.add(new OperationFit(
                    operation.kind,
                    observed.get(operation)[0],
                    observed.get(operation)[last],
                    first.get(operation)[0],
                    first.get(operation)[last],
                    predicted.get(operation)[0],
                    predicted.get(operation)[last]));
        }
        return new Fit(cost, round, Optional.empty(), fits);
    }

    /** The profile of the snapshot's traced delays less {@code cost}: what the fit predicts from. */
    private static LatencyProfile profileLess(ProbeSnapshot snapshot, TracingCost cost) {
        return MeasuredProfile.fromDelays(CalibratedProfile.shortened(snapshot, cost), "calibration", "");
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
}
