package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.DelayOverrides;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.SpeculativeRetry;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Monotonic reads and read-your-writes by simulation of the sequence: answers by hand and limits. */
class SessionGuaranteesTest {

    private static final WarsEngine ENGINE = new WarsEngine();
    private static final int TRIALS = 100_000;

    private static SessionResult.Configuration run(
            LatencyProfile profile,
            SimulationSpec.Builder spec,
            double intervalMillis,
            double writesPerSecond,
            int r,
            int w) {
        SessionResult result =
                ENGINE.run(spec.trials(1000).build(), new SessionSpec(intervalMillis, writesPerSecond, TRIALS));
        return result.configuration(r, w).orElseThrow();
    }

    private static void assertCompatible(ProportionEstimate estimate, double expected, int comparisons) {
        assertThat(SamplingTolerance.compatible(estimate.successes(), estimate.trials(), expected, comparisons))
                .as("%s against %s", estimate.estimate(), expected)
                .isTrue();
    }

    /**
     * Replica 0 gets every write at once, replica 1 10 ms later; reads are instant and ask one
     * random replica. Only a first read of replica 0 followed by a second of replica 1 can go
     * back in time, and it does when some write started in the D - g ms before the first read:
     * P = 1/4 (1 - exp(-rate (D - g))).
     */
    @Test
    void oneReplicaLate_monotonicReads_matchTheHandAnswer() {
        LatencyProfile profile = TestProfiles.constants(new double[] {0, 0, 0, 0}, new double[] {10, 0, 0, 0});
        SimulationSpec.Builder spec = SimulationSpec.builder(profile, 2)
                .readFanout(ReadFanout.TARGETED)
                .configurations(List.of(new QuorumConfiguration(2, 1, 1)));
        double rate = 0.1;
        for (double interval : new double[] {0, 2, 8}) {
            ProportionEstimate violation =
                    run(profile, spec, interval, rate * 1000, 1, 1).monotonicReadsViolation();
            assertCompatible(violation, 0.25 * (1 - Math.exp(-rate * (10 - interval))), 3);
        }
        assertThat(run(profile, spec, 10, rate * 1000, 1, 1)
                        .monotonicReadsViolation()
                        .successes())
                .as("a second read 10 ms later sees everything the first did")
                .isZero();
    }

    /**
     * Replica 0 gets every write at once, replicas 1 and 2 10 ms later; reads ask two random
     * replicas. Without repair, a first read with replica 0 (2/3) and a second of {1, 2} (1/3)
     * go back in time when a write started in the 8 ms before the first read. With blocking read
     * repair the first read writes its newest answer to the stale one (10 ms) and waits, and the
     * second read always asks a repaired replica: never.
     */
    @Test
    void blockingReadRepair_quorumReads_areMonotonic() {
        LatencyProfile profile = TestProfiles.constants(
                new double[] {0, 0, 0, 0}, new double[] {10, 0, 0, 0}, new double[] {10, 0, 0, 0});
        double rate = 0.1;
        SimulationSpec.Builder spec = SimulationSpec.builder(profile, 3)
                .readFanout(ReadFanout.TARGETED)
                .configurations(List.of(new QuorumConfiguration(3, 2, 1), new QuorumConfiguration(3, 2, 2)));
        SessionResult.Configuration without = run(profile, spec, 2, rate * 1000, 2, 1);
        assertCompatible(without.monotonicReadsViolation(), 2.0 / 9 * (1 - Math.exp(-rate * 8)), 2);
        assertThat(run(profile, spec, 2, rate * 1000, 2, 2).monotonicReadsViolation())
                .as("monotonic reads do not depend on W: the same draws give the same count")
                .isEqualTo(without.monotonicReadsViolation());
        SessionResult.Configuration repaired = run(profile, spec.readRepair(ReadRepair.BLOCKING), 2, rate * 1000, 2, 1);
        assertThat(repaired.monotonicReadsViolation().successes()).isZero();
        assertThat(repaired.readYourWrites())
                .as("repair changes no read's own answer, and read-your-writes draws apart")
                .isEqualTo(without.readYourWrites());
    }

    /**
     * Replica 0 gets the write at once, replica 1 after an exponential delay of mean 10 ms; reads
     * are instant and ask one random replica, and W = 1 commits at once. Replica 1 has the
     * client's write, or a newer one, by x with P = 1 - exp(-mu x) exp(-rate (x - (1 - exp(-mu x))
     * / mu)): newer writes from other clients reach it sooner than the client's own sometimes.
     */
    @Test
    void newerWritesOfOthers_readYourWrites_matchTheHandAnswer() {
        LatencyProfile profile = LatencyProfile.builder("one exponential replica")
                .provenance("test")
                .defaults(MessageDelays.all(Constant.of(0)))
                .replicaOverrides(
                        List.of(DelayOverrides.NONE, new DelayOverrides(Exponential.ofMean(10), null, null, null)))
                .build();
        double mu = 0.1;
        double[] grid = {0, 5, 20};
        SimulationSpec.Builder spec = SimulationSpec.builder(profile, 2)
                .readFanout(ReadFanout.TARGETED)
                .visibilityGridMillis(grid)
                .configurations(List.of(new QuorumConfiguration(2, 1, 1), new QuorumConfiguration(2, 1, 2)));
        for (double rate : new double[] {0.0001, 0.05}) {
            List<VisibilityPoint> points =
                    run(profile, spec, 0, rate * 1000, 1, 1).readYourWrites();
            for (int g = 0; g < grid.length; g++) {
                double x = grid[g];
                double notYet = Math.exp(-mu * x) * Math.exp(-rate * (x - (1 - Math.exp(-mu * x)) / mu));
                assertCompatible(points.get(g).consistent(), 1 - 0.5 * notYet, 6);
            }
        }
        assertThat(run(profile, spec, 0, 50, 1, 2).readYourWrites())
                .as("a strict quorum always reads its own write")
                .allSatisfy(point -> assertThat(point.consistent().successes()).isEqualTo(TRIALS));
    }

    /**
     * With writes from others rare, read-your-writes at d is t-visibility at t = d: the same
     * question, answered by the WARS engine on other draws, for every (R, W) and read path.
     */
    @Test
    void rareOtherWrites_readYourWrites_equalTVisibility() {
        LatencyProfile profile = BuiltInProfiles.named("lnkd-disk").orElseThrow();
        double[] grid = {0, 1, 5, 20};
        for (SimulationSpec.Builder builder : List.of(
                SimulationSpec.builder(profile, 3),
                SimulationSpec.builder(profile, 3)
                        .readFanout(ReadFanout.TARGETED)
                        .speculativeRetry(SpeculativeRetry.parse("ALWAYS")))) {
            SimulationSpec spec =
                    builder.visibilityGridMillis(grid).trials(200_000).seed(3).build();
            SimulationResult wars = ENGINE.run(spec);
            SessionResult sessions = ENGINE.run(spec, new SessionSpec(0, 0.001, TRIALS));
            double z = SamplingTolerance.familyZ(2 * 9 * grid.length);
            for (SessionResult.Configuration session : sessions.configurations()) {
                QuorumConfiguration configuration = session.configuration();
                List<VisibilityPoint> visibility = wars.configuration(configuration.r(), configuration.w())
                        .orElseThrow()
                        .visibility();
                for (int g = 0; g < grid.length; g++) {
                    ProportionEstimate own = session.readYourWrites().get(g).consistent();
                    ProportionEstimate any = visibility.get(g).consistent();
                    double pooled = (double) (own.successes() + any.successes()) / (own.trials() + any.trials());
                    double error = Math.sqrt(pooled * (1 - pooled) * (1.0 / own.trials() + 1.0 / any.trials()));
                    assertThat(Math.abs(own.estimate() - any.estimate()))
                            .as("%s at %s ms", configuration, grid[g])
                            .isLessThanOrEqualTo(z * error + 1e-12);
                }
            }
        }
    }

    @Test
    void sameSeed_sameCounts_whateverTheThreads() {
        LatencyProfile profile = BuiltInProfiles.named("lnkd-ssd").orElseThrow();
        SimulationSpec.Builder spec =
                SimulationSpec.builder(profile, 3).trials(1000).seed(5);
        SessionSpec session = new SessionSpec(1, 200, 40_000);
        SessionResult one = ENGINE.run(spec.threads(1).build(), session);
        SessionResult two = ENGINE.run(spec.threads(2).build(), session);
        assertThat(two.configurations()).isEqualTo(one.configurations());
    }

    @Test
    void whatSessionsDoNotModel_isRefused() {
        LatencyProfile profile = BuiltInProfiles.named("lnkd-ssd").orElseThrow();
        SessionSpec session = new SessionSpec(1, 200, 1000);
        assertThatThrownBy(() -> ENGINE.run(
                        SimulationSpec.builder(profile, 3)
                                .coordinatorReplica(true)
                                .build(),
                        session))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("coordinator apart");
        assertThatThrownBy(() -> new SessionSpec(-1, 10, 10)).hasMessageContaining("read interval");
        assertThatThrownBy(() -> new SessionSpec(1, 0, 10)).hasMessageContaining("write rate");
        assertThatThrownBy(() -> new SessionSpec(1, 1e6, 10)).hasMessageContaining("write rate");
    }
}
