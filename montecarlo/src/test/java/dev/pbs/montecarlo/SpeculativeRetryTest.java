package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.readpath.SpeculativeRetry;
import org.junit.jupiter.api.Test;

/** Speculative retry in the engine: answers by hand, closed forms, and a literal simulation. */
class SpeculativeRetryTest {

    private static final WarsEngine ENGINE = new WarsEngine();
    private static final int TRIALS = 60_000;

    /**
     * Replica 0 has the write at once and answers reads slowly (40 ms); replicas 1 and 2 get the
     * write 50 ms late and answer in 2 ms. W = 1 commits at 2 ms (replica 0's acknowledgement), so
     * replicas 1 and 2 are fresh from t = 47 ms, or 37 ms when asked 10 ms after the read started.
     */
    private static final LatencyProfile SLOW_FRESH_REPLICA =
            TestProfiles.constants(new double[] {1, 1, 20, 20}, new double[] {50, 1, 1, 1}, new double[] {50, 1, 1, 1});

    private static ConfigurationResult readOne(SpeculativeRetry retry) {
        return ENGINE.run(SimulationSpec.builder(SLOW_FRESH_REPLICA, 3)
                        .configuration(1, 1)
                        .trials(TRIALS)
                        .seed(5)
                        .threads(2)
                        .readFanout(ReadFanout.TARGETED)
                        .speculativeRetry(retry)
                        .visibilityGridMillis(0, 36, 37, 46, 47)
                        .build())
                .configuration(1, 1)
                .orElseThrow();
    }

    @Test
    void none_isThePapersTargetedRead() {
        ConfigurationResult result = readOne(SpeculativeRetry.parse("NONE"));
        assertThat(result.speculation()).isEmpty();
        // The slow replica is the only fresh one at t = 0: asked first in a third of the reads.
        assertThat(SamplingTolerance.compatible(result.consistentAtCommit().successes(), TRIALS, 1.0 / 3, 3))
                .isTrue();
        assertThat(result.readLatency(50).valueMillis()).isCloseTo(2, within(0.01));
        assertThat(result.readLatency(90).valueMillis()).isCloseTo(40, within(0.05));
    }

    @Test
    void fixedThreshold_slowReplicaAskedFirst_theExtraFastReplicaAnswersAndIsStalerByTheWait() {
        ConfigurationResult result = readOne(SpeculativeRetry.parse("10ms"));
        Speculation speculation = result.speculation().orElseThrow();
        assertThat(speculation.thresholdMillis()).isEqualTo(10);
        assertThat(SamplingTolerance.compatible(speculation.speculated().successes(), TRIALS, 1.0 / 3, 4))
                .isTrue();
        // Every read now answers from a replica without the write: never consistent before 37 ms;
        // the speculated third from 37 ms (its request left 10 ms late), the rest from 47 ms.
        assertThat(result.visibility().get(0).consistent().successes()).isZero();
        assertThat(result.visibility().get(1).consistent().successes()).isZero();
        long at37 = result.visibility().get(2).consistent().successes();
        assertThat(SamplingTolerance.compatible(at37, TRIALS, 1.0 / 3, 4)).isTrue();
        assertThat(result.visibility().get(3).consistent().successes()).isEqualTo(at37);
        assertThat(result.visibility().get(4).consistent().successes()).isEqualTo(TRIALS);
        // Latency: 2 ms, or 10 + 2 ms when it speculated.
        assertThat(result.readLatency(50).valueMillis()).isCloseTo(2, within(0.01));
        assertThat(result.readLatency(90).valueMillis()).isCloseTo(12, within(0.02));
    }

    @Test
    void always_asksTwoAtOnceAndKeepsTheFirstAnswer() {
        ConfigurationResult result = readOne(SpeculativeRetry.parse("ALWAYS"));
        Speculation speculation = result.speculation().orElseThrow();
        assertThat(speculation.thresholdMillis()).isZero();
        assertThat(speculation.speculated().successes()).isEqualTo(TRIALS);
        // One of any two replicas answers in 2 ms and lacks the write until 47 ms.
        assertThat(result.consistentAtCommit().successes()).isZero();
        assertThat(result.visibility().get(3).consistent().successes()).isZero();
        assertThat(result.visibility().get(4).consistent().successes()).isEqualTo(TRIALS);
        assertThat(result.readLatency(99.9).valueMillis()).isCloseTo(2, within(0.01));
    }

    @Test
    void readingAllReplicas_leavesNoneToAsk_andStrictStaysStrict() {
        SimulationResult result = ENGINE.run(SimulationSpec.builder(SLOW_FRESH_REPLICA, 3)
                .trials(20_000)
                .seed(3)
                .readFanout(ReadFanout.TARGETED)
                .speculativeRetry(SpeculativeRetry.parse("ALWAYS"))
                .build());
        ConfigurationResult all = result.configuration(3, 1).orElseThrow();
        assertThat(all.speculation().orElseThrow().thresholdMillis()).isInfinite();
        assertThat(all.speculation().orElseThrow().speculated().successes()).isZero();
        for (ConfigurationResult configuration : result.configurations()) {
            if (configuration.isStrict()) {
                assertThat(configuration.consistentAtCommit().successes())
                        .as("%s", configuration.configuration())
                        .isEqualTo(20_000);
            }
        }
    }

    /**
     * Reads of R = 1 take an exponential time (mean 1 ms) and nothing else: without speculation
     * the read latency's 99th percentile is ln 100 ms, so {@code 99p} speculates in 1% of reads,
     * and a read that waited beyond the threshold q ends at q + another exponential when that is
     * sooner: P(latency > x) = e^-x e^-(x - q) for x > q.
     */
    @Test
    void percentile_thresholdFromTheReadLatencyWithoutSpeculation_matchesTheClosedForm() {
        LatencyProfile profile = LatencyProfile.builder("exponential reads")
                .provenance("test: exponential read requests, everything else instantaneous, ms")
                .defaults(new MessageDelays(Constant.of(0), Constant.of(0), Exponential.ofMean(1), Constant.of(0)))
                .build();
        int trials = 400_000;
        ConfigurationResult result = ENGINE.run(SimulationSpec.builder(profile, 3)
                        .configuration(1, 1)
                        .trials(trials)
                        .seed(17)
                        .readFanout(ReadFanout.TARGETED)
                        .speculativeRetry(SpeculativeRetry.parse("99p"))
                        .build())
                .configuration(1, 1)
                .orElseThrow();
        Speculation speculation = result.speculation().orElseThrow();
        double q = Math.log(100);
        // The pilot's 99th percentile, from 200,000 reads: within 3% (its standard error is 0.5%).
        double threshold = speculation.thresholdMillis();
        assertThat(threshold).isCloseTo(q, within(0.03 * q));
        // The reads slower than the threshold the run used, e^-threshold (about 1%), speculated.
        assertThat(SamplingTolerance.compatible(speculation.speculated().successes(), trials, Math.exp(-threshold), 2))
                .isTrue();
        // The 99.9th percentile solves e^-(2x - q) = 0.001: x = (ln 1000 + q) / 2, against ln 1000
        // (6.91 ms) without speculation.
        double expected = (Math.log(1000) + threshold) / 2;
        assertThat(result.readLatency(99.9).valueMillis()).isCloseTo(expected, within(0.02 * expected));
    }

    /**
     * The engine's one pass against speculation written literally at each t (fresh trials, the
     * extra request sent at the threshold, the first R answers kept), on exponential delays.
     */
    @Test
    void onePass_agreesWithALiteralSimulationAtEachTime() {
        LatencyProfile profile = LatencyProfile.builder("exponential")
                .provenance("test: exponential delays, ms")
                .defaults(new MessageDelays(
                        Exponential.ofMean(4), Exponential.ofMean(1), Exponential.ofMean(2), Exponential.ofMean(2)))
                .build();
        double threshold = 3;
        double[] times = {0, 1, 2, 5, 10};
        int n = 5;
        int trials = 100_000;
        int[][] rw = {{1, 1}, {2, 1}, {2, 2}, {1, 3}};
        SimulationResult result = ENGINE.run(SimulationSpec.builder(profile, n)
                .configurations(java.util.Arrays.stream(rw)
                        .map(pair -> dev.pbs.model.quorum.QuorumConfiguration.of(n, pair[0], pair[1]))
                        .toList())
                .trials(trials)
                .seed(23)
                .readFanout(ReadFanout.TARGETED)
                .speculativeRetry(SpeculativeRetry.parse(threshold + "ms"))
                .visibilityGridMillis(times)
                .build());
        int comparisons = rw.length * times.length;
        for (int[] pair : rw) {
            ConfigurationResult engine = result.configuration(pair[0], pair[1]).orElseThrow();
            for (int g = 0; g < times.length; g++) {
                double literal = LiteralTargetedReads.at(
                                profile, n, pair[0], pair[1], threshold, times[g], trials, 99 + g)
                        .consistentFraction();
                double onePass = engine.visibility().get(g).consistent().estimate();
                double p = (literal + onePass) / 2;
                double standardError = Math.sqrt(2 * p * (1 - p) / trials);
                assertThat(Math.abs(onePass - literal))
                        .as("R=%d W=%d t=%s", pair[0], pair[1], times[g])
                        .isLessThanOrEqualTo(SamplingTolerance.familyZ(comparisons) * standardError + 1e-9);
            }
        }
    }

    @Test
    void speculation_withFanOutAll_isRefusedWithAReason() {
        assertThatThrownBy(() -> SimulationSpec.builder(SLOW_FRESH_REPLICA, 3)
                        .speculativeRetry(SpeculativeRetry.parse("99p"))
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("targeted read fan-out");
    }
}
