package dev.pbs.montecarlo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.faults.Faults;
import dev.pbs.model.faults.PauseProcess;
import dev.pbs.model.profile.CoordinatorPlacement;
import dev.pbs.model.profile.CoordinatorReplicaPath;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.model.quorum.ConsistencyLevel;
import dev.pbs.model.quorum.DatacenterReplicas;
import dev.pbs.model.quorum.LevelConfiguration;
import dev.pbs.montecarlo.rare.RareEventSpec;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The coordinator on a replica for a share of the operations ({@link CoordinatorReplicaShare}):
 * shares 0 and 1 draw exactly what the paper's model and the co-located variant always drew; a
 * share in between is the mixture of the four placements (write coordinator a replica or not, read
 * coordinator a replica or not) with the shares as independent probabilities; and a case small
 * enough to work by hand.
 */
class CoordinatorReplicaShareTest {

    private static final WarsEngine ENGINE = new WarsEngine();

    /**
     * The fingerprints ({@link ResultFingerprint}) of every {@link CoordinatorShareCases} run with
     * the shorthand false and true, taken from the engine before shares existed (commit 1e75d17,
     * where the coordinator's placement was a boolean), with that engine's API and today's generator
     * ({@link WarsEngine#GENERATOR}) in place of its own: the figures those runs gave, to the last
     * bit.
     */
    private static final Map<String, List<String>> BEFORE_SHARES = Map.ofEntries(
            Map.entry("lnkd-disk N=5 fan-out all", List.of("17ec515b317cafea", "944a17417b784222")),
            Map.entry("local path N=3 targeted", List.of("147c8bc6bce62e73", "ea2f3d61008a1c17")),
            Map.entry(
                    "uniform targets N=4 targeted, spec local delay", List.of("30c5894c756c3188", "a5d45a27c8bdd9a5")),
            Map.entry("snitch, 99p speculation, blocking repair", List.of("25c2a1b3f8e664b0", "03aa081a544911c3")),
            Map.entry("uniform targets, 2ms speculation, repair none", List.of("64b104c05abd1443", "6f50e4ba2af7e423")),
            Map.entry(
                    "correlated messages N=3 fan-out all, blocking repair",
                    List.of("ec6f75c8ddbac5cc", "1925e0722da7ef11")),
            Map.entry("two datacenters N=3 targeted", List.of("b849967f2a5113b8", "f74654717be59fb0")),
            Map.entry("wan N=3 fan-out all", List.of("2492fa0ad95f4cd8", "534d8a35c64b3167")),
            Map.entry("non-expanding N=4 targeted", List.of("48422044b16016f6", "3ed3730ee152ba1e")),
            Map.entry("ec2-three-regions levels", List.of("338a20aefb8c3386", "14f5507dae688b18")),
            Map.entry("ec2 with local path, preference, correlation", List.of("f8bbbb31d29c4659", "03e2018f9577bcca")));

    static Stream<CoordinatorShareCases.Case> cases() {
        return CoordinatorShareCases.cases().stream();
    }

    static Stream<CoordinatorShareCases.LevelCase> levelCases() {
        return CoordinatorShareCases.levelCases().stream();
    }

    // ---------------------------------------------------------------- (a) shares 0 and 1

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void sharesZeroAndOne_giveTheShorthandsFiguresToTheBit(CoordinatorShareCases.Case run) {
        List<String> before = BEFORE_SHARES.get(run.name());
        SimulationSpec never = run.builder()
                .get()
                .coordinatorReplicaShare(CoordinatorReplicaShare.NEVER)
                .build();
        SimulationSpec always = run.builder()
                .get()
                .coordinatorReplicaShare(CoordinatorReplicaShare.ALWAYS)
                .build();
        SimulationSpec shorthandFalse =
                run.builder().get().coordinatorReplica(false).build();
        SimulationSpec shorthandTrue =
                run.builder().get().coordinatorReplica(true).build();

        assertThat(never)
                .isEqualTo(shorthandFalse)
                .isEqualTo(run.builder().get().build());
        assertThat(always).isEqualTo(shorthandTrue);
        assertThat(ResultFingerprint.of(ENGINE.run(never))).as("share 0").isEqualTo(before.get(0));
        assertThat(ResultFingerprint.of(ENGINE.run(always))).as("share 1").isEqualTo(before.get(1));
        assertThat(ResultFingerprint.of(ENGINE.run(shorthandFalse))).as("false").isEqualTo(before.get(0));
        assertThat(ResultFingerprint.of(ENGINE.run(shorthandTrue))).as("true").isEqualTo(before.get(1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("levelCases")
    void levels_sharesZeroAndOne_giveTheShorthandsFiguresToTheBit(CoordinatorShareCases.LevelCase run) {
        List<String> before = BEFORE_SHARES.get(run.name());
        LevelSimulationSpec never = run.spec().get().withCoordinatorReplicaShare(CoordinatorReplicaShare.NEVER);
        LevelSimulationSpec always = run.spec().get().withCoordinatorReplicaShare(CoordinatorReplicaShare.ALWAYS);

        assertThat(never).isEqualTo(run.spec().get()).isEqualTo(run.spec().get().withCoordinatorReplica(false));
        assertThat(always).isEqualTo(run.spec().get().withCoordinatorReplica(true));
        assertThat(ResultFingerprint.of(ENGINE.run(never))).as("share 0").isEqualTo(before.get(0));
        assertThat(ResultFingerprint.of(ENGINE.run(always))).as("share 1").isEqualTo(before.get(1));
        assertThat(ResultFingerprint.of(ENGINE.run(run.spec().get().withCoordinatorReplica(true))))
                .as("true")
                .isEqualTo(before.get(1));
    }

    /** A share in between keeps the contract: the same seed gives the same figures on any number of threads. */
    @Test
    void partialShares_sameSeed_sameFiguresOnOneOrThreeThreads() {
        CoordinatorReplicaShare share = CoordinatorReplicaShare.of(2.0 / 3, 0.4);
        Function<Integer, SimulationSpec> onThreads =
                threads -> SimulationSpec.builder(CoordinatorShareCases.localPath(), 3)
                        .trials(3 * WarsEngine.CHUNK_TRIALS + 1234)
                        .seed(77)
                        .threads(threads)
                        .readFanout(ReadFanout.TARGETED)
                        .coordinatorReplicaShare(share)
                        .build();
        assertThat(ResultFingerprint.text(ENGINE.run(onThreads.apply(3))))
                .isEqualTo(ResultFingerprint.text(ENGINE.run(onThreads.apply(1))));

        CoordinatorShareCases.LevelCase levels =
                CoordinatorShareCases.levelCases().get(1);
        LevelSimulationSpec spec = levels.spec().get().withCoordinatorReplicaShare(share);
        LevelSimulationSpec oneThread = new LevelSimulationSpec(
                spec.profile(),
                spec.replicas(),
                spec.configurations(),
                spec.trials(),
                spec.seed(),
                1,
                spec.visibilityGridMillis(),
                share);
        assertThat(ResultFingerprint.text(ENGINE.run(spec))).isEqualTo(ResultFingerprint.text(ENGINE.run(oneThread)));
    }

    // ---------------------------------------------------------------- (b) the mixture

    /**
     * Where placement matters: N = 3, R = W = 1, targeted reads, W exponential with mean 5 ms and A,
     * R, S with mean 1 ms, and a local path of zero delay (no path in the profile). A write whose
     * coordinator is a replica commits at once, through its own replica; a read whose coordinator
     * is a replica asks it at once when it is the one read.
     */
    private static final LatencyProfile EXPONENTIAL = LatencyProfile.builder("exponential")
            .provenance("test, ms")
            .defaults(new MessageDelays(
                    Exponential.ofMean(5), Exponential.ofMean(1), Exponential.ofMean(1), Exponential.ofMean(1)))
            .build();

    private static final double[] MIXTURE_GRID = {0, 0.5, 1, 2, 5, 10, 20};
    private static final long MIXTURE_TRIALS = 200_000;
    /**
     * Standard errors of the difference allowed: two-sided, 4.5 of them fail by chance with
     * probability 6.8e-6 per time, under 1e-4 over the 7 times of a test (Bonferroni).
     */
    private static final double Z = 4.5;

    static Stream<Arguments> shares() {
        return Stream.of(
                Arguments.of(2.0 / 3, 2.0 / 3),
                Arguments.of(0.3, 0.8),
                Arguments.of(1.0, 0.25),
                Arguments.of(0.5, 0.0));
    }

    /**
     * The shares on two profiles: {@link #EXPONENTIAL}, whose curve moves over the whole grid but
     * whose placements barely interact (the write's placement moves P(consistent) about as much
     * whatever the read's), and {@link #handWorked()}, whose reads are stale only when both
     * coordinators are replicas, so that a mixture that coupled the two decisions would miss.
     */
    static Stream<Arguments> profilesAndShares() {
        return Stream.of("exponential", "hand-worked")
                .flatMap(profile -> shares().map(share -> Arguments.of(profile, share.get()[0], share.get()[1])));
    }

    private static LatencyProfile profileNamed(String name) {
        return name.equals("exponential") ? EXPONENTIAL : handWorked();
    }

    /**
     * P(consistent at t) with shares (p, q) is p q P(1,1) + p (1 - q) P(1,0) + (1 - p) q P(0,1) +
     * (1 - p)(1 - q) P(0,0), P(a, b) being the run whose write coordinator is always (a = 1) or
     * never (0) a replica and whose read coordinator likewise, each term computed by its own run
     * with a seed of its own. The bound is {@link #Z} standard errors of the difference, from the
     * five runs' binomial variances.
     */
    @ParameterizedTest(name = "{0}: writes {1}, reads {2}")
    @MethodSource("profilesAndShares")
    void partialShares_areTheMixtureOfTheFourPlacements(String profile, double p, double q) {
        Function<CoordinatorReplicaShare, List<VisibilityPoint>> visibility = share -> RUNS.computeIfAbsent(
                "rw " + profile + " " + share, key -> rwVisibility(profileNamed(profile), share, seedOf(share)));
        assertMixture(p, q, visibility);
    }

    @ParameterizedTest(name = "{0}: writes {1}, reads {2}")
    @MethodSource("profilesAndShares")
    void levels_partialShares_areTheMixtureOfTheFourPlacements(String profile, double p, double q) {
        DatacenterReplicas oneDatacenter = DatacenterReplicas.of(List.of("dc1"), new int[] {0, 0, 0});
        LevelConfiguration oneOne = new LevelConfiguration(ConsistencyLevel.ONE, ConsistencyLevel.ONE, 0, 0);
        Function<CoordinatorReplicaShare, List<VisibilityPoint>> visibility = share -> RUNS.computeIfAbsent(
                "levels " + profile + " " + share,
                key -> ENGINE.run(new LevelSimulationSpec(
                                profileNamed(profile),
                                oneDatacenter,
                                List.of(oneOne),
                                MIXTURE_TRIALS,
                                seedOf(share),
                                2,
                                MIXTURE_GRID,
                                share))
                        .configuration(oneOne)
                        .orElseThrow()
                        .visibility());
        assertMixture(p, q, visibility);
    }

    /**
     * The runs of the four placements, made once per profile and engine and shared by the
     * mixtures of that profile (each mixture's own run has a seed of its own).
     */
    private static final Map<String, List<VisibilityPoint>> RUNS = new ConcurrentHashMap<>();

    /** A seed of each share's own, so that the five runs of a mixture are independent. */
    private static long seedOf(CoordinatorReplicaShare share) {
        return 1000 + Math.round(share.writes() * 1000) * 7919 + Math.round(share.reads() * 1000);
    }

    private static List<VisibilityPoint> rwVisibility(
            LatencyProfile profile, CoordinatorReplicaShare share, long seed) {
        return ENGINE.run(SimulationSpec.builder(profile, 3)
                        .configuration(1, 1)
                        .trials(MIXTURE_TRIALS)
                        .seed(seed)
                        .threads(2)
                        .readFanout(ReadFanout.TARGETED)
                        .coordinatorReplicaShare(share)
                        .visibilityGridMillis(MIXTURE_GRID)
                        .build())
                .configuration(1, 1)
                .orElseThrow()
                .visibility();
    }

    private static void assertMixture(
            double p, double q, Function<CoordinatorReplicaShare, List<VisibilityPoint>> visibility) {
        List<VisibilityPoint> mixed = visibility.apply(CoordinatorReplicaShare.of(p, q));
        List<VisibilityPoint> both = visibility.apply(CoordinatorReplicaShare.ALWAYS);
        List<VisibilityPoint> writeOnly = visibility.apply(CoordinatorReplicaShare.of(1, 0));
        List<VisibilityPoint> readOnly = visibility.apply(CoordinatorReplicaShare.of(0, 1));
        List<VisibilityPoint> neither = visibility.apply(CoordinatorReplicaShare.NEVER);
        double[] weights = {p * q, p * (1 - q), (1 - p) * q, (1 - p) * (1 - q)};
        List<List<VisibilityPoint>> terms = List.of(both, writeOnly, readOnly, neither);
        for (int g = 0; g < MIXTURE_GRID.length; g++) {
            ProportionEstimate observed = mixed.get(g).consistent();
            double expected = 0;
            double variance = variance(observed);
            for (int k = 0; k < terms.size(); k++) {
                ProportionEstimate term = terms.get(k).get(g).consistent();
                expected += weights[k] * term.estimate();
                variance += weights[k] * weights[k] * variance(term);
            }
            // (Where every run is consistent in every trial the variance is 0: allow for rounding.)
            double bound = Z * Math.sqrt(variance) + 1e-12;
            assertThat(observed.estimate())
                    .as(
                            "t=%s ms: mixture %s, terms %s",
                            MIXTURE_GRID[g],
                            observed,
                            terms.stream()
                                    .map(term -> term.get(0).consistent().estimate())
                                    .toList())
                    .isCloseTo(expected, within(bound));
        }
        // The placements do differ here, by far more than the bound: the test can tell them apart.
        double always = both.get(0).consistent().estimate();
        double never = neither.get(0).consistent().estimate();
        assertThat(never - always).isGreaterThan(0.1);
    }

    /** The binomial variance of an estimate, from the estimate itself. */
    private static double variance(ProportionEstimate estimate) {
        return estimate.estimate() * (1 - estimate.estimate()) / estimate.trials();
    }

    // ---------------------------------------------------------------- (c) known answers

    /**
     * Constant delays (those of {@link CoordinatorReplicaPathTest}): N = 3, R = W = 1, targeted
     * reads with uniform targets. Remote replicas W = 10, A = 0, R = 20, S = 0 ms; the coordinator's
     * own replica W = A = 0, R = 2, S = 1 ms. A write coordinated by a replica commits at 0, else at
     * 10 (every W is 10). A read is stale only when it asks its coordinator's own replica (reached at
     * 2 ms) while the write committed at 0 on another replica: the write's coordinator a replica
     * (p), the read's a replica (q), the read asking it (1/3) and it not the write's (2/3), and then
     * until t = 10 - 0 - 2 = 8 ms. So P(consistent at t < 8) = 1 - (2/9) p q, 1 from 8 on; a write
     * commits at 0 with probability p, else at 10; a read takes 3 ms with probability q / 3, else 20.
     */
    @ParameterizedTest(name = "writes {0}, reads {1}")
    @MethodSource("shares")
    void constantDelays_staleOnlyWhenBothCoordinatorsAreReplicas(double p, double q) {
        int trials = 90_000;
        ConfigurationResult oneOne = ENGINE.run(SimulationSpec.builder(handWorked(), 3)
                        .configuration(1, 1)
                        .trials(trials)
                        .seed(31)
                        .readFanout(ReadFanout.TARGETED)
                        .coordinatorReplicaShare(CoordinatorReplicaShare.of(p, q))
                        .visibilityGridMillis(0, 7.9, 8)
                        .build())
                .configuration(1, 1)
                .orElseThrow();
        double expected = 1 - 2.0 / 9 * p * q;
        for (int g = 0; g < 2; g++) {
            ProportionEstimate consistent = oneOne.visibility().get(g).consistent();
            if (p * q == 0) {
                assertThat(consistent.successes()).isEqualTo(trials);
            } else {
                assertThat(SamplingTolerance.compatible(consistent.successes(), trials, expected, 2))
                        .as(
                                "P(consistent at %s) %s, expected %s",
                                oneOne.visibility().get(g).tMillis(), consistent, expected)
                        .isTrue();
            }
        }
        assertThat(oneOne.visibility().get(2).consistent().successes()).isEqualTo(trials);
        // The middle of each part of the latencies shows its share.
        if (p > 0) {
            assertThat(oneOne.writeLatency(100 * p / 2).valueMillis()).isZero();
        }
        if (p < 1) {
            assertThat(oneOne.writeLatency(100 * (1 + p) / 2).valueMillis()).isCloseTo(10, within(0.01));
        }
        if (q > 0) {
            assertThat(oneOne.readLatency(100 * q / 6).valueMillis()).isCloseTo(3, within(0.01));
        }
        assertThat(oneOne.readLatency(100 * (1 + q / 3) / 2).valueMillis()).isCloseTo(20, within(0.05));
    }

    private static LatencyProfile handWorked() {
        return LatencyProfile.builder("local-path")
                .provenance("test, ms")
                .defaults(new MessageDelays(Constant.of(10), Constant.of(0), Constant.of(20), Constant.of(0)))
                .coordinatorReplica(new CoordinatorReplicaPath(
                        new MessageDelays(Constant.of(0), Constant.of(0), Constant.of(2), Constant.of(1)),
                        OptionalDouble.empty()))
                .build();
    }

    /**
     * The level engine with a share, in one datacenter, answers as the targeted (R, W) engine with
     * the same share: every level pair of three replicas against its (R, W), Bonferroni over every
     * (configuration, time) so that all together fail by chance at most 1%.
     */
    @Test
    void levels_oneDatacenter_partialShare_agreesWithTheTargetedRWEngine() {
        LatencyProfile profile = CoordinatorShareCases.localPath();
        CoordinatorReplicaShare share = CoordinatorReplicaShare.of(0.6, 0.35);
        DatacenterReplicas oneDatacenter = DatacenterReplicas.of(List.of("dc1"), new int[] {0, 0, 0});
        List<ConsistencyLevel> levels = List.of(ConsistencyLevel.ONE, ConsistencyLevel.TWO, ConsistencyLevel.ALL);
        List<LevelConfiguration> configurations =
                LevelSimulationSpec.combinations(oneDatacenter, levels, levels, List.of(0), List.of(0));
        long trials = 200_000;
        double[] grid = {0, 0.5, 1, 2, 5, 10};
        LevelSimulationResult byLevels =
                ENGINE.run(new LevelSimulationSpec(profile, oneDatacenter, configurations, trials, 41, 2, grid, share));
        SimulationResult byQuorums = ENGINE.run(SimulationSpec.builder(profile, 3)
                .readFanout(ReadFanout.TARGETED)
                .coordinatorReplicaShare(share)
                .trials(trials)
                .seed(42)
                .threads(2)
                .visibilityGridMillis(grid)
                .build());
        double z = SamplingTolerance.familyZ(configurations.size() * grid.length);
        for (ConfigurationResult level : byLevels.configurations()) {
            ConfigurationResult quorum = byQuorums
                    .configuration(
                            level.configuration().r(), level.configuration().w())
                    .orElseThrow();
            for (int g = 0; g < grid.length; g++) {
                ProportionEstimate a = level.visibility().get(g).consistent();
                ProportionEstimate b = quorum.visibility().get(g).consistent();
                double pooled = (double) (a.successes() + b.successes()) / (a.trials() + b.trials());
                double standardError = Math.sqrt(pooled * (1 - pooled) * (1.0 / a.trials() + 1.0 / b.trials()));
                assertThat(Math.abs(a.estimate() - b.estimate()))
                        .as("%s t=%s: levels %s, (R, W) %s", level.levels(), grid[g], a, b)
                        .isLessThanOrEqualTo(z * standardError + 1e-12);
            }
        }
    }

    // ---------------------------------------------------------------- (d) rules and words

    @Test
    void partialShare_isRefusedWhereTheCoLocatedCoordinatorIs() {
        CoordinatorReplicaShare some = CoordinatorReplicaShare.of(0.5, 0);
        LatencyProfile faulty = EXPONENTIAL.toBuilder("faulty")
                .faults(new Faults(new PauseProcess(Constant.of(1000), Constant.of(10)), null, List.of()))
                .build();
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SimulationSpec.builder(faulty, 3)
                        .readFanout(ReadFanout.TARGETED)
                        .coordinatorReplicaShare(some)
                        .build())
                .withMessageContaining("are simulated only with the coordinator apart from the replicas");

        LatencyProfile fixedElsewhere = EXPONENTIAL.toBuilder("fixed-elsewhere")
                .topology(DatacenterTopology.explicit(
                        new int[] {0, 0, 1}, Constant.of(20), CoordinatorPlacement.fixed(2)))
                .build();
        assertThatIllegalArgumentException()
                .isThrownBy(() -> SimulationSpec.builder(fixedElsewhere, 3)
                        .coordinatorReplicaShare(CoordinatorReplicaShare.of(0, 0.1))
                        .build())
                .withMessage("the coordinator is a replica for some operations (coordinators on replicas for 0% of "
                        + "writes and 10% of reads), but no replica is in its datacenter dc:2");
        assertThat(SimulationSpec.builder(fixedElsewhere, 3)
                        .coordinatorReplicaShare(CoordinatorReplicaShare.NEVER)
                        .build()
                        .coordinatorReplica())
                .isFalse();

        SimulationSpec sessions = SimulationSpec.builder(EXPONENTIAL, 3)
                .coordinatorReplicaShare(some)
                .trials(1000)
                .build();
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ENGINE.run(sessions, new SessionSpec(0, 10, 1000)))
                .withMessageContaining("with the coordinator apart from the replicas");
        assertThat(RareEventSpec.unsupported(sessions)).isPresent();
        assertThat(RareEventSpec.unsupported(SimulationSpec.builder(EXPONENTIAL, 3)
                        .coordinatorReplicaShare(CoordinatorReplicaShare.NEVER)
                        .build()))
                .isEmpty();

        LatencyProfile threeDatacenters = EXPONENTIAL.toBuilder("three-datacenters")
                .topology(DatacenterTopology.named(
                        List.of("dc1", "dc2", "dc3"),
                        new int[] {0, 0, 1},
                        Constant.of(10),
                        List.of(),
                        CoordinatorPlacement.RANDOM))
                .build();
        LevelSimulationSpec fromDc3 = new LevelSimulationSpec(
                threeDatacenters,
                threeDatacenters.topology().orElseThrow().replicas(),
                List.of(new LevelConfiguration(ConsistencyLevel.ONE, ConsistencyLevel.ONE, 0, 2)),
                1000,
                1,
                1,
                null);
        assertThatIllegalArgumentException()
                .isThrownBy(() -> fromDc3.withCoordinatorReplicaShare(CoordinatorReplicaShare.of(0, 0.25)))
                .withMessage("the coordinator is a replica for some operations (coordinator_replica_share: "
                        + "coordinators on replicas for 0% of writes and 25% of reads), but the read datacenter dc3 "
                        + "holds no replica of the key to coordinate it");
    }

    @Test
    void specs_sayThePartialShareInWords_andNothingNewOtherwise() {
        SimulationSpec.Builder builder = SimulationSpec.builder(EXPONENTIAL, 3);
        assertThat(builder.coordinatorReplicaShare(CoordinatorReplicaShare.uniform(0.67))
                        .build()
                        .toString())
                .endsWith(", coordinators on replicas for 67% of writes and 67% of reads)");
        assertThat(builder.coordinatorReplica(true).build().toString()).doesNotContain("coordinators");
        assertThat(builder.coordinatorReplica(true).build().coordinatorReplica())
                .isTrue();
        assertThat(builder.coordinatorReplicaShare(CoordinatorReplicaShare.of(0, 0.5))
                        .build()
                        .coordinatorReplica())
                .isTrue();

        LevelSimulationSpec levels = new LevelSimulationSpec(
                EXPONENTIAL,
                DatacenterReplicas.of(List.of("dc1"), new int[] {0, 0, 0}),
                List.of(new LevelConfiguration(ConsistencyLevel.ONE, ConsistencyLevel.ONE, 0, 0)),
                1000,
                1,
                1,
                null);
        assertThat(levels.toString()).doesNotContain("coordinators");
        assertThat(levels.withCoordinatorReplica(true).toString()).endsWith(", coordinators on replicas)");
        assertThat(levels.withCoordinatorReplicaShare(CoordinatorReplicaShare.of(2.0 / 3, 0.5))
                        .toString())
                .endsWith(", coordinators on replicas for 66.67% of writes and 50% of reads)");
        assertThat(levels.withCoordinatorReplicaShare(CoordinatorReplicaShare.of(2.0 / 3, 0.5))
                        .coordinatorReplicaShare())
                .isEqualTo(CoordinatorReplicaShare.of(2.0 / 3, 0.5));
    }
}
