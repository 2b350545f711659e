package dev.pbs.cassandra.recovery;

import com.datastax.oss.driver.api.core.metadata.Node;
import dev.pbs.cassandra.probe.ProbeSessions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Writes distinct keys at ONE at a steady rate through the nodes other than the returned one, in
 * turn, from {@link #start} until {@link #close}; each write is recorded with when it was sent and
 * answered. At most {@link #MOST_IN_FLIGHT} writes wait for an answer at once; a write due while
 * that many wait is not sent, and counted.
 */
final class OutageWriter implements AutoCloseable {

    static final int MOST_IN_FLIGHT = 256;

    /**
     * One write.
     *
     * @param coordinator the address of the node that coordinated it (and so keeps its hint)
     * @param sentNanos when it was sent ({@link System#nanoTime()})
     * @param answeredNanos when it was answered, acknowledged or failed
     * @param acknowledged whether the coordinator acknowledged it
     */
    record Write(String key, String coordinator, long sentNanos, long answeredNanos, boolean acknowledged) {}

    private final ReturnedNode returned;
    private final double writesPerSecond;
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "outage-writer");
        thread.setDaemon(true);
        return thread;
    });
    private final Semaphore inFlight = new Semaphore(MOST_IN_FLIGHT);
    private final List<Write> writes = new ArrayList<>();
    private final AtomicLong notSent = new AtomicLong();
    private long sequence;

    OutageWriter(ReturnedNode returned, double writesPerSecond) {
        if (!(writesPerSecond > 0 && writesPerSecond <= 1000)) {
            throw new IllegalArgumentException("writes per second must be in (0, 1000], was " + writesPerSecond);
        }
        this.returned = returned;
        this.writesPerSecond = writesPerSecond;
    }

    void start() {
        long periodNanos = Math.round(1e9 / writesPerSecond);
        scheduler.scheduleAtFixedRate(this::writeOne, 0, periodNanos, TimeUnit.NANOSECONDS);
    }

    private void writeOne() {
        if (!inFlight.tryAcquire()) {
            notSent.incrementAndGet();
            return;
        }
        List<Node> coordinators = returned.coordinators();
        Node coordinator = coordinators.get((int) (sequence % coordinators.size()));
        String coordinatorAddress = ProbeSessions.traceAddress(coordinator);
        long value = ++sequence;
        String key = returned.nextKey();
        long sent = System.nanoTime();
        returned.write(key, value, coordinator).whenComplete((answer, failure) -> {
            long answered = System.nanoTime();
            synchronized (writes) {
                writes.add(new Write(key, coordinatorAddress, sent, answered, failure == null));
            }
            inFlight.release();
        });
    }

    /** The writes answered so far, in the order they were answered. */
    List<Write> writes() {
        synchronized (writes) {
            return List.copyOf(writes);
        }
    }

    /** Writes that were due while {@link #MOST_IN_FLIGHT} waited, and were not sent. */
    long notSent() {
        return notSent.get();
    }

    /** Stops writing and waits (up to the driver's timeout and a second) for the writes in flight. */
    @Override
    public void close() {
        scheduler.shutdownNow();
        try {
            scheduler.awaitTermination(5, TimeUnit.SECONDS);
            if (inFlight.tryAcquire(MOST_IN_FLIGHT, 6, TimeUnit.SECONDS)) {
                inFlight.release(MOST_IN_FLIGHT);
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
