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
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads the probe's traces back, on a thread of its own, and records their W, A, R and S samples
 * ({@link TraceParser}) in a {@link WarsRecorder}. Cassandra writes trace events asynchronously,
 * so a trace is read {@link #READ_DELAY_MILLIS} after its operation completed, and again (up to
 * {@link #READ_ATTEMPTS} times in all) while a replica's events in it are still incomplete
 * ({@link #needsAnotherRead}). A replica far away, or a loaded one, writes its events last: a
 * trace read once would keep the near replicas' samples and drop the far ones'.
 */
final class TraceReader {

    /** Delay before a trace is read back, and between attempts, ms. */
    static final long READ_DELAY_MILLIS = 2000;

    /** The most reads of one trace. */
    static final int READ_ATTEMPTS = 4;

    /** How long the last traces may take to be read once the workload has stopped, ms. */
    static final long DRAIN_MILLIS = READ_DELAY_MILLIS * (READ_ATTEMPTS + 1);

    private static final int MAX_PENDING = 10_000;

    private final CqlSession session;
    private final WarsRecorder recorder;
    private final PreparedStatement traceEvents;
    private final DelayQueue<PendingTrace> pending = new DelayQueue<>();
    private final AtomicLong read = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final AtomicLong samplesDiscarded = new AtomicLong();

    TraceReader(CqlSession session, WarsRecorder recorder) {
        this.session = session;
        this.recorder = recorder;
        this.traceEvents = session.prepare(
                "SELECT source, source_elapsed, activity FROM system_traces.events WHERE session_id = ?");
    }

    /**
     * Queues a completed traced operation's trace to be read; counts a failure instead when too
     * many are waiting.
     *
     * @param countsReadTarget a read at ONE through a replica of its key: its trace tells whether
     *     the coordinator read locally
     */
    void submit(UUID sessionId, Operation operation, String coordinator, boolean countsReadTarget) {
        if (pending.size() < MAX_PENDING) {
            pending.add(new PendingTrace(sessionId, operation, coordinator, countsReadTarget, 1));
        } else {
            failures.incrementAndGet();
        }
    }

    /** Starts the reading thread (a daemon); interrupt it to stop. */
    Thread start() {
        Thread thread = new Thread(this::readUntilInterrupted, "pbs-probe-traces");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** Whether no trace is waiting to be read. */
    boolean isDrained() {
        return pending.isEmpty();
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
            try {
                readOne(next);
            } catch (RuntimeException unreadable) {
                failures.incrementAndGet();
            }
        }
    }

    /**
     * Whether a trace is read again: while nothing in it can be parsed, or while some replica the
     * coordinator sent the request to gave no sample (its events not all written yet), and fewer
     * than {@link #READ_ATTEMPTS} reads were made.
     *
     * @param attempt the reads made so far, from 1
     */
    static boolean needsAnotherRead(TraceParser.Result parsed, int attempt) {
        return attempt < READ_ATTEMPTS && (parsed.isEmpty() || parsed.discarded() > 0);
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
        TraceParser.Result parsed = TraceParser.parse(trace.operation, trace.coordinator, ProbeSettings.TABLE, events);
        if (needsAnotherRead(parsed, trace.attempt)) {
            pending.add(new PendingTrace(
                    trace.sessionId, trace.operation, trace.coordinator, trace.countsReadTarget, trace.attempt + 1));
            return;
        }
        read.incrementAndGet();
        samplesDiscarded.addAndGet(parsed.discarded());
        parsed.samples().forEach(sample -> recorder.record(sample, trace.coordinator));
        if (parsed.local() != null) {
            recorder.recordLocal(parsed.local());
        }
        if (trace.countsReadTarget && (parsed.servedLocally() || parsed.requestsSent() > 0)) {
            recorder.countReadTarget(parsed.servedLocally());
        }
    }

    /** A trace to read once {@link #READ_DELAY_MILLIS} have passed. */
    private static final class PendingTrace implements Delayed {
        final UUID sessionId;
        final Operation operation;
        final String coordinator;
        final boolean countsReadTarget;
        final long dueNanos;
        final int attempt;

        PendingTrace(UUID sessionId, Operation operation, String coordinator, boolean countsReadTarget, int attempt) {
            this.sessionId = sessionId;
            this.operation = operation;
            this.coordinator = coordinator;
            this.countsReadTarget = countsReadTarget;
            this.dueNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READ_DELAY_MILLIS);
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
