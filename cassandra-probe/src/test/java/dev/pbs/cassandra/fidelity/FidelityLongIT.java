package dev.pbs.cassandra.fidelity;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.observe.ObservedPoint;
import dev.pbs.cassandra.observe.ObservedStaleness;
import dev.pbs.cassandra.observe.StalenessObserver;
import dev.pbs.model.profile.WarsMessage;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The fidelity target on a real cluster with injected delays (the cell of {@link FidelityRuns}),
 * about ten minutes: only under {@code mvn verify -Pfidelity}, which runs this test alone (the root
 * pom's {@code fidelity} profile; {@code .ci/run} runs it after the ordinary build).
 */
@Tag("fidelity")
class FidelityLongIT {

    /**
     * 3,500 since 2026-12-05: with 5,000 the cell took 15.5 minutes on a slow day and the whole
     * {@code .ci/run} 48, over its 45-minute aim; the noise floor grows by about a fifth (0.30% to
     * about 0.36%), well within the band's 1%.
     */
    private static final int WRITES = 3500;

    private static final double WRITES_PER_SECOND = 10;

    /** Observed writes that may fail (time out) in a run that counts; more, and it runs again once. */
    private static final int MOST_FAILED_WRITES = 10;

    /** The RMSE by which the observation may lie outside the band of what the probe cannot settle. */
    private static final double MOST_OUTSIDE_BAND = 0.01;

    /**
     * The W = 10, A = R = S = 5 ms cell with 3,500 writes (each read at 21 delays), predicted from
     * the profile the probe measured meanwhile. Two things the probe cannot settle from outside
     * move the prediction, and which way fits moved with the machine's load in every run recorded
     * in docs/fidelity-results.md: the read's time origin, known only to within the client's round
     * trip (the model alone at 0.67% and the round trip at 2.68% on an idle machine, 3.92% and 1.00%
     * under load), and how much of the traced delays tracing itself added (none on an idle machine,
     * so subtracting it takes little off; under CPU contention the traced delays outgrew the
     * untraced operations, and the band between the model alone and the round trip was missed by
     * 1.10%, 1.41% and 1.16% in three of the recorded runs). So the cell asserts that the observation
     * lies within 1% RMSE of the band of both predictions for both profiles (tracing's cost subtracted
     * per message, and kept), and guards the default prediction (the round trip, tracing's cost
     * subtracted) at 3%;
     * every RMSE is printed. Also checks that the injection makes reads measurably stale, that they
     * are fresh by 200 ms, and that the model alone is stale at t = 0 and monotone.
     */
    @Test
    void fidelity_wMean10ArsMean5_observedStalenessWithinOnePercentOfTheMeasurementBand() throws Exception {
        FidelityResult result = FidelityRuns.run(
                "fidelity-long-it",
                WRITES,
                WRITES_PER_SECOND,
                FidelitySettings.DEFAULT_WARM_UP,
                StalenessObserver.DEFAULT_CORRECTION);
        boolean overloaded = result.comparison().writes() < WRITES - MOST_FAILED_WRITES;
        boolean outsideBand = result.rmseOutsideMeasurementBand() > MOST_OUTSIDE_BAND;
        if (overloaded || outsideBand) {
            // Observed writes that timed out (2 s, where the injected delays are milliseconds) mean
            // the machine did not keep up: in a .ci/run of 2026-12-04, 43 writes failed, the client's
            // round trip was 5.5 ms (1.2 ms in the run before) and a plateau of stale reads lasted to
            // 200 ms, dropped mutations. A miss of the band by a few hundredths of a point is the same
            // machine seen less plainly: in the recorded runs the cell lay 0.05% to 0.81% outside the
            // band, and 1.05% to 1.41% in the runs that shared the cores with other work (1.07% in the
            // .ci/run of c4e47b5). Either way, the cell runs once more, on a cluster of its own again,
            // the first run's figures printed above; the second run must meet every bound.
            System.out.printf(
                    "fidelity: %s; the cell runs once more%n",
                    overloaded
                            ? result.comparison().writes() + " of " + WRITES
                                    + " writes observed, the others timed out: the machine did not keep up"
                            : String.format(
                                    "%.2f%% outside the measurement band (bound %.0f%%)",
                                    100 * result.rmseOutsideMeasurementBand(), 100 * MOST_OUTSIDE_BAND));
            result = FidelityRuns.run(
                    "fidelity-long-it-again",
                    WRITES,
                    WRITES_PER_SECOND,
                    FidelitySettings.DEFAULT_WARM_UP,
                    StalenessObserver.DEFAULT_CORRECTION);
        }
        ObservedStaleness comparison = result.comparison();
        List<ObservedPoint> points = comparison.points();
        assertThat(comparison.writes()).isGreaterThanOrEqualTo(WRITES - MOST_FAILED_WRITES);
        assertThat(comparison.coordinatorReplicaShare()).isEqualTo(dev.pbs.model.profile.CoordinatorReplicaShare.NEVER);
        assertThat(points)
                .hasSize(FidelitySettings.DEFAULT_DELAYS_MILLIS.length)
                .allSatisfy(point -> assertThat(point.observed().trials()).isGreaterThan(WRITES - 100));
        assertThat(points.get(0).observed().estimate()).isLessThan(0.95);
        assertThat(points.get(points.size() - 1).observed().estimate()).isGreaterThan(0.99);
        assertThat(points.get(0).predictedWithoutGap()).isLessThan(0.95);
        for (int i = 1; i < points.size(); i++) {
            assertThat(points.get(i).predictedWithoutGap())
                    .isGreaterThanOrEqualTo(points.get(i - 1).predictedWithoutGap());
        }
        assertThat(result.measurement().samples(WarsMessage.WRITE)).isGreaterThan(1000);
        assertThat(result.rmseOutsideMeasurementBand()).isLessThanOrEqualTo(MOST_OUTSIDE_BAND);
        assertThat(comparison.rmse()).isLessThanOrEqualTo(0.03);
    }
}
