package dev.pbs.cassandra.probe;

import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * W, A, R and S delays per replica, in microseconds, in HdrHistograms (3 significant digits, up to
 * an hour). Thread-safe: the probe's trace readers record concurrently.
 */
public final class WarsRecorder {

    /** Largest recordable delay, microseconds (one hour); larger ones are counted as clipped. */
    public static final long HIGHEST_MICROS = 3_600_000_000L;

    private final Map<String, Map<MessageType, Histogram>> byReplica = new TreeMap<>();
    private long clipped;

    /** Records the two delays of one sample. */
    public synchronized void record(ReplicaDelays delays) {
        boolean write = delays.operation() == Operation.WRITE;
        histogram(delays.replica(), write ? MessageType.W : MessageType.R).recordValue(clip(delays.outboundMicros()));
        histogram(delays.replica(), write ? MessageType.A : MessageType.S).recordValue(clip(delays.returnMicros()));
    }

    private long clip(long micros) {
        if (micros > HIGHEST_MICROS) {
            clipped++;
            return HIGHEST_MICROS;
        }
        return Math.max(0, micros);
    }

    private Histogram histogram(String replica, MessageType type) {
        return byReplica.computeIfAbsent(replica, ignored -> new EnumMap<>(MessageType.class))
                .computeIfAbsent(type, ignored -> new Histogram(HIGHEST_MICROS, 3));
    }

    /** Copies of every histogram, by replica (sorted by address) and message type. */
    public synchronized Map<String, Map<MessageType, Histogram>> snapshot() {
        Map<String, Map<MessageType, Histogram>> copy = new TreeMap<>(ReplicaOrder.COMPARATOR);
        byReplica.forEach((replica, types) -> {
            Map<MessageType, Histogram> typesCopy = new EnumMap<>(MessageType.class);
            types.forEach((type, histogram) -> typesCopy.put(type, histogram.copy()));
            copy.put(replica, typesCopy);
        });
        return copy;
    }

    /** Samples of one replica and message type so far. */
    public synchronized long count(String replica, MessageType type) {
        Map<MessageType, Histogram> types = byReplica.get(replica);
        Histogram histogram = types == null ? null : types.get(type);
        return histogram == null ? 0 : histogram.getTotalCount();
    }

    /** Delays above {@link #HIGHEST_MICROS}, recorded as that value. */
    public synchronized long clipped() {
        return clipped;
    }
}
