package dev.pbs.cassandra.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.distribution.Constant;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.MessageDelays;
import dev.pbs.montecarlo.ConfigurationResult;
import dev.pbs.montecarlo.ProportionEstimate;
import java.util.List;
import org.junit.jupiter.api.Test;

class ObservedStalenessTest {

    /** Constant delays: W = 10 ms, A = R = S = 1 ms. */
    private static LatencyProfile constantDelays() {
        return LatencyProfile.builder("constant")
                .description("test")
                .provenance("test")
                .defaults(new MessageDelays(Constant.of(10), Constant.of(1), Constant.of(1), Constant.of(1)))
                .build();
    }

    @Test
    void rmse_differencesOfTwoPoints_isTheirRootMeanSquare() {
        ObservedStaleness observed = new ObservedStaleness(
                3,
                1,
                1,
                100,
                0,
                0,
                CoordinatorReplicaShare.ALWAYS,
                1,
                0.5,
                0.4,
                0,
                List.of(
                        new ObservedPoint(0, ProportionEstimate.of(50, 100), 0.8, 0),
                        new ObservedPoint(5, ProportionEstimate.of(90, 100), 0.9, 0)),
                List.of(
                        new ObservedStaleness.LatencyComparison("read", 50, 2.0, 2.5, 0.2),
                        new ObservedStaleness.LatencyComparison("read", 99, 10.0, 9.0, 0.6)));
        // differences -0.3 and 0: sqrt((0.09 + 0) / 2)
        assertThat(observed.rmse()).isCloseTo(Math.sqrt(0.045), within(1e-12));
        // noise: sqrt((0.8 * 0.2 / 100 + 0.9 * 0.1 / 100) / 2)
        assertThat(observed.noiseFloor()).isCloseTo(Math.sqrt((0.0016 + 0.0009) / 2), within(1e-12));
        // latency errors 0.5 and -1 over the observed range 8 ms: sqrt((0.25 + 1) / 2) / 8
        assertThat(observed.latencyNrmse()).isCloseTo(Math.sqrt(0.625) / 8, within(1e-12));
        // standard errors 0.2 and 0.6 over the same range: sqrt((0.04 + 0.36) / 2) / 8
        assertThat(observed.latencyNoiseFloor()).isCloseTo(Math.sqrt(0.2) / 8, within(1e-12));
    }

    @Test
    void predict_profileWithTheTablesReadPath_speculatesAsTheTableDoes() {
        // Replica 0 answers reads in 1 + 1 ms, replicas 1 and 2 in 50 + 50: a read at ONE of a random
        // replica takes 100 ms two times in three, unless the table's speculative_retry is ALWAYS,
        // when it also asks the next replica at once and keeps the first answer.
        LatencyProfile slow = LatencyProfile.builder("two slow readers")
                .provenance("test")
                .defaults(new MessageDelays(Constant.of(1), Constant.of(1), Constant.of(50), Constant.of(50)))
                .replicaOverrides(List.of(
                        new dev.pbs.model.profile.DelayOverrides(null, null, Constant.of(1), Constant.of(1)),
                        new dev.pbs.model.profile.DelayOverrides(null, null, Constant.of(50), Constant.of(50)),
                        new dev.pbs.model.profile.DelayOverrides(null, null, Constant.of(50), Constant.of(50))))
                .build();
        ObservationSettings settings = new ObservationSettings(1, 1, 100, 10, new double[] {0, 5});
        double asTheModelAlone = StalenessObserver.predict(slow, 3, settings, CoordinatorReplicaShare.NEVER)
                .readLatency(50)
                .valueMillis();
        LatencyProfile always = slow.toBuilder()
                .readPath(new dev.pbs.model.readpath.ReadPath(
                        dev.pbs.model.readpath.SpeculativeRetry.parse("ALWAYS"),
                        dev.pbs.model.readpath.ReadRepair.BLOCKING,
                        dev.pbs.model.readpath.ReplicaChoice.random()))
                .build();
        ConfigurationResult speculating = StalenessObserver.predict(always, 3, settings, CoordinatorReplicaShare.NEVER);
        assertThat(asTheModelAlone).isCloseTo(100, within(0.5));
        // The first two asked include replica 0 two times in three: the median read takes 2 ms.
        assertThat(speculating.readLatency(50).valueMillis()).isCloseTo(2, within(0.1));
        assertThat(speculating.speculation().orElseThrow().speculated().estimate())
                .isEqualTo(1.0);
    }

    @Test
    void compare_roundTripsBesideTheReads_areAddedToTheReadsLatencyOnly() {
        // Constant delays W = 10, A = R = S = 1, N = 3, R = W = 1, targeted, the coordinator a replica:
        // the engine's write latency is 0 (the own replica) and its read latency 0 one time in three
        // (the own replica), 2 ms otherwise (R + S from another). Round trips of 20 ms beside the
        // writes and of 1 ms beside the reads: writes are predicted at 20 ms, reads at 1 or 3 ms.
        LatencyProfile profile = constantDelays();
        ObservationSettings settings = new ObservationSettings(1, 1, 100, 10, new double[] {0});
        org.HdrHistogram.Histogram besideWrites = new org.HdrHistogram.Histogram(60_000_000L, 3);
        besideWrites.recordValue(20_000);
        org.HdrHistogram.Histogram besideReads = new org.HdrHistogram.Histogram(60_000_000L, 3);
        besideReads.recordValue(1_000);
        org.HdrHistogram.Histogram latencies = new org.HdrHistogram.Histogram(60_000_000L, 3);
        latencies.recordValue(3_000);
        RawObservation raw = allFreshAtOnePoint(settings, besideWrites, besideReads, latencies);

        ObservedStaleness compared = StalenessObserver.compare(raw, profile, 3, 0);

        assertThat(predictedMillis(compared, "read", 50)).isCloseTo(3.0, within(0.01));
        assertThat(predictedMillis(compared, "read", 99)).isCloseTo(3.0, within(0.01));
        assertThat(predictedMillis(compared, "write", 50)).isCloseTo(20.0, within(0.02));
        assertThat(compared.meanReadRoundTripMillis()).isCloseTo(1.0, within(0.001));
        assertThat(compared.meanClientGapMillis()).isCloseTo(20.0, within(0.02));
        // Without round trips beside the reads, those beside the writes serve for both.
        RawObservation writesOnly =
                allFreshAtOnePoint(settings, besideWrites, new org.HdrHistogram.Histogram(60_000_000L, 3), latencies);
        ObservedStaleness fallback = StalenessObserver.compare(writesOnly, profile, 3, 0);
        assertThat(predictedMillis(fallback, "read", 50)).isCloseTo(22.0, within(0.02));
        assertThat(fallback.meanReadRoundTripMillis()).isCloseTo(20.0, within(0.02));
    }

    @Test
    void compare_coupled_pairsTheSlowestRoundTripsWithTheSlowestReads() {
        // The engine's read latency as above, 0 one time in three, 2 ms otherwise; round trips
        // beside the reads of 1, 2, ..., 100 ms (the 76th at p75). Comonotone, the quantile q of
        // their sum is the round trip's plus the read's: p75 = 76 + 2. Independent, about a third
        // of the reads add nothing, and p75 is lower: (F(x) + 2 F(x - 2)) / 3 = 0.75 with F(x) =
        // (x - 0.5) / 100 gives x = 76.8.
        LatencyProfile profile = constantDelays();
        ObservationSettings settings = new ObservationSettings(1, 1, 100, 10, new double[] {0});
        org.HdrHistogram.Histogram besideReads = new org.HdrHistogram.Histogram(60_000_000L, 3);
        for (int millis = 1; millis <= 100; millis++) {
            besideReads.recordValue(millis * 1000L);
        }
        org.HdrHistogram.Histogram latencies = new org.HdrHistogram.Histogram(60_000_000L, 3);
        latencies.recordValue(50_000);
        RawObservation raw = allFreshAtOnePoint(settings, besideReads, besideReads, latencies);

        ObservedStaleness comonotone = StalenessObserver.compare(raw, profile, 3, 1);
        ObservedStaleness independent = StalenessObserver.compare(raw, profile, 3, 0);

        assertThat(predictedMillis(comonotone, "read", 75)).isCloseTo(78.0, within(0.1));
        assertThat(predictedMillis(independent, "read", 75)).isCloseTo(76.8, within(0.3));
        assertThat(comonotone.clientCoupling()).isEqualTo(1);
        assertThat(independent.clientCoupling()).isZero();
        // The round trips beside the writes (the same here) pair with the time to consistency as the
        // latencies do: comonotone, the long round trips go with the reads of the other replicas,
        // which turn consistent at 10 ms; independent, with a third of reads of the own replica.
        assertThat(comonotone.points().get(0).predicted())
                .isGreaterThan(independent.points().get(0).predicted());
        assertThat(comonotone.rmse()).isLessThan(independent.rmse());
    }

    /**
     * 100 writes, each read once at the grid's only t and fresh, every coordinator counted a replica; reads and
     * writes both took {@code latencies}.
     */
    private static RawObservation allFreshAtOnePoint(
            ObservationSettings settings,
            org.HdrHistogram.Histogram besideWrites,
            org.HdrHistogram.Histogram besideReads,
            org.HdrHistogram.Histogram latencies) {
        return new RawObservation(
                settings,
                100,
                0,
                0,
                new long[] {100},
                new long[] {100},
                new long[] {0},
                CoordinatorReplicaCounts.all(true, 100, 100),
                false,
                besideWrites,
                besideReads,
                latencies,
                latencies.copy(),
                ReadPathTally.none(1));
    }

    private static double predictedMillis(ObservedStaleness compared, String operation, double percentile) {
        return compared.latencies().stream()
                .filter(latency -> latency.operation().equals(operation) && latency.percentile() == percentile)
                .findFirst()
                .orElseThrow()
                .predictedMillis();
    }

    @Test
    void clientTimeOrigin_independent_averagesTheCurveShiftedByEachMeasuredGap() {
        // Constant delays W = 10, A = R = S = 1, N = 3, R = W = 1, targeted, the coordinator a replica
        // (its own messages take no time): the write commits at once on the write coordinator's
        // replica and reaches the others at 10 ms; a read sent t + gap after commit reaches its
        // replica at t + gap (its coordinator's own) or t + gap + 1 (another).
        ConfigurationResult local = coordinatorReplicaPrediction();
        org.HdrHistogram.Histogram gaps = gapsOfMicros(2_000, 10_000);
        // t = 0: gap 2 ms -> only the write coordinator's replica is fresh, P = 1/3; gap 10 ms -> every
        // replica is, P = 1: mean 2/3.
        assertThat(ClientTimeOrigin.of(local, gaps, 0).consistentAt(0)).isCloseTo(2.0 / 3, within(0.002));
        assertThat(ClientTimeOrigin.of(local, new org.HdrHistogram.Histogram(3), 0.5)
                        .consistentAt(0))
                .isCloseTo(1.0 / 3, within(0.002));
    }

    @Test
    void clientTimeOrigin_comonotonePairsLongGapsWithLateConsistency() {
        // As above: t* is 0 for the write coordinator's replica (a third of the reads) and 10 ms for
        // the others. Gaps of 2 and 11 ms, half each. Independent: 1/3 x 1/2 + 1/2 = 2/3. Comonotone:
        // the short gaps go with t* = 0 and the first sixth of t* = 10 (stale), the long gaps with
        // t* = 10 (consistent): 1/3 + 1/2 = 5/6. At t = 8 ms the short gaps reach 10 too: 1.
        ConfigurationResult local = coordinatorReplicaPrediction();
        org.HdrHistogram.Histogram gaps = gapsOfMicros(2_000, 11_000);
        assertThat(ClientTimeOrigin.of(local, gaps, 0).consistentAt(0)).isCloseTo(2.0 / 3, within(0.005));
        // Nearly independent on the coupled grid agrees with the exact mean over the gaps.
        assertThat(ClientTimeOrigin.of(local, gaps, 1e-9).consistentAt(0)).isCloseTo(2.0 / 3, within(0.005));
        ClientTimeOrigin comonotone = ClientTimeOrigin.of(local, gaps, 1);
        assertThat(comonotone.consistentAt(0)).isCloseTo(5.0 / 6, within(0.005));
        assertThat(comonotone.consistentAt(8)).isEqualTo(1.0);
        assertThat(comonotone.coupling()).isEqualTo(1);
        assertThatThrownBy(() -> ClientTimeOrigin.of(local, gaps, 1.5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("within [0, 1], not 1.5");
    }

    /** The engine's prediction from {@link #constantDelays()}, N = 3, R = W = 1, the coordinator a replica. */
    private static ConfigurationResult coordinatorReplicaPrediction() {
        return StalenessObserver.predict(
                constantDelays(),
                3,
                new ObservationSettings(1, 1, 100, 10, new double[] {0, 1, 5}),
                CoordinatorReplicaShare.ALWAYS);
    }

    /** Round trips of these many microseconds, one each. */
    private static org.HdrHistogram.Histogram gapsOfMicros(long... micros) {
        org.HdrHistogram.Histogram gaps = new org.HdrHistogram.Histogram(60_000_000L, 3);
        for (long value : micros) {
            gaps.recordValue(value);
        }
        return gaps;
    }

    @Test
    void compare_addsEachPointsSendLagAndTheMeasuredRoundTripToT() {
        // Constant delays W = 10, A = R = S = 1, N = 3, R = W = 1, targeted, coordinator a replica:
        // P(consistent at t) = 1/3 for t < 9 and 1 from t = 10 on (the write reaches the other
        // replicas at 10 ms; the engine's curve, checked with pbs predict --coordinator-replica).
        // Round trips of 4.5 ms; the reads at t = 5 and t = 8 were sent 1 ms late on average, those at
        // 0 on time: t = 0 -> 4.5 (1/3); t = 5 -> 5 + 1 + 4.5 = 10.5 (1), which neither the lag alone
        // (6) nor the round trip alone (9.5) reaches; t = 8 -> 13.5 (1).
        LatencyProfile profile = constantDelays();
        ObservationSettings settings = new ObservationSettings(1, 1, 100, 10, new double[] {0, 5, 8});
        org.HdrHistogram.Histogram latencies = new org.HdrHistogram.Histogram(60_000_000L, 3);
        latencies.recordValue(4_000);
        org.HdrHistogram.Histogram roundTrips = new org.HdrHistogram.Histogram(60_000_000L, 3);
        roundTrips.recordValue(4_500);
        RawObservation raw = new RawObservation(
                settings,
                100,
                0,
                0,
                new long[] {100, 100, 100},
                new long[] {30, 100, 100},
                new long[] {0, 100_000, 100_000},
                CoordinatorReplicaCounts.NONE,
                true,
                roundTrips,
                new org.HdrHistogram.Histogram(60_000_000L, 3),
                latencies,
                latencies.copy(),
                ReadPathTally.none(3));

        ObservedStaleness compared = StalenessObserver.compare(raw, profile, 3, 0);

        assertThat(compared.points().get(0).predicted()).isCloseTo(1.0 / 3, within(0.002));
        assertThat(compared.points().get(1).predicted()).isEqualTo(1.0);
        assertThat(compared.points().get(2).predicted()).isEqualTo(1.0);
        assertThat(compared.points().get(0).meanLagMillis()).isZero();
        assertThat(compared.points().get(1).meanLagMillis()).isEqualTo(1.0);
        assertThat(compared.meanClientGapMillis()).isCloseTo(4.5, within(0.01));
        // Observed 0.30 against 1/3 at t = 0, 1 against 1 after.
        assertThat(compared.rmse()).isCloseTo(Math.sqrt(Math.pow(0.3 - 1.0 / 3, 2) / 3), within(0.002));
    }

    @Test
    void compare_noReadAnswered_comparesNothing() {
        LatencyProfile profile = constantDelays();
        ObservationSettings settings = new ObservationSettings(1, 1, 100, 10, new double[] {0});
        org.HdrHistogram.Histogram empty = new org.HdrHistogram.Histogram(60_000_000L, 3);
        RawObservation raw = new RawObservation(
                settings,
                0,
                10,
                0,
                new long[] {0},
                new long[] {0},
                new long[] {0},
                CoordinatorReplicaCounts.NONE,
                false,
                empty,
                empty,
                empty,
                empty,
                ReadPathTally.none(1));
        ObservedStaleness compared = StalenessObserver.compare(raw, profile, 3, 0);
        // No read answered at the only t: nothing to compare, and no exception.
        assertThat(compared.points()).isEmpty();
        assertThat(compared.latencies()).isEmpty();
    }

    @Test
    void settings_badGrid_isRefused() {
        assertThatThrownBy(() -> new ObservationSettings(1, 1, 100, 10, new double[] {5, 1}))
                .hasMessageContaining("ascending");
        assertThatThrownBy(() -> new ObservationSettings(1, 1, 100, 10, new double[] {-1}))
                .hasMessageContaining("[0, 10000]");
        assertThatThrownBy(() -> new ObservationSettings(1, 1, 5, 10, new double[] {0}))
                .hasMessageContaining("--observe-writes");
        assertThatThrownBy(() -> new ObservationSettings(1, 1, 100, 0, new double[] {0}))
                .hasMessageContaining("--observe-rate");
    }

    @Test
    void predict_constantDelays_matchesTheHandComputedCurve() {
        // W = 10 ms, A = R = S = 1 ms, coordinator separate, N = 3, R = W = 1, targeted reads:
        // the write commits at 11 ms; a read sent t ms later reaches a replica at 11 + t + 1, which
        // has the write (it arrived at 10 ms) for every t >= 0. So P(consistent) = 1 everywhere.
        LatencyProfile allFresh = constantDelays();
        ObservationSettings settings = new ObservationSettings(1, 1, 100, 10, new double[] {0, 1, 5});
        ConfigurationResult separate = StalenessObserver.predict(allFresh, 3, settings, CoordinatorReplicaShare.NEVER);
        assertThat(separate.consistentAt(0).estimate()).isEqualTo(1.0);
        // With the coordinator as a replica (local messages take no time), the write commits at once
        // on the coordinator's own replica; a read sent at t reaches another replica at t + 1 and
        // finds the write only if t + 1 >= 10. The read goes to the write coordinator's replica with
        // probability 1/3 (targeted, R = 1 of 3), so P(consistent at t < 9) = 1/3.
        ConfigurationResult local = StalenessObserver.predict(allFresh, 3, settings, CoordinatorReplicaShare.ALWAYS);
        assertThat(local.consistentAt(0).estimate()).isCloseTo(1.0 / 3, within(0.002));
        assertThat(local.consistentAt(5).estimate()).isCloseTo(1.0 / 3, within(0.002));
    }

    @Test
    void compare_roundRobinOverMoreNodesThanReplicas_predictsFromTheMeasuredShare() {
        // RF 2 on 3 nodes, round robin: about 2/3 of the writes and of the reads went through a
        // replica of their key (counted: 200 of 300 writes, 400 of 600 reads). Constant delays W =
        // 10, A = R = S = 1, R = W = 1, targeted. Coordinators apart from the replicas: the write
        // commits at 11 ms, after it reached both replicas (10 ms), so every read is fresh. A
        // coordinator on a replica commits at once on its own replica, and a read of the other one
        // before 9 ms is stale. The measured share lies between the two, and so does its prediction.
        LatencyProfile profile = constantDelays();
        ObservationSettings settings = new ObservationSettings(1, 1, 300, 10, new double[] {0, 5, 20});
        RawObservation measured = withCoordinators(settings, new CoordinatorReplicaCounts(200, 300, 400, 600));
        RawObservation apart = withCoordinators(settings, CoordinatorReplicaCounts.all(false, 300, 600));
        RawObservation onReplicas = withCoordinators(settings, CoordinatorReplicaCounts.all(true, 300, 600));

        ObservedStaleness partly = StalenessObserver.compare(measured, profile, 2, 0);
        ObservedStaleness never = StalenessObserver.compare(apart, profile, 2, 0);
        ObservedStaleness always = StalenessObserver.compare(onReplicas, profile, 2, 0);

        assertThat(partly.coordinatorReplicaShare()).isEqualTo(CoordinatorReplicaShare.of(2.0 / 3, 2.0 / 3));
        assertThat(never.coordinatorReplicaShare()).isEqualTo(CoordinatorReplicaShare.NEVER);
        assertThat(always.coordinatorReplicaShare()).isEqualTo(CoordinatorReplicaShare.ALWAYS);
        double atZeroPartly = partly.points().get(0).predicted();
        double atZeroNever = never.points().get(0).predicted();
        double atZeroAlways = always.points().get(0).predicted();
        assertThat(atZeroNever).isEqualTo(1.0);
        assertThat(atZeroAlways).isLessThan(0.95);
        assertThat(atZeroPartly).isGreaterThan(atZeroAlways + 0.05).isLessThan(atZeroNever - 0.05);
        // Once the write has reached every replica, placement no longer matters.
        assertThat(partly.points().get(2).predicted()).isEqualTo(1.0);
        // The same share straight to the engine gives the same curve.
        assertThat(StalenessObserver.predict(profile, 2, settings, CoordinatorReplicaShare.uniform(2.0 / 3))
                        .consistentAt(0)
                        .estimate())
                .isEqualTo(atZeroPartly);
    }

    /** 300 writes, each read fresh at every t, the coordinators counted as {@code counts} say. */
    private static RawObservation withCoordinators(ObservationSettings settings, CoordinatorReplicaCounts counts) {
        org.HdrHistogram.Histogram empty = new org.HdrHistogram.Histogram(60_000_000L, 3);
        int points = settings.delaysMillis().length;
        long[] reads = new long[points];
        java.util.Arrays.fill(reads, 300);
        return new RawObservation(
                settings,
                300,
                0,
                0,
                reads,
                reads.clone(),
                new long[points],
                counts,
                false,
                empty,
                empty,
                empty,
                empty,
                ReadPathTally.none(points));
    }
}
