package dev.pbs.cassandra.recovery;

import dev.pbs.montecarlo.ProportionEstimate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.DoubleUnaryOperator;

/**
 * Observed against predicted P(consistent) of reads at a returned node, by time since its return:
 * the reads in bins of equal width from the return on, each bin's proportion of consistent reads
 * against the prediction averaged over the times of the very reads in it (so that a bin's
 * prediction is for when its reads were made, not for its middle).
 *
 * @param bins from the return on, in order; bins without a read are kept (count 0, estimate NaN)
 * @param outsideReads reads before the return or after the last bin, not in any bin
 */
public record RecoveryCurve(List<Bin> bins, int outsideReads) {

    /**
     * One bin.
     *
     * @param fromMillis its start, ms since the return (included)
     * @param toMillis its end (excluded)
     * @param observed consistent reads out of the reads in it, with the 95% Wilson interval
     * @param meanSinceReturnMillis the mean time of its reads (NaN without reads)
     * @param predicted the prediction averaged over its reads' times (NaN without reads)
     */
    public record Bin(
            double fromMillis,
            double toMillis,
            ProportionEstimate observed,
            double meanSinceReturnMillis,
            double predicted) {

        public long reads() {
            return observed.trials();
        }
    }

    public RecoveryCurve {
        bins = List.copyOf(Objects.requireNonNull(bins, "bins"));
    }

    /**
     * Bins the reads and predicts each bin.
     *
     * @param binMillis the bins' width, ms; above 0
     * @param rangeMillis the bins cover [0, rangeMillis); at least one bin wide
     * @param prediction P(consistent) at a time since the return, ms
     */
    public static RecoveryCurve of(
            List<RecoveryRead> reads, double binMillis, double rangeMillis, DoubleUnaryOperator prediction) {
        if (!(binMillis > 0) || Double.isInfinite(binMillis)) {
            throw new IllegalArgumentException("the bin width must be finite and above 0 ms, was " + binMillis);
        }
        if (!(rangeMillis >= binMillis) || Double.isInfinite(rangeMillis)) {
            throw new IllegalArgumentException(
                    "the range must be finite and at least one bin (" + binMillis + " ms), was " + rangeMillis);
        }
        int count = (int) Math.ceil(rangeMillis / binMillis - 1e-9);
        long[] trials = new long[count];
        long[] consistent = new long[count];
        double[] timeSums = new double[count];
        double[] predictedSums = new double[count];
        int outside = 0;
        for (RecoveryRead read : reads) {
            double since = read.sinceReturnMillis();
            if (!(since >= 0) || since >= rangeMillis) {
                outside++;
                continue;
            }
            int bin = Math.min(count - 1, (int) (since / binMillis));
            trials[bin]++;
            consistent[bin] += read.consistent() ? 1 : 0;
            timeSums[bin] += since;
            predictedSums[bin] += prediction.applyAsDouble(since);
        }
        List<Bin> bins = new ArrayList<>(count);
        for (int bin = 0; bin < count; bin++) {
            long n = trials[bin];
            bins.add(new Bin(
                    bin * binMillis,
                    Math.min(rangeMillis, (bin + 1) * binMillis),
                    ProportionEstimate.of(consistent[bin], n),
                    n == 0 ? Double.NaN : timeSums[bin] / n,
                    n == 0 ? Double.NaN : predictedSums[bin] / n));
        }
        return new RecoveryCurve(bins, outside);
    }

    /** Reads in the bins. */
    public long reads() {
        return bins.stream().mapToLong(Bin::reads).sum();
    }

    /** The root mean square of observed minus predicted over the bins with reads, each bin counting once. */
    public double rmse() {
        double sum = 0;
        int counted = 0;
        for (Bin bin : bins) {
            if (bin.reads() > 0) {
                double difference = bin.observed().estimate() - bin.predicted();
                sum += difference * difference;
                counted++;
            }
        }
        return counted == 0 ? Double.NaN : Math.sqrt(sum / counted);
    }

    /**
     * The RMSE that sampling alone would give if the prediction were exact: the root mean of
     * {@code p (1 - p) / n} over the bins with reads, p the bin's prediction and n its reads.
     */
    public double noiseFloor() {
        double sum = 0;
        int counted = 0;
        for (Bin bin : bins) {
            if (bin.reads() > 0) {
                double p = bin.predicted();
                sum += p * (1 - p) / bin.reads();
                counted++;
            }
        }
        return counted == 0 ? Double.NaN : Math.sqrt(sum / counted);
    }
}
