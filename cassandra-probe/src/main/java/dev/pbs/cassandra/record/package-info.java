/**
 * A probe run as a sequence of events ({@link dev.pbs.cassandra.record.ProbeEvent}): kept as the
 * run goes ({@link dev.pbs.cassandra.record.ProbeJournal}), and replayed without the cluster into
 * the same measurements and observation, to the bit ({@link dev.pbs.cassandra.record.ProbeReplay}).
 * The file format is the {@code formats} module's.
 */
package dev.pbs.cassandra.record;
