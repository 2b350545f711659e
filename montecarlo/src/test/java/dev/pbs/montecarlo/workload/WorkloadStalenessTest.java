package dev.pbs.montecarlo.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

class WorkloadStalenessTest {

    private static final int SAMPLES = 400_000;

    /** Exponential thresholds of rate μ per ms: Q(u) = -ln(1 - u) / μ. */
    private static DoubleUnaryOperator exponential(double ratePerMillisecond) {
        return level -> -Math.log1p(-level) / ratePerMillisecond;
    }

    /** ∏_{c=1..k} λ / (λ + c μ), both rates per ms. */
    private static double closedForm(double writes, double thresholds, int versions) {
        double product = 1;
        for (int c = 1; c <= versions; c++) {
            product *= writes / (writes + c * thresholds);
        }
        return product;
    }

    /** Four standard errors of a proportion estimated from {@link #SAMPLES} samples. */
    private static double fourStandardErrors(double probability) {
        return 4 * Math.sqrt(probability * (1 - probability) / SAMPLES);
    }

    @Test
    void staleProbability_exponentialThresholds_isWritesOverWritesPlusThresholds() {
        // t* exponential with mean 10 ms (μ = 0.1 per ms); 20 writes per second (λ = 0.02 per ms).
        WorkloadStaleness staleness = new WorkloadStaleness(exponential(0.1));
        assertThat(staleness.staleProbability(20)).isCloseTo(0.02 / (0.02 + 0.1), within(1e-3));
        assertThat(staleness.staleProbability(1)).isCloseTo(0.001 / (0.001 + 0.1), within(1e-4));
    }

    @Test
    void versionsBehind_exponentialThresholds_matchTheProductClosedForm() {
        WorkloadStaleness staleness = new WorkloadStaleness(exponential(0.1));
        double writes = 50 / 1000.0; // 50 writes per second, per ms
        double[] behind = staleness.versionsBehind(50, 4, SAMPLES, 7);
        for (int k = 1; k <= 4; k++) {
            double expected = closedForm(writes, 0.1, k);
            assertThat(behind[k - 1])
                    .as("at least %d versions behind", k)
                    .isCloseTo(expected, within(fourStandardErrors(expected) + 1e-4));
        }
        assertThat(behind[0]).isCloseTo(staleness.staleProbability(50), within(fourStandardErrors(behind[0])));
    }

    @Test
    void versionsBehind_sameSeed_sameAnswer() {
        WorkloadStaleness staleness = new WorkloadStaleness(exponential(0.1));
        assertThat(staleness.versionsBehind(50, 3, 10_000, 3))
                .containsExactly(staleness.versionsBehind(50, 3, 10_000, 3));
    }

    @Test
    void thresholdsAllZero_neverStale() {
        WorkloadStaleness strict = new WorkloadStaleness(level -> 0);
        assertThat(strict.staleProbability(1000)).isZero();
        assertThat(strict.versionsBehind(1000, 3, 10_000, 1)).containsOnly(0.0);
    }

    @Test
    void thresholdsBeyondRange_alwaysBehindEveryVersion() {
        WorkloadStaleness never = new WorkloadStaleness(level -> Double.POSITIVE_INFINITY);
        assertThat(never.staleProbability(0.001)).isEqualTo(1.0);
        assertThat(never.versionsBehind(0.001, 3, 1000, 1)).containsOnly(1.0);
    }

    @Test
    void noWrites_neverStale() {
        WorkloadStaleness staleness = new WorkloadStaleness(exponential(0.1));
        assertThat(staleness.staleProbability(0)).isZero();
        assertThat(staleness.versionsBehind(0, 2, 1000, 1)).containsOnly(0.0);
    }

    @Test
    void moreWrites_moreStaleness() {
        WorkloadStaleness staleness = new WorkloadStaleness(exponential(0.1));
        assertThat(staleness.staleProbability(10)).isLessThan(staleness.staleProbability(100));
    }

    @Test
    void simulatedConfiguration_staleAtVeryHighRate_isPStaleAtCommit() {
        // Writes arriving far faster than any threshold: a read misses the newest write whenever its
        // threshold is above 0, i.e. with P(stale at t = 0).
        SimulationResult result = new WarsEngine()
                .run(SimulationSpec.builder(BuiltInProfiles.named("lnkd-disk").orElseThrow(), 3)
                        .trials(200_000)
                        .seed(1)
                        .build());
        ConfigurationResult oneOne = result.configuration(1, 1).orElseThrow();
        double staleAtCommit = 1 - oneOne.consistentAtCommit().estimate();
        WorkloadStaleness staleness = WorkloadStaleness.of(oneOne);
        assertThat(staleness.staleProbability(1e9))
                .isCloseTo(staleAtCommit, within(1.0 / WorkloadStaleness.QUANTILES + 1e-3));
        assertThat(staleness.staleProbability(1)).isLessThan(0.01);
        ConfigurationResult strict = result.configuration(2, 2).orElseThrow();
        assertThat(WorkloadStaleness.of(strict).staleProbability(1e9)).isZero();
    }

    @Test
    void badInput_namesTheProblem() {
        WorkloadStaleness staleness = new WorkloadStaleness(exponential(0.1));
        assertThatThrownBy(() -> staleness.staleProbability(-1))
                .hasMessage("writes per second to a key must be a finite number at least 0, was -1.0");
        assertThatThrownBy(() -> staleness.versionsBehind(1, 0, 10, 1))
                .hasMessage("versions behind start at 1, asked up to 0");
        assertThatThrownBy(() -> new WorkloadStaleness(level -> -1))
                .hasMessage("a consistency threshold must be at least 0 ms, was -1.0");
    }
}
