package dev.pbs.cassandra.probe;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Everything a probe has measured, kept as it comes in: each traced operation's W, A, R and S
 * samples ({@link WarsRecorder}) and each untraced operation's and refused request's client timing
 * ({@link ClientLatencies}). Every event is applied here, and appended to the run's journal, in one
 * step under one lock, and a snapshot is taken under the same lock: so a record of the run holds the
 * events in the order they were applied, with each snapshot's place among them, and a replay that
 * applies the same events in the same order takes the same snapshots, to the bit ({@link
 * dev.pbs.cassandra.record.ProbeReplay}). The lock is held for microseconds per event, at the
 * probe's pace of some hundreds of events a second.
 */
public final class ProbeMeasurements {

    private final ProbeEvent.ClusterSeen cluster;
    private final ProbeJournal journal;
    private final WireSplit split;
    private final long startNanos = System.nanoTime();
    private final WarsRecorder recorder;
    private final ClientLatencies client = new ClientLatencies();
    /** Over several datacenters, what the client saw through each datacenter's coordinators; else empty. */
    private final Map<String, ClientLatencies> clientByDatacenter = new TreeMap<>();

    /**
     * Measurements of the cluster as the probe found it; the cluster's description is the first
     * event appended to {@code journal}.
     */
    public ProbeMeasurements(ProbeEvent.ClusterSeen cluster, ProbeJournal journal) {
        this(cluster, journal, WireSplit.MEASURED);
    }

    /** The same, each traced message's wire time shared as {@code split} says (an experiment's variant). */
    public ProbeMeasurements(ProbeEvent.ClusterSeen cluster, ProbeJournal journal, WireSplit split) {
        this.cluster = cluster;
        this.journal = journal;
        this.split = split;
        this.recorder = new WarsRecorder(cluster.replication().isPresent() ? cluster.nodes() : Map.of());
        cluster.replication()
                .ifPresent(replication -> replication
                        .factors()
                        .keySet()
                        .forEach(name -> clientByDatacenter.put(name, new ClientLatencies())));
        journal.append(cluster);
    }

    /** The cluster as the probe found it. */
    public ProbeEvent.ClusterSeen cluster() {
        return cluster;
    }

    /** Microseconds from when these measurements began to {@code nanos} ({@link System#nanoTime()}). */
    public long micros(long nanos) {
        return (nanos - startNanos) / 1000;
    }

    /** Microseconds from when these measurements began to now. */
    public long nowMicros() {
        return micros(System.nanoTime());
    }

    /** The journal the run's events go to. */
    public ProbeJournal journal() {
        return journal;
    }

    /**
     * Records a traced operation's samples: its trace parsed ({@link TraceParser}), each replica's
     * delays, the coordinator's own, the pairs of delays and the client's part, and where a read at
     * ONE through a replica went.
     *
     * @return the parsed trace
     */
    public synchronized TraceParser.Result traced(ProbeEvent.TracedOperation traced) {
        journal.append(traced);
        TraceParser.Result parsed = TraceParser.parse(
                traced.operation(), traced.coordinator(), ProbeSettings.TABLE, traced.events(), split, cluster.nodes());
        parsed.samples().forEach(sample -> recorder.record(sample, traced.coordinator()));
        if (parsed.local() != null) {
            recorder.recordLocal(parsed.local());
        }
        recorder.recordPairs(parsed, traced.operation());
        recorder.recordClient(
                traced.clientMicros(), TraceReader.coordinatorElapsedMicros(traced.events(), traced.coordinator()));
        if (traced.countsReadTarget() && (parsed.servedLocally() || parsed.requestsSent() > 0)) {
            recorder.countReadTarget(parsed.servedLocally());
        }
        return parsed;
    }

    /** Records an untraced operation's client latency, in the whole run's and its datacenter's. */
    public synchronized void untraced(ProbeEvent.Untraced untraced) {
        journal.append(untraced);
        for (ClientLatencies latencies : clientsOf(untraced.coordinator())) {
            latencies.untraced(untraced.kind(), untraced.clientMicros(), untraced.stalledIntervalMicros());
        }
    }

    /** Records a refused request's round trip, in the whole run's and its datacenter's. */
    public synchronized void roundTrip(ProbeEvent.RoundTrip roundTrip) {
        journal.append(roundTrip);
        for (ClientLatencies latencies : clientsOf(roundTrip.coordinator())) {
            latencies.roundTrip(roundTrip.clientMicros());
        }
    }

    /** The snapshot of everything recorded so far, taken for the reason {@code measured} gives. */
    public synchronized ProbeSnapshot snapshot(ProbeEvent.Measured measured) {
        journal.append(measured);
        return snapshotOf(measured);
    }

    /** The same snapshot, left out of the journal: a look at the measurements that no result rests on. */
    public synchronized ProbeSnapshot peek(ProbeEvent.Measured measured) {
        return snapshotOf(measured);
    }

    private ProbeSnapshot snapshotOf(ProbeEvent.Measured measured) {
        return new ProbeSnapshot(
                cluster.clusterName(),
                cluster.cassandraVersion(),
                cluster.datacenter(),
                cluster.replicationFactor(),
                measured.started(),
                measured.at(),
                measured.counters(),
                recorder.snapshot(),
                measured.nodes(),
                recorder.localSnapshot(),
                recorder.readTargets(),
                client.snapshot(),
                cluster.replication()
                        .map(replication -> new DatacenterMeasurements(
                                replication,
                                cluster.nodes(),
                                recorder.crossingSnapshot(),
                                recorder.localSnapshotByDatacenter(),
                                clientByDatacenterSnapshot())),
                recorder.pairs());
    }

    private Map<String, ClientLatencies.Snapshot> clientByDatacenterSnapshot() {
        Map<String, ClientLatencies.Snapshot> snapshots = new TreeMap<>();
        clientByDatacenter.forEach((name, latencies) -> snapshots.put(name, latencies.snapshot()));
        return snapshots;
    }

    /** The whole run's client timings, and those of the coordinator's datacenter when there are several. */
    private List<ClientLatencies> clientsOf(String coordinator) {
        ClientLatencies datacenter = Optional.ofNullable(cluster.nodes().get(coordinator))
                .map(clientByDatacenter::get)
                .orElse(null);
        return datacenter == null ? List.of(client) : List.of(client, datacenter);
    }
}
