package dev.pbs.cassandra.cluster;

/**
 * One pause of a node's JVM: SIGSTOP, then SIGCONT. The node was stopped for certain from {@code
 * stop.after()} to {@code resume.before()}, and at most from {@code stop.before()} to {@code
 * resume.after()}.
 *
 * @param number 1 for the first pause of a schedule, 2 for the next, ...
 * @param stop when SIGSTOP was sent
 * @param resume when SIGCONT was sent
 */
public record NodePause(int number, SignalTiming stop, SignalTiming resume) {

    /** Microseconds the node was stopped for certain: from SIGSTOP's return to SIGCONT's launch. */
    public long surelyStoppedMicros() {
        return stop.after().microsUntil(resume.before());
    }

    /** Microseconds the node was stopped at most: from SIGSTOP's launch to SIGCONT's return. */
    public long atMostStoppedMicros() {
        return stop.before().microsUntil(resume.after());
    }
}
