package dev.pbs.cassandra.faults;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Finds a node's pauses in the timing of requests sent to it at a steady cadence. A request is
 * held when its round trip exceeds a threshold: a paused node answers nothing, then every held
 * request at once when it resumes. A run of consecutive held requests is one pause (a new one when
 * their answers come more than a threshold apart). The pause began after the last request answered
 * in time was handled (the middle of its round trip) and before the first held request arrived (its
 * send time): the estimate is the midpoint of that interval, so its error is at most half the
 * cadence. It ended half a normal round trip before the first held answer came.
 *
 * <p>Requests left unanswered (failed, timed out) are not pauses: a run of them is an outage or a
 * client problem, and splits the pauses around it.
 */
public final class PauseFinder {

    private PauseFinder() {}

    /**
     * @param pings the requests to one node, in any order
     * @param thresholdNanos a round trip above this is held by a pause; above the node's normal round trips
     * @return the pauses, in time order
     */
    public static List<ObservedPause> find(List<Ping> pings, long thresholdNanos) {
        if (thresholdNanos <= 0) {
            throw new IllegalArgumentException("the pause threshold must be above 0 ns, was " + thresholdNanos);
        }
        List<Ping> ordered = new ArrayList<>(pings);
        ordered.sort(Comparator.comparingLong(Ping::sentNanos));
        long normalHalfTrip = normalRoundTrip(ordered, thresholdNanos) / 2;
        List<ObservedPause> pauses = new ArrayList<>();
        Ping lastInTime = null;
        List<Ping> held = new ArrayList<>();
        for (Ping ping : ordered) {
            if (!ping.answered()) {
                close(held, lastInTime, normalHalfTrip, pauses);
                lastInTime = null;
                continue;
            }
            boolean isHeld = ping.roundTripNanos() > thresholdNanos;
            if (isHeld
                    && !held.isEmpty()
                    && Math.abs(ping.answeredNanos() - held.get(0).answeredNanos()) > thresholdNanos) {
                // Answered well after the run's first: a second pause right after the first.
                close(held, lastInTime, normalHalfTrip, pauses);
                lastInTime = null;
            }
            if (isHeld) {
                held.add(ping);
            } else {
                close(held, lastInTime, normalHalfTrip, pauses);
                lastInTime = ping;
            }
        }
        close(held, lastInTime, normalHalfTrip, pauses);
        return pauses;
    }

    /** Ends a run of held requests as a pause, if it holds any and a request answered in time came before it. */
    private static void close(List<Ping> held, Ping lastInTime, long normalHalfTrip, List<ObservedPause> pauses) {
        if (held.isEmpty()) {
            return;
        }
        Ping first = held.get(0);
        long firstAnswer = held.stream().mapToLong(Ping::answeredNanos).min().orElseThrow();
        long end = firstAnswer - normalHalfTrip;
        // Without a request answered in time before it, the pause's start is only bounded by the
        // first held request's arrival: its send time.
        long start = lastInTime == null
                ? first.sentNanos()
                : midpoint(lastInTime.sentNanos() + lastInTime.roundTripNanos() / 2, first.sentNanos());
        pauses.add(new ObservedPause(Math.min(start, end), end, held.size()));
        held.clear();
    }

    private static long midpoint(long low, long high) {
        return low + (high - low) / 2;
    }

    /** The median round trip of the requests answered in time (0 when there are none). */
    static long normalRoundTrip(List<Ping> pings, long thresholdNanos) {
        long[] trips = pings.stream()
                .filter(Ping::answered)
                .mapToLong(Ping::roundTripNanos)
                .filter(trip -> trip <= thresholdNanos)
                .sorted()
                .toArray();
        return trips.length == 0 ? 0 : trips[trips.length / 2];
    }
}
