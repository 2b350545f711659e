package dev.pbs.montecarlo;

import java.util.Arrays;

/**
 * Sorting the few times of one trial. Random delays make every comparison a coin toss, on which
 * branches mispredict half the time, so small N avoids branches: for N = 3 (the usual replication
 * factor) closed-form min/max and ranks; up to {@value #NETWORK_LIMIT} an odd-even transposition
 * network of compare-exchanges; above it, the JDK's sort. Times are non-negative.
 */
final class SmallSorts {

    static final int NETWORK_LIMIT = 8;
    private static final int INDEX_BITS = 11;
    private static final long INDEX_MASK = (1L << INDEX_BITS) - 1;

    private SmallSorts() {}

    /** Writes {@code values[0, n)} sorted ascending into {@code sorted}. */
    static void sortInto(double[] values, double[] sorted, int n) {
        if (n == 3) {
            sortThree(values[0], values[1], values[2], sorted);
            return;
        }
        System.arraycopy(values, 0, sorted, 0, n);
        if (n > NETWORK_LIMIT) {
            Arrays.sort(sorted, 0, n);
            return;
        }
        for (int round = 0; round < n; round++) {
            for (int i = round & 1; i + 1 < n; i += 2) {
                double a = sorted[i];
                double b = sorted[i + 1];
                sorted[i] = Math.min(a, b);
                sorted[i + 1] = Math.max(a, b);
            }
        }
    }

    /** Writes a, b and c into {@code sorted[0, 3)} in ascending order, with min and max only. */
    static void sortThree(double a, double b, double c, double[] sorted) {
        double low = Math.min(a, b);
        double high = Math.max(a, b);
        double upper = Math.max(low, c);
        sorted[0] = Math.min(low, c);
        sorted[1] = Math.min(high, upper);
        sorted[2] = Math.max(high, upper);
    }

    /**
     * Writes {@code keys[0, n)} sorted ascending into {@code sortedKeys}, and {@code payload}
     * permuted the same way into {@code sortedPayload}. Equal keys may end in either order.
     *
     * @param packed scratch of length at least n
     */
    static void sortWithPayloadInto(
            double[] keys, double[] payload, double[] sortedKeys, double[] sortedPayload, int n, long[] packed) {
        if (n == 3) {
            double k0 = keys[0];
            double k1 = keys[1];
            double k2 = keys[2];
            // A key's rank is the number of keys before it; ties go to the lower index.
            int before01 = k0 <= k1 ? 1 : 0;
            int before02 = k0 <= k2 ? 1 : 0;
            int before12 = k1 <= k2 ? 1 : 0;
            int rank0 = 2 - before01 - before02;
            int rank1 = before01 + 1 - before12;
            int rank2 = before02 + before12;
            sortedKeys[rank0] = k0;
            sortedKeys[rank1] = k1;
            sortedKeys[rank2] = k2;
            sortedPayload[rank0] = payload[0];
            sortedPayload[rank1] = payload[1];
            sortedPayload[rank2] = payload[2];
            return;
        }
        if (n > NETWORK_LIMIT) {
            sortLarge(keys, payload, sortedKeys, sortedPayload, n, packed);
            return;
        }
        System.arraycopy(keys, 0, sortedKeys, 0, n);
        System.arraycopy(payload, 0, sortedPayload, 0, n);
        for (int round = 0; round < n; round++) {
            for (int i = round & 1; i + 1 < n; i += 2) {
                double a = sortedKeys[i];
                double b = sortedKeys[i + 1];
                if (b < a) {
                    sortedKeys[i] = b;
                    sortedKeys[i + 1] = a;
                    double payloadA = sortedPayload[i];
                    sortedPayload[i] = sortedPayload[i + 1];
                    sortedPayload[i + 1] = payloadA;
                }
            }
        }
    }

    /**
     * Non-negative doubles order like their bit patterns; the low 11 bits of each packed key
     * carry its index (N is at most 1024). This perturbs the order only between times within a
     * relative 2^-41 of each other.
     */
    private static void sortLarge(
            double[] keys, double[] payload, double[] sortedKeys, double[] sortedPayload, int n, long[] packed) {
        for (int i = 0; i < n; i++) {
            packed[i] = (Double.doubleToRawLongBits(keys[i] + 0.0) & ~INDEX_MASK) | i;
        }
        Arrays.sort(packed, 0, n);
        for (int k = 0; k < n; k++) {
            int index = (int) (packed[k] & INDEX_MASK);
            sortedKeys[k] = keys[index];
            sortedPayload[k] = payload[index];
        }
    }
}
