package dev.pbs.cassandra.observe;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.Node;
import dev.pbs.cassandra.probe.ProbeRun;
import dev.pbs.cassandra.probe.ProbeSessions;
import dev.pbs.cassandra.probe.ProbeSettings;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.ProportionEstimate;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Measures staleness as a client sees it, and sets it beside the prediction.
 *
 * <p>Write i puts version v_i into its own key of the probe's table at consistency W, through the
 * next node in turn. When its acknowledgement arrives (time a_i on this client), one read per delay
 * t of the grid is scheduled at a_i + t, each at consistency R through the next node in a separate
 * rotation, so every write is read at every t (reading changes no state). A read is fresh iff it
 * returns version v_i (or later). Observed P(consistent at t) = fresh reads at t / reads answered
 * at t, with a 95% Wilson interval.
 *
 * <p>The prediction runs the WARS engine on the measured profile with the same N, R and W, the
 * read fan-out Cassandra uses ({@code targeted}: the coordinator asks R replicas), and, when every
 * node is a replica of every key (nodes = N), the coordinator as one of the replicas with local
 * messages taking no time.
 */
public final class StalenessObserver {

    private static final int MAX_IN_FLIGHT = 512;
    private static final long PREDICTION_TRIALS = 2_000_000;
    private static final long PREDICTION_SEED = 42;

    private StalenessObserver() {
    }

    public static ObservedStaleness observe(ProbeRun run, ObservationSettings settings, LatencyProfile measured) {
        ProbeSettings probe = run.settings();
        int n = probe.replicationFactor();
        if (settings.readReplicas() > n || settings.writeReplicas() > n) {
            throw new IllegalArgumentException("read and write consistency must be at most the replication factor " + n);
        }
        CqlSession session = run.session();
        String table = probe.keyspace() + "." + ProbeSettings.TABLE;
        PreparedStatement write = session.prepare("INSERT INTO " + table + " (key, version, written_at_micros) VALUES (?, ?, ?)");
        PreparedStatement read = session.prepare("SELECT version FROM " + table + " WHERE key = ?");
        List<Node> nodes = run.coordinators();
        double[] delays = settings.delaysMillis();
        AtomicLongArray reads = new AtomicLongArray(delays.length);
        AtomicLongArray fresh = new AtomicLongArray(delays.length);
        AtomicLongArray lagMicros = new AtomicLongArray(delays.length);
        AtomicLong acknowledged = new AtomicLong();
        AtomicLong failedWrites = new AtomicLong();
        AtomicLong failedReads = new AtomicLong();
        AtomicLong readTurn = new AtomicLong();
        Semaphore inFlight = new Semaphore(MAX_IN_FLIGHT);
        ConsistencyLevel writeLevel = level(settings.writeReplicas(), n);
        ConsistencyLevel readLevel = level(settings.readReplicas(), n);
        String runTag = Long.toString(System.currentTimeMillis(), 36);
        ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(2, runnable -> {
            Thread thread = new Thread(runnable, "pbs-observe");
            thread.setDaemon(true);
            return thread;
        });
        long periodNanos = Math.round(1e9 / settings.writesPerSecond());
        long start = System.nanoTime();
        try {
            for (int i = 0; i < settings.writes(); i++) {
                long due = start + i * periodNanos;
                long wait = due - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                inFlight.acquire(1 + delays.length);
                String key = "observe-" + runTag + "-" + i;
                long version = i + 1L;
                Node writer = nodes.get(i % nodes.size());
                String writerAddress = ProbeSessions.traceAddress(writer);
                session.executeAsync(write.bind(key, version, System.currentTimeMillis() * 1000).setNode(writer)
                        .setConsistencyLevel(writeLevel).setIdempotent(true)).whenComplete((ignored, error) -> {
                    long acknowledgedAt = System.nanoTime();
                    inFlight.release();
                    if (error != null) {
                        failedWrites.incrementAndGet();
                        run.health().failed(writerAddress);
                        inFlight.release(delays.length);
                        return;
                    }
                    run.health().succeeded(writerAddress);
                    acknowledged.incrementAndGet();
                    for (int j = 0; j < delays.length; j++) {
                        int point = j;
                        long readAt = acknowledgedAt + Math.round(delays[j] * 1e6);
                        Node reader = nodes.get((int) (readTurn.getAndIncrement() % nodes.size()));
                        scheduler.schedule(() -> {
                            long lag = System.nanoTime() - readAt;
                            session.executeAsync(read.bind(key).setNode(reader).setConsistencyLevel(readLevel)
                                    .setIdempotent(true)).whenComplete((result, readError) -> {
                                inFlight.release();
                                if (readError != null) {
                                    failedReads.incrementAndGet();
                                    return;
                                }
                                Row row = result.one();
                                boolean isFresh = row != null && !row.isNull("version") && row.getLong("version") >= version;
                                reads.incrementAndGet(point);
                                lagMicros.addAndGet(point, Math.max(0, lag / 1000));
                                if (isFresh) {
                                    fresh.incrementAndGet(point);
                                }
                            });
                        }, Math.max(0, readAt - System.nanoTime()), TimeUnit.NANOSECONDS);
                    }
                });
            }
            if (!inFlight.tryAcquire(MAX_IN_FLIGHT, 30, TimeUnit.SECONDS)) {
                throw new IllegalStateException("observed-staleness reads did not finish within 30 s");
            }
            inFlight.release(MAX_IN_FLIGHT);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while observing staleness", interrupted);
        } finally {
            scheduler.shutdownNow();
        }
        boolean coordinatorIsReplica = nodes.size() == n;
        ConfigurationResult prediction = predict(measured, n, settings, coordinatorIsReplica);
        List<ObservedPoint> points = new ArrayList<>();
        for (int j = 0; j < delays.length; j++) {
            long answered = reads.get(j);
            ProportionEstimate observed = ProportionEstimate.of(fresh.get(j), Math.max(answered, 0));
            points.add(new ObservedPoint(delays[j], observed, prediction.consistentAt(delays[j]),
                    answered == 0 ? 0 : lagMicros.get(j) / 1000.0 / answered));
        }
        return new ObservedStaleness(n, settings.readReplicas(), settings.writeReplicas(), acknowledged.get(),
                failedWrites.get(), failedReads.get(), coordinatorIsReplica, points);
    }

    /** The engine's prediction for the observed configuration, on the observation's t grid. */
    static ConfigurationResult predict(LatencyProfile measured, int n, ObservationSettings settings, boolean coordinatorIsReplica) {
        SimulationSpec spec = SimulationSpec.builder(measured, n)
                .configuration(settings.readReplicas(), settings.writeReplicas())
                .trials(PREDICTION_TRIALS)
                .seed(PREDICTION_SEED)
                .readFanout(ReadFanout.TARGETED)
                .coordinatorReplica(coordinatorIsReplica)
                .visibilityGridMillis(settings.delaysMillis())
                .build();
        SimulationResult result = new WarsEngine().run(spec);
        return result.configuration(settings.readReplicas(), settings.writeReplicas()).orElseThrow();
    }

    private static ConsistencyLevel level(int replicas, int n) {
        if (replicas == n) {
            return DefaultConsistencyLevel.ALL;
        }
        return switch (replicas) {
            case 1 -> DefaultConsistencyLevel.ONE;
            case 2 -> DefaultConsistencyLevel.TWO;
            case 3 -> DefaultConsistencyLevel.THREE;
            default -> {
                if (replicas == n / 2 + 1) {
                    yield DefaultConsistencyLevel.QUORUM;
                }
                throw new IllegalArgumentException("Cassandra has no consistency level for " + replicas + " of " + n
                        + " replicas: use 1, 2, 3, a quorum (" + (n / 2 + 1) + ") or all (" + n + ")");
            }
        };
    }
}
