package dev.pbs.montecarlo.rare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.ProportionEstimate;
import dev.pbs.montecarlo.SimulationResult;
import dev.pbs.montecarlo.SimulationSpec;
import dev.pbs.montecarlo.WarsEngine;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rare-event estimator against the plain engine where the plain engine can still reach:
 * P(stale at t) near 1e-5 and 1e-3 on two of the paper's profiles, N = 3, fan-out all. The plain
 * run has 20 million trials (about 200 stale ones at 1e-5, a Wilson interval of about 14%); the
 * two estimates are independent (different generators), so their difference is their combined
 * sampling noise: {@code |p_is - p_mc| <= (4 / 1.96) sqrt(h_is^2 + h_mc^2)}, with h each one's 95%
 * half-width on the side facing the other, is four combined standard errors, which sampling alone
 * exceeds with probability 6.3e-5 a figure (normal approximation), under 1e-3 for the test's figures
 * together.
 *
 * <p>The times are where the estimator put P(stale) near 1e-5 and 1e-3 in a scouting run
 * (windows at 0.99999 and 0.999, seed 1); the test checks that each is still within a factor 2.
 */
class RareEventAgainstPlainTest {

    private static final long PLAIN_TRIALS = 20_000_000;

    /** How many combined standard errors the two estimates may differ by. */
    private static final double STANDARD_ERRORS = 4;

    /** One figure to compare: P(stale) of (R, W) at t, near {@code nominal}. */
    record Point(int r, int w, double tMillis, double nominal) {}

    record Case(String profile, List<Point> points) {
        @Override
        public String toString() {
            return profile;
        }
    }

    static List<Case> cases() {
        return List.of(
                new Case(
                        "lnkd-disk",
                        List.of(
                                new Point(2, 1, 30.6, 1e-5),
                                new Point(1, 1, 1127.5, 1e-5),
                                new Point(1, 2, 48.2, 1e-3),
                                new Point(2, 1, 14.1, 1e-3))),
                new Case(
                        "lnkd-ssd",
                        List.of(
                                new Point(2, 1, 1.208, 1e-5),
                                new Point(1, 1, 4.74, 1e-5),
                                new Point(1, 2, 4.623, 1e-5),
                                new Point(1, 1, 1.966, 1e-3))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void staleAt_nearOneInAHundredThousand_agreesWithPlainMonteCarloWithinTheCombinedInterval(Case tested) {
        double[] grid = tested.points().stream()
                .mapToDouble(Point::tMillis)
                .sorted()
                .distinct()
                .toArray();
        SimulationSpec simulation = SimulationSpec.builder(
                        BuiltInProfiles.named(tested.profile()).orElseThrow(), 3)
                .trials(PLAIN_TRIALS)
                .seed(19)
                .threads(2)
                .visibilityGridMillis(grid)
                .build();
        SimulationResult plain = new WarsEngine().run(simulation);
        List<RareEventTarget> targets = new ArrayList<>();
        for (Point point : tested.points()) {
            targets.add(new RareEventTarget.StaleAt(QuorumConfiguration.of(3, point.r(), point.w()), point.tMillis()));
        }
        RareEventResult rare = new RareEventEstimator().run(RareEventSpec.of(simulation, targets));

        assertThat(rare.resolved()).isTrue();
        for (Point point : tested.points()) {
            QuorumConfiguration configuration = QuorumConfiguration.of(3, point.r(), point.w());
            ImportanceEstimate sampled =
                    rare.configuration(configuration).orElseThrow().staleAt(point.tMillis());
            ProportionEstimate counted =
                    staleAt(plain.configuration(point.r(), point.w()).orElseThrow(), point);
            double plainHalfWidth = sampled.estimate() > counted.estimate()
                    ? counted.upper() - counted.estimate()
                    : counted.estimate() - counted.lower();
            double sampledHalfWidth = sampled.upper() - sampled.estimate();
            assertThat(sampled.estimate())
                    .as("%s near %s", point, point.nominal())
                    .isBetween(point.nominal() / 2, point.nominal() * 2);
            assertThat(Math.abs(sampled.estimate() - counted.estimate()))
                    .as("%s: importance sampling %s against plain %s", point, sampled, counted)
                    .isLessThanOrEqualTo(STANDARD_ERRORS / 1.96 * Math.hypot(plainHalfWidth, sampledHalfWidth));
        }
    }

    /** P(stale at t) of the plain run, counted exactly at a time of its grid. */
    private static ProportionEstimate staleAt(ConfigurationResult result, Point point) {
        return result.visibility().stream()
                .filter(visible -> visible.tMillis() == point.tMillis())
                .findFirst()
                .orElseThrow()
                .consistent()
                .complement();
    }
}
