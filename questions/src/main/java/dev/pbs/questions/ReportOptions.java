package dev.pbs.questions;

import java.util.List;

/**
 * What a prediction report shows besides the t-visibility grid (which lives in the simulation
 * spec): the windows, the latency percentiles and the k of k-staleness.
 *
 * @param windows probabilities p in (0, 1]: report how long after commit a read must start to be
 *     consistent with probability p
 * @param percentiles latency percentiles in (0, 100]
 * @param versionsBehind values of k >= 1: report P(a read returns a value more than k versions old)
 */
public record ReportOptions(List<Double> windows, List<Double> percentiles, List<Integer> versionsBehind) {

    /** Windows 0.99, 0.999, 0.9999; percentiles 50, 90, 99, 99.9; k = 1, 2, 3. */
    public static final ReportOptions DEFAULT =
            new ReportOptions(List.of(0.99, 0.999, 0.9999), List.of(50.0, 90.0, 99.0, 99.9), List.of(1, 2, 3));

    /** The most values any one list may hold. */
    public static final int MAX_VALUES = 1000;

    public ReportOptions {
        windows = List.copyOf(windows);
        percentiles = List.copyOf(percentiles);
        versionsBehind = List.copyOf(versionsBehind);
        requireSize("windows", windows.size());
        requireSize("percentiles", percentiles.size());
        requireSize("k", versionsBehind.size());
        for (double window : windows) {
            if (!(window > 0 && window <= 1)) {
                throw new IllegalArgumentException("windows must be probabilities in (0, 1], was " + window);
            }
        }
        for (double percentile : percentiles) {
            if (!(percentile > 0 && percentile <= 100)) {
                throw new IllegalArgumentException("percentiles must be in (0, 100], was " + percentile);
            }
        }
        for (int k : versionsBehind) {
            if (k < 1) {
                throw new IllegalArgumentException("k must be >= 1, was " + k);
            }
        }
    }

    private static void requireSize(String name, int size) {
        if (size > MAX_VALUES) {
            throw new IllegalArgumentException(name + " may list at most " + MAX_VALUES + " values, was " + size);
        }
    }
}
