package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.faults.Faults;
import dev.pbs.model.faults.PauseProcess;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Faults that change nothing (a pause of a nanosecond every 1,000 s) run through the fault
 * simulator must give the healthy engine's answers, on a profile with continuous delays (where
 * change points are computed in floating point, unlike the known answers' constants).
 */
class FaultAgreementTest {

    private static final int TRIALS = 200_000;
    private static final double[] GRID = {0, 1, 5, 10, 50, 100, 300};

    @Test
    void negligibleFaults_giveTheHealthyAnswers() {
        LatencyProfile healthy = BuiltInProfiles.named("lnkd-disk").orElseThrow();
        LatencyProfile faulty = healthy.toBuilder()
                .faults(new Faults(new PauseProcess(Constant.of(1e6), Constant.of(1e-6)), null, List.of()))
                .build();
        SimulationResult expected = run(healthy, 1);
        SimulationResult actual = run(faulty, 2);

        int comparisons = expected.configurations().size() * GRID.length;
        for (int c = 0; c < expected.configurations().size(); c++) {
            ConfigurationResult want = expected.configurations().get(c);
            ConfigurationResult got = actual.configurations().get(c);
            for (int g = 0; g < GRID.length; g++) {
                double p = want.visibility().get(g).consistent().estimate();
                long successes = got.visibility().get(g).consistent().successes();
                // Two independent estimates: the difference's variance is twice one's.
                double difference = (double) successes / TRIALS - p;
                double tolerance = SamplingTolerance.familyZ(comparisons) * Math.sqrt(2 * p * (1 - p) / TRIALS) + 1e-12;
                assertThat(Math.abs(difference))
                        .as("%s at t = %s ms: %s against %s", got.configuration(), GRID[g], successes, p)
                        .isLessThanOrEqualTo(tolerance);
            }
            if (!want.isStrict()) {
                assertThat(got.window(0.99).valueMillis())
                        .as("%s window 0.99", got.configuration())
                        .isCloseTo(
                                want.window(0.99).valueMillis(),
                                within(0.05 * want.window(0.99).valueMillis()));
            }
            assertThat(got.readLatency(50).valueMillis())
                    .isCloseTo(
                            want.readLatency(50).valueMillis(),
                            within(0.02 * want.readLatency(50).valueMillis()));
            assertThat(got.writeLatency(99).valueMillis())
                    .isCloseTo(
                            want.writeLatency(99).valueMillis(),
                            within(0.05 * want.writeLatency(99).valueMillis()));
        }
    }

    private static SimulationResult run(LatencyProfile profile, long seed) {
        return new WarsEngine()
                .run(SimulationSpec.builder(profile, 3)
                        .trials(TRIALS)
                        .seed(seed)
                        .readFanout(ReadFanout.TARGETED)
                        .visibilityGridMillis(GRID)
                        .build());
    }
}
