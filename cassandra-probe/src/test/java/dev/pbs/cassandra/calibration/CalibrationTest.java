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
import dev.pbs.cassandra.probe.WarsRecorder;
import dev.pbs.model.profile.LatencyProfile;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class CalibrationTest {

    private static final List<String> REPLICAS = List.of("127.0.0.1", "127.0.0.2", "127.0.0.3");

    @Test
    void shorten_takesTheCostOffButNeverBelowTheSmallestFraction() {
        assertThat(TracingCost.shorten(10, 1, 0.02)).isEqualTo(9);
        assertThat(TracingCost.shorten(1, 5, 0.02)).isCloseTo(0.02, within(1e-12));
        assertThat(TracingCost.shorten(0, 5, 0.02)).isZero();
    }

    @Test
    void of_constantDelays_findsEachPathsCostPerMessage() {
        // Traced: the other replicas' W 8 and A 4 ms, R 8 and S 4 ms; the own replica's W 2 ms, R 1.5
        // and S 0.5 ms. Untraced, beside a 1 ms round trip, as if tracing had added 0.5 ms to the own
        // W, 1 ms to each other W and A, 0.25 ms to the own R and S and 1.5 ms to each other R and S:
        // a write at ONE through a replica takes 1 + 1.5 ms (its own replica), at TWO 1 + (7 + 3);
        // a read at ONE 1 + (1.25 + 0.25) (the own replica, always preferred), at TWO 1 + (6.5 + 2.5).
        WarsRecorder recorder = tracedDelays(8000, 4000, 8000, 4000);
        local(recorder, 2000, 1500, 500);
        ClientLatencies client = new ClientLatencies();
        for (int i = 0; i < 100; i++) {
            client.roundTrip(1000);
            client.untraced(Operation.WRITE, 1, 2500);
            client.untraced(Operation.WRITE, 2, 11000);
            client.untraced(Operation.READ, 1, 2500);
            client.untraced(Operation.READ, 2, 10000);
        }

        Calibration.Calibrated calibrated = MeasuredProfile.calibrated(snapshot(client, recorder), "measured");

        TracingCost cost = calibrated.cost();
        assertThat(cost.ownWriteMillis()).isCloseTo(0.5, within(0.02));
        assertThat(cost.otherWriteMillis()).isCloseTo(1.0, within(0.02));
        assertThat(cost.ownReadMillis()).isCloseTo(0.25, within(0.02));
        assertThat(cost.otherReadMillis()).isCloseTo(1.5, within(0.02));
        LatencyProfile profile = calibrated.profile();
        assertThat(profile.defaults().write().meanMillis()).isCloseTo(7.0, within(0.03));
        assertThat(profile.defaults().acknowledgement().meanMillis()).isCloseTo(3.0, within(0.03));
        assertThat(profile.defaults().read().meanMillis()).isCloseTo(6.5, within(0.03));
        assertThat(profile.defaults().response().meanMillis()).isCloseTo(2.5, within(0.03));
        assertThat(profile.coordinatorReplica().orElseThrow().local().write().meanMillis())
                .isCloseTo(1.5, within(0.03));
        assertThat(profile.provenance())
                .contains("Tracing's cost per message, fitted on the untraced operations")
                .contains("writes at TWO through a replica of the key took 11.0");
    }

    @Test
    void of_throughOtherNodes_calibratesTheOtherReplicasOnThem() {
        // One replica per key on three nodes: no operation at TWO, but operations at ONE through a
        // node that is not a replica wait for exactly the replica's W + A (R + S).
        WarsRecorder recorder = new WarsRecorder();
        for (int i = 0; i < 50; i++) {
            recorder.record(new ReplicaDelays("127.0.0.1", Operation.WRITE, 5000, 3000));
            recorder.record(new ReplicaDelays("127.0.0.1", Operation.READ, 5000, 3000));
        }
        ClientLatencies client = new ClientLatencies();
        for (int i = 0; i < 100; i++) {
            client.roundTrip(1000);
            client.untracedThroughOther(Operation.WRITE, 7000);
            client.untracedThroughOther(Operation.READ, 6000);
        }

        TracingCost cost = MeasuredProfile.calibrated(snapshot(1, 3, client, recorder), "measured")
                .cost();

        assertThat(cost.otherWriteMillis()).isCloseTo(1.0, within(0.02));
        assertThat(cost.otherReadMillis()).isCloseTo(1.5, within(0.02));
        assertThat(cost.ownWriteMillis()).isZero();
        assertThat(cost.ownReadMillis()).isZero();
    }

    @Test
    void of_untracedSlowerThanTraced_takesNothingOff() {
        WarsRecorder recorder = tracedDelays(2000, 1000, 2000, 1000);
        local(recorder, 1000, 500, 500);
        ClientLatencies client = new ClientLatencies();
        for (int i = 0; i < 100; i++) {
            client.roundTrip(1000);
            client.untraced(Operation.WRITE, 2, 9000);
            client.untraced(Operation.READ, 2, 9000);
        }

        Calibration.Calibrated calibrated = MeasuredProfile.calibrated(snapshot(client, recorder), "measured");

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
            client.untraced(Operation.WRITE, 2, 900);
        }
        client.untraced(Operation.READ, 2, 900);

        Calibration.Calibrated few = MeasuredProfile.calibrated(snapshot(client, recorder), "measured");
        Calibration.Calibrated none = MeasuredProfile.calibrated(snapshot(new ClientLatencies(), recorder), "measured");

        assertThat(few.cost().otherReadMillis()).isZero();
        assertThat(few.cost().otherWriteMillis()).isPositive();
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
