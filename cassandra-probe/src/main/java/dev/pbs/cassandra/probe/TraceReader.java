package dev.pbs.cassandra.probe;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads the probe's traces back, on a thread of its own, and records their W, A, R and S samples
 * ({@link TraceParser}) in the run's {@link ProbeMeasurements}. Cassandra writes trace events asynchronously,
 * so a trace is read {@link #READ_DELAY_MILLIS} after its operation completed, and again (up to
 * {@link #READ_ATTEMPTS} times in all, each wait twice the one before, at most {@link
 * #LONGEST_WAIT_MILLIS}) while a replica's events in it are still incomplete
 * ({@link #needsAnotherRead}). A replica far away, or a loaded one, writes its events last: a
 * trace read once would keep the near replicas' samples and drop the far ones'.
 */
final class TraceReader {

    /** Delay before a trace is read back, and between attempts, ms. */
    static final long READ_DELAY_MILLIS = 2000;

    /** The most reads of one trace. */
    static final int READ_ATTEMPTS = 4;

    /** How long the last traces may take to be read once the workload has stopped, ms. */
    static final long DRAIN_MILLIS = 24_000;

    /** The longest wait before a read of a trace, ms. */
    static final long LONGEST_WAIT_MILLIS = 8_000;

    /** Threads reading traces at once. */
    static final int READERS = 4;

    private static final int MAX_PENDING = 10_000;

    private final CqlSession session;
    private final ProbeMeasurements measurements;
    private final PreparedStatement traceEvents;
    private final DelayQueue<PendingTrace> pending = new DelayQueue<>();
    private final AtomicInteger reading = new AtomicInteger();
    private final AtomicLong read = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong samplesDiscarded = new AtomicLong();

    TraceReader(CqlSession session, ProbeMeasurements measurements) {
        this.session = session;
        this.measurements = measurements;
        this.traceEvents = session.prepare(
                "SELECT source, source_elapsed, activity FROM system_traces.events WHERE session_id = ?");
    }

    /**
     * Queues a completed traced operation's trace to be read; counts a failure instead when too
     * many are waiting.
     */
    void submit(UUID sessionId, Submitted operation) {
        if (pending.size() < MAX_PENDING) {
            pending.add(new PendingTrace(sessionId, operation, 1));
        } else {
            failures.incrementAndGet();
        }
    }

    /**
     * Starts the {@link #READERS} reading threads (daemons); interrupt them to stop. A trace's
     * events come back in one query, which waits for a node holding them: across datacenters, a
     * round trip between them. One thread would fall behind the workload; several keep up.
     */
    List<Thread> start() {
        List<Thread> threads = new ArrayList<>();
        for (int reader = 1; reader <= READERS; reader++) {
            Thread thread = new Thread(this::readUntilInterrupted, "pbs-probe-traces-" + reader);
            thread.setDaemon(true);
            thread.start();
            threads.add(thread);
        }
        return threads;
    }

    /** Whether no trace is waiting to be read, nor being read. */
    boolean isDrained() {
        return pending.isEmpty() && reading.get() == 0;
    }

    /** Traces read and parsed. */
    long read() {
        return read.get();
    }

    /** Traces that could not be read, or were not queued. */
    long failures() {
        return failures.get();
    }

    /** Replica samples the parser discarded as incomplete. */
    long samplesDiscarded() {
        return samplesDiscarded.get();
    }

    private void readUntilInterrupted() {
        while (!Thread.currentThread().isInterrupted()) {
            PendingTrace next;
            try {
                next = pending.take();
            } catch (InterruptedException stop) {
                return;
            }
            reading.incrementAndGet();
            try {
                readOne(next);
            } catch (RuntimeException unreadable) {
                failures.incrementAndGet();
            } finally {
                reading.decrementAndGet();
            }
        }
    }

    /**
     * Whether a trace is read again: while it shows fewer answers than its operation waited for,
     * or some replica the coordinator sent the request to gave no sample (its events not all
     * written yet), and fewer than {@link #READ_ATTEMPTS} reads were made. A node writes its trace
     * events through a queue of its own; on a loaded machine the events of the last answers, the
     * far datacenter's, come seconds after the first.
     *
     * @param answersAwaited the replicas the operation's consistency level waited for
     * @param attempt the reads made so far, from 1
     */
    static boolean needsAnotherRead(TraceParser.Result parsed, int answersAwaited, int attempt) {
        return attempt < READ_ATTEMPTS
                && (parsed.isEmpty() || parsed.discarded() > 0 || parsed.answered() < answersAwaited);
    }

    private void readOne(PendingTrace trace) {
        List<TraceEvent> events = new ArrayList<>();
        for (Row row :
                session.execute(traceEvents.bind(trace.sessionId).setConsistencyLevel(DefaultConsistencyLevel.ONE))) {
            InetAddress source = row.getInetAddress("source");
            String activity = row.getString("activity");
            if (source != null && activity != null) {
                events.add(new TraceEvent(source.getHostAddress(), row.getInt("source_elapsed"), activity));
            }
        }
        Submitted operation = trace.operation;
        TraceParser.Result parsed =
                TraceParser.parse(operation.operation(), operation.coordinator(), ProbeSettings.TABLE, events);
        if (needsAnotherRead(parsed, operation.answersAwaited(), trace.attempt)) {
            pending.add(new PendingTrace(trace.sessionId, operation, trace.attempt + 1));
            return;
        }
        read.incrementAndGet();
        samplesDiscarded.addAndGet(parsed.discarded());
        measurements.traced(new ProbeEvent.TracedOperation(
                measurements.nowMicros(),
                operation.operation(),
                operation.coordinator(),
                operation.key(),
                operation.level(),
                operation.answersAwaited(),
                operation.countsReadTarget(),
                operation.clientMicros(),
                trace.attempt,
                events));
    }

    /** The elapsed time of the coordinator's last event, µs; 0 when it has none. */
    static long coordinatorElapsedMicros(List<TraceEvent> events, String coordinator) {
        long last = 0;
        for (TraceEvent event : events) {
            if (event.source().equals(coordinator)) {
                last = Math.max(last, event.elapsedMicros());
            }
        }
        return last;
    }

    /**
     * The wait before the given read of a trace, ms: {@link #READ_DELAY_MILLIS}, then twice the
     * wait before, up to {@link #LONGEST_WAIT_MILLIS} (2, 4, 8 and 8 s: the fourth read 22 s
     * after the operation).
     *
     * @param attempt the read, from 1
     */
    static long waitBeforeMillis(int attempt) {
        return Math.min(LONGEST_WAIT_MILLIS, READ_DELAY_MILLIS << Math.min(attempt - 1, 16));
    }

    /**
     * A traced operation that succeeded, whose trace is to be read.
     *
     * @param operation write or read
     * @param coordinator the coordinator's address
     * @param key the key written or read
     * @param level the consistency level it ran at
     * @param answersAwaited the replicas the level waited for: its trace is complete once it shows
     *     their answers
     * @param countsReadTarget a read at ONE through a replica of its key: its trace tells whether
     *     the coordinator read locally
     * @param clientMicros what the client waited for it, from when it was due to its answer
     */
    record Submitted(
            Operation operation,
            String coordinator,
            String key,
            String level,
            int answersAwaited,
            boolean countsReadTarget,
            long clientMicros) {}

    /** A trace to read once {@link #waitBeforeMillis its wait} has passed. */
    private static final class PendingTrace implements Delayed {
        final UUID sessionId;
        final Submitted operation;
        final long dueNanos;
        final int attempt;

        PendingTrace(UUID sessionId, Submitted operation, int attempt) {
            this.sessionId = sessionId;
            this.operation = operation;
            this.dueNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(waitBeforeMillis(attempt));
            this.attempt = attempt;
        }

        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(dueNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed other) {
            return Long.compare(dueNanos, ((PendingTrace) other).dueNanos);
        }
    }
}
