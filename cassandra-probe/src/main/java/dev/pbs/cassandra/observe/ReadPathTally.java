package dev.pbs.cassandra.observe;

import java.util.Arrays;

/**
 * What the traces of a sample of observed reads show of Cassandra's read path, per t of the grid:
 * how many traced reads were answered and had their traces read, how many of them asked more
 * replicas than the level needs (speculative retry: more "reading ... from" events than R), how
 * many found their answers disagree and read the full data again (a digest mismatch: "Enqueuing
 * full data read" events), how many sent a read-repair mutation (blocking read repair), and how
 * many asked a watched replica (one slow node).
 *
 * @param traced traced reads whose events were read, per t
 * @param speculated of those, reads that asked an extra replica
 * @param mismatched of those, reads that read the full data again after a digest mismatch
 * @param repaired of those, reads that repaired a replica
 * @param askedWatched of those, reads that asked the watched replica ("reading data from" or
 *     "reading digest from" it); all 0 when none is watched
 */
public record ReadPathTally(long[] traced, long[] speculated, long[] mismatched, long[] repaired, long[] askedWatched) {

    /** A tally that watches no replica. */
    public ReadPathTally(long[] traced, long[] speculated, long[] mismatched, long[] repaired) {
        this(traced, speculated, mismatched, repaired, new long[traced.length]);
    }

    public ReadPathTally {
        if (traced.length != speculated.length
                || traced.length != mismatched.length
                || traced.length != repaired.length
                || traced.length != askedWatched.length) {
            throw new IllegalArgumentException(
                    "one count per t for each of traced, speculated, mismatched and repaired");
        }
        traced = traced.clone();
        speculated = speculated.clone();
        mismatched = mismatched.clone();
        repaired = repaired.clone();
        askedWatched = askedWatched.clone();
    }

    /** No traced read, over {@code points} times. */
    public static ReadPathTally none(int points) {
        return new ReadPathTally(new long[points], new long[points], new long[points], new long[points]);
    }

    /** This tally and {@code other}'s added, point by point. */
    public ReadPathTally plus(ReadPathTally other) {
        return new ReadPathTally(
                sum(traced, other.traced),
                sum(speculated, other.speculated),
                sum(mismatched, other.mismatched),
                sum(repaired, other.repaired),
                sum(askedWatched, other.askedWatched));
    }

    private static long[] sum(long[] one, long[] other) {
        long[] total = one.clone();
        for (int point = 0; point < total.length; point++) {
            total[point] += other[point];
        }
        return total;
    }

    /** Traced reads over every t. */
    public long totalTraced() {
        return Arrays.stream(traced).sum();
    }

    /** Reads that asked the watched replica, over every t. */
    public long totalAskedWatched() {
        return Arrays.stream(askedWatched).sum();
    }

    /** Reads that speculated, over every t. */
    public long totalSpeculated() {
        return Arrays.stream(speculated).sum();
    }

    @Override
    public long[] traced() {
        return traced.clone();
    }

    @Override
    public long[] speculated() {
        return speculated.clone();
    }

    @Override
    public long[] mismatched() {
        return mismatched.clone();
    }

    @Override
    public long[] repaired() {
        return repaired.clone();
    }

    @Override
    public long[] askedWatched() {
        return askedWatched.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ReadPathTally that
                && Arrays.equals(traced, that.traced)
                && Arrays.equals(speculated, that.speculated)
                && Arrays.equals(mismatched, that.mismatched)
                && Arrays.equals(repaired, that.repaired)
                && Arrays.equals(askedWatched, that.askedWatched);
    }

    @Override
    public int hashCode() {
        return Arrays.deepHashCode(new Object[] {traced, speculated, mismatched, repaired, askedWatched});
    }

    @Override
    public String toString() {
        return "ReadPathTally[traced=" + Arrays.toString(traced) + ", speculated=" + Arrays.toString(speculated)
                + ", mismatched=" + Arrays.toString(mismatched) + ", repaired=" + Arrays.toString(repaired)
                + ", askedWatched=" + Arrays.toString(askedWatched) + "]";
    }
}
