package dev.pbs.cassandra.fidelity;

/**
 * Which of the profiles measured from one probe snapshot a fidelity prediction used: the probe's
 * traced delays carry tracing's own cost, and the experiment says how it treated it.
 */
public enum ProfileChoice {
    /** The traced delays as measured, tracing's cost kept. */
    AS_TRACED("as_traced", "the traced delays as kept"),
    /**
     * Tracing's cost subtracted as a constant per message, fitted on the probe's untraced operations
     * ({@link dev.pbs.cassandra.probe.TracingShift}).
     */
    TRACING_COST_SUBTRACTED("tracing_cost_subtracted", "tracing's own cost subtracted per message"),
    /**
     * Tracing's cost divided out of every delay, as {@code ./pbs probe} does
     * ({@link dev.pbs.cassandra.probe.TracingDilation}).
     */
    TRACING_COST_DIVIDED_OUT("tracing_cost_divided_out", "tracing's own cost divided out");

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
