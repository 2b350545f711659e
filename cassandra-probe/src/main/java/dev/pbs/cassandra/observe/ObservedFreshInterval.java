package dev.pbs.cassandra.observe;

import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.ProfileResampling;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.apache.commons.math3.stat.descriptive.moment.StandardDeviation;
import org.apache.commons.statistics.distribution.BinomialDistribution;
import org.apache.commons.statistics.distribution.NormalDistribution;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * A 95% prediction interval for an observation's share of fresh reads at each t: where the share
 * should fall if the model is right, given that the prediction and the observation both come from
 * samples.
 *
 * <p>Two samplings widen it. The prediction's: it is made from the delays and client round trips
 * the probe measured, a sample of the cluster's. {@link #REPLICATES} bootstrap replicates predict
 * the same observation from the profile resampled ({@link ProfileResampling}) and the round trips
 * beside the writes resampled ({@link Empirical#resampled}), each from {@link #REPLICATE_TRIALS}
 * trials with the same draws, so that they differ by their samples alone. On the scale of the
 * arcsine of the square root, where a share's noise is nearly even and 0 and 1 stay finite, the
 * true P is taken as normal around the point prediction, with the replicates' deviation (times
 * Student's 97.5% quantile over the normal's, for the few replicates it is estimated from) and the
 * point's own Monte Carlo deviation. The observation's: given P, the fresh reads out of the reads
 * answered at t are binomial. The interval runs from the 2.5% to the 97.5% quantile of the share
 * under both, computed by quadrature over the normal: a share the reads can take, at least 95% of
 * the time when the model is right (a count is whole, so a little more).
 *
 * <p>The interval leaves out what no sample measures: a model that is wrong. Counting how often
 * windows fall inside it is how the model is checked.
 */
public final class ObservedFreshInterval {

    /** Bootstrap replicates of the prediction. */
    public static final int REPLICATES = 10;

    /** Trials per replicate: a tenth of the point prediction's. */
    static final long REPLICATE_TRIALS = 200_000;

    /** The replicates' resampling and their shared Monte Carlo draws. */
    private static final long SEED = 20_261_207L;

    /** The point prediction's trials ({@link StalenessObserver#compare}). */
    private static final long POINT_TRIALS = 2_000_000;

    /** The normal's quadrature: nodes every QUADRATURE_STEP deviations out to 4 on each side. */
    private static final int QUADRATURE_NODES = 20;

    private static final double QUADRATURE_STEP = 0.2;

    private static final double NORMAL_975 = NormalDistribution.of(0, 1).inverseCumulativeProbability(0.975);
    private static final double STUDENT_975 = TDistribution.of(REPLICATES - 1).inverseCumulativeProbability(0.975);

    private ObservedFreshInterval() {}

    /**
     * {@code compared} with every point's interval of where its observed share should fall.
     *
     * @param compared the observation compared with the prediction from {@code profile} (its points'
     *     predictions are the intervals' centres)
     * @param raw what the observation saw
     * @param profile the profile the prediction came from
     * @param n replicas per key
     * @param clientCoupling as {@link StalenessObserver#compare} takes it
     */
    public static ObservedStaleness of(
            ObservedStaleness compared, RawObservation raw, LatencyProfile profile, int n, double clientCoupling) {
        Map<Double, double[]> replicates = new HashMap<>();
        SplittableRandom resampling = new SplittableRandom(SEED);
        for (int replicate = 0; replicate < REPLICATES; replicate++) {
            LatencyProfile resampledProfile = ProfileResampling.resampled(profile, resampling);
            RawObservation resampledRaw = raw.withClientGap(resampled(raw.clientGapMicros(), resampling));
            ObservedStaleness replica = StalenessObserver.compare(
                    resampledRaw,
                    resampledProfile,
                    n,
                    clientCoupling,
                    StalenessObserver.CLIENT_PART_LEVELS,
                    REPLICATE_TRIALS,
                    SEED);
            for (ObservedPoint point : replica.points()) {
                replicates.computeIfAbsent(point.tMillis(), t -> new double[REPLICATES])[replicate] =
                        arcsine(point.predicted());
            }
        }
        List<ObservedPoint> points = new ArrayList<>();
        for (ObservedPoint point : compared.points()) {
            double[] scaled = replicates.get(point.tMillis());
            points.add(
                    scaled == null
                            ? point
                            : point.withExpected(interval(
                                    point.predicted(), scaled, point.observed().trials())));
        }
        return compared.withPoints(points, compared.predictionWindows());
    }

    /**
     * The interval for the share of fresh reads out of {@code reads}, predicted {@code predicted},
     * the prediction's replicates given on the arcsine scale: the 2.5% and 97.5% quantiles of the
     * share when P is sin^2 of a normal around asin(sqrt(predicted)) (the replicates' deviation,
     * widened by Student's quantile over the normal's for the few replicates it comes from, and
     * the point's Monte Carlo deviation) and the fresh reads are binomial given P.
     */
    static ObservedPoint.Interval interval(double predicted, double[] scaledReplicates, long reads) {
        int count = (int) Math.max(1, reads);
        double sampling = new StandardDeviation().evaluate(scaledReplicates) * STUDENT_975 / NORMAL_975;
        double deviation = Math.sqrt(sampling * sampling + 1.0 / (4 * POINT_TRIALS));
        double centre = arcsine(predicted);
        double[] shares = new double[count + 1];
        double total = 0;
        for (int node = -QUADRATURE_NODES; node <= QUADRATURE_NODES; node++) {
            double score = node * QUADRATURE_STEP;
            double weight = Math.exp(-score * score / 2);
            double angle = Math.max(0, Math.min(Math.PI / 2, centre + deviation * score));
            double share = sineSquared(angle);
            BinomialDistribution fresh = BinomialDistribution.of(count, share);
            for (int k = 0; k <= count; k++) {
                shares[k] += weight * fresh.probability(k);
            }
            total += weight;
        }
        int lower = quantile(shares, total, 0.025);
        int upper = quantile(shares, total, 0.975);
        return new ObservedPoint.Interval((double) lower / count, (double) upper / count);
    }

    /** The smallest count whose cumulative weight reaches {@code level} of {@code total}. */
    private static int quantile(double[] weights, double total, double level) {
        double cumulative = 0;
        for (int k = 0; k < weights.length; k++) {
            cumulative += weights[k];
            if (cumulative >= level * total * (1 - 1e-12)) {
                return k;
            }
        }
        return weights.length - 1;
    }

    /** A resample with replacement of the round trips; none as none. */
    private static Histogram resampled(Histogram micros, SplittableRandom random) {
        if (micros.getTotalCount() == 0) {
            return micros;
        }
        return (Histogram)
                Empirical.of(micros, TimeUnit.MICROSECONDS).resampled(random).histogram();
    }

    private static double arcsine(double share) {
        return Math.asin(Math.sqrt(Math.max(0, Math.min(1, share))));
    }

    private static double sineSquared(double angle) {
        double sine = Math.sin(angle);
        return Math.max(0, Math.min(1, sine * sine));
    }
}
