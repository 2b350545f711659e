package dev.pbs.cassandra.probe;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.WarsMessage;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * How much slower traced operations run than untraced ones, measured, so that the traced delays
 * can be brought back to what the cluster does without tracing.
 *
 * <p>A traced operation writes each of its trace events as a mutation of {@code system_traces},
 * on the same nodes and at the same time as the operation itself, and its coordinator waits for
 * its own events to be written; on a busy cluster whose own work is sub-millisecond, that cost
 * stretches every traced delay. The probe also times untraced operations at ONE and TWO and a
 * request the coordinator refuses before doing any work (the client's part, {@code H}; see
 * {@link ClientLatencies}). The model, fed the traced delays, predicts the coordinator's part
 * {@code X} of each such operation through the coordinators the probe used (every one a replica);
 * the untraced operation then takes {@code H + X}, H and X independent.
 *
 * <p>Four factors divide the traced delays, one per path: the coordinator's own replica's W and A
 * (which a write at ONE waits for), the other replicas' W and A (a write at TWO), the own
 * replica's R and S (a read at ONE, served locally most of the time) and the other replicas' R and
 * S (a read at TWO). They are found together by a fixed-point iteration: the model runs with the
 * current factors; for each of the four operations, the multiplier c at which the quantiles of
 * {@code H + c X} come closest to the untraced ones (p50, p75, p90, p95 and p99, in the least
 * squares of their logarithms) is found, and the factor of its path is divided by c; until every
 * c is within 1% of 1 or {@link #ROUNDS} rounds. Factors stay within [1, {@link #LARGEST_FACTOR}]:
 * tracing never makes anything faster.
 *
 * <p>Fitted to the median alone, the factors brought the medians back but left the traced tails
 * too long: tracing stretches the tails more than the medians, and the client's latency at p99
 * was predicted 20% to 50% too high (docs/probe.md).
 *
 * <p>The untraced operations are timed only when their coordinator is a replica of their key (all
 * of them when there are as many nodes as replicas), the case the model's co-located variant
 * describes. Estimated with two replicas or more, the own replica's path measured, and at least
 * {@link #MINIMUM_SAMPLES} of each timing.
 */
public final class TracingDilation {

    /** Fewer untraced operations of a kind or round trips than this, and no factor is estimated. */
    public static final int MINIMUM_SAMPLES = 40;
    /** The largest factor. */
    public static final double LARGEST_FACTOR = 50;
    /** The most rounds of the fixed-point iteration. */
    static final int ROUNDS = 8;

    /** The percentiles of the untraced operations the factors are fitted to. */
    static final double[] CALIBRATION_PERCENTILES = {50, 75, 90, 95, 99};

    private static final int SCAN_POINTS = 41;
    private static final int LEVELS = 100;
    private static final long TRIALS = 100_000;
    private static final long SEED = 42;

    /**
     * The factors dividing each path's traced delays (1: not divided).
     *
     * @param localWrite the coordinator's own replica's W and A
     * @param remoteWrite the other replicas' W and A
     * @param localRead the coordinator's own replica's R and S
     * @param remoteRead the other replicas' R and S
     * @param explanation what was measured and found, for the profile's provenance
     */
    public record Factors(
            double localWrite, double remoteWrite, double localRead, double remoteRead, String explanation) {

        static final Factors ONE = new Factors(1, 1, 1, 1, "");

        static Factors none(String why) {
            return new Factors(1, 1, 1, 1, "No tracing dilation was corrected: " + why + ".");
        }

        public boolean isNone() {
            return localWrite == 1 && remoteWrite == 1 && localRead == 1 && remoteRead == 1;
        }

        Factors dividedBy(double[] multipliers) {
            return new Factors(
                    clamp(localWrite / multipliers[0]),
                    clamp(remoteWrite / multipliers[1]),
                    clamp(localRead / multipliers[2]),
                    clamp(remoteRead / multipliers[3]),
                    explanation);
        }

        Factors explained(String text) {
            return new Factors(localWrite, remoteWrite, localRead, remoteRead, text);
        }

        private static double clamp(double factor) {
            return Math.max(1, Math.min(LARGEST_FACTOR, factor));
        }
    }

    private TracingDilation() {}

    /**
     * Estimates the factors.
     *
     * @param profiles the profile the snapshot's traced delays give once divided by given factors
     */
    public static Factors estimate(ProbeSnapshot snapshot, Function<Factors, LatencyProfile> profiles) {
        ClientLatencies.Snapshot client = snapshot.client();
        int n = snapshot.replicationFactor();
        if (n < 2) {
            return Factors.none("with one replica per key there is no other replica to calibrate against");
        }
        LatencyProfile traced = profiles.apply(Factors.ONE);
        if (traced.coordinatorReplica().isEmpty()) {
            return Factors.none("the coordinators' own replica path was not measured");
        }
        Histogram[] untraced = {client.writesAtOne(), client.writesAtTwo(), client.readsAtOne(), client.readsAtTwo()};
        long fewest = client.roundTrips().getTotalCount();
        for (Histogram histogram : untraced) {
            fewest = Math.min(fewest, histogram.getTotalCount());
        }
        if (fewest < MINIMUM_SAMPLES) {
            return Factors.none("fewer than " + MINIMUM_SAMPLES + " untraced operations of some kind, or round trips, "
                    + "were timed");
        }
        double[] roundTrip = quantiles(client.roundTrips());
        double[][] targets = new double[untraced.length][CALIBRATION_PERCENTILES.length];
        for (int i = 0; i < untraced.length; i++) {
            for (int k = 0; k < CALIBRATION_PERCENTILES.length; k++) {
                targets[i][k] = untraced[i].getValueAtPercentile(CALIBRATION_PERCENTILES[k]) / 1000.0;
            }
        }
        Factors factors = Factors.ONE;
        double[] tracedMedians = null;
        double[] multipliers = new double[untraced.length];
        int round = 0;
        while (round < ROUNDS) {
            double[][] parts = coordinatorParts(profiles.apply(factors), n);
            if (tracedMedians == null) {
                tracedMedians = new double[parts.length];
                for (int i = 0; i < parts.length; i++) {
                    tracedMedians[i] = parts[i][LEVELS / 2];
                }
            }
            boolean settled = true;
            for (int i = 0; i < parts.length; i++) {
                multipliers[i] = multiplier(roundTrip, parts[i], targets[i]);
                settled &= Math.abs(multipliers[i] - 1) < 0.01;
            }
            round++;
            if (settled) {
                break;
            }
            factors = factors.dividedBy(multipliers);
        }
        String explanation = String.format(
                Locale.ROOT,
                "Tracing's own cost was corrected: untraced operations took %.3f ms (writes at ONE), %.3f ms (writes "
                        + "at TWO), %.3f ms (reads at ONE) and %.3f ms (reads at TWO) at the median, and a request "
                        + "refused before any work %.3f ms; the traced delays predicted %.3f, %.3f, %.3f and %.3f ms of "
                        + "coordinator work. The delays in this profile are the traced ones divided by %.2f (own "
                        + "replica's W, A), %.2f (other replicas' W, A), %.2f (own replica's R, S) and %.2f (other "
                        + "replicas' R, S), found in %d rounds so that the client's part plus the coordinator's "
                        + "comes closest to each untraced operation's p50, p75, p90, p95 and p99.",
                targets[0][0],
                targets[1][0],
                targets[2][0],
                targets[3][0],
                client.roundTrips().getValueAtPercentile(50) / 1000.0,
                tracedMedians[0],
                tracedMedians[1],
                tracedMedians[2],
                tracedMedians[3],
                factors.localWrite(),
                factors.remoteWrite(),
                factors.localRead(),
                factors.remoteRead(),
                round);
        return factors.explained(explanation);
    }

    /**
     * The model's coordinator part of a write at ONE, a write at TWO, a read at ONE and a read at
     * TWO, each as {@link #LEVELS} quantiles, ms.
     */
    private static double[][] coordinatorParts(LatencyProfile profile, int n) {
        SimulationResult result = new WarsEngine()
                .run(SimulationSpec.builder(profile, n)
                        .configurations(List.of(QuorumConfiguration.of(n, 1, 1), QuorumConfiguration.of(n, 2, 2)))
                        .trials(TRIALS)
                        .seed(SEED)
                        .readFanout(ReadFanout.TARGETED)
                        .coordinatorReplica(true)
                        .build());
        ConfigurationResult one = result.configuration(1, 1).orElseThrow();
        ConfigurationResult two = result.configuration(2, 2).orElseThrow();
        double[][] parts = new double[4][LEVELS];
        for (int level = 0; level < LEVELS; level++) {
            double percentile = 100.0 * (level + 0.5) / LEVELS;
            parts[0][level] = one.writeLatency(percentile).valueMillis();
            parts[1][level] = two.writeLatency(percentile).valueMillis();
            parts[2][level] = one.readLatency(percentile).valueMillis();
            parts[3][level] = two.readLatency(percentile).valueMillis();
        }
        return parts;
    }

    /**
     * The multiplier c in [1 / LARGEST_FACTOR, LARGEST_FACTOR] at which the quantiles of H + c X
     * come closest to {@code targets} (at {@link #CALIBRATION_PERCENTILES}): the least sum of
     * squared differences of their logarithms. A scan of {@link #SCAN_POINTS} multipliers evenly
     * spaced in ln c, then a golden-section search between the best one's neighbours.
     */
    static double multiplier(double[] roundTrip, double[] parts, double[] targets) {
        double lowest = -Math.log(LARGEST_FACTOR);
        double step = 2 * Math.log(LARGEST_FACTOR) / (SCAN_POINTS - 1);
        int best = 0;
        double bestError = Double.POSITIVE_INFINITY;
        for (int point = 0; point < SCAN_POINTS; point++) {
            double error = logError(roundTrip, parts, Math.exp(lowest + point * step), targets);
            if (error < bestError) {
                bestError = error;
                best = point;
            }
        }
        double low = lowest + Math.max(0, best - 1) * step;
        double high = lowest + Math.min(SCAN_POINTS - 1, best + 1) * step;
        double ratio = (Math.sqrt(5) - 1) / 2;
        for (int iteration = 0; iteration < 40; iteration++) {
            double left = high - ratio * (high - low);
            double right = low + ratio * (high - low);
            if (logError(roundTrip, parts, Math.exp(left), targets)
                    <= logError(roundTrip, parts, Math.exp(right), targets)) {
                high = right;
            } else {
                low = left;
            }
        }
        double found = Math.exp((low + high) / 2);
        // The ends of the range stay exact, so that a clamped factor reads as clamped.
        if (best == 0
                && logError(roundTrip, parts, 1 / LARGEST_FACTOR, targets)
                        <= logError(roundTrip, parts, found, targets)) {
            return 1 / LARGEST_FACTOR;
        }
        if (best == SCAN_POINTS - 1
                && logError(roundTrip, parts, LARGEST_FACTOR, targets) <= logError(roundTrip, parts, found, targets)) {
            return LARGEST_FACTOR;
        }
        return found;
    }

    /** Sum over the calibration percentiles of (ln quantile of H + c X - ln target)^2. */
    static double logError(double[] roundTrip, double[] parts, double multiplier, double[] targets) {
        double[] sums = quantilesOfSum(roundTrip, parts, multiplier);
        double error = 0;
        for (int k = 0; k < targets.length; k++) {
            double difference = Math.log(Math.max(sums[k], 1e-6)) - Math.log(Math.max(targets[k], 1e-6));
            error += difference * difference;
        }
        return error;
    }

    /**
     * The quantiles of H + c X at {@link #CALIBRATION_PERCENTILES}, over the quantile grids of H
     * and X (independent): the sums of every pair, sorted, read at each percentile (the lower of
     * the two middle values' mean for the median of an even count).
     */
    static double[] quantilesOfSum(double[] roundTrip, double[] parts, double multiplier) {
        double[] sums = new double[roundTrip.length * parts.length];
        int next = 0;
        for (double h : roundTrip) {
            for (double x : parts) {
                sums[next++] = h + x * multiplier;
            }
        }
        Arrays.sort(sums);
        double[] quantiles = new double[CALIBRATION_PERCENTILES.length];
        for (int k = 0; k < quantiles.length; k++) {
            double position = CALIBRATION_PERCENTILES[k] / 100 * (sums.length - 1);
            int below = (int) Math.floor(position);
            int above = Math.min(sums.length - 1, below + 1);
            quantiles[k] = sums[below] + (position - below) * (sums[above] - sums[below]);
        }
        return quantiles;
    }

    private static double[] quantiles(Histogram micros) {
        double[] values = new double[LEVELS];
        for (int level = 0; level < LEVELS; level++) {
            values[level] = micros.getValueAtPercentile(100.0 * (level + 0.5) / LEVELS) / 1000.0;
        }
        return values;
    }

    /** A copy of {@code micros} with every value divided by {@code divisor} (rounded to a microsecond). */
    static Histogram divided(Histogram micros, double divisor) {
        if (divisor == 1) {
            return micros.copy();
        }
        Histogram result = new Histogram(micros.getHighestTrackableValue(), micros.getNumberOfSignificantValueDigits());
        for (HistogramIterationValue value : micros.recordedValues()) {
            long scaled = Math.round(micros.medianEquivalentValue(value.getValueIteratedTo()) / divisor);
            result.recordValueWithCount(scaled, value.getCountAtValueIteratedTo());
        }
        return result;
    }

    /** Divides a replica's (or the own replica's) histograms by the write and read factors given. */
    static Map<WarsMessage, Histogram> divided(
            Map<WarsMessage, Histogram> messages, double writeFactor, double readFactor) {
        Map<WarsMessage, Histogram> copy = new EnumMap<>(WarsMessage.class);
        messages.forEach((message, histogram) -> copy.put(
                message,
                divided(
                        histogram,
                        message == WarsMessage.WRITE || message == WarsMessage.ACKNOWLEDGEMENT
                                ? writeFactor
                                : readFactor)));
        return copy;
    }
}
