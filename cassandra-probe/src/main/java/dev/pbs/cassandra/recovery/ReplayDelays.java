package dev.pbs.cassandra.recovery;

import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.LatencyDistribution;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * Hint replay delays measured at a node back from an outage: for each write made while it was down,
 * when it appeared in reads that the node served itself, in ms since its return.
 *
 * <p>A write appeared between the last read that missed it and the first that found it; its delay
 * is the middle of that interval. A write found by its first read counts as there at the return
 * (delay 0): how long before the return it arrived, no read can tell. A write that no read had found
 * by the deadline counts at the deadline, so that {@link #distribution()} is the distribution of the
 * delay below the deadline, which is all a curve shorter than the deadline needs.
 *
 * <p>Each write is kept with the node that coordinated it, which is the node that kept its hint:
 * Cassandra replays a node's hints for one endpoint file by file, so the writes of one coordinator
 * tend to appear together ({@link #byCoordinator()}).
 *
 * @param appeared the writes that appeared, one entry each
 * @param neverAppeared writes that no read had found by the deadline
 * @param deadlineMillis how long after the return the node was read, ms; above 0
 */
public record ReplayDelays(List<Appearance> appeared, int neverAppeared, double deadlineMillis) {

    /** Highest delay the histogram holds: an hour, in microseconds. */
    private static final long HIGHEST_MICROS = TimeUnit.HOURS.toMicros(1);

    /**
     * When one write appeared, in ms since the return.
     *
     * @param coordinator the address of the node that coordinated the write (and kept its hint)
     * @param lastMissedMillis when the last read that missed it was sent; {@link
     *     Double#NEGATIVE_INFINITY} when its first read found it
     * @param firstFoundMillis when the first read that found it was answered
     */
    public record Appearance(String coordinator, double lastMissedMillis, double firstFoundMillis) {

        public Appearance {
            Objects.requireNonNull(coordinator, "coordinator");
            if (!(firstFoundMillis >= 0) || Double.isInfinite(firstFoundMillis)) {
                throw new IllegalArgumentException(
                        "the first read that found a write must be answered at a finite time >= 0 ms, was "
                                + firstFoundMillis);
            }
            if (!(lastMissedMillis <= firstFoundMillis)) {
                throw new IllegalArgumentException("the last read that missed a write (" + lastMissedMillis
                        + " ms) must come before the first that found it (" + firstFoundMillis + " ms)");
            }
        }

        /** A write found by the first read of it. */
        public static Appearance atFirstRead(String coordinator, double firstFoundMillis) {
            return new Appearance(coordinator, Double.NEGATIVE_INFINITY, firstFoundMillis);
        }

        public boolean foundAtFirstRead() {
            return lastMissedMillis == Double.NEGATIVE_INFINITY;
        }

        /** Its replay delay: 0 if found at its first read, else the middle of the interval, at least 0. */
        public double delayMillis() {
            return foundAtFirstRead() ? 0 : Math.max(0, (lastMissedMillis + firstFoundMillis) / 2);
        }

        /** How precisely the delay is known: the interval's width, ms (the first read's time if found then). */
        public double uncertaintyMillis() {
            return foundAtFirstRead() ? firstFoundMillis : firstFoundMillis - lastMissedMillis;
        }
    }

    public ReplayDelays {
        appeared = List.copyOf(Objects.requireNonNull(appeared, "appeared"));
        if (neverAppeared < 0) {
            throw new IllegalArgumentException("writes that never appeared must be >= 0, was " + neverAppeared);
        }
        if (!(deadlineMillis > 0) || Double.isInfinite(deadlineMillis)) {
            throw new IllegalArgumentException("the deadline must be finite and above 0 ms, was " + deadlineMillis);
        }
        if (appeared.isEmpty() && neverAppeared == 0) {
            throw new IllegalArgumentException("no write was measured");
        }
    }

    /** Every write measured, appeared or not. */
    public int writes() {
        return appeared.size() + neverAppeared;
    }

    /** Writes found by their first read: there at the return, as far as reads can tell. */
    public int foundAtFirstRead() {
        return (int) appeared.stream().filter(Appearance::foundAtFirstRead).count();
    }

    /** The delays of the writes that appeared, ascending, ms. */
    public double[] delaysMillis() {
        double[] delays = new double[appeared.size()];
        for (int i = 0; i < delays.length; i++) {
            delays[i] = appeared.get(i).delayMillis();
        }
        Arrays.sort(delays);
        return delays;
    }

    /**
     * The {@code percentile}-th percentile of the delay over every write measured (the nearest rank;
     * writes that never appeared count at the deadline), ms.
     *
     * @param percentile in (0, 100]
     */
    public double percentileMillis(double percentile) {
        if (!(percentile > 0 && percentile <= 100)) {
            throw new IllegalArgumentException("the percentile must be in (0, 100], was " + percentile);
        }
        double[] delays = delaysMillis();
        int rank = (int) Math.ceil(percentile / 100 * writes());
        return rank <= delays.length ? delays[rank - 1] : deadlineMillis;
    }

    /** The median width of the intervals the writes appeared in: how finely the reads placed them, ms. */
    public double medianUncertaintyMillis() {
        if (appeared.isEmpty()) {
            return Double.NaN;
        }
        double[] widths = appeared.stream()
                .mapToDouble(Appearance::uncertaintyMillis)
                .sorted()
                .toArray();
        return widths[(widths.length - 1) / 2];
    }

    /**
     * Several measurements as one: their writes together, each delay counted from its own outage's
     * return, and the shortest deadline (a write found later than that counts at it).
     */
    public static ReplayDelays pooled(List<ReplayDelays> measurements) {
        if (measurements.isEmpty()) {
            throw new IllegalArgumentException("no measurement to pool");
        }
        double deadline = measurements.stream()
                .mapToDouble(ReplayDelays::deadlineMillis)
                .min()
                .orElseThrow();
        List<Appearance> appeared = new java.util.ArrayList<>();
        int never = 0;
        for (ReplayDelays measurement : measurements) {
            never += measurement.neverAppeared();
            for (Appearance appearance : measurement.appeared()) {
                if (appearance.delayMillis() < deadline) {
                    appeared.add(appearance);
                } else {
                    never++;
                }
            }
        }
        return new ReplayDelays(appeared, never, deadline);
    }

    /**
     * The writes of one coordinator: how many appeared, how many were there at their first read,
     * and the range of their delays.
     *
     * @param firstDelayMillis the shortest delay, ms
     * @param lastDelayMillis the longest, ms: the last of its hints had arrived by then
     */
    public record CoordinatorDelays(
            int appeared, int foundAtFirstRead, double firstDelayMillis, double lastDelayMillis) {}

    /** The writes that appeared, by the address of the node that coordinated them, in address order. */
    public java.util.SortedMap<String, CoordinatorDelays> byCoordinator() {
        java.util.SortedMap<String, CoordinatorDelays> coordinators = new java.util.TreeMap<>();
        for (Appearance appearance : appeared) {
            double delay = appearance.delayMillis();
            int atFirst = appearance.foundAtFirstRead() ? 1 : 0;
            coordinators.merge(
                    appearance.coordinator(),
                    new CoordinatorDelays(1, atFirst, delay, delay),
                    (known, added) -> new CoordinatorDelays(
                            known.appeared() + 1,
                            known.foundAtFirstRead() + added.foundAtFirstRead(),
                            Math.min(known.firstDelayMillis(), added.firstDelayMillis()),
                            Math.max(known.lastDelayMillis(), added.lastDelayMillis())));
        }
        return coordinators;
    }

    /**
     * The delay as a distribution, in microsecond buckets ({@link Empirical}): every write measured,
     * those that never appeared at the deadline.
     */
    public LatencyDistribution distribution() {
        Histogram histogram = new Histogram(HIGHEST_MICROS, 3);
        for (Appearance appearance : appeared) {
            histogram.recordValue(micros(appearance.delayMillis()));
        }
        if (neverAppeared > 0) {
            histogram.recordValueWithCount(micros(deadlineMillis), neverAppeared);
        }
        return Empirical.of(histogram, TimeUnit.MICROSECONDS);
    }

    private static long micros(double millis) {
        return Math.min(HIGHEST_MICROS, Math.round(millis * 1000));
    }
}
