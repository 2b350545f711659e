package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.model.profile.WarsMessage;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProbeSnapshotTest {

    private static ProbeSnapshot snapshot(
            WarsRecorder recorder, ClientLatencies client, ProbeCounters counters, Instant at) {
        return new ProbeSnapshot(
                "test-cluster",
                "5.0.6",
                "datacenter1",
                3,
                Instant.parse("2026-12-02T10:00:00Z"),
                at,
                counters,
                recorder.snapshot(),
                List.of(),
                recorder.localSnapshot(),
                recorder.readTargets(),
                client.snapshot());
    }

    @Test
    void since_keepsOnlyWhatWasMeasuredBetweenTheTwoSnapshots() {
        WarsRecorder recorder = new WarsRecorder();
        ClientLatencies client = new ClientLatencies();
        recorder.record(new ReplicaDelays("127.0.0.2", Operation.WRITE, 9000, 9000));
        recorder.recordLocal(new ReplicaDelays("127.0.0.1", Operation.READ, 7000, 7000));
        recorder.countReadTarget(true);
        client.untraced(UntracedKind.WRITE_AT_ONE_THROUGH_REPLICA, 8000);
        client.roundTrip(6000);
        ProbeSnapshot earlier = snapshot(
                recorder, client, new ProbeCounters(10, 9, 1, 0, 2, 2, 0, 0), Instant.parse("2026-12-02T10:00:20Z"));
        recorder.record(new ReplicaDelays("127.0.0.2", Operation.WRITE, 1000, 1000));
        recorder.record(new ReplicaDelays("127.0.0.3", Operation.READ, 2000, 2000));
        recorder.countReadTarget(false);
        client.untraced(UntracedKind.WRITE_AT_ONE_THROUGH_REPLICA, 3000);
        client.roundTrip(2500);
        ProbeSnapshot later = snapshot(
                recorder, client, new ProbeCounters(25, 23, 2, 1, 5, 4, 1, 1), Instant.parse("2026-12-02T10:00:40Z"));

        ProbeSnapshot window = later.since(earlier);

        assertThat(window.started()).isEqualTo(earlier.at());
        assertThat(window.at()).isEqualTo(later.at());
        assertThat(window.operations()).isEqualTo(new ProbeCounters(15, 14, 1, 1, 3, 2, 1, 1));
        // The slow write before the first snapshot is gone; the replica with nothing new too.
        assertThat(window.delaysMicros().get("127.0.0.2").get(WarsMessage.WRITE).getTotalCount())
                .isEqualTo(1);
        assertThat(window.delaysMicros().get("127.0.0.2").get(WarsMessage.WRITE).getMaxValue())
                .isBetween(999L, 1001L);
        assertThat(window.delaysMicros().get("127.0.0.3").get(WarsMessage.READ).getTotalCount())
                .isEqualTo(1);
        assertThat(window.localDelaysMicros()).isEmpty();
        assertThat(window.readTargets()).isEqualTo(new WarsRecorder.ReadTargets(0, 1));
        assertThat(window.client()
                        .timed(UntracedKind.WRITE_AT_ONE_THROUGH_REPLICA)
                        .getTotalCount())
                .isEqualTo(1);
        assertThat(window.client()
                        .timed(UntracedKind.WRITE_AT_ONE_THROUGH_REPLICA)
                        .getMaxValue())
                .isBetween(2990L, 3010L);
        assertThat(window.client().roundTrips().getTotalCount()).isEqualTo(1);
        assertThat(window.client()
                        .timed(UntracedKind.READ_AT_ONE_THROUGH_REPLICA)
                        .getTotalCount())
                .isZero();
    }
}
