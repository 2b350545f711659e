package dev.pbs.cassandra.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Pauses one node on a {@link PauseSchedule}: SIGSTOP, the pause's length, SIGCONT, and again at
 * the start of every period, until the schedule's total has passed; a stop-the-world pause as a
 * long garbage collection makes one, seen from the other nodes and the clients.
 *
 * <p>The node is always left running. SIGCONT follows every SIGSTOP however the pause ends: at its
 * time, on an exception or an interrupt (the first failure is kept, a failure to resume added to
 * it), and, while the run lasts, from a JVM shutdown hook, so that Ctrl-C resumes the node before
 * this JVM exits; once the hook has run, no further SIGSTOP is sent. Only a SIGKILL of this JVM
 * during a pause can leave the node stopped ({@code kill -CONT PID} then resumes it).
 *
 * <p>The run is bounded: it ends when the schedule's total has passed. A pause that starts late
 * (the machine busy) starts as soon as it can, and one that could no longer end within the total
 * and 20 ms is not made, so the run overruns its total by at most 20 ms and a signal's sending.
 * Each pause is recorded as it was made ({@link NodePause}): when each signal went, on the wall
 * clock and the monotonic clock.
 */
public final class PauseRun {

    /**
     * How far past the total a late pause may end, in nanoseconds: waking up a little after the
     * moment a pause is due must not cost the last pause of a schedule that ends with it.
     */
    static final long LATENESS_ALLOWED_NANOS = 20_000_000L;

    private final SuspendableProcess process;
    private final Object lock = new Object();
    private boolean paused;
    private boolean shuttingDown;

    PauseRun(SuspendableProcess process) {
        this.process = process;
    }

    /**
     * Pauses of node {@code index} of {@code cluster}.
     *
     * @throws IllegalArgumentException if there is no cluster in its folder, the index is not one of
     *     its nodes, or the node does not run
     */
    public static PauseRun onNode(LocalCluster cluster, int index) {
        return new PauseRun(new NodeSignals(FaultedNode.running(cluster, index)));
    }

    /** The paused process for messages, e.g. {@code node 2 (127.0.0.2, pid 4242)}. */
    public String describe() {
        return process.describe();
    }

    /**
     * Runs the schedule to its end, in this thread.
     *
     * @param eachPause told of each pause once the node runs again
     * @param progress told when a shutdown of this JVM resumes the node
     * @return the pauses made, in order (fewer than the schedule's count if this JVM began to shut
     *     down, or pauses started late)
     * @throws IllegalStateException if a signal could not be sent, the node stopped running, or this
     *     thread was interrupted; the node is resumed first
     */
    public List<NodePause> run(PauseSchedule schedule, Consumer<NodePause> eachPause, Consumer<String> progress) {
        synchronized (lock) {
            paused = false;
            shuttingDown = false;
        }
        // Signal 0 first: the node can be signalled, and the first signal of the schedule is not
        // slowed by readying the machinery that sends it.
        process.check();
        Thread hook = new Thread(() -> resumeForShutdown(progress), "resume-paused-node");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return pauses(schedule, eachPause);
        } finally {
            removeHook(hook);
        }
    }

    private List<NodePause> pauses(PauseSchedule schedule, Consumer<NodePause> eachPause) {
        List<NodePause> pauses = new ArrayList<>();
        long origin = System.nanoTime();
        long end = origin + schedule.total().toNanos();
        long length = schedule.length().toNanos();
        for (int number = 1; number <= schedule.pauseCount(); number++) {
            Pause.until(origin + schedule.pauseStart(number).toNanos());
            if (System.nanoTime() + length > end + LATENESS_ALLOWED_NANOS) {
                break;
            }
            Optional<NodePause> pause = pauseOnce(number, length);
            if (pause.isEmpty()) {
                return pauses;
            }
            pauses.add(pause.get());
            eachPause.accept(pause.get());
        }
        if (!isShuttingDown()) {
            Pause.until(end);
        }
        return pauses;
    }

    /**
     * One pause: SIGSTOP, {@code lengthNanos} from its launch, SIGCONT.
     *
     * @return empty if this JVM is shutting down (the hook resumed the node, or none was stopped)
     */
    private Optional<NodePause> pauseOnce(int number, long lengthNanos) {
        SignalTiming stop;
        try {
            synchronized (lock) {
                if (shuttingDown) {
                    return Optional.empty();
                }
                // Marked first: a SIGSTOP whose command fails midway is answered by a SIGCONT too.
                paused = true;
                ClockReading before = ClockReading.now();
                process.suspend();
                stop = new SignalTiming(before, ClockReading.now());
            }
            // Timed from SIGSTOP's launch: both commands take about as long, so the node is
            // stopped for about the asked length.
            Pause.until(stop.before().monotonicNanos() + lengthNanos);
        } catch (RuntimeException | Error failure) {
            try {
                resumeIfPaused();
            } catch (RuntimeException notResumed) {
                failure.addSuppressed(notResumed);
            }
            throw failure;
        }
        return resumeIfPaused().map(resume -> new NodePause(number, stop, resume));
    }

    /** SIGCONT if a SIGSTOP was sent and not yet answered; the timing of the SIGCONT, if sent. */
    private Optional<SignalTiming> resumeIfPaused() {
        synchronized (lock) {
            if (!paused) {
                return Optional.empty();
            }
            ClockReading before = ClockReading.now();
            process.resume();
            paused = false;
            return Optional.of(new SignalTiming(before, ClockReading.now()));
        }
    }

    /** The shutdown hook's work: no SIGSTOP from now on, and SIGCONT if the node is stopped. */
    void resumeForShutdown(Consumer<String> progress) {
        synchronized (lock) {
            shuttingDown = true;
            if (resumeIfPaused().isPresent()) {
                progress.accept("interrupted: " + process.describe() + " resumed (SIGCONT)");
            }
        }
    }

    private boolean isShuttingDown() {
        synchronized (lock) {
            return shuttingDown;
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shutdownInProgress) {
            // The hook is running or has run: it resumed the node.
        }
    }
}
