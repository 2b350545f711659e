package dev.pbs.cassandra.cluster;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Stops one node of a local cluster for a given time, as a crash does, then starts it again: SIGKILL
 * (as {@link LocalCluster#kill}, so that the node stops at a known moment, without the seconds of a
 * graceful shutdown, and tells no one), the outage's length measured from the moment its JVM had
 * exited, then {@link LocalCluster#restart}, which returns once the node serves CQL.
 *
 * <p>The node is always started again: after the outage, on an exception or an interrupt (the first
 * failure is kept, a failure to start added to it), and, while the outage lasts, from a JVM shutdown
 * hook, so that Ctrl-C starts it before this JVM exits (the hook waits until the node serves CQL,
 * about ten seconds on a 2-core machine). Only a SIGKILL of this JVM can leave the node down
 * ({@code pbs cassandra start --dir DIR} then starts it). One outage per instance.
 */
public final class NodeOutage {

    /** The longest outage: a forgotten one still ends within the hour. */
    public static final Duration LONGEST = Duration.ofHours(1);

    private final LocalCluster cluster;
    private final Duration length;
    private final FaultedNode node;
    private final Object lock = new Object();
    private boolean down;

    /**
     * An outage of node {@code index} of {@code cluster} lasting {@code length}.
     *
     * @throws IllegalArgumentException if the length is not above zero or exceeds an hour, there is
     *     no cluster in its folder, the index is not one of its nodes, or the node does not run
     */
    public NodeOutage(LocalCluster cluster, int index, Duration length) {
        Objects.requireNonNull(length, "length");
        if (length.isNegative() || length.isZero()) {
            throw new IllegalArgumentException("--for must be above 0, was " + DurationText.of(length));
        }
        if (length.compareTo(LONGEST) > 0) {
            throw new IllegalArgumentException(
                    "--for must be at most " + DurationText.of(LONGEST) + ", was " + DurationText.of(length));
        }
        this.cluster = cluster;
        this.length = length;
        this.node = FaultedNode.running(cluster, index);
    }

    /** The node for messages, e.g. {@code node 2 (127.0.0.2, pid 4242)}. */
    public String describe() {
        return node.describe();
    }

    /**
     * Stops the node, waits the outage's length, starts it again and waits until it serves CQL.
     *
     * @param progress told when the node stopped and each step of its start
     * @throws IllegalStateException if the node does not come up again in time (its log is named),
     *     or this thread was interrupted (the node is started first)
     */
    public OutageTimes run(Consumer<String> progress) {
        Thread hook = new Thread(() -> restartForShutdown(progress), "restart-stopped-node");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return outage(progress);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shutdownInProgress) {
                // The hook is running or has run: it starts the node.
            }
        }
    }

    private OutageTimes outage(Consumer<String> progress) {
        ClockReading stopped;
        try {
            synchronized (lock) {
                // Marked first: a kill that fails midway is followed by a start too.
                down = true;
                cluster.kill(node.index());
                stopped = ClockReading.now();
            }
            progress.accept(node.describe() + " stopped (SIGKILL) at " + stopped.instant() + "; down for "
                    + DurationText.of(length));
            Pause.until(stopped.monotonicNanos() + length.toNanos());
        } catch (RuntimeException | Error failure) {
            try {
                startIfDown(progress);
            } catch (RuntimeException notStarted) {
                failure.addSuppressed(notStarted);
            }
            throw failure;
        }
        ClockReading restarted = ClockReading.now();
        startIfDown(progress);
        return new OutageTimes(node.index(), stopped, restarted, ClockReading.now());
    }

    /**
     * Starts the node if this outage stopped it and has not started it yet; waits until it serves
     * CQL, even when this thread was interrupted (the interrupt is kept for afterwards).
     */
    private void startIfDown(Consumer<String> progress) {
        boolean interrupted = Thread.interrupted();
        try {
            synchronized (lock) {
                if (down) {
                    cluster.restart(node.index(), progress);
                    down = false;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private void restartForShutdown(Consumer<String> progress) {
        synchronized (lock) {
            if (down) {
                progress.accept("interrupted: starting node " + node.index() + " again");
                startIfDown(progress);
            }
        }
    }
}
