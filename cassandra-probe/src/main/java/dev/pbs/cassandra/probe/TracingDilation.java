package dev.pbs.cassandra.probe;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageCorrelation;
import dev.pbs.model.profile.WarsMessage;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

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
 * {@code X} of each such operation through the coordinators it went through; the untraced
 * operation then takes {@code H + X}, H and X coupled by a Gaussian copula with the correlation the
 * traced operations measure ({@link MessagePairs.Snapshot#clientCoupling}; {@link CoupledSum}).
 *
 * <p>Four corrections bring the traced delays back, one per path: the coordinator's own
 * replica's W and A (which a write at ONE waits for), the other replicas' W and A (a write at TWO,
 * or with one replica per key at ONE through a node that is not a replica), the own replica's R
 * and S (a read at ONE, served locally most of the time) and the other replicas' R and S (a read at
 * TWO, or at ONE through another node likewise). Each is a power law or an affine map ({@link
 * PathCorrection}: delay x becomes scale x^exponent - shift, never longer than x). They are found
 * together by a fixed-point iteration: the model runs with the current corrections; for each of the
 * four operations, the step (multiplier c with an exponent b, or c with a shift d) at which the
 * quantiles of {@code H + c M (X / M)^b} or {@code H + c X - d} (M the median of X) come closest to
 * the untraced ones (p50, p75, p90, p95 and p99, in the least squares of their logarithms) is found,
 * and its path's correction is followed by that step, the shift spread over the part's delays; until
 * every c and b is within 1% of 1 and every d within 1% of the part's median, or {@link #ROUNDS}
 * rounds.
 *
 * <p>The shift is tracing's cost as a constant: at natural latencies on the local cluster, the traced
 * delays' medians were several times the untraced operations' while their p99 were about as long, so
 * a divisor fitted to all five percentiles left the client's median 13% to 48% long and its p99 20%
 * short (a warm 3-node cluster, 2026-12-05: reads at ONE through a replica 1.60 ms predicted at the
 * median against 1.08 ms untraced, 24.1 against 29.9 ms at p99). Taking the same time off every
 * delay shrinks the body and keeps the tail.
 *
 * <p>Fitted to the median alone, a plain divisor brought the medians back but left the traced
 * tails too long, and the client's latency at p99 was predicted 20% to 50% too high; fitted to
 * the five percentiles, it traded the median against the tail, and p90 and p95 came out too short
 * while p99 stayed too long. With the exponent, the body and the tail are fitted each (docs/probe.md).
 *
 * <p>With one replica per key there is no operation at TWO within the replicas; where such a
 * cluster (or one datacenter of several) has a node that is not a replica of a key, the probe's
 * untraced operations at ONE (LOCAL_ONE) through it calibrate the path to the replica instead: a
 * read is then exactly the replica's R and S, a write its W and A. With two replicas or more the
 * operations at TWO through a replica calibrate it, even where operations through other nodes
 * were timed as well: on the local two-datacenter cluster, writes at ONE through a node that is
 * not a replica (the fastest of three replicas) divided dc1's W and A by 1.46 where the writes at
 * TWO divided them by 1.23, and the cell's quorum writes were then predicted 8% short at the
 * median and 20% short at p99, its staleness 0.8 points further off (docs/fidelity-results.md,
 * 2026-12-05). Reads are the exception: where at least {@link #MINIMUM_SAMPLES} reads at ONE
 * went through a node that is not a replica, they calibrate the other replicas' R and S whatever the
 * replicas per key, since a read at TWO also carries the coordinator's work of comparing two answers,
 * which the model's per-replica delays lack: calibrated at TWO, reads at ONE through a node that is not
 * a replica were predicted 1.62 ms at the median against 0.91 ms observed (three nodes, two replicas
 * per key, nothing injected, 2026-12-05). Always with the own replica's path measured and at least
 * {@link #MINIMUM_SAMPLES} of each timing.
 *
 * <p>With two replicas per key, the writes at ONE through a node that is not a replica, where enough
 * were timed, then fit how much the two replicas' write paths move together ({@link
 * ForwardedWritesFit}; {@link Corrections#writesBetweenReplicas}), which none of the four operations
 * above depends on.
 */
public final class TracingDilation {

    /** Fewer untraced operations of a kind or round trips than this, and nothing is corrected. */
    public static final int MINIMUM_SAMPLES = 40;
    /** The most a correction divides a delay by. */
    public static final double LARGEST_FACTOR = 50;
    /** The most rounds of the fixed-point iteration. */
    static final int ROUNDS = 8;

    /** The percentiles of the untraced operations the corrections are fitted to. */
    static final double[] CALIBRATION_PERCENTILES = {50, 75, 90, 95, 99};

    /**
     * How many of each path's delays an operation adds up, in the order of {@link Corrections#paths}:
     * the own replica's W alone for a write (its A is 0), W and A or R and S for the others.
     */
    private static final int[] DELAYS_PER_PART = {1, 2, 2, 2};

    /**
     * The corrections of each path's traced delays ({@link PathCorrection#NONE}: left as traced).
     *
     * @param localWrite the coordinator's own replica's W and A
     * @param remoteWrite the other replicas' W and A
     * @param localRead the coordinator's own replica's R and S
     * @param remoteRead the other replicas' R and S
     * @param writesBetweenReplicas the correlation between two replicas' writes fitted on the writes
     *     through a node that is not a replica ({@link ForwardedWritesFit}), or NaN: as traced
     * @param explanation what was measured and found, for the profile's provenance
     */
    public record Corrections(
            PathCorrection localWrite,
            PathCorrection remoteWrite,
            PathCorrection localRead,
            PathCorrection remoteRead,
            double writesBetweenReplicas,
            String explanation) {

        static final Corrections NONE = new Corrections(
                PathCorrection.NONE, PathCorrection.NONE, PathCorrection.NONE, PathCorrection.NONE, Double.NaN, "");

        static Corrections none(String why) {
            return NONE.explained("No tracing dilation was corrected: " + why + ".");
        }

        public boolean isNone() {
            return localWrite.isNone() && remoteWrite.isNone() && localRead.isNone() && remoteRead.isNone();
        }

        /**
         * Each path followed by its step: {multiplier, exponent, shift of the part in ms, median of
         * the part} per path, in order. A part's shift is spread over the delays it adds up: the own
         * replica's W alone for its writes (its A is 0), W and A or R and S for the others.
         */
        Corrections then(double[][] steps) {
            return new Corrections(
                    followed(localWrite, steps[0], DELAYS_PER_PART[0]),
                    followed(remoteWrite, steps[1], DELAYS_PER_PART[1]),
                    followed(localRead, steps[2], DELAYS_PER_PART[2]),
                    followed(remoteRead, steps[3], DELAYS_PER_PART[3]),
                    writesBetweenReplicas,
                    explanation);
        }

        private static PathCorrection followed(PathCorrection path, double[] step, int delays) {
            return step[2] != 0 ? path.thenShifted(step[0], step[2] / delays) : path.then(step[0], step[1], step[3]);
        }

        Corrections explained(String text) {
            return new Corrections(localWrite, remoteWrite, localRead, remoteRead, writesBetweenReplicas, text);
        }

        /** These corrections with the correlation between two replicas' writes {@code correlation}. */
        Corrections withWritesBetweenReplicas(double correlation) {
            return new Corrections(localWrite, remoteWrite, localRead, remoteRead, correlation, explanation);
        }

        /**
         * {@code profile} (of the traced delays, corrected) with the fitted correlation between two
         * replicas' writes, if one was fitted; its other correlations as they are.
         */
        public LatencyProfile correlated(LatencyProfile profile) {
            if (Double.isNaN(writesBetweenReplicas)) {
                return profile;
            }
            MessageCorrelation measured = profile.messageCorrelation();
            return profile.toBuilder()
                    .messageCorrelation(MessageCorrelation.within(
                            writesBetweenReplicas,
                            measured.writesWithOwnReplica(),
                            measured.readsBetweenReplicas(),
                            measured.readsWithOwnReplica()))
                    .build();
        }

        PathCorrection[] paths() {
            return new PathCorrection[] {localWrite, remoteWrite, localRead, remoteRead};
        }
    }

    private TracingDilation() {}

    /**
     * Estimates the corrections.
     *
     * @param profiles the profile the snapshot's traced delays give once corrected as given
     */
    public static Corrections estimate(ProbeSnapshot snapshot, Function<Corrections, LatencyProfile> profiles) {
        return estimate(snapshot, profiles, false);
    }

    /**
     * {@link #estimate(ProbeSnapshot, Function)}, the other replicas' W and A calibrated on the writes
     * at ONE through a node that is not a replica (where enough were timed) when {@code
     * writesThroughOtherAllowed}, else on the writes at TWO through a replica, as the probe does: a
     * comparison (NaturalCellsLongIT). Calibrated through another node, the token-unaware cell's
     * writes came within 3% (latency N-RMSE) but its staleness RMSE went from 0.17% to 1.09%, and
     * the writes at TWO were predicted twice as long at p99 (16.6 ms against 8.6): with two replicas
     * or more, the writes at TWO calibrate (docs/fidelity-results.md, 2026-12-05, seventh session).
     */
    static Corrections estimate(
            ProbeSnapshot snapshot, Function<Corrections, LatencyProfile> profiles, boolean writesThroughOtherAllowed) {
        ClientLatencies.Snapshot client = snapshot.client();
        int n = snapshot.replicationFactor();
        // With one replica per key the operations at TWO cannot stay within it: the operations
        // through another node are then the only measure of the path to a replica (see above).
        boolean throughOther = n < 2
                && client.writesThroughOther().getTotalCount() >= MINIMUM_SAMPLES
                && client.readsThroughOther().getTotalCount() >= MINIMUM_SAMPLES;
        if (n < 2 && !throughOther) {
            return Corrections.none("with one replica per key there is no other replica to calibrate against, and "
                    + "fewer than " + MINIMUM_SAMPLES + " untraced operations of each kind were timed through a node "
                    + "that is not a replica");
        }
        LatencyProfile traced = profiles.apply(Corrections.NONE);
        if (traced.coordinatorReplica().isEmpty()) {
            return Corrections.none("the coordinators' own replica path was not measured");
        }
        // With two replicas or more, the other replicas' R and S are calibrated on the reads at ONE
        // through a node that is not a replica where enough were timed (see above), else at TWO.
        boolean readsThroughOther = throughOther || client.readsThroughOther().getTotalCount() >= MINIMUM_SAMPLES;
        boolean writesThroughOther = throughOther
                || (writesThroughOtherAllowed && client.writesThroughOther().getTotalCount() >= MINIMUM_SAMPLES);
        Histogram[] untraced = {
            client.writesAtOne(),
            writesThroughOther ? client.writesThroughOther() : client.writesAtTwo(),
            client.readsAtOne(),
            readsThroughOther ? client.readsThroughOther() : client.readsAtTwo()
        };
        long fewest = client.roundTrips().getTotalCount();
        for (Histogram histogram : untraced) {
            fewest = Math.min(fewest, histogram.getTotalCount());
        }
        if (fewest < MINIMUM_SAMPLES) {
            return Corrections.none("fewer than " + MINIMUM_SAMPLES + " untraced operations of some kind, or round "
                    + "trips, were timed");
        }
        CoupledSum roundTrip = CoupledSum.of(
                CoordinatorParts.quantiles(client.roundTrips()),
                CoordinatorParts.LEVELS,
                snapshot.pairs().clientCoupling());
        double[][] targets = new double[untraced.length][];
        for (int i = 0; i < untraced.length; i++) {
            targets[i] = CoordinatorParts.calibrationTargets(untraced[i]);
        }
        Corrections corrections = Corrections.NONE;
        double[] tracedMedians = tracedMedians(snapshot);
        double[][] parts = CoordinatorParts.of(traced, n, writesThroughOther, readsThroughOther);
        double[][] tracedParts = parts;
        double[][] steps = new double[untraced.length][];
        int round = 0;
        while (round < ROUNDS) {
            boolean settled = true;
            PathCorrection[] current = corrections.paths();
            for (int i = 0; i < untraced.length; i++) {
                double median = parts[i][CoordinatorParts.LEVELS / 2];
                // A path shifts or bends, not both (PathCorrection): the first step that does one
                // keeps its later steps from doing the other. A shifting path keeps its scale at most
                // 1 and its shift within its traced median either way.
                CorrectionStep.ShiftBounds shiftBounds = current[i].exponent() == PathCorrection.HIGHEST_EXPONENT
                        ? new CorrectionStep.ShiftBounds(
                                1 / current[i].scale(), current[i].shift(), DELAYS_PER_PART[i], tracedMedians[i])
                        : null;
                double[] step =
                        CorrectionStep.find(roundTrip, parts[i], targets[i], !current[i].isShifted(), shiftBounds);
                steps[i] = new double[] {step[0], step[1], step[2], median};
                settled &= Math.abs(step[0] - 1) < 0.01
                        && Math.abs(step[1] - 1) < 0.01
                        && Math.abs(step[2]) < 0.01 * median;
            }
            round++;
            if (settled) {
                break;
            }
            corrections = corrections.then(steps);
            parts = CoordinatorParts.of(profiles.apply(corrections), n, writesThroughOther, readsThroughOther);
        }
        String[] operations = {
            throughOther ? "writes at ONE through a replica" : "writes at ONE",
            writesThroughOther ? "writes at ONE through a node that is not a replica" : "writes at TWO",
            throughOther ? "reads at ONE through a replica" : "reads at ONE",
            readsThroughOther ? "reads at ONE through a node that is not a replica" : "reads at TWO"
        };
        String account = CalibrationAccount.of(
                snapshot, client, operations, targets, tracedParts, parts, roundTrip, corrections);
        if (n == 2
                && !writesThroughOther
                && client.writesThroughOther().getTotalCount() >= MINIMUM_SAMPLES
                && snapshot.pairs().writesBetweenReplicas().pairs().size() >= MessagePairs.FEWEST_PAIRS) {
            // With two replicas per key, the writes through a node that is not a replica fit how
            // much their two paths move together (ForwardedWritesFit), which no calibrated
            // operation depends on; from the correlation the traced writes measured.
            Corrections calibrated = corrections;
            ForwardedWritesFit.Fit fit = ForwardedWritesFit.fit(
                    n,
                    traced.messageCorrelation(),
                    correlation -> profiles.apply(calibrated.withWritesBetweenReplicas(correlation)),
                    client.writesThroughOther(),
                    roundTrip);
            corrections = corrections.withWritesBetweenReplicas(fit.fitted());
            account += fit.explanation();
        } else if (parts.length > CoordinatorParts.UNCALIBRATED_WRITE) {
            // The writes timed the other way, not calibrated on: through a node that is not a
            // replica, or at TWO through a replica.
            boolean atTwo = writesThroughOther;
            Histogram timed = atTwo ? client.writesAtTwo() : client.writesThroughOther();
            if (timed.getTotalCount() >= MINIMUM_SAMPLES) {
                account += CalibrationAccount.uncalibrated(
                        atTwo ? "writes at TWO" : "writes at ONE through a node that is not a replica",
                        timed,
                        roundTrip,
                        parts[CoordinatorParts.UNCALIBRATED_WRITE]);
            }
        }
        return corrections.explained(account + String.format(Locale.ROOT, " Found in %d rounds.", round));
    }

    /**
     * The median of each path's traced W (write paths) or R (read paths), ms, in the order of {@link
     * Corrections#paths}: the most a path's shift may take off (0 where the path was not measured).
     */
    private static double[] tracedMedians(ProbeSnapshot snapshot) {
        Histogram[] references = CalibrationAccount.tracedReferences(snapshot);
        double[] medians = new double[references.length];
        for (int i = 0; i < references.length; i++) {
            medians[i] = CalibrationAccount.percentileMillis(references[i], 50);
        }
        return medians;
    }

    /** Corrects a replica's (or the own replica's) histograms: W and A by the write path's correction, R and S by the read path's. */
    static Map<WarsMessage, Histogram> corrected(
            Map<WarsMessage, Histogram> messages, PathCorrection write, PathCorrection read) {
        Map<WarsMessage, Histogram> copy = new EnumMap<>(WarsMessage.class);
        messages.forEach((message, histogram) -> copy.put(
                message,
                (message == WarsMessage.WRITE || message == WarsMessage.ACKNOWLEDGEMENT ? write : read)
                        .applyTo(histogram)));
        return copy;
    }
}
