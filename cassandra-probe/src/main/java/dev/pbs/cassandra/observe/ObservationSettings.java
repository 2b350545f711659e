package dev.pbs.cassandra.observe;

import java.util.Arrays;

/**
 * What an observed-staleness run does.
 *
 * @param writeReplicas W: acknowledgements a write waits for (consistency ONE, TWO, THREE...)
 * @param readReplicas R: responses a read waits for
 * @param writes how many writes (each read back at every delay), at least 10
 * @param writesPerSecond mean pace of the writes (a Poisson stream), in (0, 1000]
 * @param delaysMillis the t grid: ms after a write's acknowledgement at which it is read; ascending,
 *     distinct, each in [0, 10000]
 * @param levels over several datacenters, the levels and the coordinators' datacenters, which
 *     then decide the consistency levels sent ({@code writeReplicas} and {@code readReplicas} only
 *     describe them); empty: one datacenter, the levels that wait for W and R replicas
 * @param tracedReadEvery trace every read of every this-many-th write, to see what the read path
 *     did (speculation, read repair), and leave those reads out of the staleness counts; 0: none
 * @param keysReplicatedOn observe only keys of which the node at this address (as traces name it,
 *     such as {@code 127.0.0.11}) is a replica; empty: any key
 */
public record ObservationSettings(
        int writeReplicas,
        int readReplicas,
        int writes,
        double writesPerSecond,
        double[] delaysMillis,
        java.util.Optional<ObservedLevels> levels,
        int tracedReadEvery,
        java.util.Optional<String> keysReplicatedOn) {

    /** Settings of any key. */
    public ObservationSettings(
            int writeReplicas,
            int readReplicas,
            int writes,
            double writesPerSecond,
            double[] delaysMillis,
            java.util.Optional<ObservedLevels> levels,
            int tracedReadEvery) {
        this(
                writeReplicas,
                readReplicas,
                writes,
                writesPerSecond,
                delaysMillis,
                levels,
                tracedReadEvery,
                java.util.Optional.empty());
    }

    /** Settings without traced reads. */
    public ObservationSettings(
            int writeReplicas,
            int readReplicas,
            int writes,
            double writesPerSecond,
            double[] delaysMillis,
            java.util.Optional<ObservedLevels> levels) {
        this(writeReplicas, readReplicas, writes, writesPerSecond, delaysMillis, levels, 0);
    }

    /** The same observation, tracing every read of every {@code every}-th write (0: none). */
    public ObservationSettings withTracedReads(int every) {
        return new ObservationSettings(
                writeReplicas, readReplicas, writes, writesPerSecond, delaysMillis, levels, every, keysReplicatedOn);
    }

    /** The same observation of {@code other} writes. */
    public ObservationSettings withWrites(int other) {
        return new ObservationSettings(
                writeReplicas,
                readReplicas,
                other,
                writesPerSecond,
                delaysMillis,
                levels,
                tracedReadEvery,
                keysReplicatedOn);
    }

    /** The same observation of the keys of which the node at {@code address} is a replica only. */
    public ObservationSettings withKeysReplicatedOn(String address) {
        return new ObservationSettings(
                writeReplicas,
                readReplicas,
                writes,
                writesPerSecond,
                delaysMillis,
                levels,
                tracedReadEvery,
                java.util.Optional.of(address));
    }

    /** The default t grid, ms. */
    public static final double[] DEFAULT_DELAYS_MILLIS = {0, 1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 75, 100, 150, 200};

    /** Settings of an observation in one datacenter. */
    public ObservationSettings(
            int writeReplicas, int readReplicas, int writes, double writesPerSecond, double[] delaysMillis) {
        this(writeReplicas, readReplicas, writes, writesPerSecond, delaysMillis, java.util.Optional.empty());
    }

    /** The same observation at these levels and datacenters. */
    public ObservationSettings withLevels(ObservedLevels observed, int writeLevelReplicas, int readLevelReplicas) {
        return new ObservationSettings(
                writeLevelReplicas,
                readLevelReplicas,
                writes,
                writesPerSecond,
                delaysMillis,
                java.util.Optional.of(observed),
                tracedReadEvery,
                keysReplicatedOn);
    }

    public ObservationSettings {
        java.util.Objects.requireNonNull(levels, "levels");
        java.util.Objects.requireNonNull(keysReplicatedOn, "keys replicated on");
        if (writeReplicas < 1 || readReplicas < 1) {
            throw new IllegalArgumentException("read and write consistency must be at least ONE");
        }
        if (writes < 10 || writes > 10_000_000) {
            throw new IllegalArgumentException("--observe-writes must be between 10 and 10000000, was " + writes);
        }
        if (!(writesPerSecond > 0) || writesPerSecond > 1000) {
            throw new IllegalArgumentException(
                    "--observe-rate must be in (0, 1000] writes per second, was " + writesPerSecond);
        }
        if (tracedReadEvery != 0 && (tracedReadEvery < 2 || tracedReadEvery > 1000)) {
            throw new IllegalArgumentException(
                    "traced reads must be every 2nd to every 1000th write's, or none, was " + tracedReadEvery);
        }
        if (delaysMillis == null || delaysMillis.length == 0 || delaysMillis.length > 200) {
            throw new IllegalArgumentException("the t grid needs 1 to 200 delays");
        }
        delaysMillis = delaysMillis.clone();
        for (int i = 0; i < delaysMillis.length; i++) {
            double t = delaysMillis[i];
            if (!(t >= 0) || t > 10_000) {
                throw new IllegalArgumentException("every t must be in [0, 10000] ms, was " + t);
            }
            if (i > 0 && t <= delaysMillis[i - 1]) {
                throw new IllegalArgumentException(
                        "the t grid must be ascending without repeats, was " + Arrays.toString(delaysMillis));
            }
        }
    }

    @Override
    public double[] delaysMillis() {
        return delaysMillis.clone();
    }
}
