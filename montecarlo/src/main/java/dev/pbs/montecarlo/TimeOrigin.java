package dev.pbs.montecarlo;

import java.util.Locale;

/**
 * The moment a t (a read's start, a window) counts from.
 *
 * <ul>
 *   <li>{@link #COMMIT}: the write's commit at its coordinator, the paper's t and the engine's own;
 *   <li>{@link #ACKNOWLEDGEMENT}: the moment the client has the write's acknowledgement, the first
 *       moment an application can act on it. A read sent then reaches its coordinator a client round
 *       trip after the commit.
 * </ul>
 */
public enum TimeOrigin {
    COMMIT,
    ACKNOWLEDGEMENT;

    /** Its name as configurations, metrics' labels and JSON spell it: {@code commit}, {@code acknowledgement}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** "after commit" or "after the client's acknowledgement": what follows a time in a sentence. */
    public String after() {
        return this == COMMIT ? "after commit" : "after the client's acknowledgement";
    }

    /**
     * @throws IllegalArgumentException for a name other than {@code commit} or {@code acknowledgement}
     */
    public static TimeOrigin of(String label) {
        for (TimeOrigin origin : values()) {
            if (origin.label().equals(label)) {
                return origin;
            }
        }
        throw new IllegalArgumentException("the clock must be acknowledgement or commit, was '" + label + "'");
    }
}
