package dev.pbs.montecarlo;

/**
 * Told how far a simulation has come, after every chunk of trials, from the worker threads (so
 * implementations must be thread-safe and quick). Progress never changes the results.
 */
@FunctionalInterface
public interface ProgressListener {

    /** Listens to nothing. */
    ProgressListener NONE = (completedTrials, totalTrials) -> {};

    /**
     * @param completedTrials trials finished so far, at most {@code totalTrials}
     * @param totalTrials trials in the whole run
     */
    void progressed(long completedTrials, long totalTrials);
}
