package dev.pbs.cassandra.probe;

import dev.pbs.model.readpath.ReadPath;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One thing a probe run measured, as it is kept in a record of the run ({@link ProbeJournal}):
 * what the probe saw of the cluster, each traced operation with its trace events as the trace gave
 * them, each untraced operation's and refused request's client timing, and the moments the probe's
 * measurements were taken; when staleness was observed beside the probe, the observation's own
 * events ({@link dev.pbs.cassandra.observe.ObservationEvent}). A run's profile and its
 * observed-against-predicted comparison follow from its events alone ({@link
 * dev.pbs.cassandra.record.ProbeReplay}).
 *
 * <p>Times named {@code atMicros} or {@code sentMicros} count, in microseconds, from the moment the
 * run's journal was opened, on the probe's monotonic clock; latencies are microseconds too.
 */
public interface ProbeEvent {

    /**
     * The pbs command that made the record, with its arguments (secrets never come on pbs's command
     * line, so none is here): what re-records the run, and, for {@code fidelity}, the cell's settings.
     *
     * @param command {@code probe} or {@code fidelity}
     * @param arguments its arguments after the command's name, as given
     */
    record Command(String command, List<String> arguments) implements ProbeEvent {

        public Command {
            Objects.requireNonNull(command, "command");
            arguments = List.copyOf(arguments);
        }
    }

    /**
     * The cluster as the probe found it when it connected.
     *
     * @param clusterName as the cluster reports it
     * @param cassandraVersion the release of the first node that answered
     * @param datacenter the datacenter whose nodes coordinate (over several, the local one)
     * @param replicationFactor the probe keyspace's replicas per key (over several datacenters, in all)
     * @param nodes the coordinating nodes' datacenters, by address (as traces name them)
     * @param replication over several datacenters, each one's replicas per key; empty for one
     * @param readPath the probe table's speculative retry, read repair and replica choice; empty
     *     when the cluster's schema did not say
     * @param keyspace the probe's keyspace
     * @param operationsPerSecond the probe's pace
     * @param traceFraction the fraction of operations traced
     */
    record ClusterSeen(
            String clusterName,
            String cassandraVersion,
            String datacenter,
            int replicationFactor,
            Map<String, String> nodes,
            Optional<DatacenterReplication> replication,
            Optional<ReadPath> readPath,
            String keyspace,
            double operationsPerSecond,
            double traceFraction)
            implements ProbeEvent {

        public ClusterSeen {
            Objects.requireNonNull(clusterName, "cluster name");
            Objects.requireNonNull(datacenter, "datacenter");
            nodes = Map.copyOf(nodes);
        }
    }

    /**
     * A traced operation of the probe, as the trace reader took it (its last reading of the trace).
     *
     * @param atMicros when the trace was read and its samples recorded
     * @param operation write or read
     * @param coordinator the coordinator's address
     * @param key the key written or read
     * @param level the consistency level it ran at ({@code ALL}, {@code ONE}, ...)
     * @param answersAwaited the replicas that level waited for
     * @param countsReadTarget a read at ONE through a replica of its key: its trace tells where the
     *     coordinator read
     * @param clientMicros what the client waited for it, from when it was due to its answer
     * @param attempts how many times the trace was read before it was complete, from 1
     * @param events the trace's events, in the order the cluster returned them
     */
    record TracedOperation(
            long atMicros,
            Operation operation,
            String coordinator,
            String key,
            String level,
            int answersAwaited,
            boolean countsReadTarget,
            long clientMicros,
            int attempts,
            List<TraceEvent> events)
            implements ProbeEvent {

        public TracedOperation {
            Objects.requireNonNull(operation, "operation");
            Objects.requireNonNull(coordinator, "coordinator");
            events = List.copyOf(events);
        }
    }

    /**
     * An untraced operation of the probe, timed by its client.
     *
     * @param atMicros when its answer came
     * @param kind write or read, through a replica of the key or not, and the answers it waited for
     * @param coordinator the coordinator's address
     * @param clientMicros what the client waited for it, from when it was due to its answer
     * @param stalledIntervalMicros the pace's interval when it ended a stall of the probe (it then
     *     stands for the operations the stall kept back), else 0
     */
    record Untraced(long atMicros, UntracedKind kind, String coordinator, long clientMicros, long stalledIntervalMicros)
            implements ProbeEvent {

        public Untraced {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(coordinator, "coordinator");
        }
    }

    /**
     * A request the coordinator refused before doing any work, timed by the probe's client.
     *
     * @param atMicros when its answer came
     * @param coordinator the coordinator's address
     * @param clientMicros its round trip, from when it was due
     */
    record RoundTrip(long atMicros, String coordinator, long clientMicros) implements ProbeEvent {

        public RoundTrip {
            Objects.requireNonNull(coordinator, "coordinator");
        }
    }

    /**
     * The probe's measurements were taken: everything recorded before this event, and nothing
     * after, is in them.
     *
     * @param purpose why they were taken
     * @param started when the probe's workload began
     * @param at when they were taken
     * @param counters the workload's counters then
     * @param nodes each node's availability then
     */
    record Measured(
            Purpose purpose, Instant started, Instant at, ProbeCounters counters, List<NodeHealth.NodeReport> nodes)
            implements ProbeEvent {

        public Measured {
            Objects.requireNonNull(purpose, "purpose");
            nodes = List.copyOf(nodes);
        }

        /** Why the measurements were taken. */
        public enum Purpose {
            /** The start of a window of the observation made beside the probe. */
            WINDOW,
            /** The end of the probe's workload: everything it measured. */
            END
        }
    }
}
