package dev.pbs.model.profile;

import dev.pbs.model.distribution.LatencyDistribution;

/** The four one-way messages of the WARS model, in the paper's letters. */
public enum WarsMessage {
    /** W: the write request, coordinator to replica, applied there. */
    WRITE("W"),
    /** A: the write's acknowledgement, replica to coordinator. */
    ACKNOWLEDGEMENT("A"),
    /** R: the read request, coordinator to replica. */
    READ("R"),
    /** S: the read response, replica to coordinator. */
    RESPONSE("S");

    private final String letter;

    WarsMessage(String letter) {
        this.letter = letter;
    }

    /** W, A, R or S. */
    public String letter() {
        return letter;
    }

    /** This message's distribution in a full set of delays. */
    public LatencyDistribution of(MessageDelays delays) {
        return switch (this) {
            case WRITE -> delays.write();
            case ACKNOWLEDGEMENT -> delays.acknowledgement();
            case READ -> delays.read();
            case RESPONSE -> delays.response();
        };
    }

    /** This message's override, or {@code null} when the replica keeps the default. */
    public LatencyDistribution of(DelayOverrides overrides) {
        return switch (this) {
            case WRITE -> overrides.write();
            case ACKNOWLEDGEMENT -> overrides.acknowledgement();
            case READ -> overrides.read();
            case RESPONSE -> overrides.response();
        };
    }
}
