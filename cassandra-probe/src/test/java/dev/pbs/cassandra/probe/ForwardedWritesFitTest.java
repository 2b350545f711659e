package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageCorrelation;
import dev.pbs.model.profile.MessageDelays;
import java.util.Arrays;
import java.util.function.DoubleFunction;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ForwardedWritesFitTest {

    /** Two replicas, W exponential with mean 2 ms, A, R and S with mean 1 ms; writes correlated as given. */
    private static final DoubleFunction<LatencyProfile> PROFILES = correlation -> LatencyProfile.builder("two")
            .description("test")
            .provenance("test")
            .defaults(new MessageDelays(
                    Exponential.ofMean(2), Exponential.ofMean(1), Exponential.ofMean(1), Exponential.ofMean(1)))
            .messageCorrelation(new MessageCorrelation(correlation, 0, 0, 0))
            .build();

    private static final double MEASURED = 0.2;
    private static final double ROUND_TRIP_MILLIS = 0.5;

    /** The candidate correlation {@code step} of {@link ForwardedWritesFit#STEPS} from {@link #MEASURED}. */
    private static double candidate(int step) {
        return MEASURED + (MessageCorrelation.HIGHEST - MEASURED) * step / ForwardedWritesFit.STEPS;
    }

    @Test
    void fit_writesMadeWithPathsMovingTogether_findsHowMuch() {
        // Untraced writes as the model makes them with the paths correlated 0.79 (a candidate), plus a
        // constant client part: the fit, starting from 0.2 as traced, finds 0.79 again.
        double truth = candidate(9);
        ForwardedWritesFit.Fit fit = ForwardedWritesFit.fit(
                2, new MessageCorrelation(MEASURED, 0, 0, 0), PROFILES, untracedAt(truth), roundTrip());
        assertThat(fit.measured()).isEqualTo(MEASURED);
        assertThat(fit.fitted()).isCloseTo(truth, within(1e-12));
        assertThat(fit.explanation())
                .contains("with the correlation between replicas' writes as traced (0.200)")
                .contains("with 0.793 (fitted");
    }

    @Test
    void fit_writesAsTraced_keepsTheMeasuredCorrelation() {
        ForwardedWritesFit.Fit fit = ForwardedWritesFit.fit(
                2, new MessageCorrelation(MEASURED, 0, 0, 0), PROFILES, untracedAt(MEASURED), roundTrip());
        assertThat(fit.fitted()).isEqualTo(MEASURED);
    }

    @Test
    void writeThroughOther_pathsMovingTogether_waitLongerForTheFirstAcknowledgement() {
        // The earlier of two paths: independent, the minimum of two W + A; fully together, nearly one
        // path's W + A with its W and A together too (the one factor loads all four), whose quantiles
        // add: the median of 3 Exp(1), 3 ln 2 = 2.08 ms (1.99 as the engine couples them, in blocks of
        // 256 trials, against 1.58 independent).
        double independent = median(CoordinatorParts.writeThroughOther(PROFILES.apply(0), 2));
        double together = median(CoordinatorParts.writeThroughOther(PROFILES.apply(MessageCorrelation.HIGHEST), 2));
        assertThat(independent).isLessThan(together - 0.3);
        assertThat(together).isCloseTo(3 * Math.log(2), within(0.15));
    }

    @Test
    void correlated_fittedBetweenReplicas_keepsTheOtherCorrelations() {
        LatencyProfile measured = PROFILES.apply(0.25).toBuilder()
                .messageCorrelation(new MessageCorrelation(0.25, 0.3, 0.16, 0.1))
                .build();
        LatencyProfile fitted =
                TracingDilation.Corrections.NONE.withWritesBetweenReplicas(0.81).correlated(measured);
        assertThat(fitted.messageCorrelation()).isEqualTo(new MessageCorrelation(0.81, 0.3, 0.16, 0.1));
        // Not fitted: the profile as it is.
        assertThat(TracingDilation.Corrections.NONE.correlated(measured)).isSameAs(measured);
    }

    /** The untraced writes the model gives with the writes correlated {@code correlation}, plus the client part. */
    private static Histogram untracedAt(double correlation) {
        double[] parts = CoordinatorParts.writeThroughOther(PROFILES.apply(correlation), 2);
        Histogram untraced = new Histogram(WarsRecorder.HIGHEST_MICROS, 3);
        for (double part : parts) {
            untraced.recordValueWithCount(Math.round((part + ROUND_TRIP_MILLIS) * 1000), 10);
        }
        return untraced;
    }

    private static CoupledSum roundTrip() {
        double[] constant = new double[100];
        Arrays.fill(constant, ROUND_TRIP_MILLIS);
        return CoupledSum.independent(constant, 100);
    }

    private static double median(double[] quantiles) {
        return quantiles[quantiles.length / 2];
    }
}
