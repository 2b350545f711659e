package dev.pbs.cassandra.probe;

import dev.pbs.model.profile.WarsMessage;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * W, A, R and S delays per replica, in microseconds, in HdrHistograms (3 significant digits, up to
 * an hour). The probe's trace readers record concurrently without waiting for each other or for a
 * snapshot: each replica and message has an HdrHistogram recorder ({@link RunningHistogram}), whose interval
 * histograms a snapshot adds to that pair's running total. A snapshot holds every sample recorded
 * before it was taken; one taken while a sample is being recorded may hold its W (or R) and not yet
 * its A (or S).
 *
 * <p>Over several datacenters, a sample whose coordinator and replica are in different datacenters
 * holds the inter-datacenter delay as well: it is kept apart, by ordered pair of datacenters
 * ({@link DatacenterMeasurements}), so that each replica's own delays come from coordinators of its
 * datacenter only.
 */
public final class WarsRecorder {

    /** Largest recordable delay, microseconds (one hour); larger ones are counted as clipped. */
    public static final long HIGHEST_MICROS = 3_600_000_000L;

    private final ConcurrentMap<String, Map<WarsMessage, RunningHistogram>> byReplica = new ConcurrentHashMap<>();
    private final LongAdder clipped = new LongAdder();
    private final Map<WarsMessage, RunningHistogram> local = newMessages();
    private final LongAdder readsServedLocally = new LongAdder();
    private final LongAdder readsSentAway = new LongAdder();
    private final Map<String, String> datacenterOf;
    private final ConcurrentMap<String, Map<WarsMessage, RunningHistogram>> crossing = new ConcurrentHashMap<>();
    private final ConcurrentMap<String, Map<WarsMessage, RunningHistogram>> localByDatacenter =
            new ConcurrentHashMap<>();
    private final MessagePairs pairs = new MessagePairs();

    /** A recorder for one datacenter. */
    public WarsRecorder() {
        this(Map.of());
    }

    /**
     * @param datacenterOf each node's datacenter by address, to tell samples that cross
     *     datacenters; empty: one datacenter, no sample crosses
     */
    public WarsRecorder(Map<String, String> datacenterOf) {
        this.datacenterOf = Map.copyOf(datacenterOf);
    }

    /**
     * Records the two delays of one sample of an operation coordinated by {@code coordinator}: as
     * the replica's own, or as a crossing of its pair of datacenters when they differ.
     */
    public void record(ReplicaDelays delays, String coordinator) {
        String from = datacenterOf.get(coordinator);
        String to = datacenterOf.get(delays.replica());
        if (from == null || to == null || from.equals(to)) {
            record(delays);
            return;
        }
        Map<WarsMessage, RunningHistogram> messages =
                crossing.computeIfAbsent(DatacenterMeasurements.pair(from, to), ignored -> newMessages());
        boolean write = delays.operation() == Operation.WRITE;
        messages.get(write ? WarsMessage.WRITE : WarsMessage.READ).record(clip(delays.outboundMicros()));
        messages.get(write ? WarsMessage.ACKNOWLEDGEMENT : WarsMessage.RESPONSE).record(clip(delays.returnMicros()));
    }

    /** The crossing samples by ordered pair {@code FROM>TO} and message; only those with samples. */
    public Map<String, Map<WarsMessage, Histogram>> crossingSnapshot() {
        Map<String, Map<WarsMessage, Histogram>> copy = new TreeMap<>();
        crossing.forEach((pair, messages) -> {
            Map<WarsMessage, Histogram> messagesCopy = new EnumMap<>(WarsMessage.class);
            messages.forEach((message, delays) -> {
                Histogram total = delays.totalCopy();
                if (total.getTotalCount() > 0) {
                    messagesCopy.put(message, total);
                }
            });
            if (!messagesCopy.isEmpty()) {
                copy.put(pair, messagesCopy);
            }
        });
        return copy;
    }

    /** Records the two delays of one sample as the replica's own. */
    public void record(ReplicaDelays delays) {
        boolean write = delays.operation() == Operation.WRITE;
        delaysOf(delays.replica(), write ? WarsMessage.WRITE : WarsMessage.READ).record(clip(delays.outboundMicros()));
        delaysOf(delays.replica(), write ? WarsMessage.ACKNOWLEDGEMENT : WarsMessage.RESPONSE)
                .record(clip(delays.returnMicros()));
    }

    /** Records the two delays of the coordinator's own replica (see {@link TraceParser}). */
    public void recordLocal(ReplicaDelays delays) {
        recordLocal(local, delays);
        String datacenter = datacenterOf.get(delays.replica());
        if (datacenter != null) {
            recordLocal(localByDatacenter.computeIfAbsent(datacenter, ignored -> newMessages()), delays);
        }
    }

    private void recordLocal(Map<WarsMessage, RunningHistogram> messages, ReplicaDelays delays) {
        boolean write = delays.operation() == Operation.WRITE;
        messages.get(write ? WarsMessage.WRITE : WarsMessage.READ).record(clip(delays.outboundMicros()));
        messages.get(write ? WarsMessage.ACKNOWLEDGEMENT : WarsMessage.RESPONSE).record(clip(delays.returnMicros()));
    }

    /**
     * Counts one read at ONE through a coordinator that is a replica of the key: served by the
     * coordinator's own replica, or sent to another.
     */
    public void countReadTarget(boolean servedLocally) {
        (servedLocally ? readsServedLocally : readsSentAway).increment();
    }

    /** The coordinator's own replica's delays, by message; only messages with samples. */
    public Map<WarsMessage, Histogram> localSnapshot() {
        return copyOf(local);
    }

    /**
     * Over several datacenters, the coordinators' own replica's delays by the coordinator's
     * datacenter and message; only datacenters and messages with samples. Empty for one.
     */
    public Map<String, Map<WarsMessage, Histogram>> localSnapshotByDatacenter() {
        Map<String, Map<WarsMessage, Histogram>> copy = new TreeMap<>();
        localByDatacenter.forEach((datacenter, messages) -> {
            Map<WarsMessage, Histogram> messagesCopy = copyOf(messages);
            if (!messagesCopy.isEmpty()) {
                copy.put(datacenter, messagesCopy);
            }
        });
        return copy;
    }

    private static Map<WarsMessage, Histogram> copyOf(Map<WarsMessage, RunningHistogram> messages) {
        Map<WarsMessage, Histogram> copy = new EnumMap<>(WarsMessage.class);
        messages.forEach((message, delays) -> {
            Histogram total = delays.totalCopy();
            if (total.getTotalCount() > 0) {
                copy.put(message, total);
            }
        });
        return copy;
    }

    /**
     * Records the pairs of delays one parsed trace holds ({@link MessagePairs}), over one datacenter
     * only: over several, a pair could mix a crossing with a delay within one datacenter, so their
     * profiles keep the messages independent.
     */
    public void recordPairs(TraceParser.Result parsed, Operation operation) {
        if (datacenterOf.isEmpty()) {
            pairs.record(parsed, operation);
        }
    }

    /**
     * Records a traced operation's client part with its coordinator's part ({@link
     * MessagePairs#recordClient}), over one datacenter only, as the pairs of delays.
     */
    public void recordClient(long clientMicros, long coordinatorMicros) {
        if (datacenterOf.isEmpty()) {
            pairs.recordClient(clientMicros, coordinatorMicros);
        }
    }

    /** The pairs of delays of one traced operation recorded so far. */
    public MessagePairs.Snapshot pairs() {
        return pairs.snapshot();
    }

    /** Reads at ONE through a replica coordinator so far: served locally, sent to another replica. */
    public ReadTargets readTargets() {
        return new ReadTargets(readsServedLocally.sum(), readsSentAway.sum());
    }

    /**
     * Where reads at ONE through a coordinator that is a replica of the key went.
     *
     * @param servedLocally read by the coordinator's own replica
     * @param sentAway sent to another replica
     */
    public record ReadTargets(long servedLocally, long sentAway) {

        public long total() {
            return servedLocally + sentAway;
        }
    }

    private long clip(long micros) {
        if (micros > HIGHEST_MICROS) {
            clipped.increment();
            return HIGHEST_MICROS;
        }
        return Math.max(0, micros);
    }

    private RunningHistogram delaysOf(String replica, WarsMessage message) {
        Map<WarsMessage, RunningHistogram> messages = byReplica.computeIfAbsent(replica, ignored -> newMessages());
        return messages.get(message);
    }

    /** One pair of delays per message, created together so that recording never changes the map. */
    private static Map<WarsMessage, RunningHistogram> newMessages() {
        Map<WarsMessage, RunningHistogram> messages = new EnumMap<>(WarsMessage.class);
        for (WarsMessage message : WarsMessage.values()) {
            messages.put(message, new RunningHistogram());
        }
        return messages;
    }

    /**
     * Copies of every histogram with at least one sample, by replica (sorted by address) and message;
     * a replica that has answered only writes has no R and S.
     */
    public Map<String, Map<WarsMessage, Histogram>> snapshot() {
        Map<String, Map<WarsMessage, Histogram>> copy = new TreeMap<>(ReplicaOrder.COMPARATOR);
        byReplica.forEach((replica, messages) -> {
            Map<WarsMessage, Histogram> messagesCopy = new EnumMap<>(WarsMessage.class);
            messages.forEach((message, delays) -> {
                Histogram total = delays.totalCopy();
                if (total.getTotalCount() > 0) {
                    messagesCopy.put(message, total);
                }
            });
            if (!messagesCopy.isEmpty()) {
                copy.put(replica, messagesCopy);
            }
        });
        return copy;
    }

    /** Samples of one replica and message so far. */
    public long count(String replica, WarsMessage message) {
        Map<WarsMessage, RunningHistogram> messages = byReplica.get(replica);
        return messages == null ? 0 : messages.get(message).totalCopy().getTotalCount();
    }

    /** Delays above {@link #HIGHEST_MICROS}, recorded as that value. */
    public long clipped() {
        return clipped.sum();
    }
}
