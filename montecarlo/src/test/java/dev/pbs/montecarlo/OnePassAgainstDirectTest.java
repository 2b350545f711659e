package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The one-pass curve (t* per trial, all t at once) against fresh, literal re-simulations at fixed
 * t: two independent estimates must agree within their combined sampling error.
 */
class OnePassAgainstDirectTest {

    private static final int TRIALS = 200_000;
    /** Two-sided z for about 1e-4 per comparison: 18 comparisons here stay well below 1% in all. */
    private static final double Z = 3.9;

    @ParameterizedTest
    @CsvSource({
        "lnkd-disk, 3, 1, 1",
        "lnkd-disk, 3, 2, 1",
        "lnkd-disk, 5, 2, 2",
        "ymmr, 3, 1, 1",
        "lnkd-ssd, 3, 1, 1",
        "lnkd-disk, 3, 1, 2"
    })
    void visibility_onePassAndDirect_agreeWithinSamplingError(String name, int n, int r, int w) {
        LatencyProfile profile = BuiltInProfiles.named(name).orElseThrow();
        double[] times = {0, 2, 10};
        SimulationResult onePass = new WarsEngine()
                .run(SimulationSpec.builder(profile, n)
                        .configuration(r, w)
                        .trials(TRIALS)
                        .seed(21)
                        .visibilityGridMillis(times)
                        .build());
        ConfigurationResult result = onePass.configuration(r, w).orElseThrow();
        for (int g = 0; g < times.length; g++) {
            double p1 = result.visibility().get(g).consistent().estimate();
            double p2 =
                    (double) DirectSimulation.consistentTrials(profile, n, r, w, times[g], TRIALS, 1000 + g) / TRIALS;
            double standardError = Math.sqrt(p1 * (1 - p1) / TRIALS + p2 * (1 - p2) / TRIALS);
            assertThat(Math.abs(p1 - p2))
                    .as("%s N=%d R=%d W=%d t=%s: one-pass %s, direct %s", name, n, r, w, times[g], p1, p2)
                    .isLessThanOrEqualTo(Z * standardError + 1e-12);
        }
    }
}
