package dev.pbs.cassandra.probe;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.servererrors.CoordinatorException;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The probe's single operations ({@link ProbeRun} paces them): each write or read through its
 * coordinator at the consistency level its purpose needs, traced or timed, and the refused requests
 * that time the client's round trip; at most {@link #MAX_IN_FLIGHT} awaiting an answer at once.
 *
 * <p>Traced writes, and half the traced reads, run at consistency ALL (or at the number of replicas
 * believed up, while a node is down), so the coordinator's trace session stays open until every
 * replica has answered. The other traced reads run at ONE: through a coordinator that is a replica
 * of the key, they show whether it reads its own replica or asks another. Untraced operations run
 * at ONE and TWO in turn through a replica of their key (and ALL, when the settings ask), and at ONE
 * (LOCAL_ONE over several datacenters) through another node, and are timed ({@link
 * ClientLatencies}). A failed operation is
 * counted and its coordinator marked down until an operation through it succeeds again.
 */
final class ProbeOperations {

    /** Most operations and refused requests awaiting an answer at once. */
    static final int MAX_IN_FLIGHT = 256;

    /**
     * One operation in this many is followed, half a period later, by a timed refused request
     * through its coordinator: between two operations, so that neither waits for the other.
     * Sent right behind its operation, to the node still busy with it, the refused request took
     * longer than the client's part of an operation sent alone, and the coordinator's part left to
     * the model by the calibration came out short.
     */
    private static final int ROUND_TRIP_EVERY = 4;

    private static final int KEYS = 1000;

    /** The prepared statements of the probe's table. */
    record Statements(PreparedStatement write, PreparedStatement read, PreparedStatement roundTrip) {

        /** Prepares the write, the read and the refused read ("LIMIT must be strictly positive") of {@code table}. */
        static Statements prepare(CqlSession session, String table) {
            return new Statements(
                    session.prepare("INSERT INTO " + table + " (key, version, written_at_micros) VALUES (?, ?, ?)"),
                    session.prepare("SELECT version FROM " + table + " WHERE key = ?"),
                    session.prepare("SELECT version FROM " + table + " WHERE key = ? LIMIT ?"));
        }
    }

    /** A refused request to time through {@code coordinator}. */
    record RoundTrip(Node coordinator, String key) {}

    private final ProbeSettings settings;
    private final CqlSession session;
    private final NodeHealth health;
    private final CoordinatingNodes coordinators;
    private final Statements statements;
    private final TraceReader traces;
    /** Each coordinating node's datacenter, by address. */
    private final Map<String, String> datacenterOf;
    /** As many nodes in the datacenter as replicas per key: every coordinator is a replica of every key. */
    private final boolean everyNodeIsReplica;

    private final ProbeMeasurements measurements;

    private final Semaphore inFlight = new Semaphore(MAX_IN_FLIGHT);
    private final AtomicLong issued = new AtomicLong();
    private final AtomicLong succeeded = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicLong skipped = new AtomicLong();
    private final AtomicLong traced = new AtomicLong();
    private final AtomicLong version = new AtomicLong(System.currentTimeMillis() * 1000);

    ProbeOperations(
            ProbeSettings settings,
            CqlSession session,
            NodeHealth health,
            CoordinatingNodes coordinators,
            Statements statements,
            TraceReader traces,
            Map<String, String> datacenterOf,
            boolean everyNodeIsReplica,
            ProbeMeasurements measurements) {
        this.settings = settings;
        this.session = session;
        this.health = health;
        this.coordinators = coordinators;
        this.statements = statements;
        this.traces = traces;
        this.datacenterOf = Map.copyOf(datacenterOf);
        this.everyNodeIsReplica = everyNodeIsReplica;
        this.measurements = measurements;
    }

    /**
     * Sends operation number {@code operation} (even: a write, odd: a read), unless too many are
     * in flight (then it is counted as skipped). Its client latency counts from when it was due,
     * not from when it left: an operation the probe sends late, having fallen behind its pace,
     * waited as long as a client sending at that pace would have (no coordinated omission). After a
     * stall, it is due when the first operation the stall kept back was, and, untraced, it stands
     * for the others too: they are recorded as having waited one interval less each ({@link
     * ClientLatencies#untraced(Operation, int, long, long)}).
     *
     * @param dueNanos when the pace meant it to leave ({@link System#nanoTime()}), at most now
     * @param stalledIntervalMicros the pace's interval when this operation ends a stall, else 0
     * @return the refused request to time after it (see {@link #ROUND_TRIP_EVERY}), or null
     */
    RoundTrip issue(long operation, SplittableRandom random, long dueNanos, long stalledIntervalMicros) {
        if (!inFlight.tryAcquire()) {
            skipped.incrementAndGet();
            return null;
        }
        Node coordinator = coordinators.next(random);
        String coordinatorAddress = ProbeSessions.traceAddress(coordinator);
        boolean isWrite = operation % 2 == 0;
        boolean tracedOperation = random.nextDouble() < settings.traceFraction();
        String key = "k" + random.nextInt(KEYS);
        BoundStatement statement = bound(isWrite ? Operation.WRITE : Operation.READ, key);
        // Half the traced reads run at ONE, to see which replica a coordinator asks when it may
        // choose (its own, or another); the other traced operations wait for every replica.
        boolean targetTrace = tracedOperation && !isWrite && random.nextBoolean();
        boolean countsReadTarget = targetTrace && coordinators.isReplica(coordinator, key);
        // Untraced operations are timed apart through a replica of their key (always, when every
        // node is one) and through a node that is not: tracing's cost is calibrated on both
        // (Calibration).
        boolean throughReplica = everyNodeIsReplica || coordinators.isReplica(coordinator, key);
        // Through a replica, untraced operations take ONE and TWO in turn (and ALL, when the settings
        // ask), TWO only where the coordinator's datacenter holds two replicas, so that both answers
        // can come from it; through another node they run at ONE, LOCAL_ONE over several
        // datacenters, so that the answer comes from the coordinator's own datacenter.
        UntracedKind untracedKind = UntracedKind.of(
                isWrite ? Operation.WRITE : Operation.READ,
                throughReplica,
                untracedAwaited(operation, throughReplica, coordinatorAddress));
        ConsistencyLevel untracedLevel = switch (untracedKind.awaited()) {
            case ALL -> DefaultConsistencyLevel.ALL;
            case TWO -> DefaultConsistencyLevel.TWO;
            case ONE ->
                throughReplica || settings.datacenters().isEmpty()
                        ? DefaultConsistencyLevel.ONE
                        : DefaultConsistencyLevel.LOCAL_ONE;
        };
        ConsistencyLevel level =
                tracedOperation ? (targetTrace ? DefaultConsistencyLevel.ONE : tracedLevel()) : untracedLevel;
        statement = statement
                .setNode(coordinator)
                .setIdempotent(true)
                .setTracing(tracedOperation)
                .setConsistencyLevel(level);
        issued.incrementAndGet();
        Operation kind = isWrite ? Operation.WRITE : Operation.READ;
        session.executeAsync(statement).whenComplete((result, error) -> {
            try {
                long micros = (System.nanoTime() - dueNanos) / 1000;
                if (error == null && !tracedOperation) {
                    measurements.untraced(new ProbeEvent.Untraced(
                            measurements.nowMicros(), untracedKind, coordinatorAddress, micros, stalledIntervalMicros));
                }
                completed(
                        result,
                        error,
                        new TraceReader.Submitted(
                                kind,
                                coordinatorAddress,
                                key,
                                level.name(),
                                tracedOperation
                                        ? ConsistencyLevels.replicasAwaited(level, settings.replicationFactor())
                                        : 0,
                                countsReadTarget,
                                micros));
            } finally {
                inFlight.release();
            }
        });
        return operation % ROUND_TRIP_EVERY == ROUND_TRIP_EVERY - 1 ? new RoundTrip(coordinator, key) : null;
    }

    /**
     * Times a request the coordinator refuses before doing any work (see {@link ClientLatencies}),
     * from when it was due, as {@link #issue} does.
     */
    void sendRoundTrip(RoundTrip request, long dueNanos) {
        if (!inFlight.tryAcquire()) {
            return;
        }
        session.executeAsync(statements
                        .roundTrip()
                        .bind(request.key(), 0)
                        .setNode(request.coordinator())
                        .setIdempotent(true))
                .whenComplete((ignored, error) -> {
                    if (error instanceof InvalidQueryException) {
                        long micros = (System.nanoTime() - dueNanos) / 1000;
                        measurements.roundTrip(new ProbeEvent.RoundTrip(
                                measurements.nowMicros(), ProbeSessions.traceAddress(request.coordinator()), micros));
                    }
                    inFlight.release();
                });
    }

    /**
     * Sends one traced operation that an experiment schedules itself (beside the workload): a write
     * of a new version of {@code key}, or a read of it, through {@code coordinator} at the traced
     * operations' level (ALL while every node is up); its trace is read and recorded as the
     * workload's are.
     *
     * @return when it was answered ({@link System#nanoTime()}); failed when it failed
     */
    CompletionStage<Long> tracedLeg(Operation operation, Node coordinator, String key) {
        String coordinatorAddress = ProbeSessions.traceAddress(coordinator);
        BoundStatement statement = bound(operation, key);
        ConsistencyLevel level = tracedLevel();
        issued.incrementAndGet();
        long sentNanos = System.nanoTime();
        return session.executeAsync(statement
                        .setNode(coordinator)
                        .setIdempotent(true)
                        .setTracing(true)
                        .setConsistencyLevel(level))
                .handle((result, error) -> {
                    long answeredNanos = System.nanoTime();
                    completed(
                            result,
                            error,
                            new TraceReader.Submitted(
                                    operation,
                                    coordinatorAddress,
                                    key,
                                    level.name(),
                                    ConsistencyLevels.replicasAwaited(level, settings.replicationFactor()),
                                    false,
                                    (answeredNanos - sentNanos) / 1000));
                    if (error != null) {
                        throw new CompletionException(error);
                    }
                    return answeredNanos;
                });
    }

    /** A write of the next version of {@code key}, or a read of it. */
    private BoundStatement bound(Operation operation, String key) {
        return operation == Operation.WRITE
                ? statements.write().bind(key, version.incrementAndGet(), System.currentTimeMillis() * 1000)
                : statements.read().bind(key);
    }

    /** Counts {@code operations} that were never sent because the probe fell behind its pace. */
    void skipped(long operations) {
        skipped.addAndGet(operations);
    }

    /** Waits until nothing is in flight, for at most {@code seconds}. */
    void awaitAnswers(long seconds) throws InterruptedException {
        if (inFlight.tryAcquire(MAX_IN_FLIGHT, seconds, TimeUnit.SECONDS)) {
            inFlight.release(MAX_IN_FLIGHT);
        }
    }

    /** Waits until fewer than {@link #MAX_IN_FLIGHT} requests are in flight. */
    void awaitRoom() throws InterruptedException {
        inFlight.acquire();
        inFlight.release();
    }

    /** The workload's counters now. */
    ProbeCounters counters() {
        return new ProbeCounters(
                issued.get(),
                succeeded.get(),
                failed.get(),
                skipped.get(),
                traced.get(),
                traces.read(),
                traces.failures(),
                traces.samplesDiscarded());
    }

    /**
     * What untraced operation number {@code operation} waits for: through a replica, the levels
     * in turn by write-and-read pair; otherwise ONE.
     */
    private UntracedKind.Awaited untracedAwaited(long operation, boolean throughReplica, String coordinatorAddress) {
        if (!throughReplica || replicasIn(coordinatorAddress) < 2) {
            return UntracedKind.Awaited.ONE;
        }
        long turn = operation / 2;
        if (settings.timeAll()) {
            return switch ((int) (turn % 3)) {
                case 0 -> UntracedKind.Awaited.ONE;
                case 1 -> UntracedKind.Awaited.TWO;
                default -> UntracedKind.Awaited.ALL;
            };
        }
        return turn % 2 == 1 ? UntracedKind.Awaited.TWO : UntracedKind.Awaited.ONE;
    }

    /** The replicas per key in the datacenter of the node at {@code address} (over one, the keyspace's). */
    private int replicasIn(String address) {
        return settings.datacenters()
                .map(replication -> replication.factors().getOrDefault(datacenterOf.get(address), 0))
                .orElse(settings.replicationFactor());
    }

    private void completed(AsyncResultSet result, Throwable error, TraceReader.Submitted operation) {
        String coordinator = operation.coordinator();
        if (error != null) {
            failed.incrementAndGet();
            // A replica that timed out or is unavailable is not the coordinator's fault.
            if (!(unwrap(error) instanceof CoordinatorException)) {
                health.failed(coordinator);
            }
            return;
        }
        succeeded.incrementAndGet();
        health.succeeded(coordinator);
        UUID tracingId = result.getExecutionInfo().getTracingId();
        if (operation.answersAwaited() > 0 && tracingId != null) {
            traced.incrementAndGet();
            traces.submit(tracingId, operation);
        }
    }

    private static Throwable unwrap(Throwable error) {
        Throwable cause = error;
        while (cause instanceof java.util.concurrent.CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    /** ALL while every node is believed up; otherwise as many replicas as are up. */
    private ConsistencyLevel tracedLevel() {
        int up = 0;
        for (Node node : coordinators.nodes()) {
            if (health.isUp(ProbeSessions.traceAddress(node))) {
                up++;
            }
        }
        return ConsistencyLevels.forReplicas(Math.max(1, up), settings.replicationFactor())
                .orElse(DefaultConsistencyLevel.QUORUM);
    }
}
