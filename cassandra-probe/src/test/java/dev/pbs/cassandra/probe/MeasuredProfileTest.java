package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.cassandra.calibration.CalibratedProfile;
import dev.pbs.model.distribution.Empirical;
import dev.pbs.model.profile.CoordinatorReplicaPath;
import dev.pbs.model.profile.CoordinatorReplicaShare;
import dev.pbs.model.profile.LatencyProfile;
import dev.pbs.model.profile.WarsMessage;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class MeasuredProfileTest {

    private static ProbeSnapshot snapshot(WarsRecorder recorder, int replicationFactor) {
        return snapshot(recorder, replicationFactor, new ClientLatencies());
    }

    private static ProbeSnapshot snapshot(WarsRecorder recorder, int replicationFactor, ClientLatencies client) {
        return new ProbeSnapshot(
                "test-cluster",
                "5.0.6",
                "datacenter1",
                replicationFactor,
                Instant.parse("2026-11-29T10:00:00Z"),
                Instant.parse("2026-11-29T10:01:00Z"),
                new ProbeCounters(100, 100, 0, 0, 20, 20, 0, 0),
                recorder.snapshot(),
                List.of(),
                recorder.localSnapshot(),
                recorder.readTargets(),
                client.snapshot());
    }

    private static void recordBoth(WarsRecorder recorder, String replica, long writeMicros, long readMicros) {
        recorder.record(new ReplicaDelays(replica, Operation.WRITE, writeMicros, writeMicros / 2));
        recorder.record(new ReplicaDelays(replica, Operation.READ, readMicros, readMicros / 2));
    }

    @Test
    void fromDelays_recordsTheShareOfUntracedOperationsThroughAReplica() {
        // Two replicas per key on three nodes, coordinators at random: 2 operations in 3 reach a
        // replica of their key.
        WarsRecorder recorder = new WarsRecorder();
        recordBoth(recorder, "127.0.0.1", 1000, 500);
        recordBoth(recorder, "127.0.0.2", 2000, 600);
        for (int i = 0; i < 5; i++) {
            recorder.recordLocal(new ReplicaDelays("127.0.0.1", Operation.WRITE, 300, 0));
            recorder.recordLocal(new ReplicaDelays("127.0.0.1", Operation.READ, 300, 100));
        }
        ClientLatencies client = new ClientLatencies();
        for (int i = 0; i < 30; i++) {
            client.untraced(
                    i % 2 == 0 ? UntracedKind.WRITE_AT_ONE_THROUGH_REPLICA : UntracedKind.WRITE_AT_TWO_THROUGH_REPLICA,
                    1000);
            client.untraced(UntracedKind.READ_AT_ONE_THROUGH_REPLICA, 1000);
        }
        for (int i = 0; i < 15; i++) {
            client.untraced(UntracedKind.WRITE_AT_ONE_THROUGH_OTHER, 1500);
        }
        for (int i = 0; i < 10; i++) {
            client.untraced(UntracedKind.READ_AT_ONE_THROUGH_OTHER, 1500);
        }

        LatencyProfile profile = MeasuredProfile.fromDelays(snapshot(recorder, 2, client), "measured", "");

        CoordinatorReplicaShare share = profile.coordinatorReplicaShare().orElseThrow();
        assertThat(share.writes()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(share.reads()).isCloseTo(0.75, within(1e-12));
        assertThat(profile.provenance()).contains("replicas of the key for 67% of its untraced writes and 75%");
        assertThat(MeasuredProfile.fromDelays(snapshot(recorder, 2), "no timings", "")
                        .coordinatorReplicaShare())
                .isEmpty();
    }

    @Test
    void of_threeReplicas_fixesNAndKeepsEachReplicasDelays() {
        WarsRecorder recorder = new WarsRecorder();
        recordBoth(recorder, "127.0.0.1", 1000, 500);
        recordBoth(recorder, "127.0.0.2", 2000, 600);
        recordBoth(recorder, "127.0.0.3", 4000, 700);
        recordBoth(recorder, "127.0.0.3", 6000, 900);
        LatencyProfile profile = CalibratedProfile.of(snapshot(recorder, 3), "measured");

        assertThat(profile.fixedReplicaCount()).contains(3);
        // Replica 3's W: two samples, 4 ms and 6 ms (microsecond histogram buckets).
        Empirical replica3Write = (Empirical) profile.delaysOf(2).write();
        assertThat(replica3Write.histogram().getTotalCount()).isEqualTo(2);
        assertThat(replica3Write.inverseSurvivalProbability(0.75)).isBetween(3.99, 4.01);
        // Replica 1's W: 1 ms only.
        assertThat(((Empirical) profile.delaysOf(0).write()).inverseSurvivalProbability(0.5))
                .isBetween(0.999, 1.002);
        // Defaults pool all replicas.
        assertThat(((Empirical) profile.defaults().write()).histogram().getTotalCount())
                .isEqualTo(4);
        assertThat(((Empirical) profile.defaults().acknowledgement())
                        .histogram()
                        .getTotalCount())
                .isEqualTo(4);
        assertThat(profile.provenance())
                .contains(
                        "test-cluster",
                        "Cassandra 5.0.6",
                        "replication factor 3",
                        "replica 3 = 127.0.0.3: W 2, A 2, R 2, S 2",
                        "no clock skew");
    }

    @Test
    void of_coordinatorReplicaSamples_giveTheLocalPathAndTheReadPreference() {
        WarsRecorder recorder = new WarsRecorder();
        recordBoth(recorder, "127.0.0.1", 1000, 500);
        recordBoth(recorder, "127.0.0.2", 2000, 600);
        recordBoth(recorder, "127.0.0.3", 4000, 700);
        recorder.recordLocal(new ReplicaDelays("127.0.0.1", Operation.WRITE, 800, 0));
        recorder.recordLocal(new ReplicaDelays("127.0.0.2", Operation.READ, 600, 300));
        for (int i = 0; i < 19; i++) {
            recorder.countReadTarget(i < 17);
        }
        LatencyProfile fewTargets = CalibratedProfile.of(snapshot(recorder, 3), "measured");
        assertThat(fewTargets.coordinatorReplica()).isPresent();
        assertThat(fewTargets.coordinatorReplica().get().localReadPreference()).isEmpty();
        assertThat(fewTargets.provenance()).contains("17 served by the coordinator's own replica, 2 sent to another");

        recorder.countReadTarget(true);
        LatencyProfile profile = CalibratedProfile.of(snapshot(recorder, 3), "measured");
        CoordinatorReplicaPath path = profile.coordinatorReplica().orElseThrow();
        assertThat(path.localReadPreference().getAsDouble()).isEqualTo(18.0 / 20);
        assertThat(((Empirical) path.local().write()).inverseSurvivalProbability(0.5))
                .isBetween(0.799, 0.801);
        assertThat(((Empirical) path.local().read()).inverseSurvivalProbability(0.5))
                .isBetween(0.599, 0.601);
        assertThat(((Empirical) path.local().response()).inverseSurvivalProbability(0.5))
                .isBetween(0.299, 0.301);
    }

    @Test
    void asTraced_keepsTheTracedDelaysAndSaysSo() {
        WarsRecorder recorder = new WarsRecorder();
        recordBoth(recorder, "127.0.0.1", 1000, 500);
        recordBoth(recorder, "127.0.0.2", 2000, 600);
        recordBoth(recorder, "127.0.0.3", 4000, 700);
        LatencyProfile profile = MeasuredProfile.asTraced(snapshot(recorder, 3), "injected");
        assertThat(((Empirical) profile.delaysOf(0).write()).inverseSurvivalProbability(0.5))
                .isBetween(0.999, 1.002);
        assertThat(profile.provenance()).contains("Tracing's own cost was kept");
    }

    @Test
    void of_noLocalSamples_leavesTheCoordinatorReplicaOut() {
        WarsRecorder recorder = new WarsRecorder();
        recordBoth(recorder, "127.0.0.1", 1000, 500);
        recordBoth(recorder, "127.0.0.2", 2000, 600);
        recordBoth(recorder, "127.0.0.3", 4000, 700);
        recorder.recordLocal(new ReplicaDelays("127.0.0.1", Operation.WRITE, 800, 0));
        assertThat(CalibratedProfile.of(snapshot(recorder, 3), "measured").coordinatorReplica())
                .isEmpty();
    }

    @Test
    void of_noReadSamples_namesWhatIsMissing() {
        WarsRecorder recorder = new WarsRecorder();
        recorder.record(new ReplicaDelays("127.0.0.1", Operation.WRITE, 1000, 500));
        assertThatThrownBy(() -> CalibratedProfile.of(snapshot(recorder, 1), "measured"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no R samples");
    }

    @Test
    void of_fewerReplicasThanTheReplicationFactor_isRefused() {
        WarsRecorder recorder = new WarsRecorder();
        recordBoth(recorder, "127.0.0.1", 1000, 500);
        recordBoth(recorder, "127.0.0.2", 1000, 500);
        assertThatThrownBy(() -> CalibratedProfile.of(snapshot(recorder, 3), "measured"))
                .hasMessageContaining("2 replica(s)")
                .hasMessageContaining("replication factor 3");
    }

    @Test
    void of_moreNodesThanReplicas_describesTheTypicalKeyByPooledDelays() {
        WarsRecorder recorder = new WarsRecorder();
        for (int node = 1; node <= 4; node++) {
            recordBoth(recorder, "127.0.0." + node, 1000L * node, 500);
        }
        LatencyProfile profile = CalibratedProfile.of(snapshot(recorder, 3), "measured");
        assertThat(profile.replicaOverrides()).isEmpty();
        assertThat(profile.fixedReplicaCount()).isEmpty();
    }

    @Test
    void withSlowReplica_givesTheSlowNodeItsOwnDelaysAndPoolsTheOthers() {
        WarsRecorder recorder = new WarsRecorder();
        recordBoth(recorder, "127.0.0.1", 50_000, 25_000);
        recordBoth(recorder, "127.0.0.1", 60_000, 30_000);
        for (int node = 2; node <= 4; node++) {
            recordBoth(recorder, "127.0.0." + node, 10_000, 5_000);
        }
        ProbeSnapshot snapshot = snapshot(recorder, 3);
        LatencyProfile pooled = MeasuredProfile.asTraced(snapshot, "measured");
        LatencyProfile slow = MeasuredProfile.withSlowReplica(pooled, snapshot, "127.0.0.1");

        assertThat(slow.fixedReplicaCount()).contains(3);
        Empirical slowWrite = (Empirical) slow.delaysOf(0).write();
        assertThat(slowWrite.histogram().getTotalCount()).isEqualTo(2);
        assertThat(slowWrite.inverseSurvivalProbability(0.9)).isBetween(49.9, 50.1);
        // The others: the three fast nodes only, 10 ms each, none of the slow node's samples.
        for (int replica = 1; replica < 3; replica++) {
            Empirical write = (Empirical) slow.delaysOf(replica).write();
            assertThat(write.histogram().getTotalCount()).isEqualTo(3);
            assertThat(write.inverseSurvivalProbability(0.01)).isBetween(9.99, 10.02);
        }
        assertThat(((Empirical) slow.delaysOf(2).read()).inverseSurvivalProbability(0.01))
                .isBetween(4.99, 5.01);
        assertThat(slow.provenance()).contains("replica 1 is node 127.0.0.1", "W 2, A 2, R 2, S 2", "W 3, A 3");

        assertThatThrownBy(() -> MeasuredProfile.withSlowReplica(pooled, snapshot, "127.0.0.9"))
                .hasMessageContaining("no traced delays of node 127.0.0.9");
    }

    @Test
    void recorder_delaysAboveAnHour_areClippedAndCounted() {
        WarsRecorder recorder = new WarsRecorder();
        recorder.record(new ReplicaDelays("127.0.0.1", Operation.WRITE, WarsRecorder.HIGHEST_MICROS + 5, 10));
        assertThat(recorder.clipped()).isEqualTo(1);
        assertThat(recorder.count("127.0.0.1", WarsMessage.WRITE)).isEqualTo(1);
        assertThat(recorder.count("127.0.0.1", WarsMessage.ACKNOWLEDGEMENT)).isEqualTo(1);
        assertThat(recorder.count("127.0.0.1", WarsMessage.READ)).isZero();
    }
}
