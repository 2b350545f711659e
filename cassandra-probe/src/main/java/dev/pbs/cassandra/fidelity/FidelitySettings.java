package dev.pbs.cassandra.fidelity;

import dev.pbs.cassandra.cluster.ClusterLayout;
import dev.pbs.cassandra.observe.ObservationSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * One cell of the fidelity grid.
 *
 * @param replicas N, the keyspace's replication factor; the cluster gets one node more, which
 *     coordinates every observed key (it is never one of the key's replicas)
 * @param writeMeanMillis mean of the exponential delay injected into MUTATION_REQ (W)
 * @param otherMeanMillis mean of the exponential delays injected into MUTATION_RSP, READ_REQ and
 *     READ_RSP (A, R, S)
 * @param writes observed writes, each read at every t of the grid
 * @param writesPerSecond pace of the observed writes
 * @param delaysMillis the t grid, ms after a write's acknowledgement
 * @param directory where the cluster's folder goes (it is stopped at the end, its data kept)
 * @param firstAddress node 1 listens on 127.0.0.{firstAddress}
 * @param warmUp how long each round of a cell's warm-up runs its workload with the results
 *     discarded (rounds until the client's round trip settles), between 1 s and 10 minutes ({@link #DEFAULT_WARM_UP} unless a test shortens it)
 * @param datacenters over several datacenters: their replicas, the injected delay between them and
 *     the observed levels ({@code replicas} is then the sum of their replicas); empty: one datacenter,
 *     writes at ONE and reads waiting for {@code table}'s R
 * @param table the table's read options and the observed reads' R (one datacenter only)
 * @param slowReplica with a value F (in (1, 100]): node 1 is a slow replica, every injected delay of
 *     a request it receives or a response it sends F times the others' mean; only keys it holds are observed, and
 *     the prediction has it as one replica of its own beside the others pooled, with the dynamic
 *     snitch's replica choice (one datacenter only); empty: every node alike
 */
public record FidelitySettings(
        int replicas,
        double writeMeanMillis,
        double otherMeanMillis,
        int writes,
        double writesPerSecond,
        double[] delaysMillis,
        Path directory,
        int firstAddress,
        Duration warmUp,
        Optional<FidelityDatacenters> datacenters,
        FidelityTable table,
        java.util.OptionalDouble slowReplica) {

    /** With the table's read options set, the reads of one write in this many are traced. */
    public static final int TRACED_READ_EVERY = 10;

    /** The default t grid, ms: dense where the curve moves, out to 200 ms. */
    public static final double[] DEFAULT_DELAYS_MILLIS = {
        0, 1, 2, 3, 4, 5, 7, 10, 13, 16, 20, 25, 30, 40, 50, 65, 80, 100, 125, 150, 200
    };

    /**
     * One round of every cell's warm-up: four freshly started JVMs spend their first minutes
     * compiling, which would otherwise end up in both the profile and the observation.
     */
    public static final Duration DEFAULT_WARM_UP = Duration.ofSeconds(30);

    public FidelitySettings {
        Objects.requireNonNull(datacenters, "datacenters");
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(slowReplica, "slow replica");
        if (slowReplica.isPresent()) {
            double factor = slowReplica.getAsDouble();
            if (!(factor > 1) || factor > 100) {
                throw new IllegalArgumentException("--slow-replica must be in (1, 100], was " + factor);
            }
            if (datacenters.isPresent()) {
                throw new IllegalArgumentException("--slow-replica is for one datacenter, not with --datacenters");
            }
            if (replicas < 2) {
                throw new IllegalArgumentException(
                        "--slow-replica needs at least 2 replicas (--nodes), was " + replicas);
            }
        }
        if (datacenters.isPresent() && table.readReplicas() != 1) {
            throw new IllegalArgumentException(
                    "over several datacenters the read's level is --read-level, not " + "--read-consistency");
        }
        if (datacenters.isPresent() && datacenters.get().replication().replicas() != replicas) {
            throw new IllegalArgumentException("the datacenters hold "
                    + datacenters.get().replication().replicas() + " replicas, not " + replicas);
        }
        if (datacenters.isEmpty() && (replicas < 1 || replicas > 5)) {
            throw new IllegalArgumentException("--nodes (replicas) must be between 1 and 5, was " + replicas);
        }
        if (table.readReplicas() > replicas) {
            throw new IllegalArgumentException(
                    "reads cannot wait for " + table.readReplicas() + " of " + replicas + " replicas");
        }
        if (!(writeMeanMillis > 0) || writeMeanMillis > 1000) {
            throw new IllegalArgumentException("--w-mean-ms must be in (0, 1000], was " + writeMeanMillis);
        }
        if (!(otherMeanMillis > 0) || otherMeanMillis > 1000) {
            throw new IllegalArgumentException("--ars-mean-ms must be in (0, 1000], was " + otherMeanMillis);
        }
        if (writes < 10 || writes > 1_000_000) {
            throw new IllegalArgumentException("--writes must be between 10 and 1000000, was " + writes);
        }
        if (!(writesPerSecond > 0) || writesPerSecond > 1000) {
            throw new IllegalArgumentException("--rate must be in (0, 1000] writes per second, was " + writesPerSecond);
        }
        int nodes = datacenters.map(cell -> cell.layout().size()).orElse(replicas + 1);
        if (firstAddress < 1 || firstAddress + nodes - 1 > 254) {
            throw new IllegalArgumentException("--first-address must be between 1 and " + (255 - nodes) + " for "
                    + nodes + " nodes, was " + firstAddress);
        }
        Objects.requireNonNull(directory, "directory");
        Objects.requireNonNull(warmUp, "warm-up");
        if (warmUp.compareTo(Duration.ofSeconds(1)) < 0 || warmUp.compareTo(Duration.ofMinutes(10)) > 0) {
            throw new IllegalArgumentException("the warm-up must be between 1 s and 10 minutes, was " + warmUp);
        }
        delaysMillis = delaysMillis.clone();
        new ObservationSettings(1, 1, writes, writesPerSecond, delaysMillis); // checks the t grid
    }

    /** A cell whose nodes are alike. */
    public FidelitySettings(
            int replicas,
            double writeMeanMillis,
            double otherMeanMillis,
            int writes,
            double writesPerSecond,
            double[] delaysMillis,
            Path directory,
            int firstAddress,
            Duration warmUp,
            Optional<FidelityDatacenters> datacenters,
            FidelityTable table) {
        this(
                replicas,
                writeMeanMillis,
                otherMeanMillis,
                writes,
                writesPerSecond,
                delaysMillis,
                directory,
                firstAddress,
                warmUp,
                datacenters,
                table,
                java.util.OptionalDouble.empty());
    }

    /** A cell with the {@link #DEFAULT_WARM_UP default warm-up}. */
    public FidelitySettings(
            int replicas,
            double writeMeanMillis,
            double otherMeanMillis,
            int writes,
            double writesPerSecond,
            double[] delaysMillis,
            Path directory,
            int firstAddress) {
        this(
                replicas,
                writeMeanMillis,
                otherMeanMillis,
                writes,
                writesPerSecond,
                delaysMillis,
                directory,
                firstAddress,
                DEFAULT_WARM_UP,
                Optional.empty(),
                FidelityTable.AS_CREATED);
    }

    /** The same cell with another warm-up. */
    public FidelitySettings withWarmUp(Duration length) {
        return new FidelitySettings(
                replicas,
                writeMeanMillis,
                otherMeanMillis,
                writes,
                writesPerSecond,
                delaysMillis,
                directory,
                firstAddress,
                length,
                datacenters,
                table,
                slowReplica);
    }

    /** The same cell over several datacenters; {@code replicas} becomes the sum of theirs. */
    public FidelitySettings withDatacenters(FidelityDatacenters cell) {
        return new FidelitySettings(
                cell.replication().replicas(),
                writeMeanMillis,
                otherMeanMillis,
                writes,
                writesPerSecond,
                delaysMillis,
                directory,
                firstAddress,
                warmUp,
                Optional.of(cell),
                table,
                slowReplica);
    }

    /** The same cell with its table read this way. */
    public FidelitySettings withTable(FidelityTable reading) {
        return new FidelitySettings(
                replicas,
                writeMeanMillis,
                otherMeanMillis,
                writes,
                writesPerSecond,
                delaysMillis,
                directory,
                firstAddress,
                warmUp,
                datacenters,
                reading,
                slowReplica);
    }

    /** The same cell with node 1 a slow replica, its delays {@code factor} times the others'. */
    public FidelitySettings withSlowReplica(double factor) {
        return new FidelitySettings(
                replicas,
                writeMeanMillis,
                otherMeanMillis,
                writes,
                writesPerSecond,
                delaysMillis,
                directory,
                firstAddress,
                warmUp,
                datacenters,
                table,
                java.util.OptionalDouble.of(factor));
    }

    /** The slow replica's address, node 1's, when the cell has one. */
    public Optional<String> slowReplicaAddress() {
        return slowReplica.isPresent() ? Optional.of("127.0.0." + firstAddress) : Optional.empty();
    }

    /** The nodes of the cell's cluster: N + 1 in one datacenter, or one more than the replicas in each. */
    public ClusterLayout layout() {
        return datacenters.map(FidelityDatacenters::layout).orElse(ClusterLayout.single(replicas + 1));
    }

    /** The warm-up's observation: the cell's pace and t grid for the warm-up's length, at least 10 writes. */
    public ObservationSettings warmUpObservation() {
        int warmUpWrites = (int) Math.max(10, Math.round(writesPerSecond * (warmUp.toMillis() / 1000.0)));
        return observed(new ObservationSettings(1, table.readReplicas(), warmUpWrites, writesPerSecond, delaysMillis));
    }

    private ObservationSettings observed(ObservationSettings atOne) {
        ObservationSettings keys =
                slowReplicaAddress().map(atOne::withKeysReplicatedOn).orElse(atOne);
        return datacenters
                .map(cell -> keys.withLevels(cell.levels(), cell.writeReplicas(), cell.readReplicas()))
                .orElse(keys);
    }

    /**
     * The observation of this cell: W = 1 and the table's R (or its levels), its writes, pace and t
     * grid; when the cell sets the table's read options, every read of every {@value
     * #TRACED_READ_EVERY}th write is traced to see what the read path did.
     */
    public ObservationSettings observation() {
        ObservationSettings observation =
                observed(new ObservationSettings(1, table.readReplicas(), writes, writesPerSecond, delaysMillis));
        return table.setsOptions() || slowReplica.isPresent()
                ? observation.withTracedReads(TRACED_READ_EVERY)
                : observation;
    }

    @Override
    public double[] delaysMillis() {
        return delaysMillis.clone();
    }

    /** The injection specification for the nodes. */
    public String injection() {
        return "MUTATION_REQ=exponential:" + writeMeanMillis + ",MUTATION_RSP=exponential:" + otherMeanMillis
                + ",READ_REQ=exponential:" + otherMeanMillis + ",READ_RSP=exponential:" + otherMeanMillis
                + datacenters.map(cell -> "," + cell.injection()).orElse("")
                + slowReplicaAddress()
                        .map(address -> ",SLOW:" + address + "=times:" + slowReplica.getAsDouble())
                        .orElse("");
    }
}
