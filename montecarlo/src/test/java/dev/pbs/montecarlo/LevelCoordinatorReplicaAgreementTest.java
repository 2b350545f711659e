package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.CoordinatorReplicaPath;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.model.quorum.DatacenterReplicas;
import dev.pbs.model.quorum.LevelConfiguration;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The co-located coordinator with levels against the (R, W) engine's co-located coordinator with
 * targeted reads, where both apply (one datacenter: LOCAL_X is X, a read contacts the replicas its
 * level needs, its coordinator's own replica first with probability p, else last), and its
 * determinism.
 */
class LevelCoordinatorReplicaAgreementTest {

    private static final WarsEngine ENGINE = new WarsEngine();
    private static final double[] GRID = {0, 1, 2, 5, 10, 20, 50};
    private static final List<ConsistencyLevel> LEVELS = List.of(ConsistencyLevel.values());
    private static final MessageDelays LOCAL = new MessageDelays(
            Exponential.ofMean(0.5), Exponential.ofMean(0.2), Exponential.ofMean(0.3), Exponential.ofMean(0.2));

    /** lnkd-disk with a local path; preference below 0: none (uniform targets). */
    private static LatencyProfile withLocalPath(double preference) {
        return BuiltInProfiles.named("lnkd-disk").orElseThrow().toBuilder("lnkd-disk-local")
                .coordinatorReplica(new CoordinatorReplicaPath(
                        LOCAL, preference < 0 ? OptionalDouble.empty() : OptionalDouble.of(preference)))
                .build();
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.8, -1})
    void oneDatacenter_everyLevelPair_agreesWithTheCoLocatedTargetedRWEngine(double preference) {
        LatencyProfile profile = withLocalPath(preference);
        DatacenterReplicas oneDatacenter = DatacenterReplicas.of(List.of("dc1"), new int[] {0, 0, 0});
        List<LevelConfiguration> configurations =
                LevelSimulationSpec.combinations(oneDatacenter, LEVELS, LEVELS, List.of(0), List.of(0));
        long trials = 200_000;
        LevelSimulationResult levels =
                ENGINE.run(new LevelSimulationSpec(profile, oneDatacenter, configurations, trials, 5, 2, GRID, true));
        SimulationResult quorums = ENGINE.run(SimulationSpec.builder(profile, 3)
                .readFanout(ReadFanout.TARGETED)
                .coordinatorReplica(true)
                .trials(trials)
                .seed(6)
                .threads(2)
                .visibilityGridMillis(GRID)
                .build());
        // Bonferroni over every (configuration, time): all together fail by chance at most 1%.
        int comparisons = configurations.size() * GRID.length;
        double z = SamplingTolerance.familyZ(comparisons);
        boolean someStale = false;
        for (ConfigurationResult level : levels.configurations()) {
            int r = level.configuration().r();
            int w = level.configuration().w();
            ConfigurationResult quorum = quorums.configuration(r, w).orElseThrow();
            assertThat(level.isStrict()).as("%s", level.levels()).isEqualTo(quorum.isStrict());
            for (int g = 0; g < GRID.length; g++) {
                ProportionEstimate a = level.visibility().get(g).consistent();
                ProportionEstimate b = quorum.visibility().get(g).consistent();
                someStale |= a.estimate() < 0.99;
                double pooled = (double) (a.successes() + b.successes()) / (a.trials() + b.trials());
                double standardError = Math.sqrt(pooled * (1 - pooled) * (1.0 / a.trials() + 1.0 / b.trials()));
                assertThat(Math.abs(a.estimate() - b.estimate()))
                        .as(
                                "%s t=%s: levels %s, (R=%d, W=%d) %s",
                                level.levels().orElseThrow(), GRID[g], a.estimate(), r, w, b.estimate())
                        .isLessThanOrEqualTo(z * standardError + 1e-12);
            }
            assertThat(level.readLatency(50).valueMillis())
                    .isCloseTo(quorum.readLatency(50).valueMillis(), withinPercentage(3));
            assertThat(level.writeLatency(50).valueMillis())
                    .isCloseTo(quorum.writeLatency(50).valueMillis(), withinPercentage(3));
        }
        // Not vacuous: some partial configuration is visibly stale.
        assertThat(someStale).isTrue();
    }

    @Test
    void sameSeed_anyThreads_sameCounts() {
        LatencyProfile profile = withLocalPath(0.8).toBuilder("lnkd-disk-local-two-dc")
                .topology(DatacenterTopology.named(
                        List.of("dc1", "dc2"),
                        new int[] {0, 0, 0, 1, 1},
                        dev.pbs.model.distribution.LogNormal.of(3.0, 0.25),
                        List.of(),
                        CoordinatorPlacement.RANDOM))
                .build();
        DatacenterReplicas replicas = profile.topology().orElseThrow().replicas();
        List<ConsistencyLevel> some = List.of(
                ConsistencyLevel.ONE,
                ConsistencyLevel.LOCAL_ONE,
                ConsistencyLevel.LOCAL_QUORUM,
                ConsistencyLevel.EACH_QUORUM);
        List<LevelConfiguration> configurations =
                LevelSimulationSpec.combinations(replicas, some, some, List.of(0, 1), List.of(0, 1));
        long trials = 2L * WarsEngine.CHUNK_TRIALS + 77;
        LevelSimulationResult one =
                ENGINE.run(new LevelSimulationSpec(profile, replicas, configurations, trials, 3, 1, GRID, true));
        LevelSimulationResult two =
                ENGINE.run(new LevelSimulationSpec(profile, replicas, configurations, trials, 3, 2, GRID, true));
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
}
