package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.model.quorum.DatacenterReplicas;
import dev.pbs.model.quorum.LevelConfiguration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The level engine against the (R, W) engine where both apply, its determinism, and its checks.
 */
class LevelEngineTest {

    private static final WarsEngine ENGINE = new WarsEngine();
    private static final double[] GRID = {0, 1, 2, 5, 10, 20, 50};
    private static final List<ConsistencyLevel> LEVELS = List.of(ConsistencyLevel.values());

    @Test
    void oneDatacenter_everyLevelPair_agreesWithTheTargetedRWEngine() {
        // Model note section 7: a single-datacenter topology makes LOCAL_X identical to X, and a
        // read contacts exactly the replicas its level needs, as the targeted (R, W) engine does.
        LatencyProfile profile = BuiltInProfiles.named("lnkd-disk").orElseThrow();
        DatacenterReplicas oneDatacenter = DatacenterReplicas.of(List.of("dc1"), new int[] {0, 0, 0});
        List<LevelConfiguration> configurations =
                LevelSimulationSpec.combinations(oneDatacenter, LEVELS, LEVELS, List.of(0), List.of(0));
        long trials = 200_000;
        LevelSimulationResult levels =
                ENGINE.run(new LevelSimulationSpec(profile, oneDatacenter, configurations, trials, 5, 2, GRID));
        SimulationResult quorums = ENGINE.run(SimulationSpec.builder(profile, 3)
                .readFanout(ReadFanout.TARGETED)
                .trials(trials)
                .seed(6)
                .visibilityGridMillis(GRID)
                .build());
        // Each (R, W) appears for several level pairs; compare them all, Bonferroni over every point.
        int comparisons = configurations.size() * GRID.length;
        double z = SamplingTolerance.familyZ(comparisons);
        for (ConfigurationResult level : levels.configurations()) {
            int r = level.configuration().r();
            int w = level.configuration().w();
            ConfigurationResult quorum = quorums.configuration(r, w).orElseThrow();
            assertThat(level.isStrict()).as("%s", level.levels()).isEqualTo(quorum.isStrict());
            for (int g = 0; g < GRID.length; g++) {
                ProportionEstimate a = level.visibility().get(g).consistent();
                ProportionEstimate b = quorum.visibility().get(g).consistent();
                double pooled = (double) (a.successes() + b.successes()) / (a.trials() + b.trials());
                double standardError = Math.sqrt(pooled * (1 - pooled) * (1.0 / a.trials() + 1.0 / b.trials()));
                assertThat(Math.abs(a.estimate() - b.estimate()))
                        .as(
                                "%s t=%s: levels %s, (R=%d, W=%d) %s",
                                level.levels().orElseThrow(), GRID[g], a.estimate(), r, w, b.estimate())
                        .isLessThanOrEqualTo(z * standardError + 1e-12);
            }
            // Latency medians agree to a few percent (independent draws).
            assertThat(level.readLatency(50).valueMillis())
                    .isCloseTo(
                            quorum.readLatency(50).valueMillis(), org.assertj.core.api.Assertions.withinPercentage(3));
            assertThat(level.writeLatency(50).valueMillis())
                    .isCloseTo(
                            quorum.writeLatency(50).valueMillis(), org.assertj.core.api.Assertions.withinPercentage(3));
        }
    }

    @Test
    void sameSeed_anyThreads_sameCounts() {
        LatencyProfile profile = twoDatacenters();
        DatacenterReplicas replicas = profile.topology().orElseThrow().replicas();
        List<LevelConfiguration> configurations =
                LevelSimulationSpec.combinations(replicas, LEVELS, LEVELS, List.of(0, 1), List.of(0, 1));
        long trials = 3L * WarsEngine.CHUNK_TRIALS + 77;
        LevelSimulationResult one =
                ENGINE.run(new LevelSimulationSpec(profile, replicas, configurations, trials, 3, 1, GRID));
        LevelSimulationResult two =
                ENGINE.run(new LevelSimulationSpec(profile, replicas, configurations, trials, 3, 2, GRID));
        for (int c = 0; c < configurations.size(); c++) {
            ConfigurationResult a = one.configurations().get(c);
            ConfigurationResult b = two.configurations().get(c);
            assertThat(a.visibility()).isEqualTo(b.visibility());
            assertThat(a.readLatency(99).valueMillis())
                    .isEqualTo(b.readLatency(99).valueMillis());
            assertThat(a.writeLatency(99).valueMillis())
                    .isEqualTo(b.writeLatency(99).valueMillis());
            assertThat(a.probabilityOlderThanVersions(1)).isEqualTo(b.probabilityOlderThanVersions(1));
        }
    }

    @Test
    void strictConfigurations_anyDelays_areConsistentAtEveryTime() {
        LatencyProfile profile = twoDatacenters();
        DatacenterReplicas replicas = profile.topology().orElseThrow().replicas();
        List<LevelConfiguration> configurations =
                LevelSimulationSpec.combinations(replicas, LEVELS, LEVELS, List.of(0, 1), List.of(0, 1));
        LevelSimulationResult result =
                ENGINE.run(new LevelSimulationSpec(profile, replicas, configurations, 20_000, 8, 2, GRID));
        List<LevelConfiguration> strict = new ArrayList<>();
        for (ConfigurationResult configuration : result.configurations()) {
            if (configuration.isStrict()) {
                strict.add(configuration.levels().orElseThrow());
                assertThat(configuration.visibility())
                        .allSatisfy(point ->
                                assertThat(point.consistent().successes()).isEqualTo(20_000));
            }
        }
        // Not vacuous: a partial configuration is visibly stale at t = 0.
        LevelConfiguration crossDatacenter =
                new LevelConfiguration(ConsistencyLevel.LOCAL_ONE, ConsistencyLevel.LOCAL_ONE, 0, 1);
        assertThat(result.configuration(crossDatacenter)
                        .orElseThrow()
                        .consistentAtCommit()
                        .estimate())
                .isLessThan(0.5);
        assertThat(strict)
                .contains(
                        new LevelConfiguration(ConsistencyLevel.LOCAL_QUORUM, ConsistencyLevel.LOCAL_QUORUM, 0, 0),
                        new LevelConfiguration(ConsistencyLevel.QUORUM, ConsistencyLevel.QUORUM, 1, 0),
                        new LevelConfiguration(ConsistencyLevel.EACH_QUORUM, ConsistencyLevel.LOCAL_QUORUM, 0, 1));
    }

    @Test
    void spec_levelNeedsMoreReplicasThanTheDatacenterHas_isRejected() {
        LatencyProfile profile = LatencyProfile.builder("small")
                .provenance("test")
                .defaults(MessageDelays.all(Constant.of(1)))
                .topology(DatacenterTopology.named(
                        List.of("dc1", "dc2", "dc3"),
                        new int[] {0, 1},
                        Constant.of(5),
                        List.of(),
                        CoordinatorPlacement.RANDOM))
                .build();
        DatacenterReplicas replicas = profile.topology().orElseThrow().replicas();
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new LevelSimulationSpec(
                        profile,
                        replicas,
                        List.of(new LevelConfiguration(ConsistencyLevel.THREE, ConsistencyLevel.ONE, 0, 0)),
                        100,
                        1,
                        1,
                        GRID))
                .withMessage("THREE needs 3 replicas, but the key has 2 in all datacenters");
        assertThatIllegalArgumentException()
                .isThrownBy(() -> new LevelSimulationSpec(
                        profile,
                        replicas,
                        List.of(new LevelConfiguration(ConsistencyLevel.ONE, ConsistencyLevel.LOCAL_ONE, 0, 2)),
                        100,
                        1,
                        1,
                        GRID))
                .withMessage("LOCAL_ONE in datacenter dc3 is not possible: it holds no replica of the key");
    }

    /** dc1:3, dc2:2 with lnkd-disk's delays and 20 ms +- 25% between the datacenters. */
    private static LatencyProfile twoDatacenters() {
        return BuiltInProfiles.named("lnkd-disk").orElseThrow().toBuilder("lnkd-disk-two-dc")
                .topology(DatacenterTopology.named(
                        List.of("dc1", "dc2"),
                        new int[] {0, 0, 0, 1, 1},
                        dev.pbs.model.distribution.LogNormal.of(3.0, 0.25),
                        List.of(),
                        CoordinatorPlacement.RANDOM))
                .build();
    }
}
