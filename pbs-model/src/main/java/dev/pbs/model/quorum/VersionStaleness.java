package dev.pbs.model.quorum;

/**
 * Closed forms for version-based staleness with non-expanding quorums chosen uniformly at random
 * (Bailis et al., PVLDB 5(8) 2012, section 3). These bounds are conservative for Dynamo-style
 * stores, whose write quorums keep expanding after commit.
 */
public final class VersionStaleness {

    private VersionStaleness() {}

    /**
     * The probability that a read quorum misses the latest write entirely:
     * {@code p_s = C(N-W, R) / C(N, R)}, computed as {@code prod_{i<R} (N-W-i) / (N-i)}; 0 for
     * strict quorums.
     */
    public static double probabilityOfMissingLatestWrite(QuorumConfiguration configuration) {
        int n = configuration.n();
        int r = configuration.r();
        int w = configuration.w();
        if (configuration.isStrict()) {
            return 0.0;
        }
        double probability = 1.0;
        for (int i = 0; i < r; i++) {
            probability *= (double) (n - w - i) / (n - i);
        }
        return probability;
    }

    /**
     * k-staleness: the probability that a read returns a value more than {@code k} versions old,
     * {@code p_s^k}.
     *
     * @param k versions, at least 1
     */
    public static double probabilityOlderThanVersions(QuorumConfiguration configuration, int k) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be >= 1, was " + k);
        }
        return Math.pow(probabilityOfMissingLatestWrite(configuration), k);
    }

    /**
     * Upper bound on the probability of a monotonic-reads violation for a client reading a key at
     * rate {@code clientReadRate} while all clients write it at rate {@code globalWriteRate}:
     * {@code p_s^(1 + globalWriteRate / clientReadRate)}. Both rates in the same unit.
     */
    public static double monotonicReadsViolationBound(
            QuorumConfiguration configuration, double globalWriteRate, double clientReadRate) {
        if (!(globalWriteRate >= 0) || Double.isInfinite(globalWriteRate)) {
            throw new IllegalArgumentException("global write rate must be finite and >= 0, was " + globalWriteRate);
        }
        if (!(clientReadRate > 0) || Double.isInfinite(clientReadRate)) {
            throw new IllegalArgumentException("client read rate must be finite and > 0, was " + clientReadRate);
        }
        return Math.pow(probabilityOfMissingLatestWrite(configuration), 1.0 + globalWriteRate / clientReadRate);
    }
}
