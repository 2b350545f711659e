package dev.pbs.model.readpath;

import java.util.Locale;

/**
 * Cassandra's table option {@code read_repair}: what a read does when the answers it kept
 * disagree (some replicas had the write and some did not).
 */
public enum ReadRepair {
    /** Nothing: the read answers with the newest value it got (the paper's model). */
    NONE,
    /**
     * Cassandra's default: the coordinator writes the newest value to the stale replicas it read
     * from, and answers only once they have acknowledged it.
     */
    BLOCKING;

    /** The spelling of the command line and JSON: {@code none} or {@code blocking}. */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Reads {@code NONE} or {@code BLOCKING}, case-insensitive.
     *
     * @throws IllegalArgumentException naming the text and the accepted values
     */
    public static ReadRepair parse(String text) {
        String trimmed = text == null ? "" : text.trim();
        for (ReadRepair repair : values()) {
            if (repair.name().equalsIgnoreCase(trimmed)) {
                return repair;
            }
        }
        throw new IllegalArgumentException("read repair must be 'blocking' or 'none', was '" + text + "'");
    }
}
