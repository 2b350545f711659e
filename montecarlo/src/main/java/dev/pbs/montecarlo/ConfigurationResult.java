package dev.pbs.montecarlo;

import dev.pbs.model.quorum.LevelConfiguration;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.model.quorum.VersionStaleness;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The simulated behaviour of one (R, W) configuration: t-visibility, windows (quantiles of the
 * consistency threshold t*), read and write latency, and staleness in versions.
 */
public final class ConfigurationResult {

    private final QuorumConfiguration configuration;
    private final long trials;
    private final long consistentAtOnce;
    /** Positive thresholds t*; null for a strict configuration, which has none. */
    private final DelayHistogram thresholds;

    private final List<VisibilityPoint> visibility;
    private final DelayHistogram readLatency;
    private final DelayHistogram writeLatency;
    /** The levels and datacenters, for a multi-datacenter configuration; null for an (R, W). */
    private final LevelConfiguration levels;

    private final boolean strict;
    /** P(the read contacts none of the replicas whose acknowledgements committed the write), levels only. */
    private final double missedAcknowledged;
    /** How often reads asked an extra replica; null when the run did not speculate. */
    private final Speculation speculation;
    /** Blocking read repair at each grid time; null when the run did not repair. */
    private final List<RepairPoint> readRepair;
    /** Read latency with read repair's rounds, over the grid's times; null without repair or R = 1. */
    private final DelayHistogram readLatencyOverGrid;

    private final int gridLength;

    /** Trials consistent at every t >= 0: the threshold t* = 0 (with healthy replicas, consistent at t = 0). */
    private final long consistentFromStart;
    /** What faulty replicas did; null for healthy ones. */
    private final FaultEffects faultEffects;

    ConfigurationResult(
            QuorumConfiguration configuration,
            long trials,
            long consistentAtOnce,
            long neverConsistent,
            long[] gridHits,
            double[] grid,
            DelayHistogram thresholds,
            DelayHistogram readLatency,
            DelayHistogram writeLatency,
            Speculation speculation,
            List<RepairPoint> readRepair,
            DelayHistogram readLatencyOverGrid) {
        this(
                configuration,
                null,
                configuration.isStrict(),
                Double.NaN,
                trials,
                consistentAtOnce,
                neverConsistent,
                gridHits,
                grid,
                thresholds,
                readLatency,
                writeLatency,
                speculation,
                readRepair,
                readLatencyOverGrid);
    }

    /**
     * @param configuration N, the replicas the read contacts (R) and the acknowledgements the write
     *     waits for (W)
     * @param levels the levels and datacenters, or null for a plain (R, W)
     * @param strict whether no read after commit can be stale
     * @param missedAcknowledged for levels, the fraction of trials whose read contacted none of the
     *     replicas that acknowledged the write; NaN for (R, W), whose k-staleness has a closed form
     * @param speculation how often reads asked an extra replica, or null without speculative retry
     * @param readRepair blocking read repair at each grid time, or null without it
     * @param readLatencyOverGrid with blocking read repair and R >= 2, the read latency with what
     *     mismatches added, recorded at every grid time of every trial; else null
     */
    ConfigurationResult(
            QuorumConfiguration configuration,
            LevelConfiguration levels,
            boolean strict,
            double missedAcknowledged,
            long trials,
            long consistentAtOnce,
            long neverConsistent,
            long[] gridHits,
            double[] grid,
            DelayHistogram thresholds,
            DelayHistogram readLatency,
            DelayHistogram writeLatency,
            Speculation speculation,
            List<RepairPoint> readRepair,
            DelayHistogram readLatencyOverGrid) {
        this(
                configuration,
                levels,
                strict,
                missedAcknowledged,
                trials,
                consistentAtOnce,
                consistentAtOnce,
                neverConsistent,
                gridHits,
                grid,
                thresholds,
                readLatency,
                writeLatency,
                speculation,
                readRepair,
                readLatencyOverGrid,
                null);
    }

    /**
     * With faulty replicas: {@code trials} counts only the trials whose write committed and whose
     * read found its replicas up; {@code gridHits} are signed changes (a read may turn stale again
     * when a replica returns before its hint), {@code consistentFromStart} the trials consistent at
     * every t, and {@code thresholds} the last time each other trial turned consistent.
     */
    ConfigurationResult(
            QuorumConfiguration configuration,
            LevelConfiguration levels,
            boolean strict,
            double missedAcknowledged,
            long trials,
            long consistentAtOnce,
            long consistentFromStart,
            long neverConsistent,
            long[] gridHits,
            double[] grid,
            DelayHistogram thresholds,
            DelayHistogram readLatency,
            DelayHistogram writeLatency,
            Speculation speculation,
            List<RepairPoint> readRepair,
            DelayHistogram readLatencyOverGrid,
            FaultEffects faultEffects) {
        this.consistentFromStart = consistentFromStart;
        this.faultEffects = faultEffects;
        this.configuration = configuration;
        this.readLatencyOverGrid = readLatencyOverGrid;
        this.gridLength = grid.length;
        this.speculation = speculation;
        this.readRepair = readRepair == null ? null : List.copyOf(readRepair);
        this.levels = levels;
        this.strict = strict;
        this.missedAcknowledged = missedAcknowledged;
        this.trials = trials;
        this.consistentAtOnce = consistentAtOnce;
        this.thresholds = thresholds;
        if (thresholds != null) {
            thresholds.recordBeyondRange(neverConsistent);
        }
        this.readLatency = readLatency;
        this.writeLatency = writeLatency;
        List<VisibilityPoint> points = new ArrayList<>();
        long consistent = consistentAtOnce;
        for (int g = 0; g < grid.length; g++) {
            consistent += gridHits[g];
            points.add(new VisibilityPoint(grid[g], ProportionEstimate.of(consistent, trials)));
        }
        this.visibility = List.copyOf(points);
    }

    public QuorumConfiguration configuration() {
        return configuration;
    }

    /**
     * Whether every read set intersects every write set that can commit, so no read after commit
     * is stale: {@code R + W > N} for an (R, W); for levels, decided per datacenter.
     */
    public boolean isStrict() {
        return strict;
    }

    /** The levels and datacenters of a multi-datacenter configuration; empty for a plain (R, W). */
    public Optional<LevelConfiguration> levels() {
        return Optional.ofNullable(levels);
    }

    /**
     * How often this configuration's reads asked an extra replica (speculative retry); empty when
     * the run did not speculate.
     */
    public Optional<Speculation> speculation() {
        return Optional.ofNullable(speculation);
    }

    /**
     * Blocking read repair at each time of the grid: the fraction of reads that repaired and the
     * time it added; empty when the run did not model read repair.
     */
    public Optional<List<RepairPoint>> readRepair() {
        return Optional.ofNullable(readRepair);
    }

    /** What faulty replicas did to this configuration; empty for healthy replicas. */
    public Optional<FaultEffects> faultEffects() {
        return Optional.ofNullable(faultEffects);
    }

    /**
     * The trials behind P(consistent) and the windows: all of them, or with faulty replicas those
     * whose write committed and whose read found its replicas up.
     */
    public long trials() {
        return trials;
    }

    /** P(consistent) at each time of the spec's grid, counted exactly. */
    public List<VisibilityPoint> visibility() {
        return visibility;
    }

    /** P(consistent) for a read starting right at commit (t = 0), counted exactly. */
    public ProportionEstimate consistentAtCommit() {
        return ProportionEstimate.of(consistentAtOnce, trials);
    }

    /**
     * P(consistent) at any t, from the threshold histogram: exact for t = 0, otherwise to the
     * histogram's resolution (0.1% of t). Use {@link #visibility()} for exact counts. With faulty
     * replicas, the probability that the read is consistent at t and at every later time.
     */
    public ProportionEstimate consistentAt(double tMillis) {
        if (!(tMillis >= 0) || Double.isInfinite(tMillis)) {
            throw new IllegalArgumentException("time after commit must be finite and >= 0 ms, was " + tMillis);
        }
        long positive = thresholds == null ? 0 : thresholds.countAtOrBelow(tMillis);
        return ProportionEstimate.of(consistentFromStart + positive, trials);
    }

    /**
     * The window for probability p: how long after commit a read must start to be consistent
     * with probability at least p, i.e. the p-quantile of t* (with faulty replicas, the last time
     * a trial turns consistent, so that a read started any later is consistent too).
     *
     * @param probability p in (0, 1]
     */
    public QuantileEstimate window(double probability) {
        if (thresholds == null) {
            OrderStatistics.requireLevel(probability);
            return new QuantileEstimate(probability, 0, 0, 0);
        }
        return quantile(thresholds, consistentFromStart, probability);
    }

    /**
     * The windows of many probabilities at once: for each, {@code window(p).valueMillis()}, in one
     * pass over the threshold histogram.
     *
     * @param probabilities each in (0, 1], in ascending order
     */
    public double[] windowValues(double[] probabilities) {
        double[] values = new double[probabilities.length];
        long[] ranks = new long[probabilities.length];
        for (int index = 0; index < probabilities.length; index++) {
            OrderStatistics.requireLevel(probabilities[index]);
            if (index > 0 && probabilities[index] < probabilities[index - 1]) {
                throw new IllegalArgumentException("the probabilities must ascend, but " + probabilities[index]
                        + " follows " + probabilities[index - 1]);
            }
            ranks[index] = OrderStatistics.pointRank(trials, probabilities[index]);
        }
        if (thresholds == null || trials == 0) {
            Arrays.fill(values, thresholds == null ? 0 : Double.NaN);
            return values;
        }
        double[][] buckets = thresholds.bucketsAtRanks(consistentFromStart, ranks);
        for (int index = 0; index < values.length; index++) {
            values[index] = buckets[index][1];
        }
        return values;
    }

    /** A percentile (0 to 100] of read latency: the R-th fastest response (or the slowest of R). */
    public QuantileEstimate readLatency(double percentile) {
        return latencyQuantile(readLatency, percentileToProbability(percentile));
    }

    /**
     * A percentile (0 to 100] of read latency with blocking read repair: a read whose answers
     * disagree waits for its second round and any repair ({@link RepairPoint}), for reads spread
     * evenly over the grid's times (as an observation that reads each write at every t). Its
     * interval treats the grid's times of one trial as independent draws, so it is narrower than
     * it should be. Empty without blocking read repair, and for R = 1 (never repairs: {@link
     * #readLatency} then).
     */
    public Optional<QuantileEstimate> readLatencyWithRepair(double percentile) {
        if (readLatencyOverGrid == null) {
            return Optional.empty();
        }
        double probability = percentileToProbability(percentile);
        long[] ranks = OrderStatistics.ranks(trials * gridLength, probability);
        double[][] buckets = readLatencyOverGrid.bucketsAtRanks(0, ranks);
        return Optional.of(new QuantileEstimate(probability, buckets[1][1], buckets[0][0], buckets[2][2]));
    }

    /** A percentile (0 to 100] of write latency: the W-th acknowledgement. */
    public QuantileEstimate writeLatency(double percentile) {
        return latencyQuantile(writeLatency, percentileToProbability(percentile));
    }

    /**
     * k-staleness {@code p_s^k} with non-expanding quorums (conservative): for an (R, W) in closed
     * form; for levels with {@code p_s} the simulated fraction of reads that contact none of the
     * replicas whose acknowledgements committed the write.
     */
    public double probabilityOlderThanVersions(int k) {
        if (levels == null) {
            return VersionStaleness.probabilityOlderThanVersions(configuration, k);
        }
        if (k < 1) {
            throw new IllegalArgumentException("k must be >= 1, was " + k);
        }
        return strict ? 0 : Math.pow(missedAcknowledged, k);
    }

    /**
     * {@code <k,t>}-staleness: P(a read t ms after commit returns a value more than k versions
     * old), approximated by {@code (1 - P(consistent at t))^k}, as if the last k writes committed
     * together (conservative). Uses the exact count at grid time {@code point}.
     */
    public double probabilityOlderThanVersionsAt(int k, VisibilityPoint point) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be >= 1, was " + k);
        }
        return Math.pow(1.0 - point.consistent().estimate(), k);
    }

    private static double percentileToProbability(double percentile) {
        if (!(percentile > 0 && percentile <= 100)) {
            throw new IllegalArgumentException("percentile must be in (0, 100], was " + percentile);
        }
        return percentile / 100.0;
    }

    /** A quantile of the operations a latency histogram holds (with faults, the available ones). */
    private static QuantileEstimate latencyQuantile(DelayHistogram histogram, double probability) {
        long count = histogram.count();
        if (count == 0) {
            OrderStatistics.requireLevel(probability);
            return new QuantileEstimate(probability, Double.NaN, Double.NaN, Double.NaN);
        }
        long[] ranks = OrderStatistics.ranks(count, probability);
        double[][] buckets = histogram.bucketsAtRanks(0, ranks);
        return new QuantileEstimate(probability, buckets[1][1], buckets[0][0], buckets[2][2]);
    }

    private QuantileEstimate quantile(DelayHistogram histogram, long zeros, double probability) {
        if (trials == 0) {
            OrderStatistics.requireLevel(probability);
            return new QuantileEstimate(probability, Double.NaN, Double.NaN, Double.NaN);
        }
        long[] ranks = OrderStatistics.ranks(trials, probability);
        double[][] buckets = histogram.bucketsAtRanks(zeros, ranks);
        return new QuantileEstimate(probability, buckets[1][1], buckets[0][0], buckets[2][2]);
    }
}
