package dev.pbs.model.drift;

import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.distribution.LatencyDistribution;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.WarsMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;

/**
 * Which messages' measured delays moved between a reference (for example the profiles of the
 * last week) and the latest profile: for each of W, A, R and S, the two-sample Kolmogorov-Smirnov
 * distance between the latest distribution and the reference's, with its asymptotic p-value.
 *
 * <p>The reference of several profiles is their mixture, the mean of their cumulative distribution
 * functions. Its sample count, for the p-value, is that of its largest single profile, not their
 * sum: successive live profiles of a probe overlap in time, and crediting the sum would make the
 * test overconfident. Both are measured (empirical) distributions, whose cumulative distribution
 * functions are piecewise linear; the distance is taken at the quantiles 0.001 to 0.999 of both,
 * in steps of 0.001, so it is exact to about 0.001.
 *
 * <p>With thousands of samples a test finds even a harmless shift significant, and a live cluster's
 * successive profiles differ by more than their sampling alone (load, compaction, and the probe's
 * per-window correction of tracing's cost move them). So a message counts as moved only when the
 * distance is also large, both in itself and against the reference's own spread: {@code p <
 * }{@value #SIGNIFICANCE}, {@code D >= }{@value #MINIMUM_DISTANCE} (a fifth of the probability mass
 * displaced) and {@code D >= spread + }{@value #MARGIN}, where the spread is the median distance of
 * the reference's profiles from their mixture: how far one profile typically lies from the rest
 * (0 with a single reference profile; the median, so that one odd window in the week does not hide
 * a move).
 */
public final class DelayDrift {

    /** The p-value below which a distance is significant. */
    public static final double SIGNIFICANCE = 0.001;

    /** The smallest distance that counts as a move, whatever the p-value. */
    public static final double MINIMUM_DISTANCE = 0.2;

    /** How far beyond the reference's own spread a distance must reach to count as a move. */
    public static final double MARGIN = 0.2;

    /** Quantile levels at which the reference's spread is measured (coarser: it is a baseline). */
    private static final int SPREAD_LEVELS = 100;

    private static final int LEVELS = 1000;
    private static final KolmogorovSmirnovTest TEST = new KolmogorovSmirnovTest();

    private DelayDrift() {}

    /**
     * Each message whose distributions are measured in both the latest profile (its defaults) and
     * every reference profile, in W, A, R, S order; empty when the reference is empty.
     */
    public static List<MessageDrift> between(LatencyProfile latest, List<LatencyProfile> reference) {
        List<MessageDrift> drifts = new ArrayList<>();
        if (reference.isEmpty()) {
            return drifts;
        }
        for (WarsMessage message : WarsMessage.values()) {
            List<LatencyDistribution> earlier = new ArrayList<>();
            for (LatencyProfile profile : reference) {
                earlier.add(message.of(profile.defaults()));
            }
            compare(message, message.of(latest.defaults()), earlier).ifPresent(drifts::add);
        }
        return drifts;
    }

    /**
     * One message's latest distribution against the mixture of its reference distributions; empty
     * when any of them is not measured (no sample count to test with) or has no samples.
     */
    public static Optional<MessageDrift> compare(
            WarsMessage message, LatencyDistribution latest, List<LatencyDistribution> reference) {
        if (!(latest instanceof Empirical measured) || measured.count() == 0 || reference.isEmpty()) {
            return Optional.empty();
        }
        long referenceSamples = 0;
        for (LatencyDistribution distribution : reference) {
            if (!(distribution instanceof Empirical earlier) || earlier.count() == 0) {
                return Optional.empty();
            }
            referenceSamples = Math.max(referenceSamples, earlier.count());
        }
        double distance = distance(latest, reference, LEVELS);
        double spread = 0;
        if (reference.size() > 1) {
            double[] distances = new double[reference.size()];
            for (int index = 0; index < distances.length; index++) {
                distances[index] = distance(reference.get(index), reference, SPREAD_LEVELS);
            }
            java.util.Arrays.sort(distances);
            int middle = distances.length / 2;
            spread = distances.length % 2 == 1 ? distances[middle] : (distances[middle - 1] + distances[middle]) / 2;
        }
        int latestCount = (int) Math.min(Integer.MAX_VALUE, measured.count());
        int referenceCount = (int) Math.min(Integer.MAX_VALUE, referenceSamples);
        double pValue = distance == 0 ? 1 : TEST.approximateP(distance, latestCount, referenceCount);
        return Optional.of(new MessageDrift(
                message,
                distance,
                pValue,
                measured.count(),
                referenceSamples,
                quantile(List.of(latest), 0.5),
                quantile(reference, 0.5),
                quantile(List.of(latest), 0.99),
                quantile(reference, 0.99),
                spread,
                pValue < SIGNIFICANCE && distance >= MINIMUM_DISTANCE && distance >= spread + MARGIN));
    }

    /**
     * The largest gap between one distribution's cumulative distribution function and the
     * mixture's, at the quantiles 1/levels .. (levels - 1)/levels of each.
     */
    private static double distance(LatencyDistribution one, List<LatencyDistribution> mixture, int levels) {
        TreeSet<Double> points = new TreeSet<>();
        addQuantiles(points, one, levels);
        mixture.forEach(distribution -> addQuantiles(points, distribution, levels));
        double distance = 0;
        for (double point : points) {
            distance = Math.max(distance, Math.abs(one.cumulativeProbability(point) - mixture(mixture, point)));
        }
        return distance;
    }

    private static void addQuantiles(TreeSet<Double> points, LatencyDistribution distribution, int levels) {
        for (int level = 1; level < levels; level++) {
            points.add(distribution.inverseSurvivalProbability(1 - (double) level / levels));
        }
    }

    private static double mixture(List<LatencyDistribution> distributions, double millis) {
        double sum = 0;
        for (LatencyDistribution distribution : distributions) {
            sum += distribution.cumulativeProbability(millis);
        }
        return sum / distributions.size();
    }

    /** The p-quantile of a mixture, by bisection on its cumulative distribution function (to 0.1%). */
    private static double quantile(List<LatencyDistribution> distributions, double probability) {
        double low = Double.MAX_VALUE;
        double high = 0;
        for (LatencyDistribution distribution : distributions) {
            double value = distribution.inverseSurvivalProbability(1 - probability);
            low = Math.min(low, value);
            high = Math.max(high, value);
        }
        for (int step = 0; step < 60 && high - low > 1e-3 * Math.max(high, 1e-9); step++) {
            double middle = (low + high) / 2;
            if (mixture(distributions, middle) < probability) {
                low = middle;
            } else {
                high = middle;
            }
        }
        return (low + high) / 2;
    }
}
