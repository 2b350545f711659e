package dev.pbs.cassandra.fidelity;

import dev.pbs.cassandra.cluster.DurationText;
import dev.pbs.cassandra.cluster.NodeOutage;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * The outage-recovery cell: one node of a 3-node cluster (RF 3) stopped for {@code outage} while
 * writes go on at ONE through the other two, in two steps of {@code outages} outages each: the
 * first step's outages measure the hint replay delay, the second's observe P(consistent) of reads
 * the returned node serves against the time since its return, and the prediction from the first
 * step is compared with the second.
 *
 * @param node the node stopped, 1 to 3
 * @param outage how long it is down each time, from its JVM's exit to its new start
 * @param outages outages in each step, 1 to {@link #MOST_OUTAGES}; their delays, and their reads,
 *     pooled
 * @param writesPerSecond the writer's steady rate, through both outages
 * @param readsPerSecond the observation's reads at the returned node
 * @param window the observation's length after the return, and the recovery curve's range
 * @param bin the curve's bin width
 * @param replayDeadline how long after the return the measurement reads at most; above {@code window}
 * @param traceEvery one read in this many is traced, to check that the returned node served it (0: none)
 * @param directory the cluster's folder, when the cell starts a cluster of its own
 * @param firstAddress node 1 listens on 127.0.0.{firstAddress}, when the cell starts a cluster of its own
 * @param seed draws which write each observed read reads
 */
public record OutageRecoverySettings(
        int node,
        Duration outage,
        int outages,
        double writesPerSecond,
        double readsPerSecond,
        Duration window,
        Duration bin,
        Duration replayDeadline,
        int traceEvery,
        Path directory,
        int firstAddress,
        long seed) {

    /** The cell's cluster: three nodes, every key on all three. */
    public static final int NODES = 3;

    public static final Duration DEFAULT_OUTAGE = Duration.ofSeconds(20);
    /** The most outages in a step: each takes one to two minutes. */
    public static final int MOST_OUTAGES = 10;

    public static final double DEFAULT_WRITES_PER_SECOND = 50;
    public static final double DEFAULT_READS_PER_SECOND = 200;
    public static final Duration DEFAULT_WINDOW = Duration.ofSeconds(30);
    public static final Duration DEFAULT_BIN = Duration.ofSeconds(1);
    public static final Duration DEFAULT_REPLAY_DEADLINE = Duration.ofSeconds(120);
    public static final int DEFAULT_TRACE_EVERY = 20;

    public OutageRecoverySettings {
        Objects.requireNonNull(outage, "outage");
        Objects.requireNonNull(window, "window");
        Objects.requireNonNull(bin, "bin");
        Objects.requireNonNull(replayDeadline, "replay deadline");
        Objects.requireNonNull(directory, "directory");
        if (node < 1 || node > NODES) {
            throw new IllegalArgumentException("--node must be between 1 and " + NODES + ", was " + node);
        }
        if (outage.isNegative() || outage.isZero()) {
            throw new IllegalArgumentException("--for must be above 0, was " + DurationText.of(outage));
        }
        if (outage.compareTo(NodeOutage.LONGEST) > 0) {
            throw new IllegalArgumentException("--for must be at most " + DurationText.of(NodeOutage.LONGEST) + ", was "
                    + DurationText.of(outage));
        }
        if (outages < 1 || outages > MOST_OUTAGES) {
            throw new IllegalArgumentException("--outages must be between 1 and " + MOST_OUTAGES + ", was " + outages);
        }
        if (!(writesPerSecond > 0 && writesPerSecond <= 1000)) {
            throw new IllegalArgumentException("writes per second must be in (0, 1000], was " + writesPerSecond);
        }
        if (!(readsPerSecond > 0 && readsPerSecond <= 2000)) {
            throw new IllegalArgumentException("reads per second must be in (0, 2000], was " + readsPerSecond);
        }
        if (bin.isNegative() || bin.isZero() || bin.compareTo(window) > 0) {
            throw new IllegalArgumentException("the bin (" + DurationText.of(bin) + ") must be above 0 and at most the"
                    + " window (" + DurationText.of(window) + ")");
        }
        if (replayDeadline.compareTo(window) <= 0) {
            throw new IllegalArgumentException("the replay deadline (" + DurationText.of(replayDeadline)
                    + ") must be longer than the window (" + DurationText.of(window) + ")");
        }
        if (traceEvery < 0) {
            throw new IllegalArgumentException("the traced reads' spacing must be >= 0, was " + traceEvery);
        }
        if (firstAddress < 1 || firstAddress + NODES - 1 > 254) {
            throw new IllegalArgumentException("--first-address must be between 1 and " + (255 - NODES) + " for "
                    + NODES + " nodes, was " + firstAddress);
        }
    }

    /** The defaults, with the node, the outage's length, the outages per step and the cluster's place given. */
    public static OutageRecoverySettings of(int node, Duration outage, int outages, Path directory, int firstAddress) {
        return new OutageRecoverySettings(
                node,
                outage,
                outages,
                DEFAULT_WRITES_PER_SECOND,
                DEFAULT_READS_PER_SECOND,
                DEFAULT_WINDOW,
                DEFAULT_BIN,
                DEFAULT_REPLAY_DEADLINE,
                DEFAULT_TRACE_EVERY,
                directory,
                firstAddress,
                1);
    }
}
