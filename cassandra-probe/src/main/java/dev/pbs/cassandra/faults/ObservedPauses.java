package dev.pbs.cassandra.faults;

import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.faults.PauseProcess;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * One node's pauses over a watched span, and the pause process they measure: the pauses' lengths
 * and the running times between them, each as an empirical distribution.
 *
 * @param pauses the pauses found, in time order
 * @param watchedNanos how long the node was watched
 */
public record ObservedPauses(List<ObservedPause> pauses, long watchedNanos) {

    /** Pauses needed before a process is estimated: two give one running time between them. */
    public static final int MINIMUM_PAUSES = 3;

    public ObservedPauses {
        pauses = List.copyOf(pauses);
    }

    /** The fraction of the watched span the node spent paused. */
    public double fractionPaused() {
        long paused = pauses.stream()
                .mapToLong(pause -> pause.endNanos() - pause.startNanos())
                .sum();
        return watchedNanos <= 0 ? 0 : (double) paused / watchedNanos;
    }

    /**
     * The pause process, from at least {@link #MINIMUM_PAUSES} pauses: lengths and running times
     * in microseconds; empty with fewer.
     */
    public Optional<PauseProcess> process() {
        return pooledProcess(List.of(this));
    }

    /**
     * One pause process from several nodes' pauses: every pause's length, and the running times
     * between consecutive pauses of the same node; empty with fewer than {@link #MINIMUM_PAUSES}
     * pauses in all or no running time.
     */
    public static Optional<PauseProcess> pooledProcess(List<ObservedPauses> nodes) {
        Histogram lengths = new Histogram(3);
        Histogram running = new Histogram(3);
        for (ObservedPauses node : nodes) {
            List<ObservedPause> pauses = node.pauses();
            for (int k = 0; k < pauses.size(); k++) {
                ObservedPause pause = pauses.get(k);
                lengths.recordValue(Math.max(1, TimeUnit.NANOSECONDS.toMicros(pause.endNanos() - pause.startNanos())));
                if (k > 0) {
                    long between = pause.startNanos() - pauses.get(k - 1).endNanos();
                    running.recordValue(Math.max(0, TimeUnit.NANOSECONDS.toMicros(between)));
                }
            }
        }
        if (lengths.getTotalCount() < MINIMUM_PAUSES || running.getTotalCount() == 0) {
            return Optional.empty();
        }
        return Optional.of(new PauseProcess(
                Empirical.of(running, TimeUnit.MICROSECONDS), Empirical.of(lengths, TimeUnit.MICROSECONDS)));
    }
}
