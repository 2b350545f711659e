package dev.pbs.service.probes;

import dev.pbs.cassandra.observe.ObservedPoint;
import dev.pbs.cassandra.observe.ObservedStaleness;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Counts, t by t, the windows whose observed share fell inside its prediction interval. */
final class CoverageTally {

    /** t in ms to {windows, within}. */
    private final Map<Double, long[]> counts = new TreeMap<>();

    /** Counts the points of one window's observation that carry an interval. */
    synchronized void count(ObservedStaleness observed) {
        for (ObservedPoint point : observed.points()) {
            if (point.expected() == null) {
                continue;
            }
            long[] count = counts.computeIfAbsent(point.tMillis(), t -> new long[2]);
            count[0]++;
            if (point.expected().contains(point.observed().estimate())) {
                count[1]++;
            }
        }
    }

    /** The counts by t, in increasing t. */
    synchronized List<ObservationCoverage> view() {
        List<ObservationCoverage> view = new ArrayList<>();
        counts.forEach((t, count) -> view.add(new ObservationCoverage(t, count[0], count[1])));
        return view;
    }
}
