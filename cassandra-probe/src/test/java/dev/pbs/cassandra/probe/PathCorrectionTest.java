package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class PathCorrectionTest {

    @Test
    void apply_exponentOne_dividesEveryDelay() {
        PathCorrection quarter = new PathCorrection(0.25, 1);
        assertThat(quarter.apply(4)).isCloseTo(1, within(1e-12));
        assertThat(quarter.divisorAt(0.3)).isCloseTo(4, within(1e-12));
        assertThat(quarter.apply(0)).isZero();
    }

    @Test
    void apply_exponentBelowOne_dividesLongDelaysMore_neverLengthensNorDividesBeyondTheLargestFactor() {
        // 0.5 x^0.5: 4 ms -> 1 ms (divided by 4), 100 ms -> 5 ms (by 20), 0.01 ms -> 0.05 ms, kept at 0.01.
        PathCorrection correction = new PathCorrection(0.5, 0.5);
        assertThat(correction.apply(4)).isCloseTo(1, within(1e-12));
        assertThat(correction.divisorAt(100)).isCloseTo(20, within(1e-9));
        assertThat(correction.apply(0.01)).isEqualTo(0.01);
        // 10,000 ms -> 50 ms would divide by 200: the largest factor, 50, holds it at 200 ms.
        assertThat(correction.apply(10_000)).isCloseTo(10_000 / TracingDilation.LARGEST_FACTOR, within(1e-9));
    }

    @Test
    void then_composesExactlyForOneDelay() {
        // T(x) = 0.5 x^0.9, then X -> 0.8 * 3 * (X / 3)^0.8: the composition, evaluated at 7 ms.
        PathCorrection first = new PathCorrection(0.5, 0.9);
        PathCorrection both = first.then(0.8, 0.8, 3);
        double x = 7;
        double expected = 0.8 * 3 * Math.pow(0.5 * Math.pow(x, 0.9) / 3, 0.8);
        assertThat(both.apply(x)).isCloseTo(expected, within(1e-12));
        assertThat(both.exponent()).isCloseTo(0.72, within(1e-12));
        // The exponent is kept within its bounds.
        assertThat(new PathCorrection(1, 0.6).then(1, 0.5, 1).exponent()).isEqualTo(PathCorrection.LOWEST_EXPONENT);
        assertThat(new PathCorrection(1, 0.9).then(1, 1.5, 1).exponent()).isEqualTo(PathCorrection.HIGHEST_EXPONENT);
    }

    @Test
    void apply_shift_takesTheSameTimeOffEveryDelay_neverBelowTheLargestFactor() {
        PathCorrection correction = new PathCorrection(1, 1, 0.5);
        assertThat(correction.apply(2)).isCloseTo(1.5, within(1e-12));
        assertThat(correction.apply(20)).isCloseTo(19.5, within(1e-12));
        // 0.4 ms less 0.5 ms would be negative: held at 0.4 / 50.
        assertThat(correction.apply(0.4)).isCloseTo(0.4 / TracingDilation.LARGEST_FACTOR, within(1e-12));
        // A negative shift with a scale below 1 shortens long delays more, never lengthening any.
        PathCorrection tail = new PathCorrection(0.5, 1, -1);
        assertThat(tail.apply(10)).isCloseTo(6, within(1e-12));
        assertThat(tail.apply(1)).isEqualTo(1);
        assertThat(correction.isShifted()).isTrue();
        assertThat(new PathCorrection(0.5, 1).isShifted()).isFalse();
    }

    @Test
    void thenShifted_composesExactly() {
        // T(x) = 0.5 x - 0.2, then X -> 0.8 X - 0.1: 0.4 x - 0.26, at 7 ms 2.54 ms.
        PathCorrection both = new PathCorrection(0.5, 1, 0.2).thenShifted(0.8, 0.1);
        assertThat(both.scale()).isCloseTo(0.4, within(1e-12));
        assertThat(both.shift()).isCloseTo(0.26, within(1e-12));
        assertThat(both.apply(7)).isCloseTo(0.8 * (0.5 * 7 - 0.2) - 0.1, within(1e-12));
        // A multiplier step after a shift scales the shift too.
        assertThat(new PathCorrection(1, 1, 1).then(0.5, 1, 3).shift()).isCloseTo(0.5, within(1e-12));
        // A bent correction is followed by multipliers only.
        assertThatThrownBy(() -> new PathCorrection(1, 0.8).thenShifted(1, 0.5))
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> new PathCorrection(1, 1, 0.5).then(1, 0.8, 3))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void applyTo_histogram_correctsEveryValueAndKeepsCounts() {
        Histogram micros = new Histogram(WarsRecorder.HIGHEST_MICROS, 3);
        micros.recordValueWithCount(1000, 3);
        micros.recordValueWithCount(5000, 1);
        Histogram divided = new PathCorrection(0.25, 1).applyTo(micros);
        assertThat(divided.getTotalCount()).isEqualTo(4);
        assertThat(divided.getValueAtPercentile(50)).isEqualTo(250);
        assertThat(divided.getMaxValue()).isBetween(1249L, 1251L);
        assertThat(PathCorrection.NONE.applyTo(micros).getTotalCount()).isEqualTo(4);
    }

    @Test
    void constructor_outOfRange_namesTheProblem() {
        assertThatThrownBy(() -> new PathCorrection(0, 1)).hasMessageContaining("scale must be positive");
        assertThatThrownBy(() -> new PathCorrection(1, 3)).hasMessageContaining("exponent must be in");
        assertThatThrownBy(() -> new PathCorrection(1, 0.8, 0.5)).hasMessageContaining("not both");
        assertThatThrownBy(() -> new PathCorrection(1, 1, Double.NaN)).hasMessageContaining("shift must be finite");
    }
}
