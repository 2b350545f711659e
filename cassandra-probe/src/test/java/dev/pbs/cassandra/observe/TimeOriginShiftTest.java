package dev.pbs.cassandra.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class TimeOriginShiftTest {

    @Test
    void fit_ofShiftsOnALine_findsTheLine_withStandardErrorsFromTheWeights() {
        // s = 1.5 + 0.5 t exactly, equal errors of 0.1 ms at t = 0, 1, 2: the closed form of an
        // unweighted line, its errors 0.1 * sqrt(sum t^2 / (n sum t^2 - (sum t)^2)) and 0.1 * sqrt(n / ...)
        List<TimeOriginShift.Point> points = List.of(
                new TimeOriginShift.Point(0, 0.9, 0.8, 1.5, 0.1),
                new TimeOriginShift.Point(1, 0.95, 0.9, 2.0, 0.1),
                new TimeOriginShift.Point(2, 0.98, 0.95, 2.5, 0.1));
        TimeOriginShift.Result result = TimeOriginShift.fit(points);
        assertThat(result.interceptMillis()).isCloseTo(1.5, within(1e-12));
        assertThat(result.slope()).isCloseTo(0.5, within(1e-12));
        assertThat(result.interceptStandardError()).isCloseTo(0.1 * Math.sqrt(5.0 / 6), within(1e-12));
        assertThat(result.slopeStandardError()).isCloseTo(0.1 * Math.sqrt(3.0 / 6), within(1e-12));
        assertThat(result.pointsAtTheOrigin()).isFalse();
    }

    @Test
    void fit_ofAConstantShift_pointsAtTheOrigin() {
        List<TimeOriginShift.Point> points = List.of(
                new TimeOriginShift.Point(0, 0.9, 0.8, 2.0, 0.2),
                new TimeOriginShift.Point(2, 0.95, 0.9, 2.1, 0.2),
                new TimeOriginShift.Point(5, 0.98, 0.95, 1.9, 0.3));
        TimeOriginShift.Result result = TimeOriginShift.fit(points);
        assertThat(result.pointsAtTheOrigin()).isTrue();
        assertThat(TimeOriginShift.fit(points.subList(0, 1)).interceptMillis()).isNaN();
    }
}
