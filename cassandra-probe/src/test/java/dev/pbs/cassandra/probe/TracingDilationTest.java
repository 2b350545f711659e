package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.profile.LatencyProfile;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class TracingDilationTest {

    @Test
    void multiplier_constantParts_solvesExactly() {
        // H is 2 ms everywhere, X 1 ms: every quantile of H + c X is 2 + c; 2.25 needs c = 0.25.
        CoupledSum roundTrip = CoupledSum.independent(constant(2.0), 100);
        double[] parts = constant(1.0);
        assertThat(CorrectionStep.multiplier(roundTrip, parts, targets(2.25))).isCloseTo(0.25, within(1e-6));
        // Nothing to explain beyond the round trip: the smallest multiplier.
        assertThat(CorrectionStep.multiplier(roundTrip, parts, targets(1.5)))
                .isEqualTo(1 / TracingDilation.LARGEST_FACTOR);
        // More than the largest multiplier can explain: the largest.
        assertThat(CorrectionStep.multiplier(roundTrip, parts, targets(1000)))
                .isEqualTo(TracingDilation.LARGEST_FACTOR);
    }

    @Test
    void multiplier_spreadParts_fitsTheWholeDistributionNotOnlyTheMedian() {
        // X uniform on the grid 0..99 ms, H 1 ms: the quantile q of H + c X is about 1 + c q.
        // Targets made with c = 0.1 are found again, at every percentile at once.
        CoupledSum roundTrip = CoupledSum.independent(constant(1.0), 100);
        double[] parts = new double[100];
        for (int level = 0; level < parts.length; level++) {
            parts[level] = level;
        }
        double[] targets = CorrectionStep.quantilesOfSum(roundTrip, parts, 0.1);
        assertThat(CorrectionStep.multiplier(roundTrip, parts, targets)).isCloseTo(0.1, within(1e-4));
        // A tail longer than the body says is weighed too: the fit lies between the two.
        double[] heavier = targets.clone();
        heavier[heavier.length - 1] *= 2;
        assertThat(CorrectionStep.multiplier(roundTrip, parts, heavier)).isStrictlyBetween(0.1, 0.2);
    }

    @Test
    void quantilesOfSum_spreadParts_readsEveryPairsSum() {
        CoupledSum roundTrip = CoupledSum.independent(new double[] {1, 2, 3}, 3);
        double[] parts = {0, 10, 20};
        // Sums with c = 1: {1,2,3,11,12,13,21,22,23}: the median 12, p75 21, p99 just under 23.
        double[] quantiles = CorrectionStep.quantilesOfSum(roundTrip, parts, 1);
        assertThat(quantiles[0]).isEqualTo(12);
        assertThat(quantiles[1]).isEqualTo(21);
        assertThat(quantiles[4]).isCloseTo(22.92, within(1e-9));
        // With c = 0.1: {1,2,2,3,3,3,4,4,5}: the median 3.
        assertThat(CorrectionStep.quantilesOfSum(roundTrip, parts, 0.1)[0]).isCloseTo(3, within(1e-9));
    }

    @Test
    void multiplier_clientPartSlowWithTheCoordinators_isFoundOnlyWhenCoupled() {
        // H log-uniform from 0.05 to 50 ms, X log-uniform from 0.1 to 100 ms, and untraced
        // operations that took H + X / 2 with the two comonotone: the slowest client parts with the
        // slowest coordinator parts. Coupled as they were, the step finds c = 1/2 exactly; taken as
        // independent, the sums' body is too long and their tail too short for any c.
        double[] client = logUniformParts();
        for (int level = 0; level < client.length; level++) {
            client[level] /= 2;
        }
        double[] parts = logUniformParts();
        CoupledSum comonotone = CoupledSum.of(client, parts.length, 1);
        double[] targets = CorrectionStep.quantilesOfSum(comonotone, parts, 0.5);
        assertThat(CorrectionStep.multiplier(comonotone, parts, targets)).isCloseTo(0.5, within(1e-4));
        assertThat(CorrectionStep.logError(comonotone, parts, 0.5, targets)).isLessThan(1e-12);
        CoupledSum independent = CoupledSum.independent(client, parts.length);
        double best = CorrectionStep.multiplier(independent, parts, targets);
        assertThat(CorrectionStep.logError(independent, parts, best, targets)).isGreaterThan(0.01);
    }

    /** X log-uniform from 0.1 to 100 ms (its median 3.16 ms), as 100 quantiles. */
    private static double[] logUniformParts() {
        double[] parts = new double[100];
        for (int level = 0; level < parts.length; level++) {
            parts[level] = 0.1 * Math.pow(1000, (level + 0.5) / parts.length);
        }
        return parts;
    }

    private static double[] targets(double value) {
        double[] targets = new double[TracingDilation.CALIBRATION_PERCENTILES.length];
        java.util.Arrays.fill(targets, value);
        return targets;
    }

    @Test
    void step_partsWithALongerTailThanTheUntraced_findsTheExponent() {
        // X log-uniform from 0.1 to 100 ms (its median 3.16 ms), H 0.5 ms. Untraced made with c = 0.5
        // and b = 0.6: the body halved, the tail compressed. The step finds both again, where a
        // multiplier alone cannot fit the median and p99 together.
        CoupledSum roundTrip = CoupledSum.independent(constant(0.5), 100);
        double[] parts = logUniformParts();
        double median = parts[parts.length / 2];
        double[] targets = CorrectionStep.quantilesOfSum(roundTrip, CorrectionStep.reshaped(parts, 0.6, median), 0.5);
        double[] step = CorrectionStep.find(roundTrip, parts, targets);
        assertThat(step[0]).isCloseTo(0.5, within(0.01));
        assertThat(step[1]).isCloseTo(0.6, within(0.01));
        double alone = CorrectionStep.multiplier(roundTrip, parts, targets);
        assertThat(CorrectionStep.logError(roundTrip, parts, alone, targets)).isGreaterThan(0.1);
        // Targets a multiplier explains keep the exponent at 1.
        double[] plain = CorrectionStep.find(roundTrip, parts, CorrectionStep.quantilesOfSum(roundTrip, parts, 0.25));
        assertThat(plain[0]).isCloseTo(0.25, within(0.005));
        assertThat(plain[1]).isCloseTo(1, within(0.01));
    }

    @Test
    void step_partsWithALongerBodyThanTheUntraced_findsTheShift() {
        // X log-uniform from 0.1 to 100 ms, H 0.5 ms. Untraced made with c = 0.8 and a shift of 2 ms:
        // tracing's constant cost taken off every delay, so the body shrinks far more than the tail,
        // which neither a multiplier nor an exponent below 1 can do. The step finds both again.
        CoupledSum roundTrip = CoupledSum.independent(constant(0.5), 100);
        double[] parts = logUniformParts();
        double[] targets = CorrectionStep.quantilesOfSum(roundTrip, CorrectionStep.shiftedParts(parts, 0.8, 2), 1);
        CorrectionStep.ShiftBounds bounds = new CorrectionStep.ShiftBounds(1, 0, 1, 10);
        double[] step = CorrectionStep.find(roundTrip, parts, targets, true, bounds);
        assertThat(step[0]).isCloseTo(0.8, within(0.01));
        assertThat(step[1]).isEqualTo(1);
        assertThat(step[2]).isCloseTo(2, within(0.05));
        double[] bent = CorrectionStep.find(roundTrip, parts, targets);
        double bentError = CorrectionStep.logError(
                roundTrip, CorrectionStep.reshaped(parts, bent[1], parts[parts.length / 2]), bent[0], targets);
        assertThat(bentError).isGreaterThan(0.01);
        // Not allowed to shift (the path already bends), it bends or multiplies only.
        assertThat(CorrectionStep.find(roundTrip, parts, targets, true, null)[2])
                .isZero();
        // Bounds hold: a cap of 1 ms keeps the shift at 1 ms, however much more would fit.
        CorrectionStep.ShiftBounds capped = new CorrectionStep.ShiftBounds(1, 0, 1, 1);
        assertThat(CorrectionStep.find(roundTrip, parts, targets, false, capped)[2])
                .isCloseTo(1, within(1e-9));
        // Targets an exponent explains keep the shift at 0, and a path that shifts cannot bend.
        double median = parts[parts.length / 2];
        double[] powered = CorrectionStep.quantilesOfSum(roundTrip, CorrectionStep.reshaped(parts, 0.6, median), 0.5);
        double[] step2 = CorrectionStep.find(roundTrip, parts, powered, true, bounds);
        assertThat(step2[1]).isCloseTo(0.6, within(0.01));
        assertThat(step2[2]).isZero();
        assertThat(CorrectionStep.find(roundTrip, parts, powered, false, bounds)[1])
                .isEqualTo(1);
    }

    @Test
    void step_searchOutOfEvaluations_keepsTheBestPointItEvaluated() {
        // The same targets as above, with too few evaluations for the simplex to converge: the
        // step still answers, with an error no worse than the multiplier's alone, and near the
        // exponent that made the targets.
        CoupledSum roundTrip = CoupledSum.independent(constant(0.5), 100);
        double[] parts = logUniformParts();
        double median = parts[parts.length / 2];
        double[] targets = CorrectionStep.quantilesOfSum(roundTrip, CorrectionStep.reshaped(parts, 0.6, median), 0.5);
        double[] step = CorrectionStep.find(roundTrip, parts, targets, 40);
        double alone = CorrectionStep.multiplier(roundTrip, parts, targets);
        double reached =
                CorrectionStep.logError(roundTrip, CorrectionStep.reshaped(parts, step[1], median), step[0], targets);
        assertThat(reached).isLessThan(CorrectionStep.logError(roundTrip, parts, alone, targets));
        assertThat(step[1]).isLessThan(1);
    }

    @Test
    void estimate_oneReplica_correctsNothingAndSaysWhy() {
        ProbeSnapshot snapshot = snapshot(1, 3, new ClientLatencies());
        TracingDilation.Corrections factors = TracingDilation.estimate(snapshot, ignored -> {
            throw new AssertionError("no profile is needed");
        });
        assertThat(factors.isNone()).isTrue();
        assertThat(factors.explanation()).contains("with one replica per key");
    }

    @Test
    void estimate_tooFewTimings_correctsNothingAndSaysWhy() {
        WarsRecorder recorder = new WarsRecorder();
        for (String replica : List.of("127.0.0.1", "127.0.0.2", "127.0.0.3")) {
            recorder.record(new ReplicaDelays(replica, Operation.WRITE, 1000, 500));
            recorder.record(new ReplicaDelays(replica, Operation.READ, 1000, 500));
        }
        recorder.recordLocal(new ReplicaDelays("127.0.0.1", Operation.WRITE, 800, 0));
        recorder.recordLocal(new ReplicaDelays("127.0.0.1", Operation.READ, 600, 300));
        ProbeSnapshot snapshot = snapshot(3, 3, new ClientLatencies(), recorder);
        LatencyProfile profile = MeasuredProfile.of(snapshot, "measured");
        assertThat(profile.provenance())
                .contains("No tracing dilation was corrected: fewer than " + TracingDilation.MINIMUM_SAMPLES);
    }

    @Test
    void estimate_untracedOperationsFasterThanTraced_dividesTheDelaysUntilTheyMatch() {
        // Every traced delay is 4 times what the untraced operations show: local W 2 ms and A 0,
        // remote W 8 ms and A 4 ms, local R 2 ms and S 0, remote R 8 ms and S 4 ms. Untraced, with a
        // round trip of 1 ms: a write at ONE takes 1 + 0.5 (the local write), at TWO 1 + 3 (the
        // fastest remote W + A), a read at ONE (always local) 1 + 0.5, at TWO 1 + 3 (local and remote).
        WarsRecorder recorder = tracedAtFourTimes(List.of("127.0.0.1", "127.0.0.2", "127.0.0.3"));
        ClientLatencies client = new ClientLatencies();
        for (int i = 0; i < 100; i++) {
            timedAtOneAndTwo(client);
        }
        ProbeSnapshot snapshot = snapshot(3, 3, client, recorder);
        TracingDilation.Corrections corrections = TracingDilation.estimate(
                snapshot, candidate -> MeasuredProfile.traced(snapshot, candidate, "measured"));
        // Each path's traced-to-untraced ratio, at each path's delays.
        assertThat(corrections.localWrite().divisorAt(2)).isCloseTo(4, within(0.05));
        assertThat(corrections.remoteWrite().divisorAt(8)).isCloseTo(4, within(0.05));
        assertThat(corrections.remoteWrite().divisorAt(4)).isCloseTo(4, within(0.1));
        assertThat(corrections.localRead().divisorAt(2)).isCloseTo(4, within(0.05));
        assertThat(corrections.remoteRead().divisorAt(8)).isCloseTo(4, within(0.05));
        // No read was timed through a node that is not a replica: the reads at TWO calibrate.
        assertThat(corrections.explanation()).contains("reads at TWO");
    }

    @Test
    void estimate_twoReplicasOrMore_calibrateWritesOnTwo_readsThroughOtherNodes() {
        // Traced as above (every delay 4 times the untraced one), the timings at TWO as above
        // (1 + 3). Through a node that is not a replica, reads take 1 + 3 (one replica's R + S) and
        // writes 1 + 11, which would divide by about 1.1: with three replicas per key the writes at
        // TWO calibrate the other replicas' W and A, the reads through other nodes their R and S.
        ProbeSnapshot snapshot = timedThroughOtherNodesToo();
        TracingDilation.Corrections corrections = TracingDilation.estimate(
                snapshot, candidate -> MeasuredProfile.traced(snapshot, candidate, "measured"));
        assertThat(corrections.remoteWrite().divisorAt(8)).isCloseTo(4, within(0.05));
        assertThat(corrections.remoteRead().divisorAt(8)).isCloseTo(4, within(0.05));
        assertThat(corrections.explanation())
                .contains("writes at TWO")
                .contains("reads at ONE through a node that is not a replica")
                .doesNotContain("reads at TWO")
                .doesNotContain("Untraced writes at ONE through a node that is not a replica took")
                .contains("Untraced writes at ONE through a node that is not a replica (not calibrated on) took 12.007 "
                        + "ms at the median");
    }

    @Test
    void estimate_writesThroughOtherNodesAllowed_calibrateTheOtherReplicasWrites() {
        // As above, but the writes through a node that is not a replica (1 + 11 ms) calibrate the
        // other replicas' W and A: the earlier of three replicas' W + A must take 11 ms, so their
        // traced 12 ms is divided by about 1.1, far less than the writes at TWO would (4); those are
        // then reported, not calibrated on.
        ProbeSnapshot snapshot = timedThroughOtherNodesToo();
        TracingDilation.Corrections corrections = TracingDilation.estimate(
                snapshot, candidate -> MeasuredProfile.traced(snapshot, candidate, "measured"), true);
        assertThat(corrections.remoteWrite().divisorAt(8)).isBetween(1.0, 1.2);
        assertThat(corrections.remoteRead().divisorAt(8)).isCloseTo(4, within(0.05));
        assertThat(corrections.explanation())
                .contains("Untraced writes at ONE through a node that is not a replica took 12.007 ms at the median")
                .contains("Untraced writes at TWO (not calibrated on) took 4.001 ms at the median");
    }

    @Test
    void estimate_readsAtOneSplitBetweenTheReplicas_settlesOnBothReadPaths() {
        // Traced as above, but the coordinators read their own replica in 3 reads at ONE of 5 (the
        // other 2 go to another replica): untraced, 60% of the reads at ONE take 1 + 0.5 ms and 40%
        // 1 + 3, so both read paths act on them, and on the reads at TWO: the corrections must still
        // settle, before the last round, on 4 each.
        WarsRecorder recorder = tracedAtFourTimes(List.of("127.0.0.1", "127.0.0.2", "127.0.0.3"), 3);
        ClientLatencies client = new ClientLatencies();
        for (int i = 0; i < 100; i++) {
            client.roundTrip(1000);
            client.untraced(Operation.WRITE, 1, 1500);
            client.untraced(Operation.WRITE, 2, 4000);
            client.untraced(Operation.READ, 1, i % 5 < 3 ? 1500 : 4000);
            client.untraced(Operation.READ, 2, 4000);
        }
        ProbeSnapshot snapshot = snapshot(3, 3, client, recorder);
        TracingDilation.Corrections corrections = TracingDilation.estimate(
                snapshot, candidate -> MeasuredProfile.traced(snapshot, candidate, "measured"));
        assertThat(corrections.localRead().divisorAt(2)).isCloseTo(4, within(0.1));
        assertThat(corrections.remoteRead().divisorAt(8)).isCloseTo(4, within(0.1));
        java.util.regex.Matcher rounds =
                java.util.regex.Pattern.compile("Found in (\\d+) rounds").matcher(corrections.explanation());
        assertThat(rounds.find()).isTrue();
        assertThat(Integer.parseInt(rounds.group(1))).isLessThan(TracingDilation.ROUNDS);
    }

    @Test
    void estimate_oneReplicaWithTimingsThroughOtherNodes_calibratesBothPaths() {
        // One replica per key on two nodes: no TWO, but the other node's timings calibrate the
        // path to the replica (traced W 8, A 4, R 8, S 4 ms; untraced through the other node 1 + 3).
        WarsRecorder recorder = tracedAtFourTimes(List.of("127.0.0.1"));
        ClientLatencies client = new ClientLatencies();
        for (int i = 0; i < 100; i++) {
            client.roundTrip(1000);
            client.untraced(Operation.WRITE, 1, 1500);
            client.untraced(Operation.READ, 1, 1500);
            client.untracedThroughOther(Operation.WRITE, 4000);
            client.untracedThroughOther(Operation.READ, 4000);
        }
        ProbeSnapshot snapshot = snapshot(1, 2, client, recorder);
        TracingDilation.Corrections corrections = TracingDilation.estimate(
                snapshot, candidate -> MeasuredProfile.traced(snapshot, candidate, "measured"));
        assertThat(corrections.remoteWrite().divisorAt(8)).isCloseTo(4, within(0.05));
        assertThat(corrections.remoteRead().divisorAt(8)).isCloseTo(4, within(0.05));
        assertThat(corrections.localRead().divisorAt(2)).isCloseTo(4, within(0.05));
        assertThat(corrections.explanation()).contains("reads at ONE through a node that is not a replica");
    }

    @Test
    void estimate_twoReplicasWithWritesThroughOtherNodesAndPairs_fitsHowTheirPathsMoveTogether() {
        // Two replicas of three nodes, traced and timed as above, writes through the node that is not
        // a replica timed too, and the traced writes' two paths paired (correlated as ranks): the
        // writes through the other node fit the correlation between the replicas' writes instead of
        // only being reported. With constant delays the earlier path is the same whatever the
        // correlation, so the measured one stays.
        WarsRecorder recorder = tracedAtFourTimes(List.of("127.0.0.1", "127.0.0.2"));
        ClientLatencies client = new ClientLatencies();
        for (int i = 0; i < 100; i++) {
            timedAtOneAndTwo(client);
            client.untracedThroughOther(Operation.WRITE, 4000);
            client.untracedThroughOther(Operation.READ, 4000);
        }
        ProbeSnapshot traced = snapshot(2, 3, client, recorder);
        List<double[]> pairs = new java.util.ArrayList<>();
        for (int i = 0; i < 100; i++) {
            pairs.add(new double[] {i, i + 40 * (i % 3)});
        }
        MessagePairs.Pairs between = MessagePairs.Pairs.of(pairs, pairs.size());
        ProbeSnapshot snapshot = traced.withPairs(new MessagePairs.Snapshot(
                between,
                MessagePairs.Pairs.NONE,
                MessagePairs.Pairs.NONE,
                MessagePairs.Pairs.NONE,
                MessagePairs.Pairs.NONE));
        double measured = snapshot.pairs().correlation().writesBetweenReplicas();
        assertThat(measured).isGreaterThan(0);
        TracingDilation.Corrections corrections = TracingDilation.estimate(
                snapshot, candidate -> MeasuredProfile.traced(snapshot, candidate, "measured"));
        assertThat(corrections.writesBetweenReplicas()).isEqualTo(measured);
        assertThat(corrections.explanation())
                .contains("The two replicas' writes move together more than traced writes show")
                .doesNotContain("(not calibrated on)");
        assertThat(MeasuredProfile.of(snapshot, "measured").messageCorrelation().writesBetweenReplicas())
                .isEqualTo(measured);
        // Without the traced pairs there is no correlation to start from: reported, not fitted.
        TracingDilation.Corrections unpaired =
                TracingDilation.estimate(traced, candidate -> MeasuredProfile.traced(traced, candidate, "measured"));
        assertThat(unpaired.writesBetweenReplicas()).isNaN();
        assertThat(unpaired.explanation()).contains("(not calibrated on)");
    }

    /**
     * Three replicas of four nodes, traced as {@link #tracedAtFourTimes(List)} says, timed at ONE
     * and TWO as {@link #timedAtOneAndTwo} says, and through the node that is not a replica: writes
     * 1 + 11 ms, reads 1 + 3 ms.
     */
    private static ProbeSnapshot timedThroughOtherNodesToo() {
        WarsRecorder recorder = tracedAtFourTimes(List.of("127.0.0.1", "127.0.0.2", "127.0.0.3"));
        ClientLatencies client = new ClientLatencies();
        for (int i = 0; i < 100; i++) {
            timedAtOneAndTwo(client);
            client.untracedThroughOther(Operation.WRITE, 12000);
            client.untracedThroughOther(Operation.READ, 4000);
        }
        return snapshot(3, 4, client, recorder);
    }

    /**
     * Traced delays 4 times the untraced ones: each of {@code replicas} W 8 ms, A 4, R 8, S 4; the
     * coordinator's own replica (127.0.0.1) W 2 ms, A 0, R 2, S 0, its reads at ONE served locally.
     */
    private static WarsRecorder tracedAtFourTimes(List<String> replicas) {
        return tracedAtFourTimes(replicas, 5);
    }

    /**
     * As {@link #tracedAtFourTimes(List)}, with {@code localOfFive} of every 5 traced reads at ONE
     * served by the coordinator's own replica, the others sent to another replica.
     */
    private static WarsRecorder tracedAtFourTimes(List<String> replicas, int localOfFive) {
        WarsRecorder recorder = new WarsRecorder();
        for (String replica : replicas) {
            for (int i = 0; i < 50; i++) {
                recorder.record(new ReplicaDelays(replica, Operation.WRITE, 8000, 4000));
                recorder.record(new ReplicaDelays(replica, Operation.READ, 8000, 4000));
            }
        }
        for (int i = 0; i < 50; i++) {
            recorder.recordLocal(new ReplicaDelays("127.0.0.1", Operation.WRITE, 2000, 0));
            recorder.recordLocal(new ReplicaDelays("127.0.0.1", Operation.READ, 2000, 0));
            recorder.countReadTarget(i % 5 < localOfFive);
        }
        return recorder;
    }

    /** One untraced round of what {@link #tracedAtFourTimes} gives: a 1 ms round trip, ONE 1 + 0.5, TWO 1 + 3. */
    private static void timedAtOneAndTwo(ClientLatencies client) {
        client.roundTrip(1000);
        client.untraced(Operation.WRITE, 1, 1500);
        client.untraced(Operation.WRITE, 2, 4000);
        client.untraced(Operation.READ, 1, 1500);
        client.untraced(Operation.READ, 2, 4000);
    }

    private static double[] constant(double value) {
        double[] values = new double[100];
        java.util.Arrays.fill(values, value);
        return values;
    }

    private static ProbeSnapshot snapshot(int replicationFactor, int nodes, ClientLatencies client) {
        return snapshot(replicationFactor, nodes, client, new WarsRecorder());
    }

    /** A snapshot of {@code nodes} healthy nodes 127.0.0.1 onwards, with what was recorded. */
    static ProbeSnapshot snapshot(int replicationFactor, int nodes, ClientLatencies client, WarsRecorder recorder) {
        NodeHealth health = new NodeHealth();
        for (int i = 1; i <= nodes; i++) {
            health.know("127.0.0." + i, true);
        }
        return new ProbeSnapshot(
                "test-cluster",
                "5.0.6",
                "datacenter1",
                replicationFactor,
                Instant.parse("2026-12-01T10:00:00Z"),
                Instant.parse("2026-12-01T10:01:00Z"),
                new ProbeCounters(100, 100, 0, 0, 20, 20, 0, 0),
                recorder.snapshot(),
                health.report(),
                recorder.localSnapshot(),
                recorder.readTargets(),
                client.snapshot());
    }
}
