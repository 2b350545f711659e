package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageCorrelation;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.model.quorum.LevelConfiguration;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Correlated messages ({@link MessageCorrelation}) against the Gaussian copula's closed form: for
 * two messages whose normal scores correlate rho, P(both above their medians) = P(both below) =
 * 1/4 + arcsin(rho) / (2 pi) (Sheppard's orthant probability).
 */
class MessageCorrelationTest {

    private static final int TRIALS = 200_000;
    private static final double MEAN = 10;
    private static final double MEDIAN = MEAN * Math.log(2);

    /**
     * N = 2 through a coordinator that is not a replica, W ~ exponential (mean 10 ms), A = 0: a
     * write at ONE is acknowledged at min(W1, W2), which exceeds the median of W with probability
     * 1/4 + arcsin(rho) / (2 pi); so the write latency's percentile 100 (3/4 - arcsin(rho) / (2 pi))
     * is W's median, 6.93 ms. A read at TWO (R ~ the same, S = 0) answers at max(R1, R2), below R's
     * median with the same probability, so its percentile 100 (1/4 + arcsin(rho) / (2 pi)) is that
     * median too. Independent messages (rho = 0) give percentiles 75 and 25.
     */
    @ParameterizedTest
    @ValueSource(doubles = {0, 0.3, 0.72, 0.95})
    void twoMessages_quantilesOfTheirMinimumAndMaximum_followTheOrthantProbability(double rho) {
        ConfigurationResult result = new WarsEngine()
                .run(SimulationSpec.builder(profile(rho), 2)
                        .configuration(2, 1)
                        .trials(TRIALS)
                        .seed(23)
                        .build())
                .configuration(2, 1)
                .orElseThrow();
        double bothAbove = 0.25 + Math.asin(rho) / (2 * Math.PI);
        assertThat(result.writeLatency(100 * (1 - bothAbove)).valueMillis())
                .as("write at ONE, rho %s", rho)
                .isCloseTo(MEDIAN, within(0.15));
        assertThat(result.readLatency(100 * bothAbove).valueMillis())
                .as("read at TWO, rho %s", rho)
                .isCloseTo(MEDIAN, within(0.15));
    }

    /**
     * The same through the level engine: one datacenter of two replicas, the coordinator in it and
     * not a replica, a write at ONE and a read at ALL.
     */
    @ParameterizedTest
    @ValueSource(doubles = {0, 0.72})
    void levelEngine_twoMessages_followTheOrthantProbability(double rho) {
        LatencyProfile profile = profile(rho).toBuilder()
                .topology(DatacenterTopology.named(
                        List.of("dc1"), new int[] {0, 0}, Constant.of(0), List.of(), CoordinatorPlacement.fixed(0)))
                .build();
        ConfigurationResult result = new WarsEngine()
                .run(new LevelSimulationSpec(
                        profile,
                        profile.topology().orElseThrow().replicas(),
                        List.of(new LevelConfiguration(ConsistencyLevel.ONE, ConsistencyLevel.ALL, 0, 0)),
                        TRIALS,
                        31,
                        2,
                        new double[] {0}))
                .configurations()
                .get(0);
        double bothAbove = 0.25 + Math.asin(rho) / (2 * Math.PI);
        assertThat(result.writeLatency(100 * (1 - bothAbove)).valueMillis()).isCloseTo(MEDIAN, within(0.15));
        assertThat(result.readLatency(100 * bothAbove).valueMillis()).isCloseTo(MEDIAN, within(0.15));
    }

    /** The marginals stay as given: one message's quantiles are those of its own distribution. */
    @ParameterizedTest
    @ValueSource(doubles = {0.5, 0.95})
    void oneMessage_keepsItsDistribution(double rho) {
        LatencyProfile profile = profile(rho);
        ConfigurationResult one = new WarsEngine()
                .run(SimulationSpec.builder(profile, 1)
                        .configuration(1, 1)
                        .trials(TRIALS)
                        .seed(29)
                        .build())
                .configuration(1, 1)
                .orElseThrow();
        for (double percentile : new double[] {10, 50, 90}) {
            double expected = -MEAN * Math.log(1 - percentile / 100);
            assertThat(one.writeLatency(percentile).valueMillis()).isCloseTo(expected, within(0.02 * expected + 0.05));
        }
    }

    private static LatencyProfile profile(double rho) {
        return LatencyProfile.builder("correlated " + rho)
                .defaults(new MessageDelays(
                        Exponential.ofMean(MEAN), Constant.of(0), Exponential.ofMean(MEAN), Constant.of(0)))
                .messageCorrelation(new MessageCorrelation(rho, 0, rho, 0))
                .build();
    }
}
