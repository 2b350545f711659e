package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.model.profile.LatencyProfile;
import java.util.List;
import org.junit.jupiter.api.Test;

class TracingShiftTest {

    private static final List<String> REPLICAS = List.of("127.0.0.1", "127.0.0.2", "127.0.0.3");

    @Test
    void shifted_subtractsButNeverBelowAFiftiethOfTheDelay() {
        assertThat(TracingShift.shifted(10, 1)).isEqualTo(9);
        assertThat(TracingShift.shifted(1, 5)).isCloseTo(1 / TracingDilation.LARGEST_FACTOR, within(1e-12));
        assertThat(TracingShift.shifted(0, 5)).isZero();
    }

    @Test
    void estimate_constantDelays_findsEachPathsCostPerMessage() {
        // Traced: other replicas' W 8 ms and A 4 ms, R 8 ms and S 4 ms; the own replica's W 2 ms, R
        // 2 ms. Untraced, with a 1 ms round trip: a write at TWO waits for the local write (2 ms) and
        // the faster other replica: 1 + 10 ms, so W + A is 2 ms shorter than traced (1 ms per
        // message); a read at TWO 1 + 9 ms, R + S 3 ms shorter (1.5 ms per message).
        WarsRecorder recorder = new WarsRecorder();
        for (String replica : REPLICAS) {
            for (int i = 0; i < 50; i++) {
                recorder.record(new ReplicaDelays(replica, Operation.WRITE, 8000, 4000));
                recorder.record(new ReplicaDelays(replica, Operation.READ, 8000, 4000));
            }
        }
        local(recorder);
        ClientLatencies client = new ClientLatencies();
        for (int i = 0; i < 100; i++) {
            client.roundTrip(1000);
            client.untraced(Operation.WRITE, 1, 3000);
            client.untraced(Operation.WRITE, 2, 11000);
            client.untraced(Operation.READ, 1, 3000);
            client.untraced(Operation.READ, 2, 10000);
        }
        ProbeSnapshot snapshot = snapshot(client, recorder);
        TracingShift shift = MeasuredProfile.tracingShift(snapshot, "measured");
        assertThat(shift.writeMillis()).isCloseTo(1.0, within(0.03));
        assertThat(shift.readMillis()).isCloseTo(1.5, within(0.03));
        assertThat(shift.explanation()).contains("subtracted as a constant per message");
        LatencyProfile profile = MeasuredProfile.withTracingCostSubtracted(snapshot, shift, "measured");
        assertThat(profile.defaults().write().meanMillis()).isCloseTo(7.0, within(0.03));
        assertThat(profile.defaults().acknowledgement().meanMillis()).isCloseTo(3.0, within(0.03));
        assertThat(profile.defaults().read().meanMillis()).isCloseTo(6.5, within(0.03));
        assertThat(profile.defaults().response().meanMillis()).isCloseTo(2.5, within(0.03));
        // The own replica's path carries no message: left as traced.
        assertThat(profile.coordinatorReplica().orElseThrow().local().write().meanMillis())
                .isCloseTo(2.0, within(0.01));
        assertThat(profile.provenance()).contains(shift.explanation());
    }

    @Test
    void estimate_spreadDelays_recoversTheConstantTracingAdded() {
        // The untraced operations are what the model predicts from delays 0.4 ms shorter per
        // message on writes and 0.7 ms on reads than those traced, spread from 0.5 to 20 ms, with
        // a round trip spread from 0.5 to 1.5 ms.
        WarsRecorder untracedDelays = new WarsRecorder();
        WarsRecorder traced = new WarsRecorder();
        for (String replica : REPLICAS) {
            for (int i = 0; i < 200; i++) {
                long outbound = 500 + (long) (19_500 * Math.pow((i * 37 % 200) / 200.0, 2));
                long back = 500 + (long) (9_500 * Math.pow((i * 73 % 200) / 200.0, 2));
                untracedDelays.record(new ReplicaDelays(replica, Operation.WRITE, outbound, back));
                untracedDelays.record(new ReplicaDelays(replica, Operation.READ, outbound, back));
                traced.record(new ReplicaDelays(replica, Operation.WRITE, outbound + 400, back + 400));
                traced.record(new ReplicaDelays(replica, Operation.READ, outbound + 700, back + 700));
            }
        }
        local(untracedDelays);
        local(traced);
        double[] roundTrip = new double[100];
        for (int k = 0; k < roundTrip.length; k++) {
            roundTrip[k] = 0.5 + k / 100.0;
        }
        double[][] parts = CoordinatorParts.of(
                MeasuredProfile.shifted(snapshot(new ClientLatencies(), untracedDelays), TracingShift.NONE, "true"),
                3,
                false);
        ClientLatencies client = new ClientLatencies();
        for (double h : roundTrip) {
            client.roundTrip(Math.round(h * 1000));
            for (double x : parts[1]) {
                client.untraced(Operation.WRITE, 2, Math.round((h + x) * 1000));
            }
            for (double x : parts[3]) {
                client.untraced(Operation.READ, 2, Math.round((h + x) * 1000));
            }
        }
        TracingShift shift = MeasuredProfile.tracingShift(snapshot(client, traced), "measured");
        assertThat(shift.writeMillis()).isCloseTo(0.4, within(0.05));
        assertThat(shift.readMillis()).isCloseTo(0.7, within(0.05));
    }

    @Test
    void estimate_untracedSlowerThanTraced_subtractsNothing() {
        WarsRecorder recorder = new WarsRecorder();
        for (String replica : REPLICAS) {
            for (int i = 0; i < 50; i++) {
                recorder.record(new ReplicaDelays(replica, Operation.WRITE, 2000, 1000));
                recorder.record(new ReplicaDelays(replica, Operation.READ, 2000, 1000));
            }
        }
        local(recorder);
        ClientLatencies client = new ClientLatencies();
        for (int i = 0; i < 100; i++) {
            client.roundTrip(1000);
            client.untraced(Operation.WRITE, 2, 9000);
            client.untraced(Operation.READ, 2, 9000);
        }
        TracingShift shift = MeasuredProfile.tracingShift(snapshot(client, recorder), "measured");
        assertThat(shift.isNone()).isTrue();
        assertThat(shift.explanation())
                .startsWith("Tracing's own cost was not subtracted: untraced writes at TWO took 9.0")
                .contains("predicted the writes 5.0")
                .contains("ms shorter and the reads 5.0")
                .contains("nothing to take off")
                .doesNotContain("shortened");
    }

    @Test
    void estimate_tooFewTimings_subtractsNothingAndSaysWhy() {
        WarsRecorder recorder = new WarsRecorder();
        for (String replica : REPLICAS) {
            recorder.record(new ReplicaDelays(replica, Operation.WRITE, 1000, 500));
            recorder.record(new ReplicaDelays(replica, Operation.READ, 1000, 500));
        }
        local(recorder);
        TracingShift shift = MeasuredProfile.tracingShift(snapshot(new ClientLatencies(), recorder), "measured");
        assertThat(shift.isNone()).isTrue();
        assertThat(shift.explanation())
                .contains("not subtracted: fewer than " + TracingDilation.MINIMUM_SAMPLES + " untraced operations");
    }

    private static void local(WarsRecorder recorder) {
        for (int i = 0; i < 50; i++) {
            recorder.recordLocal(new ReplicaDelays("127.0.0.1", Operation.WRITE, 2000, 0));
            recorder.recordLocal(new ReplicaDelays("127.0.0.1", Operation.READ, 2000, 0));
            recorder.countReadTarget(true);
        }
    }

    private static ProbeSnapshot snapshot(ClientLatencies client, WarsRecorder recorder) {
        return TracingDilationTest.snapshot(REPLICAS.size(), REPLICAS.size(), client, recorder);
    }
}
