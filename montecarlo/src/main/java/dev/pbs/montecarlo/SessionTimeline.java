package dev.pbs.montecarlo;

import dev.pbs.model.distribution.LatencySampler;
import java.util.Arrays;

/**
 * The writes of one key in a session trial, oldest first: each write's start and the time it
 * reaches every replica (its start plus a W delay drawn for that replica). A write's index is its
 * version: a later start is a newer value, and a replica holds the newest write that has reached
 * it. Reused from trial to trial; grows as needed.
 */
final class SessionTimeline {

    /** The most writes one trial may hold before the simulation gives up (a runaway rate or delay). */
    static final int MAX_WRITES = 1_000_000;

    private final int n;
    private double[] start = new double[64];
    private double[] arrival;
    private int count;

    SessionTimeline(int n) {
        this.n = n;
        this.arrival = new double[64 * n];
    }

    void clear() {
        count = 0;
    }

    /**
     * Adds a write starting at {@code startMillis}, drawing its W delay to every replica.
     *
     * @return the time the write has reached every replica, ms
     */
    double add(double startMillis, LatencySampler[] write) {
        if (count == start.length) {
            if (count >= MAX_WRITES) {
                throw new IllegalStateException("a session trial needed more than " + MAX_WRITES + " writes: the "
                        + "write rate is too high for the profile's delays");
            }
            start = Arrays.copyOf(start, count * 2);
            arrival = Arrays.copyOf(arrival, count * 2 * n);
        }
        start[count] = startMillis;
        double everywhere = startMillis;
        int base = count * n;
        for (int replica = 0; replica < n; replica++) {
            double at = startMillis + write[replica].sample();
            arrival[base + replica] = at;
            everywhere = Math.max(everywhere, at);
        }
        count++;
        return everywhere;
    }

    /** Puts the writes added so far in the reverse order (they were added newest first). */
    void reverse() {
        for (int low = 0, high = count - 1; low < high; low++, high--) {
            double swap = start[low];
            start[low] = start[high];
            start[high] = swap;
            for (int replica = 0; replica < n; replica++) {
                double at = arrival[low * n + replica];
                arrival[low * n + replica] = arrival[high * n + replica];
                arrival[high * n + replica] = at;
            }
        }
    }

    /**
     * The version replica {@code replica} holds at {@code timeMillis}: the index of the newest
     * write that has reached it, or -1 when none has.
     */
    int versionAt(int replica, double timeMillis) {
        for (int write = count - 1; write >= 0; write--) {
            if (arrival[write * n + replica] <= timeMillis) {
                return write;
            }
        }
        return -1;
    }
}
