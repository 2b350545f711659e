package dev.pbs.cassandra.observe;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import dev.pbs.cassandra.probe.ConsistencyLevels;
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
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Measures staleness as a client sees it, and sets it beside the prediction.
 *
 * <p>Write i puts version i + 1 into its own key of the probe's table at consistency W. When its
 * acknowledgement arrives (time a_i on this client), one read per delay t of the grid is scheduled
 * at a_i + t at consistency R, so every write is read at every t (reading changes no state). A read
 * is fresh iff it returns the written version. Observed P(consistent at t) = fresh reads at t /
 * reads answered at t, with a 95% Wilson interval. With each write the client also times a query
 * that the read's coordinator refuses while parsing it (an unknown table): its round trip is the
 * client gap, the time from the write
 * committing at its coordinator to a read sent "at t = 0" reaching its coordinator, which the
 * model's t leaves out.
 *
 * <p>The prediction runs the WARS engine on the measured profile with the same N, R and W and the
 * read fan-out Cassandra uses ({@code targeted}: the coordinator asks R replicas); with
 * coordinators that are replicas, the coordinator is one of the replicas with local messages
 * taking no time. The predicted P at t is the mean of the engine's P(consistent at t + gap) over
 * the measured gaps.
 */
public final class StalenessObserver {

    private static final int MAX_IN_FLIGHT = 1024;
    private static final long PREDICTION_TRIALS = 2_000_000;
    private static final long PREDICTION_SEED = 42;
    private static final double[] LATENCY_PERCENTILES = {50, 75, 90, 95, 99};
    private static final int LATENCY_LEVELS = 200;
    private static final int GAP_LEVELS = 100;

    private StalenessObserver() {
    }

    /** Observes with round-robin coordinators, then compares with the prediction from {@code measured}. */
    public static ObservedStaleness observe(ProbeRun run, ObservationSettings settings, LatencyProfile measured) {
        return compare(run(run, settings, CoordinatorChoice.ROUND_ROBIN), measured, run.settings().replicationFactor(),
                ClientGapCorrection.MEASURED);
    }

    /** Runs the observation workload on the probe's keyspace and session. */
    public static RawObservation run(ProbeRun run, ObservationSettings settings, CoordinatorChoice choice) {
        ProbeSettings probe = run.settings();
        int n = probe.replicationFactor();
        if (settings.readReplicas() > n || settings.writeReplicas() > n) {
            throw new IllegalArgumentException("read and write consistency must be at most the replication factor " + n);
        }
        CqlSession session = run.session();
        String table = probe.keyspace() + "." + ProbeSettings.TABLE;
        PreparedStatement write = session.prepare("INSERT INTO " + table + " (key, version, written_at_micros) VALUES (?, ?, ?)");
        PreparedStatement read = session.prepare("SELECT version FROM " + table + " WHERE key = ?");
        // A query the coordinator refuses while parsing it ("unconfigured table"): its round trip is the
        // client's and the native transport's alone, with none of the coordinator's stage queues in it.
        com.datastax.oss.driver.api.core.cql.SimpleStatement ping = com.datastax.oss.driver.api.core.cql.SimpleStatement
                .newInstance("SELECT * FROM system.pbs_round_trip_no_such_table");
        List<Node> nodes = run.coordinators();
        if (choice == CoordinatorChoice.OUTSIDE_REPLICAS && nodes.size() <= n) {
            throw new IllegalArgumentException("coordinators outside the replicas need more nodes than replicas: "
                    + nodes.size() + " nodes, N = " + n);
        }
        TokenMap tokens = choice == CoordinatorChoice.OUTSIDE_REPLICAS ? session.getMetadata().getTokenMap()
                .orElseThrow(() -> new IllegalStateException("the driver has no token map")) : null;
        double[] delays = settings.delaysMillis();
        AtomicLongArray reads = new AtomicLongArray(delays.length);
        AtomicLongArray fresh = new AtomicLongArray(delays.length);
        AtomicLongArray lagMicros = new AtomicLongArray(delays.length);
        AtomicLong acknowledged = new AtomicLong();
        AtomicLong failedWrites = new AtomicLong();
        AtomicLong failedReads = new AtomicLong();
        AtomicLong readTurn = new AtomicLong();
        Histogram gap = new Histogram(60_000_000L, 3);
        Histogram writeLatency = new Histogram(60_000_000L, 3);
        Histogram readLatency = new Histogram(60_000_000L, 3);
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
                inFlight.acquire(2 + delays.length);
                String key = "observe-" + runTag + "-" + i;
                long version = i + 1L;
                Node writer;
                Node fixedReader;
                if (choice == CoordinatorChoice.OUTSIDE_REPLICAS) {
                    writer = outsideReplicas(tokens, probe.keyspace(), key, nodes, i);
                    fixedReader = writer;
                } else {
                    writer = nodes.get(i % nodes.size());
                    fixedReader = null;
                }
                String writerAddress = ProbeSessions.traceAddress(writer);
                Node gapTarget = fixedReader != null ? fixedReader : nodes.get((i + 1) % nodes.size());
                long pingSent = System.nanoTime();
                session.executeAsync(ping.setNode(gapTarget).setConsistencyLevel(DefaultConsistencyLevel.ONE))
                        .whenComplete((ignored, error) -> {
                            if (error instanceof com.datastax.oss.driver.api.core.servererrors.InvalidQueryException) {
                                record(gap, (System.nanoTime() - pingSent) / 1000);
                            }
                            inFlight.release();
                        });
                long writeSent = System.nanoTime();
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
                    record(writeLatency, (acknowledgedAt - writeSent) / 1000);
                    run.health().succeeded(writerAddress);
                    acknowledged.incrementAndGet();
                    for (int j = 0; j < delays.length; j++) {
                        int point = j;
                        long readAt = acknowledgedAt + Math.round(delays[j] * 1e6);
                        Node reader = fixedReader != null ? fixedReader
                                : nodes.get((int) (readTurn.getAndIncrement() % nodes.size()));
                        scheduler.schedule(() -> {
                            long sent = System.nanoTime();
                            long lag = sent - readAt;
                            session.executeAsync(read.bind(key).setNode(reader).setConsistencyLevel(readLevel)
                                    .setIdempotent(true)).whenComplete((result, readError) -> {
                                long answered = System.nanoTime();
                                try {
                                    if (readError != null) {
                                        failedReads.incrementAndGet();
                                        return;
                                    }
                                    record(readLatency, (answered - sent) / 1000);
                                    Row row = result.one();
                                    boolean isFresh = row != null && !row.isNull("version") && row.getLong("version") >= version;
                                    reads.incrementAndGet(point);
                                    lagMicros.addAndGet(point, Math.max(0, lag / 1000));
                                    if (isFresh) {
                                        fresh.incrementAndGet(point);
                                    }
                                } finally {
                                    inFlight.release();
                                }
                            });
                        }, Math.max(0, readAt - System.nanoTime()), TimeUnit.NANOSECONDS);
                    }
                });
            }
            if (!inFlight.tryAcquire(MAX_IN_FLIGHT, 60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("observed-staleness reads did not finish within 60 s");
            }
            inFlight.release(MAX_IN_FLIGHT);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while observing staleness", interrupted);
        } finally {
            scheduler.shutdownNow();
        }
        long[] readCounts = new long[delays.length];
        long[] freshCounts = new long[delays.length];
        long[] lags = new long[delays.length];
        for (int j = 0; j < delays.length; j++) {
            readCounts[j] = reads.get(j);
            freshCounts[j] = fresh.get(j);
            lags[j] = lagMicros.get(j);
        }
        boolean coordinatorIsReplica = choice == CoordinatorChoice.ROUND_ROBIN && nodes.size() == n;
        return new RawObservation(settings, acknowledged.get(), failedWrites.get(), failedReads.get(), readCounts, freshCounts,
                lags, coordinatorIsReplica, snapshot(gap), snapshot(writeLatency), snapshot(readLatency));
    }

    private static void record(Histogram histogram, long micros) {
        synchronized (histogram) {
            histogram.recordValue(Math.min(Math.max(0, micros), histogram.getHighestTrackableValue()));
        }
    }

    private static Histogram snapshot(Histogram histogram) {
        synchronized (histogram) {
            return histogram.copy();
        }
    }

    /** A node that is not a replica of the key; the i-th such node in turn when there are several. */
    private static Node outsideReplicas(TokenMap tokens, String keyspace, String key, List<Node> nodes, int turn) {
        Set<Node> replicas = tokens.getReplicas(CqlIdentifier.fromCql(keyspace),
                ByteBuffer.wrap(key.getBytes(StandardCharsets.UTF_8)));
        List<Node> outside = new ArrayList<>();
        for (Node node : nodes) {
            if (!replicas.contains(node)) {
                outside.add(node);
            }
        }
        if (outside.isEmpty()) {
            throw new IllegalStateException("every node is a replica of key " + key);
        }
        return outside.get(turn % outside.size());
    }

    /** Compares an observation of N = {@code n} replicas with the engine's prediction from {@code measured}. */
    public static ObservedStaleness compare(RawObservation raw, LatencyProfile measured, int n,
                                            ClientGapCorrection correction) {
        ObservationSettings settings = raw.settings();
        ConfigurationResult prediction = predict(measured, n, settings, raw.coordinatorIsReplica());
        double[] delays = settings.delaysMillis();
        double offset = latencyOffsetMillis(raw, prediction);
        List<ObservedPoint> points = new ArrayList<>();
        for (int j = 0; j < delays.length; j++) {
            long answered = raw.reads()[j];
            if (answered == 0) {
                continue; // every read at this t failed: nothing observed to compare
            }
            ProportionEstimate observed = ProportionEstimate.of(raw.fresh()[j], answered);
            double lag = raw.lagMicros()[j] / 1000.0 / answered;
            double alone = prediction.consistentAt(delays[j]).estimate();
            double withGap = averageOverGap(prediction, delays[j], raw.clientGapMicros());
            double withOffset = prediction.consistentAt(Math.max(0, delays[j] + offset + lag)).estimate();
            double chosen = switch (correction) {
                case NONE -> alone;
                case MEASURED -> withGap;
                case LATENCY -> withOffset;
            };
            points.add(new ObservedPoint(delays[j], observed, chosen, alone, withGap, withOffset, lag));
        }
        List<ObservedStaleness.LatencyComparison> latencies = new ArrayList<>();
        double[] gapQuantiles = quantiles(raw.clientGapMicros(), GAP_LEVELS);
        for (String operation : List.of("read", "write")) {
            Histogram observedLatency = operation.equals("read") ? raw.readLatencyMicros() : raw.writeLatencyMicros();
            if (observedLatency.getTotalCount() == 0) {
                continue;
            }
            double[] clientLatency = clientLatencies(prediction, operation.equals("read"), gapQuantiles);
            for (double percentile : LATENCY_PERCENTILES) {
                latencies.add(new ObservedStaleness.LatencyComparison(operation, percentile,
                        observedLatency.getValueAtPercentile(percentile) / 1000.0,
                        clientLatency[Math.min(clientLatency.length - 1, (int) Math.floor(percentile / 100 * clientLatency.length))]));
            }
        }
        double meanGapMillis = raw.clientGapMicros().getTotalCount() == 0 ? 0 : raw.clientGapMicros().getMean() / 1000.0;
        return new ObservedStaleness(n, settings.readReplicas(), settings.writeReplicas(), raw.writes(), raw.failedWrites(),
                raw.failedReads(), raw.coordinatorIsReplica(), correction, meanGapMillis, offset, points, latencies);
    }

    /**
     * The client's offset from latencies, ms ({@link ClientGapCorrection#LATENCY}): the mean, over
     * writes and reads, of the observed median client-side latency less the engine's median
     * latency of the same operation. 0 when either operation has no latency observed.
     */
    static double latencyOffsetMillis(RawObservation raw, ConfigurationResult prediction) {
        if (raw.writeLatencyMicros().getTotalCount() == 0 || raw.readLatencyMicros().getTotalCount() == 0) {
            return 0;
        }
        double writeExcess = raw.writeLatencyMicros().getValueAtPercentile(50) / 1000.0
                - prediction.writeLatency(50).valueMillis();
        double readExcess = raw.readLatencyMicros().getValueAtPercentile(50) / 1000.0
                - prediction.readLatency(50).valueMillis();
        return (writeExcess + readExcess) / 2;
    }

    /** Quantiles of a histogram at the mid-points of {@code levels} equal slices, in ms; {0} when it is empty. */
    private static double[] quantiles(Histogram micros, int levels) {
        if (micros.getTotalCount() == 0) {
            return new double[] {0};
        }
        double[] values = new double[levels];
        for (int level = 0; level < levels; level++) {
            values[level] = micros.getValueAtPercentile(100.0 * (level + 0.5) / levels) / 1000.0;
        }
        return values;
    }

    /**
     * The predicted latency as the client sees it, sorted: the engine's latency plus the client
     * round trip, independent of each other, on a grid of quantiles of each (the convolution of the
     * two distributions, LATENCY_LEVELS x GAP_LEVELS points).
     */
    private static double[] clientLatencies(ConfigurationResult prediction, boolean read, double[] gapQuantiles) {
        double[] sums = new double[LATENCY_LEVELS * gapQuantiles.length];
        int next = 0;
        for (int level = 0; level < LATENCY_LEVELS; level++) {
            double percentile = 100.0 * (level + 0.5) / LATENCY_LEVELS;
            double latency = read ? prediction.readLatency(percentile).valueMillis() : prediction.writeLatency(percentile).valueMillis();
            for (double gap : gapQuantiles) {
                sums[next++] = latency + gap;
            }
        }
        java.util.Arrays.sort(sums);
        return sums;
    }

    /** The mean of P(consistent at t + gap) over the measured gaps (just P at t when none was measured). */
    static double averageOverGap(ConfigurationResult prediction, double tMillis, Histogram gapMicros) {
        if (gapMicros.getTotalCount() == 0) {
            return prediction.consistentAt(tMillis).estimate();
        }
        double sum = 0;
        for (HistogramIterationValue value : gapMicros.recordedValues()) {
            double gapMillis = gapMicros.medianEquivalentValue(value.getValueIteratedTo()) / 1000.0;
            sum += value.getCountAtValueIteratedTo() * prediction.consistentAt(tMillis + gapMillis).estimate();
        }
        return sum / gapMicros.getTotalCount();
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
        return ConsistencyLevels.forReplicas(replicas, n).orElseThrow(() -> new IllegalArgumentException(
                "Cassandra has no consistency level for " + replicas + " of " + n + " replicas: use 1, 2, 3, a quorum ("
                        + (n / 2 + 1) + ") or all (" + n + ")"));
    }
}
