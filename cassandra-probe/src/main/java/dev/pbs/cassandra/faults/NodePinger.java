package dev.pbs.cassandra.faults;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Watches nodes for pauses: sends each a tiny request it answers itself ({@code system.local}, no
 * replica involved) at a steady cadence, and keeps when each was sent and answered, for {@link
 * PauseFinder}; a stall seen on several nodes at once is the probe's or the machine's, not a node's
 * pause, and is left out. At the default cadence of 20 ms that is 50 requests a second per node. Requests
 * wait up to {@link #REQUEST_TIMEOUT} for their answer, so a pause shorter than that is a held
 * request, not a failure. Keeps at most {@link #MAXIMUM_PINGS} per node (the oldest go first), and
 * stops by {@link #close()}.
 */
public final class NodePinger implements AutoCloseable {

    /** The cadence when none is given. */
    public static final Duration DEFAULT_CADENCE = Duration.ofMillis(20);

    /** How long a request waits for its answer before it counts as unanswered. */
    static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(30);

    /** Requests kept per node: 50 a second for more than five hours. */
    static final int MAXIMUM_PINGS = 1_000_000;

    private static final SimpleStatement PING = SimpleStatement.newInstance("SELECT release_version FROM system.local");

    private final Map<String, List<Ping>> pings = new LinkedHashMap<>();
    private final ScheduledExecutorService scheduler;
    private final long startedNanos;

    private NodePinger(ScheduledExecutorService scheduler) {
        this.scheduler = scheduler;
        this.startedNanos = System.nanoTime();
    }

    /**
     * Starts watching {@code nodes} through {@code session}.
     *
     * @param addressOf the name each node's pings are kept under
     * @param cadence the time between two requests to one node; above 0
     */
    public static NodePinger start(
            CqlSession session, List<Node> nodes, Function<Node, String> addressOf, Duration cadence) {
        if (cadence.isNegative() || cadence.isZero()) {
            throw new IllegalArgumentException("the pause watch's cadence must be above 0, was " + cadence);
        }
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "pbs-pause-watch");
            thread.setDaemon(true);
            return thread;
        });
        NodePinger pinger = new NodePinger(scheduler);
        for (Node node : nodes) {
            String address = addressOf.apply(node);
            List<Ping> kept = new ArrayList<>();
            pinger.pings.put(address, kept);
            SimpleStatement statement =
                    PING.setNode(node).setTimeout(REQUEST_TIMEOUT).setIdempotent(true);
            scheduler.scheduleAtFixedRate(
                    () -> {
                        long sent = System.nanoTime();
                        session.executeAsync(statement).whenComplete((result, error) -> {
                            long answered = error == null ? System.nanoTime() : Ping.UNANSWERED;
                            pinger.keep(kept, new Ping(sent, answered));
                        });
                    },
                    0,
                    cadence.toNanos(),
                    TimeUnit.NANOSECONDS);
        }
        return pinger;
    }

    private void keep(List<Ping> kept, Ping ping) {
        synchronized (kept) {
            if (kept.size() == MAXIMUM_PINGS) {
                kept.subList(0, MAXIMUM_PINGS / 10).clear();
            }
            kept.add(ping);
        }
    }

    /**
     * Each node's pauses so far, by address.
     *
     * @param thresholdNanos a round trip above this was held by a pause
     */
    public Map<String, ObservedPauses> pauses(long thresholdNanos) {
        long watched = System.nanoTime() - startedNanos;
        Map<String, List<ObservedPause>> found = new LinkedHashMap<>();
        this.pings.forEach((address, kept) -> {
            List<Ping> copy;
            synchronized (kept) {
                copy = List.copyOf(kept);
            }
            found.put(address, PauseFinder.find(copy, thresholdNanos));
        });
        Map<String, ObservedPauses> pauses = new LinkedHashMap<>();
        found.forEach((address, own) ->
                pauses.put(address, new ObservedPauses(withoutCommonStalls(address, own, found), watched)));
        return pauses;
    }

    /**
     * A node's pauses less those that overlap a pause of another node: requests held on several
     * nodes at once were held by something they share (the probe's own process, the machine, the
     * network), not by the node, whose pauses are independent of the others'.
     */
    static List<ObservedPause> withoutCommonStalls(
            String address, List<ObservedPause> own, Map<String, List<ObservedPause>> all) {
        List<ObservedPause> kept = new ArrayList<>();
        for (ObservedPause pause : own) {
            boolean shared = all.entrySet().stream()
                    .filter(other -> !other.getKey().equals(address))
                    .flatMap(other -> other.getValue().stream())
                    .anyMatch(other -> other.startNanos() < pause.endNanos() && pause.startNanos() < other.endNanos());
            if (!shared) {
                kept.add(pause);
            }
        }
        return kept;
    }

    @Override
    public void close() {
        scheduler.shutdownNow();
    }
}
