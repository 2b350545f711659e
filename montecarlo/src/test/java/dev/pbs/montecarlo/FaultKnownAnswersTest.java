package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.faults.Faults;
import dev.pbs.model.faults.OutageProcess;
import dev.pbs.model.faults.PauseProcess;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.model.readpath.ReadRepair;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Faulty replicas with constant delays, where the answers follow by hand: a replica always down
 * (with and without its hint), replicas down independently (binomial unavailability), and pauses
 * longer than every delay.
 */
class FaultKnownAnswersTest {

    private static final WarsEngine ENGINE = new WarsEngine();
    private static final int TRIALS = 200_000;
    private static final double[] ONE_MILLISECOND = {1, 1, 1, 1};

    /** Every message takes 1 ms, so a healthy write commits at 2 ms and every read sees it. */
    private static LatencyProfile threeReplicas(Faults faults) {
        return TestProfiles.constants(ONE_MILLISECOND, ONE_MILLISECOND, ONE_MILLISECOND).toBuilder()
                .faults(faults)
                .build();
    }

    private static SimulationResult run(LatencyProfile profile, int n, double... grid) {
        return ENGINE.run(SimulationSpec.builder(profile, n)
                .trials(TRIALS)
                .seed(16)
                .readFanout(ReadFanout.TARGETED)
                .visibilityGridMillis(grid)
                .build());
    }

    /**
     * Replica 3 is always down (no time between failures) for outages of 1,000 ms, so it returns U
     * ms after the write starts, U uniform on (0, 1000] (the residual of a constant), and its hint
     * arrives 100 ms later. A ONE read asks it first with probability 1/3 once it is back, and is
     * stale from its return until the hint is there: for a read starting at s = 2 + t, stale iff U
     * <= s < U + 99 (the read reaches it at s + 1, the hint at U + 100). So P(stale at t) = (1/3)
     * |(t - 97, t + 2] ∩ (0, 1000]| / 1000, and the trial's last turn to consistent is t* = U + 97
     * for those reads: P(t* <= x) = 2/3 + (1/3) (x - 97) / 1000 on [97, 1097].
     */
    @Test
    void replicaAlwaysDown_withItsHint_readsAreStaleBetweenItsReturnAndTheHint() {
        OutageProcess outages = new OutageProcess(
                Constant.of(0), Constant.of(1000), OutageProcess.DEFAULT_HINT_WINDOW_MILLIS, Constant.of(100));
        SimulationResult result = run(threeReplicas(new Faults(null, outages, List.of(2))), 3, 0, 500, 1200);
        ConfigurationResult one = result.configuration(1, 1).orElseThrow();

        assertThat(one.trials()).isEqualTo(TRIALS);
        FaultEffects effects = one.faultEffects().orElseThrow();
        assertThat(effects.writeUnavailable().successes()).isZero();
        assertThat(effects.readUnavailable().successes()).isZero();
        double[] staleAt = {1.0 / 3 * 2 / 1000, 1.0 / 3 * 99 / 1000, 0};
        for (int g = 0; g < 3; g++) {
            VisibilityPoint point = one.visibility().get(g);
            assertThat(SamplingTolerance.compatible(
                            point.consistent().trials() - point.consistent().successes(),
                            point.consistent().trials(),
                            staleAt[g],
                            6))
                    .as("P(stale) at t = %s ms: %s, expected %s", point.tMillis(), point.consistent(), staleAt[g])
                    .isTrue();
        }
        assertThat(one.consistentAt(50).estimate()).isCloseTo(2.0 / 3, within(0.005));
        assertThat(one.consistentAt(597).estimate()).isCloseTo(2.0 / 3 + 1.0 / 6, within(0.005));
        assertThat(one.consistentAt(1100).estimate()).isEqualTo(1.0);
        assertThat(one.window(0.9).valueMillis()).isCloseTo(797, within(15.0));

        // Two replicas read: one of them always has the write.
        ConfigurationResult two = result.configuration(2, 1).orElseThrow();
        assertThat(two.visibility())
                .allSatisfy(point -> assertThat(point.consistent().estimate()).isEqualTo(1.0));
        assertThat(two.window(0.9999).valueMillis()).isZero();
        // Three replicas read: unavailable until replica 3 returns, which is after commit at 2 ms
        // unless U <= 2 (probability 2/1000).
        ConfigurationResult three = result.configuration(3, 1).orElseThrow();
        assertThat(SamplingTolerance.compatible(
                        three.faultEffects().orElseThrow().readUnavailable().successes(), TRIALS, 0.998, 6))
                .isTrue();
        // Writes at ALL wait for replica 3 and fail.
        assertThat(result.configuration(1, 3)
                        .orElseThrow()
                        .faultEffects()
                        .orElseThrow()
                        .writeUnavailable()
                        .estimate())
                .isEqualTo(1.0);
    }

    /**
     * The same replica without a hint (a hint window of 0): once it is back, a ONE read that asks
     * it first never sees the write, so a third of the reads are stale forever (no window at 0.9),
     * though every read before its return is consistent.
     */
    @Test
    void replicaAlwaysDown_beyondTheHintWindow_aThirdOfReadsStayStale() {
        OutageProcess outages = new OutageProcess(Constant.of(0), Constant.of(1000), 0, Constant.of(100));
        SimulationResult result = run(threeReplicas(new Faults(null, outages, List.of(2))), 3, 0, 2000);
        ConfigurationResult one = result.configuration(1, 1).orElseThrow();

        assertThat(one.consistentAt(5000).estimate()).isCloseTo(2.0 / 3, within(0.005));
        VisibilityPoint late = one.visibility().get(1);
        assertThat(SamplingTolerance.compatible(late.consistent().successes(), TRIALS, 2.0 / 3, 2))
                .isTrue();
        assertThat(one.window(0.9).isFinite()).isFalse();
        assertThat(one.window(0.6).valueMillis()).isZero();
    }

    /**
     * Every replica is down a quarter of the time, independently, in outages of 10^6 ms (so none
     * returns within a trial's few milliseconds): a write at W is unavailable when fewer than W are
     * up, a binomial tail with q = 1/4, and a read at R after a committed write at W is unavailable
     * when fewer than R are up given at least W are.
     */
    @Test
    void independentOutages_unavailabilityIsBinomial() {
        OutageProcess outages = new OutageProcess(
                Constant.of(3_000_000),
                Constant.of(1_000_000),
                OutageProcess.DEFAULT_HINT_WINDOW_MILLIS,
                Constant.of(10));
        assertThat(outages.fractionDown()).isEqualTo(0.25);
        SimulationResult result = run(threeReplicas(new Faults(null, outages, List.of())), 3, 0);

        double q = 0.25;
        double[] upExactly = {q * q * q, 3 * q * q * (1 - q), 3 * q * (1 - q) * (1 - q), (1 - q) * (1 - q) * (1 - q)};
        for (int w = 1; w <= 3; w++) {
            double fewerThanW = 0;
            for (int up = 0; up < w; up++) {
                fewerThanW += upExactly[up];
            }
            for (int r = 1; r <= 3; r++) {
                FaultEffects effects =
                        result.configuration(r, w).orElseThrow().faultEffects().orElseThrow();
                assertThat(SamplingTolerance.compatible(
                                effects.writeUnavailable().successes(), TRIALS, fewerThanW, 18))
                        .as(
                                "write unavailable, R=%d W=%d: %s, expected %s",
                                r, w, effects.writeUnavailable(), fewerThanW)
                        .isTrue();
                double fewerThanR = 0;
                for (int up = w; up < r; up++) {
                    fewerThanR += upExactly[up];
                }
                double readUnavailable = fewerThanR / (1 - fewerThanW);
                assertThat(SamplingTolerance.compatible(
                                effects.readUnavailable().successes(),
                                effects.readUnavailable().trials(),
                                readUnavailable,
                                18))
                        .as(
                                "read unavailable, R=%d W=%d: %s, expected %s",
                                r, w, effects.readUnavailable(), readUnavailable)
                        .isTrue();
            }
        }
        // Every read that is available is consistent: all up replicas got the write at 1 ms.
        ConfigurationResult one = result.configuration(1, 1).orElseThrow();
        assertThat(one.consistentAtCommit().estimate()).isEqualTo(1.0);
    }

    /**
     * One replica, paused half the time in pauses of 1,000 ms after running for 1,000 ms. A
     * message reaching it at 1 ms finds it paused with probability 1/2 (up to the chance, 1/1000, that a
     * pause starts within that millisecond) and then waits for the pause's residual, uniform on
     * (0, 1000): the read's latency is 2 ms half the time, else the residual plus 1 ms, so its
     * p75 is about 500 ms and its p90 about 800 ms; the write's likewise.
     */
    @Test
    void pauseLongerThanEveryDelay_latencyIsThePausesResidual() {
        PauseProcess pauses = new PauseProcess(Constant.of(1000), Constant.of(1000));
        LatencyProfile profile = TestProfiles.constants(ONE_MILLISECOND).toBuilder()
                .faults(new Faults(pauses, null, List.of()))
                .build();
        SimulationResult result = run(profile, 1, 0);
        ConfigurationResult only = result.configuration(1, 1).orElseThrow();

        FaultEffects effects = only.faultEffects().orElseThrow();
        assertThat(SamplingTolerance.compatible(effects.readWaitedForPause().successes(), TRIALS, 0.5, 3))
                .as("%s", effects.readWaitedForPause())
                .isTrue();
        assertThat(only.readLatency(40).valueMillis()).isCloseTo(2, within(0.01));
        assertThat(only.readLatency(75).valueMillis()).isCloseTo(501, within(10.0));
        assertThat(only.readLatency(90).valueMillis()).isCloseTo(801, within(10.0));
        assertThat(only.writeLatency(90).valueMillis()).isCloseTo(801, within(10.0));
        // The write commits only once the pause that held it has ended, so every read after commit
        // reaches the replica after the write was handled.
        assertThat(only.consistentAtCommit().estimate()).isEqualTo(1.0);
    }

    /**
     * Replica 1 is paused through every trial (always paused, pauses of 10^6 ms): it never
     * acknowledges in time, so writes at ALL take about the pause's residual, uniform on (0,
     * 10^6); reads that ask it wait as long. The other two serve every read at once. A read that
     * asks replica 1 is held by the same pause as the write, and the pause's end handles the two in
     * either order alike: stale with probability 1/2, until the pause ends. So a ONE read (replica
     * 1 first with probability 1/3) is consistent with probability 1 - 1/6 = 5/6 at every t of the
     * grid, whether the write waited for one acknowledgement or two; a read of two replicas asks
     * one of the others, which has the write, and is always consistent.
     */
    @Test
    void pauseLongerThanEveryDelay_onOneReplica_slowsOnlyWhatWaitsForIt() {
        PauseProcess pauses = new PauseProcess(Constant.of(0), Constant.of(1e6));
        SimulationResult result = run(threeReplicas(new Faults(pauses, null, List.of(0))), 3, 0, 10);

        for (ConfigurationResult configuration : result.configurations()) {
            QuorumConfiguration quorum = configuration.configuration();
            if (quorum.r() == 1 && quorum.w() < 3) {
                double expected = 1 - (1.0 / 3) * PauseProcess.READ_FIRST_PROBABILITY;
                for (ProportionEstimate point : List.of(
                        configuration.consistentAtCommit(),
                        configuration.visibility().get(1).consistent())) {
                    assertThat(SamplingTolerance.compatible(point.successes(), TRIALS, expected, 4))
                            .as("%s: %s", quorum, point)
                            .isTrue();
                }
            } else {
                assertThat(configuration.consistentAtCommit().estimate())
                        .as("%s", quorum)
                        .isEqualTo(1.0);
            }
        }
        assertThat(result.configuration(1, 2).orElseThrow().writeLatency(99.9).valueMillis())
                .isCloseTo(2, within(0.01));
        assertThat(result.configuration(1, 3).orElseThrow().writeLatency(50).valueMillis())
                .isCloseTo(5e5, within(2e4));
        ConfigurationResult one = result.configuration(1, 1).orElseThrow();
        assertThat(SamplingTolerance.compatible(
                        one.faultEffects().orElseThrow().readWaitedForPause().successes(), TRIALS, 1.0 / 3, 2))
                .isTrue();
        assertThat(one.readLatency(60).valueMillis()).isCloseTo(2, within(0.01));
        ConfigurationResult all = result.configuration(3, 1).orElseThrow();
        assertThat(all.faultEffects().orElseThrow().readWaitedForPause().estimate())
                .isEqualTo(1.0);
    }

    @Test
    void sameSeed_sameAnswer_whateverTheThreads() {
        OutageProcess outages = new OutageProcess(Constant.of(500), Constant.of(1000), 600, Constant.of(100));
        PauseProcess pauses = new PauseProcess(Constant.of(50), Constant.of(20));
        LatencyProfile profile = threeReplicas(new Faults(pauses, outages, List.of()));
        SimulationSpec.Builder spec = SimulationSpec.builder(profile, 3)
                .trials(50_000)
                .seed(3)
                .readFanout(ReadFanout.TARGETED)
                .visibilityGridMillis(0, 100, 1000);
        SimulationResult single = ENGINE.run(spec.threads(1).build());
        SimulationResult several = ENGINE.run(spec.threads(2).build());
        for (int c = 0; c < single.configurations().size(); c++) {
            ConfigurationResult a = single.configurations().get(c);
            ConfigurationResult b = several.configurations().get(c);
            assertThat(b.visibility()).isEqualTo(a.visibility());
            assertThat(b.faultEffects()).isEqualTo(a.faultEffects());
            assertThat(b.window(0.5)).isEqualTo(a.window(0.5));
            assertThat(b.readLatency(99)).isEqualTo(a.readLatency(99));
        }
    }

    @Test
    void faults_withAReadPathTheyDoNotModel_areRefusedByName() {
        LatencyProfile profile =
                threeReplicas(new Faults(new PauseProcess(Constant.of(1000), Constant.of(10)), null, List.of()));
        assertThatThrownBy(() -> SimulationSpec.builder(profile, 3)
                        .readFanout(ReadFanout.ALL)
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("faulty replicas (pauses of")
                .hasMessageContaining("only with the targeted read fan-out");
        assertThatThrownBy(() -> SimulationSpec.builder(profile, 3)
                        .readFanout(ReadFanout.TARGETED)
                        .readRepair(ReadRepair.BLOCKING)
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("only with read repair off");
        LatencyProfile beyond =
                threeReplicas(new Faults(new PauseProcess(Constant.of(1000), Constant.of(10)), null, List.of(3)));
        assertThatThrownBy(() -> SimulationSpec.builder(beyond, 3)
                        .readFanout(ReadFanout.TARGETED)
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("faults strike replica 4, but N is 3");
    }
}
