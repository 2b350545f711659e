package dev.pbs.cassandra.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.cassandra.probe.ClientLatencies;
import dev.pbs.cassandra.probe.MeasuredProfile;
import dev.pbs.cassandra.probe.NodeHealth;
import dev.pbs.cassandra.probe.Operation;
import dev.pbs.cassandra.probe.ProbeCounters;
import dev.pbs.cassandra.probe.ProbeSnapshot;
import dev.pbs.cassandra.probe.ReplicaDelays;
import dev.pbs.cassandra.probe.UntracedKind;
import dev.pbs.cassandra.probe.WarsRecorder;
import dev.pbs.model.profile.LatencyProfile;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class CalibrationTest {

    private static final List<String> REPLICAS = List.of("127.0.0.1", "127.0.0.2", "127.0.0.3");

    @Test
    void shorten_takesTheCostOffThenDividesButNeverBelowTheSmallestFraction() {
        assertThat(TracingCost.shorten(10, new TracingCost.PathCost(1, 1), 0.02))
                .isEqualTo(9);
        assertThat(TracingCost.shorten(10, new TracingCost.PathCost(2, 2), 0.02))
                .isEqualTo(4);
        assertThat(TracingCost.shorten(1, new TracingCost.PathCost(5, 1), 0.02)).isCloseTo(0.02, within(1e-12));
        assertThat(TracingCost.shorten(0, new TracingCost.PathCost(5, 1), 0.02)).isZero();
    }

    @Test
    void of_tracingAddsAConstant_reproducesTheUntracedOperationsWithoutMuchStretch() {
        // One replica per key on three nodes: operations at ONE through a node that is not a replica
        // wait for exactly the replica's W + A (R + S). Traced delays are the untraced ones plus 0.4 ms
        // per write message and 0.7 ms per read message. A cost and a stretch trade against each other
        // within the sampling of the body, so the test asks for what the calibration promises: the
        // untraced operations reproduced, by a cost close to the one added and a stretch close to 1.
        TracingCost found = calibrateAgainst(1, 400, 700, 1, 1);

        assertThat(found.otherWrite().costMillis()).isBetween(0.2, 0.5);
        assertThat(found.otherWrite().stretch()).isBetween(1.0, 1.1);
        assertThat(found.otherRead().costMillis()).isBetween(0.4, 0.8);
        assertThat(found.otherRead().stretch()).isBetween(1.0, 1.1);
        assertThat(found.ownWrite()).isEqualTo(TracingCost.PathCost.NONE);
        assertThat(found.ownRead()).isEqualTo(TracingCost.PathCost.NONE);
    }

    @Test
    void of_tracingStretchesEveryDelay_findsAStretchOfEachPath() {
        // Traced delays twice the untraced ones on writes and one and a half times on reads.
        TracingCost found = calibrateAgainst(1, 0, 0, 2, 1.5);

        assertThat(found.otherWrite().stretch()).isBetween(1.7, 2.1);
        assertThat(found.otherRead().stretch()).isBetween(1.3, 1.6);
    }

    /**
     * Calibrates traced delays that are the untraced ones (spread from 0.5 to 20 ms one way, 0.5 to 10
     * ms back) times a stretch plus a cost per message, against untraced operations at ONE through a
     * node that is not the key's one replica, made by the engine from the untraced delays with a
     * client's part spread from 0.5 to 1.5 ms.
     */
    private static TracingCost calibrateAgainst(
            int replicas, long writeCostMicros, long readCostMicros, double writeStretch, double readStretch) {
        WarsRecorder untraced = new WarsRecorder();
        WarsRecorder traced = new WarsRecorder();
        for (int i = 0; i < 400; i++) {
            long outbound = 500 + (long) (19_500 * Math.pow((i * 37 % 400) / 400.0, 3));
            long back = 500 + (long) (9_500 * Math.pow((i * 73 % 400) / 400.0, 3));
            untraced.record(new ReplicaDelays("127.0.0.1", Operation.WRITE, outbound, back));
            untraced.record(new ReplicaDelays("127.0.0.1", Operation.READ, outbound, back));
            traced.record(new ReplicaDelays(
                    "127.0.0.1",
                    Operation.WRITE,
                    Math.round(outbound * writeStretch) + writeCostMicros,
                    Math.round(back * writeStretch) + writeCostMicros));
            traced.record(new ReplicaDelays(
                    "127.0.0.1",
                    Operation.READ,
                    Math.round(outbound * readStretch) + readCostMicros,
                    Math.round(back * readStretch) + readCostMicros));
        }
        LatencyProfile truth = MeasuredProfile.asTraced(snapshot(replicas, 3, new ClientLatencies(), untraced), "true");
        var parts = UntracedOperation.coordinatorParts(
                truth,
                replicas,
                java.util.EnumSet.of(
                        UntracedOperation.WRITE_AT_ONE_THROUGH_OTHER, UntracedOperation.READ_AT_ONE_THROUGH_OTHER),
                CalibrationSettings.DEFAULT);
        ClientLatencies client = new ClientLatencies();
        for (int k = 0; k < 100; k++) {
            double h = 0.5 + k / 100.0;
            client.roundTrip(Math.round(h * 1000));
            for (double x : parts.get(UntracedOperation.WRITE_AT_ONE_THROUGH_OTHER)) {
                client.untraced(UntracedKind.WRITE_AT_ONE_THROUGH_OTHER, Math.round((h + x) * 1000));
            }
            for (double x : parts.get(UntracedOperation.READ_AT_ONE_THROUGH_OTHER)) {
                client.untraced(UntracedKind.READ_AT_ONE_THROUGH_OTHER, Math.round((h + x) * 1000));
            }
        }
        CalibratedProfile.Calibrated calibrated =
                CalibratedProfile.calibrated(snapshot(replicas, 3, client, traced), "measured");
        // What the calibration promises: the model, fed the calibrated delays, reproduces the untraced
        // operations at each calibration percentile within the settled fraction and the quantile grid.
        var calibratedParts = UntracedOperation.coordinatorParts(
                calibrated.profile(), replicas, parts.keySet(), CalibrationSettings.DEFAULT);
        double[] percentiles = CalibrationSettings.DEFAULT.percentileArray();
        double[] clientPart = UntracedOperation.quantiles(client.snapshot().roundTrips());
        for (UntracedOperation operation : parts.keySet()) {
            double[] predicted =
                    UntracedOperation.sumPercentiles(clientPart, calibratedParts.get(operation), percentiles);
            for (int k = 0; k < percentiles.length; k++) {
                double observed = operation.timed(client.snapshot()).getValueAtPercentile(percentiles[k]) / 1000.0;
                assertThat(predicted[k])
                        .as("%s at p%s", operation, percentiles[k])
                        .isCloseTo(observed, within(0.05 * observed));
            }
        }
        return calibrated.cost();
    }

    @Test
    void of_untracedSlowerThanTraced_takesNothingOff() {
        WarsRecorder recorder = tracedDelays(2000, 1000, 2000, 1000);
        local(recorder, 1000, 500, 500);
        ClientLatencies client = new ClientLatencies();
        for (int i = 0; i < 100; i++) {
            client.roundTrip(1000);
            client.untraced(UntracedKind.WRITE_AT_TWO_THROUGH_REPLICA, 9000);
            client.untraced(UntracedKind.READ_AT_TWO_THROUGH_REPLICA, 9000);
        }

        CalibratedProfile.Calibrated calibrated = CalibratedProfile.calibrated(snapshot(client, recorder), "measured");

        assertThat(calibrated.cost()).isEqualTo(TracingCost.NONE);
        assertThat(calibrated.explanation()).contains("writes at TWO through a replica of the key took 9.0");
    }

    @Test
    void of_tooFewTimings_takesNothingOffAndSaysWhy() {
        WarsRecorder recorder = tracedDelays(1000, 500, 1000, 500);
        local(recorder, 1000, 500, 500);
        ClientLatencies client = new ClientLatencies();
        for (int i = 0; i < 100; i++) {
            client.roundTrip(1000);
            client.untraced(UntracedKind.WRITE_AT_TWO_THROUGH_REPLICA, 900);
        }
        client.untraced(UntracedKind.READ_AT_TWO_THROUGH_REPLICA, 900);

        CalibratedProfile.Calibrated few = CalibratedProfile.calibrated(snapshot(client, recorder), "measured");
        CalibratedProfile.Calibrated none =
                CalibratedProfile.calibrated(snapshot(new ClientLatencies(), recorder), "measured");

        assertThat(few.cost().otherRead()).isEqualTo(TracingCost.PathCost.NONE);
        assertThat(few.cost().otherWrite()).isNotEqualTo(TracingCost.PathCost.NONE);
        assertThat(none.cost()).isEqualTo(TracingCost.NONE);
        assertThat(none.explanation()).contains("fewer than 40 refused requests");
    }

    private static WarsRecorder tracedDelays(long write, long acknowledgement, long read, long response) {
        WarsRecorder recorder = new WarsRecorder();
        for (String replica : REPLICAS) {
            for (int i = 0; i < 50; i++) {
                recorder.record(new ReplicaDelays(replica, Operation.WRITE, write, acknowledgement));
                recorder.record(new ReplicaDelays(replica, Operation.READ, read, response));
            }
        }
        return recorder;
    }

    private static void local(WarsRecorder recorder, long write, long read, long response) {
        for (int i = 0; i < 50; i++) {
            recorder.recordLocal(new ReplicaDelays("127.0.0.1", Operation.WRITE, write, 0));
            recorder.recordLocal(new ReplicaDelays("127.0.0.1", Operation.READ, read, response));
            recorder.countReadTarget(true);
        }
    }

    private static ProbeSnapshot snapshot(ClientLatencies client, WarsRecorder recorder) {
        return snapshot(REPLICAS.size(), REPLICAS.size(), client, recorder);
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
