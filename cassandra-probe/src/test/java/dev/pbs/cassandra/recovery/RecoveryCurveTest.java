package dev.pbs.cassandra.recovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RecoveryCurveTest {

    private static RecoveryRead read(double sinceReturnMillis, boolean consistent) {
        return new RecoveryRead(sinceReturnMillis, consistent);
    }

    @Test
    void of_readsOverTwoBins_countsEachBinAndAveragesThePredictionOverItsOwnReads() {
        List<RecoveryRead> reads =
                List.of(read(100, false), read(300, false), read(700, true), read(1_200, true), read(1_900, true));

        // The prediction is the time in seconds, so a bin's prediction is its reads' mean time.
        RecoveryCurve curve = RecoveryCurve.of(reads, 1_000, 2_000, since -> since / 1_000);

        assertThat(curve.bins()).hasSize(2);
        RecoveryCurve.Bin first = curve.bins().get(0);
        assertThat(first.fromMillis()).isZero();
        assertThat(first.toMillis()).isEqualTo(1_000);
        assertThat(first.reads()).isEqualTo(3);
        assertThat(first.observed().successes()).isEqualTo(1);
        assertThat(first.meanSinceReturnMillis()).isCloseTo(366.667, within(1e-3));
        assertThat(first.predicted()).isCloseTo(0.366667, within(1e-6));
        RecoveryCurve.Bin second = curve.bins().get(1);
        assertThat(second.reads()).isEqualTo(2);
        assertThat(second.observed().estimate()).isEqualTo(1.0);
        assertThat(second.predicted()).isCloseTo(1.55, within(1e-12));
        assertThat(curve.reads()).isEqualTo(5);
        assertThat(curve.outsideReads()).isZero();
    }

    @Test
    void of_readsBeforeTheReturnOrAfterTheRange_areInNoBin() {
        RecoveryCurve curve = RecoveryCurve.of(
                List.of(read(-5, true), read(0, true), read(2_999.9, false), read(3_000, true)),
                1_000,
                3_000,
                since -> 0.5);

        assertThat(curve.bins()).extracting(RecoveryCurve.Bin::reads).containsExactly(1L, 0L, 1L);
        assertThat(curve.outsideReads()).isEqualTo(2);
    }

    @Test
    void of_rangeNotAWholeNumberOfBins_endsWithAShorterBin() {
        RecoveryCurve curve = RecoveryCurve.of(List.of(read(2_400, true)), 1_000, 2_500, since -> 1);

        assertThat(curve.bins()).hasSize(3);
        assertThat(curve.bins().get(2).fromMillis()).isEqualTo(2_000);
        assertThat(curve.bins().get(2).toMillis()).isEqualTo(2_500);
        assertThat(curve.bins().get(2).reads()).isEqualTo(1);
    }

    @Test
    void rmse_twoBinsWithReadsAndAnEmptyOne_isTheRootMeanSquareOverTheTwo() {
        // Bin 1: 1 of 4 consistent against 0.5 (-0.25); bin 2: no read; bin 3: 4 of 4 against 0.9 (+0.1).
        List<RecoveryRead> reads = List.of(
                read(100, true),
                read(200, false),
                read(300, false),
                read(400, false),
                read(2_100, true),
                read(2_200, true),
                read(2_300, true),
                read(2_400, true));

        RecoveryCurve curve = RecoveryCurve.of(reads, 1_000, 3_000, since -> since < 1_000 ? 0.5 : 0.9);

        assertThat(curve.bins().get(1).reads()).isZero();
        assertThat(curve.bins().get(1).observed().estimate()).isNaN();
        assertThat(curve.bins().get(1).predicted()).isNaN();
        assertThat(curve.rmse()).isCloseTo(Math.sqrt((0.0625 + 0.01) / 2), within(1e-12));
        // Sampling alone: sqrt((0.5 * 0.5 / 4 + 0.9 * 0.1 / 4) / 2).
        assertThat(curve.noiseFloor()).isCloseTo(Math.sqrt((0.0625 + 0.0225) / 2), within(1e-12));
    }

    @Test
    void rmse_predictionExact_isZero() {
        RecoveryCurve curve = RecoveryCurve.of(
                List.of(read(10, false), read(1_500, true)), 1_000, 2_000, since -> since < 1_000 ? 0 : 1);

        assertThat(curve.rmse()).isZero();
        assertThat(curve.noiseFloor()).isZero();
    }

    @Test
    void rmse_noRead_isNaN() {
        RecoveryCurve curve = RecoveryCurve.of(List.of(), 500, 1_000, since -> 1);

        assertThat(curve.bins()).hasSize(2);
        assertThat(curve.rmse()).isNaN();
        assertThat(curve.noiseFloor()).isNaN();
    }

    @Test
    void of_badBinOrRange_isRefused() {
        assertThatThrownBy(() -> RecoveryCurve.of(List.of(), 0, 1_000, since -> 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the bin width must be finite and above 0 ms, was 0.0");
        assertThatThrownBy(() -> RecoveryCurve.of(List.of(), 1_000, 500, since -> 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the range must be finite and at least one bin (1000.0 ms), was 500.0");
    }
}
