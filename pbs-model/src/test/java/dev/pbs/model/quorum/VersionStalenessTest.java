package dev.pbs.model.quorum;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The closed forms of model note section 2, against exact binomials (BigInteger). */
class VersionStalenessTest {

    private static BigInteger binomial(int n, int k) {
        if (k < 0 || k > n) {
            return BigInteger.ZERO;
        }
        BigInteger result = BigInteger.ONE;
        for (int i = 0; i < k; i++) {
            result = result.multiply(BigInteger.valueOf(n - i)).divide(BigInteger.valueOf(i + 1));
        }
        return result;
    }

    /** C(N-W, R) / C(N, R), exactly, rounded to a double. */
    private static double exactMissProbability(int n, int r, int w) {
        return new BigDecimal(binomial(n - w, r))
                .divide(new BigDecimal(binomial(n, r)), MathContext.DECIMAL128)
                .doubleValue();
    }

    private static double missProbability(int n, int r, int w) {
        return VersionStaleness.probabilityOfMissingLatestWrite(QuorumConfiguration.of(n, r, w));
    }

    @Test
    void probabilityOfMissingLatestWrite_n3r1w1_isTwoThirds() {
        assertThat(missProbability(3, 1, 1)).isCloseTo(2.0 / 3, within(1e-16));
    }

    @Test
    void probabilityOlderThanVersions_n3r1w1k2_isFourNinthsSoWithinTwoVersionsIsFiveNinths() {
        double olderThanTwo = VersionStaleness.probabilityOlderThanVersions(QuorumConfiguration.of(3, 1, 1), 2);
        assertThat(olderThanTwo).isCloseTo(4.0 / 9, within(1e-16));
        assertThat(1 - olderThanTwo).isCloseTo(0.5556, within(5e-5));
    }

    @Test
    void probabilityOfMissingLatestWrite_n100r30w30_isC70Choose30OverC100Choose30() {
        double exact = exactMissProbability(100, 30, 30);
        assertThat(exact).isCloseTo(1.88e-6, within(0.005e-6));
        assertThat(missProbability(100, 30, 30)).isCloseTo(exact, within(1e-13 * exact));
    }

    @ParameterizedTest(name = "N={0} R={1} W={2} k={3}: {4} = {5}")
    @CsvFileSource(resources = "/dev/pbs/model/quorum/version-staleness-examples.csv", numLinesToSkip = 1)
    void closedForms_modelNoteExamples_matchToThePrintedDigits(
            int n, int r, int w, int k, String quantity, double expected, int digits) {
        double olderThanK = VersionStaleness.probabilityOlderThanVersions(QuorumConfiguration.of(n, r, w), k);
        double actual = quantity.equals("within-k") ? 1 - olderThanK : olderThanK;
        double printed = new BigDecimal(actual).round(new MathContext(digits)).doubleValue();
        assertThat(printed).isEqualTo(expected);
    }

    @Test
    void probabilityOfMissingLatestWrite_everyConfigurationUpToN12_matchesExactBinomials() {
        int checked = 0;
        for (int n = 1; n <= 12; n++) {
            for (int r = 1; r <= n; r++) {
                for (int w = 1; w <= n; w++) {
                    double actual = missProbability(n, r, w);
                    if (r + w > n) {
                        assertThat(actual).as("strict N=%d R=%d W=%d", n, r, w).isZero();
                        assertThat(binomial(n - w, r)).isZero();
                    } else {
                        double exact = exactMissProbability(n, r, w);
                        assertThat(actual)
                                .as("N=%d R=%d W=%d", n, r, w)
                                .isPositive()
                                .isCloseTo(exact, within(1e-14 * exact));
                    }
                    checked++;
                }
            }
        }
        assertThat(checked).isEqualTo(650);
    }

    @Test
    void probabilityOfMissingLatestWrite_strictQuorum_isZero() {
        assertThat(missProbability(3, 2, 2)).isZero();
        assertThat(missProbability(3, 1, 3)).isZero();
        assertThat(missProbability(100, 50, 51)).isZero();
        assertThat(missProbability(1024, 1, 1024)).isZero();
        assertThat(VersionStaleness.probabilityOlderThanVersions(QuorumConfiguration.of(5, 3, 3), 1))
                .isZero();
        assertThat(VersionStaleness.monotonicReadsViolationBound(QuorumConfiguration.of(5, 3, 3), 1, 1))
                .isZero();
    }

    @Test
    void probabilityOfMissingLatestWrite_largestN_isFiniteAndMatchesExact() {
        double actual = missProbability(1024, 100, 100);
        double exact = exactMissProbability(1024, 100, 100);
        assertThat(actual).isCloseTo(exact, within(1e-12 * exact));
    }

    @ParameterizedTest(name = "k={0}")
    @ValueSource(ints = {1, 2, 3, 5, 10, 50})
    void probabilityOlderThanVersions_anyK_isMissProbabilityToTheK(int k) {
        QuorumConfiguration configuration = QuorumConfiguration.of(10, 2, 3);
        double ps = exactMissProbability(10, 2, 3);
        assertThat(ps).isCloseTo(7.0 / 15, within(1e-16));
        assertThat(VersionStaleness.probabilityOlderThanVersions(configuration, k))
                .isCloseTo(Math.pow(ps, k), within(1e-14 * Math.pow(ps, k)));
    }

    @ParameterizedTest(name = "k={0}")
    @ValueSource(ints = {0, -1, Integer.MIN_VALUE})
    void probabilityOlderThanVersions_kBelowOne_isRejectedNamingK(int k) {
        assertThatIllegalArgumentException()
                .isThrownBy(() -> VersionStaleness.probabilityOlderThanVersions(QuorumConfiguration.of(3, 1, 1), k))
                .withMessage("k must be >= 1, was " + k);
    }

    @Test
    void monotonicReadsViolationBound_rates_isMissProbabilityToOnePlusWriteOverReadRate() {
        QuorumConfiguration configuration = QuorumConfiguration.of(3, 1, 1);
        // p_s^(1 + g_gw / g_cr), model note section 2.
        assertThat(VersionStaleness.monotonicReadsViolationBound(configuration, 2, 1))
                .isCloseTo(8.0 / 27, within(1e-15));
        assertThat(VersionStaleness.monotonicReadsViolationBound(configuration, 0, 5))
                .isCloseTo(2.0 / 3, within(1e-15));
        assertThat(VersionStaleness.monotonicReadsViolationBound(configuration, 1, 4))
                .isCloseTo(Math.pow(2.0 / 3, 1.25), within(1e-15));
        assertThat(VersionStaleness.monotonicReadsViolationBound(configuration, 1000, 1))
                .isLessThan(1e-170);
    }

    @Test
    void monotonicReadsViolationBound_badRates_areRejectedNamingRateAndValue() {
        QuorumConfiguration configuration = QuorumConfiguration.of(3, 1, 1);
        for (double bad : new double[] {-1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> VersionStaleness.monotonicReadsViolationBound(configuration, bad, 1))
                    .withMessage("global write rate must be finite and >= 0, was " + bad);
        }
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatIllegalArgumentException()
                    .isThrownBy(() -> VersionStaleness.monotonicReadsViolationBound(configuration, 1, bad))
                    .withMessage("client read rate must be finite and > 0, was " + bad);
        }
    }
}
