package dev.pbs.cassandra.probe;

import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.WarsMessage;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Tracing's own cost as a constant per message, measured, for delays that tracing does not
 * stretch in proportion (sleeps injected in the nodes): every traced W and A of the other
 * replicas is shortened by {@code writeMillis}, every R and S by {@code readMillis}.
 *
 * <p>A traced operation writes its trace events as mutations of {@code system_traces} on the same
 * nodes as the operation, and each event costs the node some work whatever the delay around it.
 * {@link TracingDilation} brings traced delays back by a power law, which suits natural latencies
 * that tracing stretches; under injected sleeps that divides the sleeps too, so the fidelity
 * experiment kept the traced delays as they were, and predicted the client's read latency 1 to 2.5
 * ms too long at the median over the 3x3 grid (docs/fidelity-results.md). This subtracts instead.
 *
 * <p>The shift is fitted on the untraced operations at TWO, which the probe times through a
 * replica of their key ({@link ClientLatencies}): the other replicas' messages set their latency.
 * The model, fed the shifted delays, predicts the coordinator's part X of each; the untraced
 * operation takes {@code H + X}, H the client's round trip, H and X independent. The excess of the
 * predicted quantiles of H + X over the untraced ones, averaged over {@link
 * TracingDilation#CALIBRATION_PERCENTILES}, is halved (an operation waits for a request and its
 * answer) and added to the path's shift; until every excess is below {@link #SETTLED_MILLIS} or
 * {@link #ROUNDS} rounds. A shift never goes below 0 (tracing makes nothing faster), and a shifted
 * delay of x ms never below x / {@link TracingDilation#LARGEST_FACTOR}. The coordinator's own
 * replica's delays, which no message carries and no sleep is injected into, are left as traced.
 *
 * @param writeMillis subtracted from each other replica's traced W and A, ms; at least 0
 * @param readMillis subtracted from each other replica's traced R and S, ms; at least 0
 * @param explanation what was measured and found, for the profile's provenance
 */
public record TracingShift(double writeMillis, double readMillis, String explanation) {

    /** The most rounds of the iteration. */
    static final int ROUNDS = 6;
    /** An excess below this, ms, on both paths ends the iteration. */
    static final double SETTLED_MILLIS = 0.01;

    /** Leaves every delay as traced. */
    static final TracingShift NONE = new TracingShift(0, 0, "");

    public TracingShift {
        if (!(writeMillis >= 0) || !(readMillis >= 0) || !Double.isFinite(writeMillis + readMillis)) {
            throw new IllegalArgumentException(
                    "shifts must be finite and at least 0, were " + writeMillis + " and " + readMillis);
        }
    }

    /** Whether every delay is left as traced. */
    public boolean isNone() {
        return writeMillis == 0 && readMillis == 0;
    }

    /**
     * Estimates the shifts.
     *
     * @param profiles the profile the snapshot's traced delays give once shifted as given
     * @return {@link #NONE}, with the reason in its explanation, when the probe lacks what the fit
     *     needs: two replicas per key, the own replica's path, {@link TracingDilation#MINIMUM_SAMPLES}
     *     untraced operations at TWO of each kind and as many round trips
     */
    public static TracingShift estimate(ProbeSnapshot snapshot, Function<TracingShift, LatencyProfile> profiles) {
        ClientLatencies.Snapshot client = snapshot.client();
        int n = snapshot.replicationFactor();
        if (n < 2) {
            return none("with one replica per key no operation waits for two");
        }
        LatencyProfile traced = profiles.apply(NONE);
        if (traced.coordinatorReplica().isEmpty()) {
            return none("the coordinators' own replica path was not measured");
        }
        long fewest = Math.min(
                client.roundTrips().getTotalCount(),
                Math.min(
                        client.writesAtTwo().getTotalCount(),
                        client.readsAtTwo().getTotalCount()));
        if (fewest < TracingDilation.MINIMUM_SAMPLES) {
            return none("fewer than " + TracingDilation.MINIMUM_SAMPLES + " untraced operations at TWO of some kind, "
                    + "or round trips, were timed");
        }
        double[] roundTrip = CoordinatorParts.quantiles(client.roundTrips());
        double[] writeTargets = CoordinatorParts.calibrationTargets(client.writesAtTwo());
        double[] readTargets = CoordinatorParts.calibrationTargets(client.readsAtTwo());
        double[][] tracedParts = CoordinatorParts.of(traced, n, false);
        double[] tracedExcess = {
            excess(roundTrip, tracedParts[1], writeTargets), excess(roundTrip, tracedParts[3], readTargets)
        };
        TracingShift shift = NONE;
        double[] excess = tracedExcess;
        int round = 0;
        while (round < ROUNDS && (Math.abs(excess[0]) >= SETTLED_MILLIS || Math.abs(excess[1]) >= SETTLED_MILLIS)) {
            TracingShift next = new TracingShift(
                    Math.max(0, shift.writeMillis + excess[0] / 2), Math.max(0, shift.readMillis + excess[1] / 2), "");
            round++;
            if (next.writeMillis == shift.writeMillis && next.readMillis == shift.readMillis) {
                break;
            }
            shift = next;
            double[][] parts = CoordinatorParts.of(profiles.apply(shift), n, false);
            excess = new double[] {excess(roundTrip, parts[1], writeTargets), excess(roundTrip, parts[3], readTargets)};
        }
        String measured = measured(writeTargets, readTargets, tracedExcess);
        if (shift.isNone()) {
            return new TracingShift(
                    0,
                    0,
                    "Tracing's own cost was not subtracted: untraced " + measured
                            + ", which leaves nothing to take off (a shift is never below 0).");
        }
        return new TracingShift(
                shift.writeMillis,
                shift.readMillis,
                "Tracing's own cost was subtracted as a constant per message: the delays were injected (sleeps in the "
                        + "nodes), which tracing does not stretch in proportion. Untraced "
                        + measured
                        + String.format(
                                Locale.ROOT,
                                ". Each other replica's W and A were shortened by %.3f ms, R and S by %.3f ms (%d "
                                        + "rounds; left over: %.3f and %.3f ms).",
                                shift.writeMillis,
                                shift.readMillis,
                                round,
                                excess[0],
                                excess[1]));
    }

    /** What the untraced operations took ("writes at TWO took …"), and how far the traced delays predicted them. */
    private static String measured(double[] writeTargets, double[] readTargets, double[] tracedExcess) {
        return String.format(
                Locale.ROOT,
                "writes at TWO took %.3f ms at the median and %.3f ms at p99, reads at TWO %.3f and %.3f ms; "
                        + "on average over p50 to p99 the traced delays predicted the writes %s and the reads %s",
                writeTargets[0],
                writeTargets[writeTargets.length - 1],
                readTargets[0],
                readTargets[readTargets.length - 1],
                longerOrShorter(tracedExcess[0]),
                longerOrShorter(tracedExcess[1]));
    }

    /** A copy of a replica's histograms with W and A shortened by the write shift, R and S by the read shift. */
    Map<WarsMessage, Histogram> applyTo(Map<WarsMessage, Histogram> messages) {
        Map<WarsMessage, Histogram> copy = new EnumMap<>(WarsMessage.class);
        messages.forEach((message, histogram) -> copy.put(
                message,
                shifted(
                        histogram,
                        message == WarsMessage.WRITE || message == WarsMessage.ACKNOWLEDGEMENT
                                ? writeMillis
                                : readMillis)));
        return copy;
    }

    /** The delay of {@code millis} ms less {@code shiftMillis}, never below millis / {@link TracingDilation#LARGEST_FACTOR}. */
    static double shifted(double millis, double shiftMillis) {
        return millis <= 0 ? millis : Math.max(millis / TracingDilation.LARGEST_FACTOR, millis - shiftMillis);
    }

    private static Histogram shifted(Histogram micros, double shiftMillis) {
        if (shiftMillis == 0) {
            return micros.copy();
        }
        Histogram result = new Histogram(micros.getHighestTrackableValue(), micros.getNumberOfSignificantValueDigits());
        for (HistogramIterationValue value : micros.recordedValues()) {
            double millis = micros.medianEquivalentValue(value.getValueIteratedTo()) / 1000.0;
            result.recordValueWithCount(
                    Math.round(shifted(millis, shiftMillis) * 1000), value.getCountAtValueIteratedTo());
        }
        return result;
    }

    /**
     * The mean over the calibration percentiles of the predicted quantile of H + X less the
     * untraced one, ms: positive when the traced delays predict the operation too long.
     */
    static double excess(double[] roundTrip, double[] parts, double[] targets) {
        double[] predicted = CorrectionStep.quantilesOfSum(CoupledSum.independent(roundTrip, parts.length), parts, 1);
        double sum = 0;
        for (int k = 0; k < targets.length; k++) {
            sum += predicted[k] - targets[k];
        }
        return sum / targets.length;
    }

    /** "0.854 ms longer" or "5.006 ms shorter". */
    static String longerOrShorter(double excessMillis) {
        return String.format(
                Locale.ROOT, "%.3f ms %s", Math.abs(excessMillis), excessMillis < 0 ? "shorter" : "longer");
    }

    private static TracingShift none(String why) {
        return new TracingShift(0, 0, "Tracing's own cost was not subtracted: " + why + ".");
    }
}
