package dev.pbs.cassandra.probe;

/**
 * A probe operation and the trace events that delimit its one-way delays.
 *
 * <p>Writes: {@code MUTATION_REQ} out, the replica applies the mutation ("Adding to TABLE memtable";
 * from then on the new value is readable there), {@code MUTATION_RSP} back. Reads: {@code READ_REQ}
 * out, the replica runs the query ("Executing single-partition query on TABLE"; the point at which
 * it decides what it returns), {@code READ_RSP} back.
 */
public enum Operation {
    WRITE("MUTATION_REQ", "MUTATION_RSP", "Adding to %s memtable"),
    READ("READ_REQ", "READ_RSP", "Executing single-partition query on %s");

    private final String requestVerb;
    private final String responseVerb;
    private final String servedActivityFormat;

    Operation(String requestVerb, String responseVerb, String servedActivityFormat) {
        this.requestVerb = requestVerb;
        this.responseVerb = responseVerb;
        this.servedActivityFormat = servedActivityFormat;
    }

    public String requestVerb() {
        return requestVerb;
    }

    public String responseVerb() {
        return responseVerb;
    }

    /** The replica-side activity that marks the moment the replica serves the request, for a table. */
    public String servedActivity(String table) {
        return String.format(servedActivityFormat, table);
    }
}
