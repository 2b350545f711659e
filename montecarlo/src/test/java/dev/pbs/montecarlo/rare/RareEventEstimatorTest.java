package dev.pbs.montecarlo.rare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.faults.Faults;
import dev.pbs.model.faults.PauseProcess;
import dev.pbs.model.profile.BuiltInProfiles;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.quorum.QuorumConfiguration;
import dev.pbs.model.readpath.ReadRepair;
import dev.pbs.model.readpath.ReplicaChoice;
import dev.pbs.model.readpath.SpeculativeRetry;
import dev.pbs.montecarlo.QuorumExpansion;
import dev.pbs.montecarlo.ReadFanout;
import dev.pbs.montecarlo.SimulationSpec;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The estimator's contract: weights that average to 1, determinism, budgets and refusals. */
class RareEventEstimatorTest {

    private static final LatencyProfile DISK =
            BuiltInProfiles.named("lnkd-disk").orElseThrow();
    private static final QuorumConfiguration ONE_ONE = QuorumConfiguration.of(3, 1, 1);
    private static final QuorumConfiguration TWO_ONE = QuorumConfiguration.of(3, 2, 1);

    private static SimulationSpec.Builder disk() {
        return SimulationSpec.builder(DISK, 3).seed(7).threads(2);
    }

    private static List<RareEventTarget> sixNines() {
        return List.of(new RareEventTarget.Window(ONE_ONE, 0.999999), new RareEventTarget.Window(TWO_ONE, 0.999999));
    }

    @Test
    void meanWeight_manyTrials_isOneWithinItsInterval() {
        RareEventResult result = new RareEventEstimator()
                .run(RareEventSpec.of(disk().build(), sixNines()).withBudget(4_000_000, Duration.ZERO));

        // E_g[f/g] = integral of f = 1 for each tilted delay, so the product's mean is exactly 1.
        assertThat(1.0)
                .isBetween(result.meanWeight().lower(), result.meanWeight().upper());
        assertThat(result.meanWeight().relativeHalfWidth()).isLessThan(0.01);
    }

    @Test
    void run_sameSeed_givesTheSameFiguresWhateverTheThreads() {
        RareEventSpec twoThreads = RareEventSpec.of(disk().build(), sixNines());
        RareEventSpec oneThread = RareEventSpec.of(disk().threads(1).build(), sixNines());

        RareEventResult first = new RareEventEstimator().run(twoThreads);
        RareEventResult again = new RareEventEstimator().run(twoThreads);
        RareEventResult single = new RareEventEstimator().run(oneThread);

        for (RareEventResult other : List.of(again, single)) {
            assertThat(other.trials()).isEqualTo(first.trials());
            assertThat(other.meanWeight()).isEqualTo(first.meanWeight());
            for (QuorumConfiguration configuration : List.of(ONE_ONE, TWO_ONE)) {
                RareConfigurationResult expected =
                        first.configuration(configuration).orElseThrow();
                RareConfigurationResult actual =
                        other.configuration(configuration).orElseThrow();
                assertThat(actual.window(0.999999)).isEqualTo(expected.window(0.999999));
                assertThat(actual.staleAt(20)).isEqualTo(expected.staleAt(20));
            }
        }
    }

    @Test
    void run_anotherSeed_drawsOtherTrials() {
        RareEventResult first = new RareEventEstimator().run(RareEventSpec.of(disk().build(), sixNines()));
        RareEventResult other =
                new RareEventEstimator().run(RareEventSpec.of(disk().seed(8).build(), sixNines()));

        assertThat(other.meanWeight().estimate())
                .isNotEqualTo(first.meanWeight().estimate());
    }

    @Test
    void run_onlyTheTargetsConfigurations_areSimulated() {
        RareEventResult result = new RareEventEstimator().run(RareEventSpec.of(disk().build(), sixNines()));

        assertThat(result.configurations())
                .extracting(RareConfigurationResult::configuration)
                .containsExactly(ONE_ONE, TWO_ONE);
    }

    @Test
    void run_budgetTooSmall_stopsAtTheBudgetUnresolved() {
        RareEventResult result = new RareEventEstimator()
                .run(RareEventSpec.of(disk().build(), sixNines()).withBudget(20_000, Duration.ZERO));

        assertThat(result.stopReason()).isEqualTo(StopReason.TRIAL_BUDGET);
        assertThat(result.trials()).isEqualTo(20_000);
        assertThat(result.resolved()).isFalse();
    }

    @Test
    void run_timeLimitPassed_stopsAfterTheFirstRound() {
        RareEventResult result = new RareEventEstimator()
                .run(RareEventSpec.of(disk().build(), sixNines()).withBudget(1_000_000_000, Duration.ofNanos(1)));

        assertThat(result.stopReason()).isEqualTo(StopReason.TIME_LIMIT);
        assertThat(result.trials()).isEqualTo(RareEventEstimator.CHUNK_TRIALS);
    }

    @Test
    void run_staleAtFarBeyondReach_isGivenUpUnobserved() {
        // lnkd-ssd's W: P(W > 1 s) is about 1e-36, far below v_min = 2^-60.
        SimulationSpec simulation = SimulationSpec.builder(
                        BuiltInProfiles.named("lnkd-ssd").orElseThrow(), 3)
                .seed(7)
                .threads(2)
                .build();
        RareEventTarget farAway = new RareEventTarget.StaleAt(ONE_ONE, 1000);

        RareEventResult result = new RareEventEstimator().run(RareEventSpec.of(simulation, List.of(farAway)));

        assertThat(result.stopReason()).isEqualTo(StopReason.SETTLED);
        assertThat(result.trials())
                .isBetween(RareEventEstimator.UNOBSERVED_TRIALS, 2 * RareEventEstimator.UNOBSERVED_TRIALS);
        ImportanceEstimate stale = result.configuration(ONE_ONE).orElseThrow().staleAt(1000);
        assertThat(stale.observed()).isFalse();
        assertThat(stale.upper()).isNaN();
        assertThat(result.resolved(farAway)).isFalse();
    }

    @Test
    void spec_readRepair_isCoveredBecauseItChangesNoThreshold() {
        SimulationSpec simulation = disk().readRepair(ReadRepair.BLOCKING).build();

        assertThat(RareEventSpec.unsupported(simulation)).isEmpty();
    }

    @Test
    void spec_optionsTheEstimatorDoesNotModel_areRefusedNamingThem() {
        LatencyProfile paused = DISK.toBuilder()
                .faults(new Faults(new PauseProcess(Constant.of(2000), Constant.of(200)), null, List.of()))
                .build();
        List<SimulationSpec> refused = List.of(
                SimulationSpec.builder(paused, 3)
                        .readFanout(ReadFanout.TARGETED)
                        .build(),
                disk().expansion(QuorumExpansion.NON_EXPANDING).build(),
                disk().coordinatorReplica(true).build(),
                disk().readFanout(ReadFanout.TARGETED)
                        .speculativeRetry(new SpeculativeRetry.Always())
                        .build(),
                disk().readFanout(ReadFanout.TARGETED)
                        .replicaChoice(ReplicaChoice.snitch(1.0))
                        .build(),
                SimulationSpec.builder(BuiltInProfiles.named("wan").orElseThrow(), 3)
                        .build());
        List<String> named = List.of(
                "faulty replicas",
                "non-expanding quorums",
                "a coordinator on one of the replicas",
                "speculative retry",
                "the dynamic snitch",
                "replicas in several datacenters");
        for (int k = 0; k < refused.size(); k++) {
            SimulationSpec simulation = refused.get(k);
            assertThat(RareEventSpec.unsupported(simulation)).get().asString().contains(named.get(k));
            assertThatThrownBy(() -> RareEventSpec.of(simulation, sixNines()))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("does not cover " + named.get(k));
        }
    }

    @Test
    void spec_strictOrForeignConfiguration_isRefused() {
        SimulationSpec oneConfiguration = disk().configuration(1, 1).build();

        assertThatThrownBy(() -> RareEventSpec.of(
                        disk().build(), List.of(new RareEventTarget.Window(QuorumConfiguration.of(3, 2, 2), 0.99))))
                .hasMessageContaining("strict quorum");
        assertThatThrownBy(() -> RareEventSpec.of(oneConfiguration, sixNines()))
                .hasMessageContaining("not one of the simulation's configurations");
        assertThatThrownBy(() -> new RareEventTarget.Window(ONE_ONE, 1.0)).hasMessageContaining("(0, 1)");
        assertThatThrownBy(() -> RareEventSpec.of(disk().build(), List.of())).hasMessageContaining("at least one");
    }
}
