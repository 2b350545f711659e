package dev.pbs.model.readpath;

import java.util.Locale;

/**
 * What a read does when the answers it kept disagree (some replicas had the write and some did
 * not): the paper's model, or Cassandra's table option {@code read_repair}.
 */
public enum ReadRepair {
    /** Nothing: the read answers with the newest value it got (the paper's model; pbs's default). */
    OFF,
    /**
     * Cassandra's {@code NONE}: on a digest mismatch the coordinator reads the full data again from
     * the same replicas (a second round, which the read waits for), and writes nothing back.
     */
    NONE,
    /**
     * Cassandra's default: after that second round the coordinator writes the newest value to the
     * replicas still stale, and answers only once they have acknowledged it.
     */
    BLOCKING;

    /** The spelling of the command line and JSON: {@code off}, {@code none} or {@code blocking}. */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether a read whose kept answers disagree reads the full data again (Cassandra's two rounds). */
    public boolean readsAgainOnMismatch() {
        return this != OFF;
    }

    /** Whether the read writes the newest value back to the stale replicas and waits for them. */
    public boolean writesBack() {
        return this == BLOCKING;
    }

    /**
     * Reads {@code OFF}, {@code NONE} or {@code BLOCKING}, case-insensitive.
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
        throw new IllegalArgumentException("read repair must be 'blocking', 'none' or 'off', was '" + text + "'");
    }
}
