package dev.pbs.cassandra.fidelity;

/**
 * Which of the profiles measured from one probe snapshot a fidelity prediction used: the probe's
 * traced delays carry tracing's own cost, and the experiment says how it treated it.
 */
public enum ProfileChoice {
    /** The traced delays as measured, tracing's cost kept. */
    AS_TRACED("as_traced", "the traced delays as kept"),
    /**
     * Tracing's cost per message taken off, fitted on the probe's untraced operations, as {@code
     * ./pbs probe} does ({@link dev.pbs.cassandra.calibration.Calibration}).
     */
    CALIBRATED("calibrated", "tracing's own cost taken off per message");

    private final String text;
    private final String description;

    ProfileChoice(String text, String description) {
        this.text = text;
        this.description = description;
    }

    /** The name in JSON. */
    public String text() {
        return text;
    }

    /** In words, for the text report. */
    public String description() {
        return description;
    }
}
