package dev.pbs.model.readpath;

import java.util.Locale;

/**
 * Which replicas a targeted read asks first: uniformly random ones (the paper's model), or those
 * Cassandra's dynamic snitch prefers.
 *
 * <p>The dynamic snitch keeps a score per replica from its recent read latency. It starts from the
 * order of the static snitch (for one datacenter, in effect random per key) and keeps it unless,
 * at some position, that order's replica scores more than {@code 1 + badnessThreshold} times the
 * replica at the same position of the order by score; then it reads in the order by score. pbs
 * scores a replica by the median of its read request plus the median of its response (the local
 * path's for a coordinator's own replica, and twice the median inter-datacenter delay for a
 * replica outside the coordinator's datacenter): the latency the snitch would see on average.
 *
 * @param snitch whether the dynamic snitch orders the replicas
 * @param badnessThreshold {@code dynamic_snitch_badness_threshold}, {@code >= 0}; Cassandra 4 and 5
 *     default to {@value #CASSANDRA_BADNESS_THRESHOLD}
 */
public record ReplicaChoice(boolean snitch, double badnessThreshold) {

    /** Cassandra 4's and 5's default {@code dynamic_snitch_badness_threshold}. */
    public static final double CASSANDRA_BADNESS_THRESHOLD = 1.0;

    public ReplicaChoice {
        if (!(badnessThreshold >= 0) || Double.isInfinite(badnessThreshold)) {
            throw new IllegalArgumentException(
                    "the dynamic snitch's badness threshold must be finite and >= 0, was " + badnessThreshold);
        }
    }

    /** Uniformly random replicas. */
    public static ReplicaChoice random() {
        return new ReplicaChoice(false, CASSANDRA_BADNESS_THRESHOLD);
    }

    /** The dynamic snitch with the given badness threshold. */
    public static ReplicaChoice snitch(double badnessThreshold) {
        return new ReplicaChoice(true, badnessThreshold);
    }

    /** {@code random} or {@code snitch}. */
    public String text() {
        return snitch ? "snitch" : "random";
    }

    /**
     * Reads {@code random} or {@code snitch} (case-insensitive), the latter with {@code
     * badnessThreshold}.
     *
     * @throws IllegalArgumentException naming the text and the accepted values
     */
    public static ReplicaChoice parse(String text, double badnessThreshold) {
        String trimmed = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        return switch (trimmed) {
            case "random" -> new ReplicaChoice(false, badnessThreshold);
            case "snitch" -> snitch(badnessThreshold);
            default ->
                throw new IllegalArgumentException("replica choice must be 'random' or 'snitch', was '" + text + "'");
        };
    }
}
