package dev.pbs.cassandra.probe;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.util.MathArrays;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * The sum of the client's part H of an operation and the coordinator's part X, each given as a grid
 * of quantiles at the mid-points of equal slices (ms), when the two go together as a Gaussian copula
 * with correlation rho of their normal scores couples them: 0 independent, 1 comonotone (the
 * slowest client part with the slowest coordinator part).
 *
 * <p>The sum is a set of h + c x over pairs of levels (h of H's grid, x of X's), each level of either
 * grid in as many pairs as the other grid has levels, so that both parts keep their distributions
 * exactly. Independent, the pairs are every pair of levels. Coupled, pair k of K (K the product of
 * the two grids' sizes) takes H's level of the normal score z = Phi^-1((k + 1/2) / K), and X's level
 * of the rank of rho z + sqrt(1 - rho^2) e among the K pairs, e the stratified normal scores in a
 * fixed random order (Commons Math's shuffle with a fixed seed; Iman and Conover's reordering,
 * deterministic).
 */
public final class CoupledSum {

    private static final long SEED = 1L;

    private final double[] first;
    private final double correlation;
    private final int secondLevels;
    /** For each pair, the level of the first grid, or null when independent (every pair of levels). */
    private final int[] firstLevel;
    /** For each pair, the level of the second grid, or null when independent. */
    private final int[] secondLevel;

    private CoupledSum(double[] first, int secondLevels, double correlation, int[] firstLevel, int[] secondLevel) {
        this.first = first.clone();
        this.secondLevels = secondLevels;
        this.correlation = correlation;
        this.firstLevel = firstLevel;
        this.secondLevel = secondLevel;
    }

    /** H independent of X. */
    public static CoupledSum independent(double[] first, int secondLevels) {
        return of(first, secondLevels, 0);
    }

    /**
     * @param first H's quantiles, ms
     * @param secondLevels how many quantiles X's grid will have
     * @param correlation rho of the normal scores, within [0, 1]
     * @throws IllegalArgumentException when rho is outside [0, 1] or a grid is empty
     */
    public static CoupledSum of(double[] first, int secondLevels, double correlation) {
        if (!(correlation >= 0 && correlation <= 1)) {
            throw new IllegalArgumentException(
                    "a correlation of the client's part must be within [0, 1], not " + correlation);
        }
        if (first.length == 0 || secondLevels < 1) {
            throw new IllegalArgumentException("both grids of quantiles need at least one level");
        }
        if (correlation == 0) {
            return new CoupledSum(first, secondLevels, 0, null, null);
        }
        Pairing pairing =
                PAIRINGS.computeIfAbsent(new PairingKey(first.length, secondLevels, correlation), CoupledSum::pairing);
        return new CoupledSum(first, secondLevels, correlation, pairing.firstLevel(), pairing.secondLevel());
    }

    /**
     * H and X paired as measured pairs of them go together (their empirical copula), the marginals
     * still exactly the two grids: pair k of K takes H's level k / |X's grid| as the Gaussian
     * pairing does; the measured pairs whose H rank falls in that level's slice of H (the nearest
     * one when none does) give their X ranks, in turn, to the level's pairs, each spread evenly over
     * its own rank's step (a checkerboard, so that a pair given several times does not tie); X's
     * levels follow the order of those ranks. Fewer than {@link MessagePairs#FEWEST_PAIRS} pairs:
     * independent.
     *
     * @param first H's quantiles, ms
     * @param secondLevels how many quantiles X's grid will have
     * @param pairs measured pairs {h, x}, in any unit
     */
    public static CoupledSum measured(double[] first, int secondLevels, List<double[]> pairs) {
        if (first.length == 0 || secondLevels < 1) {
            throw new IllegalArgumentException("both grids of quantiles need at least one level");
        }
        if (pairs.size() < MessagePairs.FEWEST_PAIRS) {
            return independent(first, secondLevels);
        }
        int count = pairs.size();
        double[] secondRank = midRanks(pairs, 1);
        Integer[] byFirst = new Integer[count];
        double[] firstRank = midRanks(pairs, 0);
        for (int index = 0; index < count; index++) {
            byFirst[index] = index;
        }
        Arrays.sort(
                byFirst, (a, b) -> firstRank[a] != firstRank[b] ? Double.compare(firstRank[a], firstRank[b]) : a - b);
        int firstLevels = first.length;
        int total = firstLevels * secondLevels;
        double[] scores = new double[total];
        for (int level = 0; level < firstLevels; level++) {
            int from = (int) ((long) level * count / firstLevels);
            int to = (int) ((long) (level + 1) * count / firstLevels);
            if (to <= from) {
                from = Math.min(count - 1, (int) ((level + 0.5) * count / firstLevels));
                to = from + 1;
            }
            int members = to - from;
            for (int occurrence = 0; occurrence < secondLevels; occurrence++) {
                int member = byFirst[from + occurrence % members];
                int repeat = occurrence / members;
                int repeats = (secondLevels + members - 1 - occurrence % members) / members;
                scores[level * secondLevels + occurrence] =
                        secondRank[member] + ((repeat + 0.5) / repeats - 0.5) / count;
            }
        }
        Pairing pairing = byScores(scores, firstLevels, secondLevels);
        double correlation =
                pairs.isEmpty() ? 0 : MessagePairs.Pairs.of(pairs, count).spearman();
        return new CoupledSum(
                first, secondLevels, Math.max(0, correlation), pairing.firstLevel(), pairing.secondLevel());
    }

    /** Each pair's {@code side} (0 or 1) as its mid-rank within (0, 1), ties given their mean rank. */
    private static double[] midRanks(List<double[]> pairs, int side) {
        int count = pairs.size();
        Integer[] order = new Integer[count];
        for (int index = 0; index < count; index++) {
            order[index] = index;
        }
        Arrays.sort(order, (a, b) -> Double.compare(pairs.get(a)[side], pairs.get(b)[side]));
        double[] ranks = new double[count];
        int start = 0;
        while (start < count) {
            int end = start;
            while (end + 1 < count && pairs.get(order[end + 1])[side] == pairs.get(order[start])[side]) {
                end++;
            }
            double rank = ((start + end) / 2.0 + 0.5) / count;
            for (int position = start; position <= end; position++) {
                ranks[order[position]] = rank;
            }
            start = end + 1;
        }
        return ranks;
    }

    /**
     * The share of pairs above {@code level} of H's grid that are above it in X's too: how often the
     * two parts' tails come together (level 0.95: the slowest twentieth of each).
     */
    public double upperTailCoexceedance(double level) {
        int firstFrom = (int) Math.ceil(level * first.length);
        int secondFrom = (int) Math.ceil(level * secondLevels);
        long above = 0;
        long both = 0;
        for (int k = 0; k < first.length * secondLevels; k++) {
            int h = firstLevel == null ? k / secondLevels : firstLevel[k];
            int x = secondLevel == null ? k % secondLevels : secondLevel[k];
            if (h >= firstFrom) {
                above++;
                if (x >= secondFrom) {
                    both++;
                }
            }
        }
        return above == 0 ? Double.NaN : (double) both / above;
    }

    /** The grids' sizes and rho: all a pairing depends on. */
    private record PairingKey(int firstLevels, int secondLevels, double correlation) {}

    /** Each pair's level of either grid; never changed once made. */
    private record Pairing(int[] firstLevel, int[] secondLevel) {}

    /**
     * The pairings made so far, the newest {@link #PAIRINGS_KEPT}: a live prediction's bootstrap
     * replicates and a corpus's replays ask for the same one again and again, and making one costs
     * a normal quantile per pair and a sort.
     */
    private static final int PAIRINGS_KEPT = 16;

    private static final Map<PairingKey, Pairing> PAIRINGS =
            Collections.synchronizedMap(new LinkedHashMap<>(PAIRINGS_KEPT, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<PairingKey, Pairing> eldest) {
                    return size() > PAIRINGS_KEPT;
                }
            });

    private static Pairing pairing(PairingKey key) {
        int firstLevels = key.firstLevels();
        int secondLevels = key.secondLevels();
        double correlation = key.correlation();
        int pairs = firstLevels * secondLevels;
        NormalDistribution normal = NormalDistribution.of(0, 1);
        double[] stratified = new double[pairs];
        for (int k = 0; k < pairs; k++) {
            stratified[k] = normal.inverseCumulativeProbability((k + 0.5) / pairs);
        }
        int[] order = MathArrays.natural(pairs);
        MathArrays.shuffle(order, new Well19937c(SEED));
        double own = Math.sqrt(Math.max(0, 1 - correlation * correlation));
        double[] scores = new double[pairs];
        for (int k = 0; k < pairs; k++) {
            scores[k] = correlation * stratified[k] + own * stratified[order[k]];
        }
        return byScores(scores, firstLevels, secondLevels);
    }

    /**
     * Pair k takes the first grid's level k / secondLevels, and the second grid's level of its
     * score's rank among the pairs' (rank / firstLevels); ties (rho = 1) keep the pairs' order, so
     * that comonotone pairs come out level by level.
     */
    private static Pairing byScores(double[] scores, int firstLevels, int secondLevels) {
        int pairs = scores.length;
        Integer[] byScore = new Integer[pairs];
        for (int k = 0; k < pairs; k++) {
            byScore[k] = k;
        }
        Arrays.sort(byScore, (a, b) -> scores[a] != scores[b] ? Double.compare(scores[a], scores[b]) : a - b);
        int[] firstLevel = new int[pairs];
        int[] secondLevel = new int[pairs];
        for (int k = 0; k < pairs; k++) {
            firstLevel[k] = k / secondLevels;
        }
        for (int rank = 0; rank < pairs; rank++) {
            secondLevel[byScore[rank]] = rank / firstLevels;
        }
        return new Pairing(firstLevel, secondLevel);
    }

    /** H's quantiles, ms. */
    public double[] first() {
        return first.clone();
    }

    /** rho, within [0, 1]. */
    public double correlation() {
        return correlation;
    }

    /**
     * Every h + c x of the pairs, sorted.
     *
     * @param second X's quantiles, as many as this sum was made for
     * @param multiplier c
     */
    public double[] sortedSums(double[] second, double multiplier) {
        if (second.length != secondLevels) {
            throw new IllegalArgumentException(
                    "expected " + secondLevels + " quantiles of the coordinator's part, got " + second.length);
        }
        double[] sums = new double[first.length * second.length];
        if (firstLevel == null) {
            int next = 0;
            for (double h : first) {
                for (double x : second) {
                    sums[next++] = h + x * multiplier;
                }
            }
        } else {
            for (int k = 0; k < sums.length; k++) {
                sums[k] = first[firstLevel[k]] + second[secondLevel[k]] * multiplier;
            }
        }
        Arrays.sort(sums);
        return sums;
    }
}
