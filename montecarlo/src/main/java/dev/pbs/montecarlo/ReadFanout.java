package dev.pbs.montecarlo;

import java.util.Locale;

/** How a read coordinator picks the replicas it asks. */
public enum ReadFanout {
    /**
     * Dynamo and Riak: the read goes to all N replicas and the coordinator keeps the first R
     * responses.
     */
    ALL,
    /**
     * Voldemort, and Cassandra without read repair: the read goes to exactly R replicas chosen
     * uniformly at random, and the coordinator waits for all of them.
     */
    TARGETED;

    /** The name used on the command line and in JSON: {@code all} or {@code targeted}. */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static ReadFanout parse(String text) {
        for (ReadFanout fanout : values()) {
            if (fanout.text().equalsIgnoreCase(text == null ? "" : text.trim())) {
                return fanout;
            }
        }
        throw new IllegalArgumentException("read fan-out must be 'all' or 'targeted', was '" + text + "'");
    }
}
