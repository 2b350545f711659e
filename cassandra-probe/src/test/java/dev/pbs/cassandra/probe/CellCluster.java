package dev.pbs.cassandra.probe;

import dev.pbs.cassandra.cluster.ClusterWarmUp;
import dev.pbs.cassandra.cluster.LocalCluster;
import dev.pbs.cassandra.observe.CoordinatorChoice;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A local cluster of a long test's own for observed cells ({@link ObservedCell}): started in
 * {@code target/<name>} on loopback addresses from a given one, warmed up until the client's round
 * trip settles (rounds of 30 seconds of the W = R = ONE cell, discarded; one to five minutes), and
 * stopped when closed or when the JVM exits, however the tests end.
 */
final class CellCluster implements AutoCloseable {

    private static final Duration WARM_UP_ROUND = Duration.ofSeconds(30);
    private static final int MAXIMUM_WARM_UP_ROUNDS = 10;

    private final LocalCluster cluster;
    private final int nodes;
    private final Thread shutdownHook;

    private CellCluster(LocalCluster cluster, int nodes) {
        this.cluster = cluster;
        this.nodes = nodes;
        this.shutdownHook = new Thread(
                () -> cluster.stop(line -> {}), "stop-" + cluster.root().getFileName());
    }

    /** Starts {@code nodes} nodes from 127.0.0.{@code firstAddress} in {@code target/name}, warmed up. */
    static CellCluster start(String name, int nodes, int firstAddress) {
        Path directory;
        try {
            directory = Files.createDirectories(Path.of("target", name)).toAbsolutePath();
        } catch (IOException problem) {
            throw new UncheckedIOException(problem);
        }
        CellCluster started = new CellCluster(LocalCluster.in(directory).withFirstAddress(firstAddress), nodes);
        started.cluster.stop(line -> {}); // a run that was killed may have left it running
        Runtime.getRuntime().addShutdownHook(started.shutdownHook);
        started.cluster.start(nodes, line -> System.out.println("[" + name + "] " + line));
        ObservedCell warmUp = new ObservedCell("warm-up", 3, 1, 1, CoordinatorChoice.ROUND_ROBIN);
        ClusterWarmUp.untilSettled(
                round -> warmUp.observe(
                                started.contactPoint(),
                                (int) (WARM_UP_ROUND.toSeconds() * ObservedCell.WRITES_PER_SECOND),
                                WARM_UP_ROUND)
                        .meanClientGapMillis(),
                MAXIMUM_WARM_UP_ROUNDS,
                System.out::println);
        return started;
    }

    /** The number of nodes. */
    int nodes() {
        return nodes;
    }

    /** Node 1's native transport, as host:port. */
    String contactPoint() {
        InetSocketAddress first = nodeOne();
        return first.getHostString() + ":" + first.getPort();
    }

    /** Node 1's native transport. */
    InetSocketAddress nodeOne() {
        return cluster.contactPoints().get(0);
    }

    @Override
    public void close() {
        cluster.stop(line -> System.out.println("[" + cluster.root().getFileName() + "] " + line));
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
    }
}
