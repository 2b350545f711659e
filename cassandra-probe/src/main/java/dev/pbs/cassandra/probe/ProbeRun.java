package dev.pbs.cassandra.probe;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;

/**
 * Measures a live cluster: a paced workload of writes and reads, each through a node of the local
 * datacenter drawn at random (with {@link ProbeSettings#datacenters()}, of every datacenter the
 * keyspace is replicated in; {@link CoordinatingNodes}), a fraction of them traced ({@link
 * ProbeOperations}); each trace is read back a little later and turned into W, A, R and S samples
 * per replica ({@link TraceReader}). The run never stops on a failed request. Writes and reads
 * alternate over 1,000 keys.
 */
public final class ProbeRun implements AutoCloseable {

    /** The longest a close waits for the session's requests to end before it forces the session closed, s. */
    private static final long CLOSE_SECONDS = 30;

    private final ProbeSettings settings;
    private final CqlSession session;
    private final NodeHealth health;
    private final String clusterName;
    private final String cassandraVersion;
    private final String datacenter;
    private final ProbeMeasurements measurements;
    /** The nodes that coordinate: the local datacenter's, or every one's the keyspace is replicated in. */
    private final CoordinatingNodes coordinators;

    private final TraceReader traces;
    private final ProbeOperations operations;
    private volatile Instant started = Instant.now();
    /** Each coordinating node's datacenter, by address. */
    private final Map<String, String> datacenterOf;

    private ProbeRun(ProbeSettings settings, CqlSession session, NodeHealth health, ProbeJournal journal) {
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
        this.datacenterOf = Map.copyOf(datacenterOf);
        ProbeSchema.ensure(session, settings, datacenter);
        this.measurements = new ProbeMeasurements(
                new ProbeEvent.ClusterSeen(
                        clusterName,
                        cassandraVersion,
                        datacenter,
                        settings.replicationFactor(),
                        this.datacenterOf,
                        settings.datacenters(),
                        TableReadPath.of(session, settings.keyspace(), ProbeSettings.TABLE),
                        settings.keyspace(),
                        settings.operationsPerSecond(),
                        settings.traceFraction()),
                journal);
        this.traces = new TraceReader(session, measurements);
        this.operations = new ProbeOperations(
                settings,
                session,
                health,
                coordinators,
                ProbeOperations.Statements.prepare(session, settings.keyspace() + "." + ProbeSettings.TABLE),
                traces,
                datacenterOf,
                coordinators.everyNodeIsReplica(nodes),
                measurements);
    }

    /**
     * The probe table's read path as configured (speculative_retry, read_repair) when the probe
     * connected, for the measured profile; empty when the cluster's schema did not say. The run's
     * record keeps it ({@link ProbeEvent.ClusterSeen}).
     */
    public Optional<dev.pbs.model.readpath.ReadPath> readPath() {
        return measurements.cluster().readPath();
    }

    /**
     * Connects, checks or creates the probe's keyspace and table, and prepares the statements.
     *
     * @throws IllegalArgumentException for every problem a user can fix: unreachable contact
     *     points, credentials, a keyspace with another replication factor, too few nodes
     */
    public static ProbeRun connect(ProbeSettings settings) {
        return connect(settings, ProbeJournal.NONE);
    }

    /**
     * {@link #connect(ProbeSettings)}, keeping every event of the run in {@code journal}: the
     * cluster as found, every operation, and every snapshot that a result rests on ({@link
     * #snapshot(ProbeEvent.Measured.Purpose)}).
     */
    public static ProbeRun connect(ProbeSettings settings, ProbeJournal journal) {
        NodeHealth health = new NodeHealth();
        CqlSession session = ProbeSessions.open(settings, health);
        try {
            return new ProbeRun(settings, session, health, journal);
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
     * Sends one traced operation an experiment schedules beside the workload: a write of a new
     * version of {@code key} or a read of it, through {@code coordinator}, at the level of the
     * workload's traced operations (ALL while every node is up); its trace is read and recorded as
     * theirs are, while the workload runs.
     *
     * @return when it was answered ({@link System#nanoTime()}); failed when it failed
     */
    public CompletionStage<Long> tracedLeg(Operation operation, Node coordinator, String key) {
        return operations.tracedLeg(operation, coordinator, key);
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
        ProbeOperations.RoundTrip pending = null;
        long pendingDue = Long.MAX_VALUE;
        try {
            while (!cancelled.getAsBoolean()) {
                long now = System.nanoTime();
                if (now >= end) {
                    break;
                }
                if (pendingDue <= now) {
                    operations.sendRoundTrip(pending, pendingDue);
                    pending = null;
                    pendingDue = Long.MAX_VALUE;
                    continue;
                }
                if (next > now) {
                    TimeUnit.NANOSECONDS.sleep(Math.min(Math.min(next, pendingDue) - now, 100_000_000L));
                    continue;
                }
                long due = next;
                long stalledIntervalMicros = 0;
                if (now - next > 2 * periodNanos) {
                    // Fell behind (a pause): drop the missed operations rather than burst above the
                    // pace; the one sent now is timed from when the first of them was due, and
                    // stands for them in the latencies (no coordinated omission).
                    long missed = (now - next) / periodNanos;
                    operations.skipped(missed);
                    next += missed * periodNanos;
                    stalledIntervalMicros = periodNanos / 1000;
                }
                ProbeOperations.RoundTrip roundTrip = operations.issue(operation++, random, due, stalledIntervalMicros);
                if (roundTrip != null && pending == null) {
                    pending = roundTrip;
                    pendingDue = next + periodNanos / 2;
                }
                next += periodNanos;
            }
            operations.awaitAnswers(10);
            long drainDeadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TraceReader.DRAIN_MILLIS);
            while (!traces.isDrained() && System.nanoTime() < drainDeadline && !abandonTraces.getAsBoolean()) {
                TimeUnit.MILLISECONDS.sleep(100);
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        } finally {
            traceReaders.forEach(Thread::interrupt);
        }
        return snapshot(ProbeEvent.Measured.Purpose.END);
    }

    /**
     * Warms the cluster's compilers up: {@code count} operations of the workload's mix (traced
     * ones included, their traces never read) as fast as the cluster answers, {@link #MAX_IN_FLIGHT}
     * at a time, then waits for the last to complete. A freshly started node runs its hot paths
     * interpreted until each has run some thousands of times; at the workload's pace that takes
     * minutes, in a burst seconds. What it measures is discarded with this run: use a run of its
     * own.
     *
     * @return how long the burst took
     */
    public Duration burst(int count) {
        long start = System.nanoTime();
        SplittableRandom random = new SplittableRandom(System.nanoTime());
        try {
            for (long operation = 0; operation < count; operation++) {
                operations.awaitRoom();
                ProbeOperations.RoundTrip roundTrip = operations.issue(operation, random, System.nanoTime(), 0);
                if (roundTrip != null) {
                    operations.sendRoundTrip(roundTrip, System.nanoTime()); // warms the refused path up too
                }
            }
            operations.awaitAnswers(30);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
        return Duration.ofNanos(System.nanoTime() - start);
    }

    /**
     * What has been measured so far, for a look that no result rests on (it stays out of the run's
     * journal); safe to call while {@link #run} is running.
     */
    public ProbeSnapshot snapshot() {
        return measurements.peek(measuredNow(ProbeEvent.Measured.Purpose.WINDOW));
    }

    /**
     * What has been measured so far, kept in the run's journal with its place among the run's
     * events, for a result that rests on it; safe to call while {@link #run} is running.
     */
    public ProbeSnapshot snapshot(ProbeEvent.Measured.Purpose purpose) {
        return measurements.snapshot(measuredNow(purpose));
    }

    private ProbeEvent.Measured measuredNow(ProbeEvent.Measured.Purpose purpose) {
        return new ProbeEvent.Measured(purpose, started, Instant.now(), counters(), health.report());
    }

    /** The run's measurements, and its journal, shared with the observation made beside it. */
    public ProbeMeasurements measurements() {
        return measurements;
    }

    /** The workload's counters now, without copying the histograms {@link #snapshot} copies. */
    public ProbeCounters counters() {
        return operations.counters();
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

    /**
     * Closes the session, waiting at most {@link #CLOSE_SECONDS} for its requests to end; then
     * forces it closed, so that a connection that never answers cannot hold the caller for good.
     */
    @Override
    public void close() {
        try {
            session.closeAsync().toCompletableFuture().get(CLOSE_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException | ExecutionException notClosed) {
            session.forceCloseAsync();
        } catch (InterruptedException interrupted) {
            session.forceCloseAsync();
            Thread.currentThread().interrupt();
        }
    }
}
