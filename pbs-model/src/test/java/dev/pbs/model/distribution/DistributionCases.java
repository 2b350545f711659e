package dev.pbs.model.distribution;

import dev.pbs.model.profile.BuiltInProfiles;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.apache.commons.statistics.distribution.NormalDistribution;

/** One instance of every kind of latency distribution, built once (tables are built lazily). */
final class DistributionCases {

    /**
     * A named distribution for parameterised tests.
     *
     * @param finiteVariance whether the sample mean obeys the central limit theorem
     * @param hasAtom whether some single delay has positive probability
     */
    record Case(String name, LatencyDistribution distribution, boolean finiteVariance, boolean hasAtom) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** Constant 1 ms, or 10 ms plus an exponential: the supports leave a gap (1, 10). */
    static final Mixture GAP_MIXTURE = Mixture.of(List.of(
            new Mixture.Component(0.3, Constant.of(1)),
            new Mixture.Component(0.7, Shifted.of(10, Exponential.ofMean(2)))));

    /** An atom at 2 ms inside an exponential's support: one interval, so the table path. */
    static final Mixture ATOM_MIXTURE = Mixture.of(
            List.of(new Mixture.Component(0.25, Constant.of(2)), new Mixture.Component(0.75, Exponential.ofMean(3))));

    static final List<Case> ALL = List.of(
            new Case("Constant(2.5)", Constant.of(2.5), true, true),
            new Case("Exponential(mean 5)", Exponential.ofMean(5), true, false),
            new Case("Exponential(rate 1.66)", Exponential.ofRate(1.66), true, false),
            new Case("Pareto(0.235, 10)", Pareto.of(0.235, 10), true, false),
            new Case("Pareto(1.05, 1.51)", Pareto.of(1.05, 1.51), false, false),
            new Case("Pareto(1, 0.8)", Pareto.of(1, 0.8), false, false),
            new Case("LogNormal(1, 0.5)", LogNormal.of(1, 0.5), true, false),
            new Case("LogNormal(-1, 2)", LogNormal.of(-1, 2), true, false),
            new Case("lnkd-ssd mixture", BuiltInProfiles.LINKEDIN_SSD, true, false),
            new Case("lnkd-disk W mixture", BuiltInProfiles.LINKEDIN_DISK_WRITE, false, false),
            new Case("ymmr W mixture", BuiltInProfiles.YAMMER_WRITE, true, false),
            new Case("ymmr A/R/S mixture", BuiltInProfiles.YAMMER_OTHER, true, false),
            new Case("gap mixture (component choice)", GAP_MIXTURE, true, true),
            new Case("atom mixture (table)", ATOM_MIXTURE, true, true),
            new Case("Shifted(3, Exponential(mean 1))", Shifted.of(3, Exponential.ofMean(1)), true, false),
            new Case("Shifted(75, lnkd-disk W)", Shifted.of(75, BuiltInProfiles.LINKEDIN_DISK_WRITE), false, false),
            new Case("Shifted(5, gap mixture)", Shifted.of(5, GAP_MIXTURE), true, true),
            new Case("Empirical(log-normal-like, us)", logNormalLikeEmpirical(), true, false),
            new Case("Empirical(three spikes, ms)", threeSpikesEmpirical(), true, false));

    private DistributionCases() {}

    /** 10,000 delays around 0.2 ms with a log-normal spread, recorded in microseconds. */
    static Empirical logNormalLikeEmpirical() {
        Histogram histogram = new Histogram(3);
        NormalDistribution normal = NormalDistribution.of(0, 1);
        for (int i = 0; i < 10_000; i++) {
            double z = normal.inverseCumulativeProbability((i + 0.5) / 10_000);
            histogram.recordValue(Math.round(200 * Math.exp(z)));
        }
        return Empirical.of(histogram, TimeUnit.MICROSECONDS);
    }

    /** 300 delays of 10 ms, 500 of 20 ms and 200 of 5000 ms: buckets with gaps between them. */
    static Empirical threeSpikesEmpirical() {
        Histogram histogram = new Histogram(3);
        histogram.recordValueWithCount(10, 300);
        histogram.recordValueWithCount(20, 500);
        histogram.recordValueWithCount(5000, 200);
        return Empirical.of(histogram, TimeUnit.MILLISECONDS);
    }
}
