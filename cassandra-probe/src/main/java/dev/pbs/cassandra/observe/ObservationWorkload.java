package dev.pbs.cassandra.observe;

import com.datastax.oss.driver.api.core.metadata.Node;
import dev.pbs.cassandra.probe.ProbeRun;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * Runs the observation's workload: the writes at their pace, each to a key of its own with its
 * round trip and reads ({@link ObservedWrite}), at most {@link #MAX_IN_FLIGHT} requests awaiting an
 * answer at once; then waits for every answer and returns the tallies.
 */
final class ObservationWorkload {

    /** Most requests (writes, reads, round trips) awaiting an answer at once. */
    private static final int MAX_IN_FLIGHT = 1024;
    /** How long the last answers may take after the last write was sent, seconds. */
    private static final long ANSWERS_TIMEOUT_SECONDS = 60;

    private ObservationWorkload() {}

    /**
     * Runs the observation on the probe's keyspace and session (see {@link StalenessObserver});
     * returns what each window of {@code writesPerWindow} consecutive writes saw, in order.
     */
    static List<RawObservation> run(
            ProbeRun run, ObservationSettings settings, CoordinatorChoice choice, int writesPerWindow) {
        int n = run.settings().replicationFactor();
        if (settings.readReplicas() > n || settings.writeReplicas() > n) {
            throw new IllegalArgumentException(
                    "read and write consistency must be at most the replication factor " + n);
        }
        ObservationCoordinators coordinators = ObservationCoordinators.of(run, choice, n, settings.levels());
        ObservationStatements statements =
                ObservationStatements.prepare(run.session(), run.settings().keyspace(), settings, n);
        double[] delaysMillis = settings.delaysMillis();
        long[] delaysNanos = new long[delaysMillis.length];
        for (int point = 0; point < delaysMillis.length; point++) {
            delaysNanos[point] = Math.round(delaysMillis[point] * 1e6);
        }
        ObservationEvents events = new ObservationEvents(
                new ObservationEvent.Started(settings, writesPerWindow),
                run.measurements().journal());
        ScheduledThreadPoolExecutor readScheduler = new ScheduledThreadPoolExecutor(2, runnable -> {
            Thread thread = new Thread(runnable, "pbs-observe");
            thread.setDaemon(true);
            return thread;
        });
        ObservationContext context = new ObservationContext(
                run.session(),
                statements,
                coordinators,
                events,
                run.measurements(),
                run.health(),
                readScheduler,
                new Semaphore(MAX_IN_FLIGHT),
                delaysNanos,
                new TracedReads(settings.tracedReadEvery()));
        try {
            writeAtPace(context, settings);
            awaitAnswers(context.inFlight());
            context.traced().read(run.session()).forEach(events::count);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while observing staleness", interrupted);
        } finally {
            readScheduler.shutdownNow();
        }
        // Each window counted where its coordinators were; the routing rule stands in for a side
        // with nothing counted.
        events.count(new ObservationEvent.Ended(coordinators.coordinatorIsReplica(n)));
        return events.observations();
    }

    /**
     * Sends the writes as a Poisson stream at the settings' rate (gaps drawn from an exponential
     * distribution with mean 1 / rate, from a fixed seed), each once its requests' permits are free.
     *
     * <p>Not at a fixed period: with writes every 50 ms and reads at t = 50, 100, 150 and 200 ms,
     * every write left together with the reads of the four writes before it, and the observed
     * writes took longer than the probe's evenly paced untraced writes at the same level. Poisson
     * arrivals see the cluster as it is on average, as the probe's operations do.
     */
    private static void writeAtPace(ObservationContext context, ObservationSettings settings)
            throws InterruptedException {
        String runTag = Long.toString(System.currentTimeMillis(), 36);
        int permits = ObservedWrite.PERMITS_BEYOND_READS + context.readDelaysNanos().length;
        double meanGapNanos = 1e9 / settings.writesPerSecond();
        SplittableRandom gaps = new SplittableRandom(SCHEDULE_SEED);
        long start = System.nanoTime();
        long dueNanos = start;
        for (int i = 0; i < settings.writes(); i++) {
            if (i > 0) {
                dueNanos += Math.round(-meanGapNanos * Math.log(1 - gaps.nextDouble()));
            }
            long wait = dueNanos - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
            if (!context.inFlight().tryAcquire(permits, ANSWERS_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                throw new IllegalStateException("observed-staleness requests in flight were not answered within "
                        + ANSWERS_TIMEOUT_SECONDS + " s: write " + (i + 1) + " of " + settings.writes()
                        + " could not be sent");
            }
            String key = key(context, settings, runTag, i);
            Node writer = context.coordinators().writer(key, i);
            new ObservedWrite(context, key, i + 1L, writer)
                    .send(context.coordinators().roundTrip(writer, i));
        }
    }

    /** The seed of the writes' schedule: the same gaps in every observation. */
    private static final long SCHEDULE_SEED = 1L;

    /** How many other keys are tried for one write whose key lacks the asked replica. */
    private static final int KEY_ATTEMPTS = 1_000;

    /**
     * The key of write {@code i}: {@code observe-TAG-i}, or, when the observation asks for keys of
     * which a given node is a replica, the first of {@code observe-TAG-i}, {@code observe-TAG-i-1},
     * ... that it holds.
     */
    private static String key(ObservationContext context, ObservationSettings settings, String runTag, int i) {
        String key = "observe-" + runTag + "-" + i;
        if (settings.keysReplicatedOn().isEmpty()) {
            return key;
        }
        String address = settings.keysReplicatedOn().get();
        for (int attempt = 0; attempt < KEY_ATTEMPTS; attempt++) {
            String candidate = attempt == 0 ? key : key + "-" + attempt;
            if (context.coordinators().isReplicaOf(candidate, address)) {
                return candidate;
            }
        }
        throw new IllegalArgumentException("no node at " + address + " holds any of " + KEY_ATTEMPTS
                + " keys tried: is it a node of the cluster?");
    }

    /** Waits until every request has been answered (every permit is back). */
    private static void awaitAnswers(Semaphore inFlight) throws InterruptedException {
        if (!inFlight.tryAcquire(MAX_IN_FLIGHT, ANSWERS_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            throw new IllegalStateException(
                    "observed-staleness reads did not finish within " + ANSWERS_TIMEOUT_SECONDS + " s");
        }
        inFlight.release(MAX_IN_FLIGHT);
    }
}
