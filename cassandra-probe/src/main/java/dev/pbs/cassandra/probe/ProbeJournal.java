package dev.pbs.cassandra.probe;

/**
 * Where a probe run keeps its events ({@link ProbeEvent}) as they happen, for a record of the run
 * that can be replayed without the cluster ({@link dev.pbs.cassandra.record.ProbeReplay}). The probe hands over its own
 * events (traced and untraced operations, round trips, measurements taken) one at a time, in the
 * order it applies them to its measurements, and the observation's from several threads at once:
 * an implementation keeps the order in which {@link #append} was called, and is safe for several
 * threads.
 */
public interface ProbeJournal {

    /** A journal that keeps nothing: a run without a record. */
    ProbeJournal NONE = new ProbeJournal() {
        @Override
        public void append(ProbeEvent event) {}

        @Override
        public boolean keeps() {
            return false;
        }
    };

    /** Keeps one event, after every event appended before it. */
    void append(ProbeEvent event);

    /** Whether events are kept at all (false: the caller may skip building them). */
    default boolean keeps() {
        return true;
    }
}
