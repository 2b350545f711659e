package dev.pbs.cassandra.probe;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.servererrors.CoordinatorException;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Measures a live cluster: a paced workload of writes and reads, each through a node of the local
 * datacenter drawn at random (with {@link ProbeSettings#datacenters()}, of every datacenter the
 * keyspace is replicated in; {@link CoordinatingNodes}), a fraction of them traced; each trace is
 * read back a little later and turned
 * into W, A, R and S samples per replica ({@link TraceReader}).
 *
 * <p>Traced writes, and half the traced reads, run at consistency ALL (or at the number of
 * replicas believed up, while a node is down), so the coordinator's trace session stays open until
 * every replica has answered and every answer is on the coordinator's stopwatch. The other traced
 * reads run at ONE: through a coordinator that is a replica of the key, they show whether it reads
 * its own replica or asks another (the local read preference). Untraced operations run at ONE and
 * TWO in turn through a replica of their key, at ONE (LOCAL_ONE) through another node, and are
 * timed ({@link ClientLatencies}). A failed
 * operation is counted, its coordinator marked down until an operation through it succeeds again;
 * the run never stops on a failed request. Writes and reads alternate over 1,000 keys.
 */
public final class ProbeRun implements AutoCloseable {

    /**
     * One operation in this many is followed, half a period later, by a timed refused request
     * through its coordinator: between two operations, so that neither waits for the other.
     * Sent right behind its operation, to the node still busy with it, the refused request took
     * longer than the client's part of an operation sent alone, and the coordinator's part the
     * tracing correction left to the model came out short (2026-12-05).
     */
    private static final int ROUND_TRIP_EVERY = 4;

    private static final int MAX_IN_FLIGHT = 256;
    private static final int KEYS = 1000;

    private final ProbeSettings settings;
    private final CqlSession session;
    private final NodeHealth health;
    private final String clusterName;
    private final String cassandraVersion;
    private final String datacenter;
    private final PreparedStatement write;
    private final PreparedStatement read;
    private final WarsRecorder recorder;
    /** The nodes that coordinate: the local datacenter's, or every one's the keyspace is replicated in. */
    private final CoordinatingNodes coordinators;

    private final TraceReader traces;

    private final ClientLatencies client = new ClientLatencies();
    /** Over several datacenters, what the client saw through each datacenter's coordinators; else empty. */
    private final Map<String, ClientLatencies> clientByDatacenter = new TreeMap<>();

    private final PreparedStatement roundTrip;
    private final Semaphore inFlight = new Semaphore(MAX_IN_FLIGHT);
    private final AtomicLong issued = new AtomicLong();
    private final AtomicLong succeeded = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicLong skipped = new AtomicLong();
    private final AtomicLong traced = new AtomicLong();
    private final AtomicLong version = new AtomicLong(System.currentTimeMillis() * 1000);
    private volatile Instant started = Instant.now();
    /** As many nodes in the datacenter as replicas per key: every coordinator is a replica of every key. */
    private final boolean everyNodeIsReplica;
    /** Each coordinating node's datacenter, by address. */
    private final Map<String, String> datacenterOf;

    private ProbeRun(ProbeSettings settings, CqlSession session, NodeHealth health) {
        this.settings = settings;
        this.session = session;
        this.health = health;
        Row local = session.execute("SELECT cluster_name, data_center, release_version FROM system.local")
                .one();
        this.clusterName = local == null ? "unknown" : local.getString("cluster_name");
        this.datacenter =
                settings.localDatacenter().orElse(local == null ? "datacenter1" : local.getString("data_center"));
        this.cassandraVersion = local == null ? "unknown" : local.getString("release_version");
        this.coordinators = new CoordinatingNodes(
                session,
                settings,
                settings.datacenters()
                        .map(replication -> List.copyOf(replication.factors().keySet()))
                        .orElse(List.of(datacenter)));
        List<Node> nodes = coordinators.awaitReplicaNodes();
        Map<String, String> datacenterOf = new TreeMap<>();
        for (Node node : nodes) {
            health.know(ProbeSessions.traceAddress(node), true);
            datacenterOf.put(ProbeSessions.traceAddress(node), node.getDatacenter());
        }
        this.recorder = new WarsRecorder(settings.datacenters().isPresent() ? datacenterOf : Map.of());
        this.datacenterOf = Map.copyOf(datacenterOf);
        this.everyNodeIsReplica = coordinators.everyNodeIsReplica(nodes);
        if (settings.datacenters().isPresent()) {
            coordinators.datacenters().forEach(name -> clientByDatacenter.put(name, new ClientLatencies()));
        }
        ProbeSchema.ensure(session, settings, datacenter);
        String table = settings.keyspace() + "." + ProbeSettings.TABLE;
        this.write = session.prepare("INSERT INTO " + table + " (key, version, written_at_micros) VALUES (?, ?, ?)");
        this.read = session.prepare("SELECT version FROM " + table + " WHERE key = ?");
        // Refused before anything is read ("LIMIT must be strictly positive"): see ClientLatencies.
        this.roundTrip = session.prepare("SELECT version FROM " + table + " WHERE key = ? LIMIT ?");
        this.traces = new TraceReader(session, recorder);
    }

    /**
     * The probe table's read path as configured (speculative_retry, read_repair), for the measured
     * profile; empty when the cluster's schema does not say.
     */
    public Optional<dev.pbs.model.readpath.ReadPath> readPath() {
        return TableReadPath.of(session, settings.keyspace(), ProbeSettings.TABLE);
    }

    /**
     * Connects, checks or creates the probe's keyspace and table, and prepares the statements.
     *
     * @throws IllegalArgumentException for every problem a user can fix: unreachable contact
     *     points, credentials, a keyspace with another replication factor, too few nodes
     */
    public static ProbeRun connect(ProbeSettings settings) {
        NodeHealth health = new NodeHealth();
        CqlSession session = ProbeSessions.open(settings, health);
        try {
            return new ProbeRun(settings, session, health);
        } catch (RuntimeException problem) {
            session.close();
            if (problem instanceof QueryValidationException invalid) {
                throw new IllegalArgumentException(
                        "the cluster refused the probe's schema: " + invalid.getMessage(), invalid);
            }
            throw problem;
        }
    }

    /**
     * Runs the workload for the configured duration, or until {@code cancelled} says so, then
     * reads back the last traces.
     */
    public ProbeSnapshot run(BooleanSupplier cancelled) {
        return run(cancelled, settings.duration(), cancelled);
    }

    /**
     * Runs the workload until {@code stop} says so, whatever the configured duration, then reads
     * back the last traces.
     */
    public ProbeSnapshot runUntil(BooleanSupplier stop) {
        return run(stop, null, () -> false);
    }

    /**
     * The workload until {@code cancelled} or the end of {@code duration} (null: no end), then
     * the last traces until they are read or {@code abandonTraces} says so.
     */
    private ProbeSnapshot run(BooleanSupplier cancelled, Duration duration, BooleanSupplier abandonTraces) {
        started = Instant.now();
        List<Thread> traceReaders = traces.start();
        SplittableRandom random = new SplittableRandom(System.nanoTime());
        long periodNanos = Math.max(1, Math.round(1e9 / settings.operationsPerSecond()));
        long start = System.nanoTime();
        long end = duration == null ? Long.MAX_VALUE : start + duration.toNanos();
        long next = start;
        long operation = 0;
        RoundTrip pending = null;
        long pendingDue = Long.MAX_VALUE;
        try {
            while (!cancelled.getAsBoolean()) {
                long now = System.nanoTime();
                if (now >= end) {
                    break;
                }
                if (pendingDue <= now) {
                    sendRoundTrip(pending);
                    pending = null;
                    pendingDue = Long.MAX_VALUE;
                    continue;
                }
                if (next > now) {
                    TimeUnit.NANOSECONDS.sleep(Math.min(Math.min(next, pendingDue) - now, 100_000_000L));
                    continue;
                }
                if (now - next > 2 * periodNanos) {
                    // Fell behind (a pause): drop the missed operations rather than burst above the pace.
                    long missed = (now - next) / periodNanos;
                    skipped.addAndGet(missed);
                    next += missed * periodNanos;
                }
                RoundTrip roundTrip = issue(operation++, random);
                if (roundTrip != null && pending == null) {
                    pending = roundTrip;
                    pendingDue = now + periodNanos / 2;
                }
                next += periodNanos;
            }
            if (inFlight.tryAcquire(MAX_IN_FLIGHT, 10, TimeUnit.SECONDS)) {
                inFlight.release(MAX_IN_FLIGHT);
            }
            long drainDeadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TraceReader.DRAIN_MILLIS);
            while (!traces.isDrained() && System.nanoTime() < drainDeadline && !abandonTraces.getAsBoolean()) {
                TimeUnit.MILLISECONDS.sleep(100);
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        } finally {
            traceReaders.forEach(Thread::interrupt);
        }
        return snapshot();
    }

    /**
     * Warms the cluster's compilers up: {@code operations} operations of the workload's mix (traced
     * ones included, their traces never read) as fast as the cluster answers, {@link #MAX_IN_FLIGHT}
     * at a time, then waits for the last to complete. A freshly started node runs its hot paths
     * interpreted until each has run some thousands of times; at the workload's pace that takes
     * minutes, in a burst seconds. What it measures is discarded with this run: use a run of its
     * own.
     *
     * @return how long the burst took
     */
    public Duration burst(int operations) {
        long start = System.nanoTime();
        SplittableRandom random = new SplittableRandom(System.nanoTime());
        try {
            for (long operation = 0; operation < operations; operation++) {
                inFlight.acquire();
                inFlight.release();
                RoundTrip roundTrip = issue(operation, random);
                if (roundTrip != null) {
                    sendRoundTrip(roundTrip); // warms the refused path up too
                }
            }
            if (inFlight.tryAcquire(MAX_IN_FLIGHT, 30, TimeUnit.SECONDS)) {
                inFlight.release(MAX_IN_FLIGHT);
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /**
     * Sends operation number {@code operation}.
     *
     * @return the refused request to time after it (see {@link #ROUND_TRIP_EVERY}), or null
     */
    private RoundTrip issue(long operation, SplittableRandom random) {
        if (!inFlight.tryAcquire()) {
            skipped.incrementAndGet();
            return null;
        }
        Node coordinator = coordinators.next(random);
        String coordinatorAddress = ProbeSessions.traceAddress(coordinator);
        boolean isWrite = operation % 2 == 0;
        boolean tracedOperation = random.nextDouble() < settings.traceFraction();
        String key = "k" + random.nextInt(KEYS);
        BoundStatement statement = isWrite
                ? write.bind(key, version.incrementAndGet(), System.currentTimeMillis() * 1000)
                : read.bind(key);
        // Half the traced reads run at ONE, to see which replica a coordinator asks when it may
        // choose (its own, or another); the other traced operations wait for every replica.
        boolean targetTrace = tracedOperation && !isWrite && random.nextBoolean();
        boolean countsReadTarget = targetTrace && coordinators.isReplica(coordinator, key);
        // Untraced operations are timed apart through a replica of their key (always, when every
        // node is one) and through a node that is not: the tracing dilation is calibrated on both
        // (TracingDilation).
        boolean throughReplica = everyNodeIsReplica || coordinators.isReplica(coordinator, key);
        // Through a replica, untraced operations alternate between ONE and TWO (see
        // ClientLatencies), TWO only where the coordinator's datacenter holds two replicas, so that
        // both answers can come from it; through another node they run at ONE, LOCAL_ONE over
        // several datacenters, so that the answer comes from the coordinator's own datacenter.
        ClientLatencies datacenterClient = clientByDatacenter.get(datacenterOf.get(coordinatorAddress));
        int untracedReplicas =
                throughReplica && replicasIn(coordinatorAddress) >= 2 && (operation / 2) % 2 == 1 ? 2 : 1;
        ConsistencyLevel untracedLevel = untracedReplicas == 2
                ? DefaultConsistencyLevel.TWO
                : (throughReplica || settings.datacenters().isEmpty()
                        ? DefaultConsistencyLevel.ONE
                        : DefaultConsistencyLevel.LOCAL_ONE);
        ConsistencyLevel level =
                tracedOperation ? (targetTrace ? DefaultConsistencyLevel.ONE : tracedLevel()) : untracedLevel;
        statement = statement
                .setNode(coordinator)
                .setIdempotent(true)
                .setTracing(tracedOperation)
                .setConsistencyLevel(level);
        issued.incrementAndGet();
        Operation kind = isWrite ? Operation.WRITE : Operation.READ;
        long sentNanos = System.nanoTime();
        session.executeAsync(statement).whenComplete((result, error) -> {
            try {
                if (error == null && !tracedOperation) {
                    long micros = (System.nanoTime() - sentNanos) / 1000;
                    recordClient(datacenterClient, recorder -> {
                        if (throughReplica) {
                            recorder.untraced(kind, untracedReplicas, micros);
                        } else {
                            recorder.untracedThroughOther(kind, micros);
                        }
                    });
                }
                completed(
                        result,
                        error,
                        coordinatorAddress,
                        kind,
                        tracedOperation ? ConsistencyLevels.replicasAwaited(level, settings.replicationFactor()) : 0,
                        countsReadTarget);
            } finally {
                inFlight.release();
            }
        });
        return operation % ROUND_TRIP_EVERY == ROUND_TRIP_EVERY - 1
                ? new RoundTrip(coordinator, key, datacenterClient)
                : null;
    }

    /** A refused request to time through {@code coordinator}, recorded also in {@code datacenterClient} (if any). */
    private record RoundTrip(Node coordinator, String key, ClientLatencies datacenterClient) {}

    /**
     * Records what the client saw in the whole run's timings and, over several datacenters, in those
     * of its coordinator's datacenter.
     */
    private void recordClient(ClientLatencies datacenterClient, Consumer<ClientLatencies> record) {
        record.accept(client);
        if (datacenterClient != null) {
            record.accept(datacenterClient);
        }
    }

    /** The replicas per key in the datacenter of the node at {@code address} (over one, the keyspace's). */
    private int replicasIn(String address) {
        return settings.datacenters()
                .map(replication -> replication.factors().getOrDefault(datacenterOf.get(address), 0))
                .orElse(settings.replicationFactor());
    }

    /** Times a request the coordinator refuses before doing any work (see {@link ClientLatencies}). */
    private void sendRoundTrip(RoundTrip request) {
        if (!inFlight.tryAcquire()) {
            return;
        }
        long sentNanos = System.nanoTime();
        session.executeAsync(roundTrip
                        .bind(request.key(), 0)
                        .setNode(request.coordinator())
                        .setIdempotent(true))
                .whenComplete((ignored, error) -> {
                    if (error instanceof InvalidQueryException) {
                        long micros = (System.nanoTime() - sentNanos) / 1000;
                        recordClient(request.datacenterClient(), recorder -> recorder.roundTrip(micros));
                    }
                    inFlight.release();
                });
    }

    private void completed(
            AsyncResultSet result,
            Throwable error,
            String coordinator,
            Operation kind,
            int answersAwaited,
            boolean countsReadTarget) {
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
        if (answersAwaited > 0 && tracingId != null) {
            traced.incrementAndGet();
            traces.submit(tracingId, kind, coordinator, answersAwaited, countsReadTarget);
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

    /** What has been measured so far; safe to call while {@link #run} is running. */
    public ProbeSnapshot snapshot() {
        return new ProbeSnapshot(
                clusterName,
                cassandraVersion,
                datacenter,
                settings.replicationFactor(),
                started,
                Instant.now(),
                counters(),
                recorder.snapshot(),
                health.report(),
                recorder.localSnapshot(),
                recorder.readTargets(),
                client.snapshot(),
                settings.datacenters()
                        .map(replication -> new DatacenterMeasurements(
                                replication,
                                datacenterOf,
                                recorder.crossingSnapshot(),
                                recorder.localSnapshotByDatacenter(),
                                clientSnapshots())));
    }

    private Map<String, ClientLatencies.Snapshot> clientSnapshots() {
        Map<String, ClientLatencies.Snapshot> snapshots = new TreeMap<>();
        clientByDatacenter.forEach((name, latencies) -> snapshots.put(name, latencies.snapshot()));
        return snapshots;
    }

    /** The workload's counters now, without copying the histograms {@link #snapshot} copies. */
    public ProbeCounters counters() {
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

    public ProbeSettings settings() {
        return settings;
    }

    /** The open session, for further workloads on the probe's keyspace (observed staleness). */
    public CqlSession session() {
        return session;
    }

    /** The datacenter's nodes, in address order: the coordinators the probe uses. */
    public List<Node> coordinators() {
        return coordinators.nodes();
    }

    /** The nodes' availability, shared with further workloads. */
    public NodeHealth health() {
        return health;
    }

    @Override
    public void close() {
        session.close();
    }
}
