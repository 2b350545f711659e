package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.pbs.cassandra.calibration.CalibratedProfile;
import dev.pbs.model.distribution.Constant;
import dev.pbs.model.distribution.Exponential;
import dev.pbs.model.distribution.Shifted;
import dev.pbs.model.profile.DatacenterTopology;
import dev.pbs.model.profile.LatencyProfile;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DatacenterProfileTest {

    private static final Map<String, String> DATACENTER_OF =
            Map.of("127.0.0.1", "dc1", "127.0.0.2", "dc1", "127.0.0.3", "dc2", "127.0.0.4", "dc2", "127.0.0.5", "dc2");

    private static ProbeSnapshot snapshot(WarsRecorder recorder, DatacenterReplication replication) {
        return snapshot(
                recorder,
                replication,
                new ClientLatencies().snapshot(),
                new DatacenterMeasurements(replication, DATACENTER_OF, recorder.crossingSnapshot()));
    }

    private static ProbeSnapshot snapshot(
            WarsRecorder recorder,
            DatacenterReplication replication,
            ClientLatencies.Snapshot client,
            DatacenterMeasurements datacenters) {
        return new ProbeSnapshot(
                "test-cluster",
                "5.0.6",
                "dc1",
                replication.replicas(),
                Instant.parse("2026-12-02T10:00:00Z"),
                Instant.parse("2026-12-02T10:01:00Z"),
                new ProbeCounters(100, 100, 0, 0, 20, 20, 0, 0),
                recorder.snapshot(),
                List.of(),
                recorder.localSnapshot(),
                recorder.readTargets(),
                client,
                Optional.of(datacenters),
                MessagePairs.Snapshot.NONE);
    }

    /**
     * Exponential own delays of mean 2 ms on every message; crossing messages add an independent
     * shifted exponential D = 30 + Exponential(10) ms from dc1 to dc2 and D = 20 ms (constant)
     * back; 20,000 samples of each, with a fixed seed.
     */
    private static WarsRecorder recorded() {
        WarsRecorder recorder = new WarsRecorder(DATACENTER_OF);
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 20_000; i++) {
            for (Operation operation : Operation.values()) {
                // Own delays: coordinator 127.0.0.1 to replica 127.0.0.2 (dc1), 127.0.0.3 to 127.0.0.4 (dc2).
                recorder.record(
                        new ReplicaDelays("127.0.0.2", operation, micros(random, 2), micros(random, 2)), "127.0.0.1");
                recorder.record(
                        new ReplicaDelays("127.0.0.4", operation, micros(random, 2), micros(random, 2)), "127.0.0.3");
                // Coordinator in dc1, replica in dc2: out W + D(dc1, dc2), back A + D(dc2, dc1).
                long out = micros(random, 2) + 30_000 + micros(random, 10);
                long back = micros(random, 2) + 20_000;
                recorder.record(new ReplicaDelays("127.0.0.5", operation, out, back), "127.0.0.1");
                // Coordinator in dc2, replica in dc1: out W + D(dc2, dc1), back A + D(dc1, dc2).
                recorder.record(
                        new ReplicaDelays(
                                "127.0.0.1",
                                operation,
                                micros(random, 2) + 20_000,
                                micros(random, 2) + 30_000 + micros(random, 10)),
                        "127.0.0.3");
            }
        }
        return recorder;
    }

    /** A traced delay: Exponential(meanMillis) plus tracing's cost of {@code costMicros}, microseconds. */
    private static long traced(SplittableRandom random, double meanMillis, long costMicros) {
        return micros(random, meanMillis) + costMicros;
    }

    private static long micros(SplittableRandom random, double meanMillis) {
        return Math.round(-meanMillis * 1000 * Math.log(1 - random.nextDouble()));
    }

    @Test
    void of_twoDatacenters_namesThemAndFitsEachPairsDelay() {
        DatacenterReplication replication = DatacenterReplication.parse("dc1:2,dc2:3");
        LatencyProfile profile = MeasuredProfile.asTraced(snapshot(recorded(), replication), "two");
        assertThat(profile.fixedReplicaCount()).contains(5);
        DatacenterTopology topology = profile.topology().orElseThrow();
        assertThat(topology.names()).containsExactly("dc1", "dc2");
        assertThat(topology.replicas().datacenterOf(0)).isEqualTo(0);
        assertThat(topology.replicas().datacenterOf(4)).isEqualTo(1);
        // D(dc1, dc2) = 30 + Exponential(10) (within sampling and histogram error).
        assertThat(topology.interDatacenterDelay(0, 1)).isInstanceOf(Shifted.class);
        Shifted outbound = (Shifted) topology.interDatacenterDelay(0, 1);
        assertThat(outbound.offsetMillis()).isCloseTo(30, within(0.8));
        assertThat(outbound.distribution().meanMillis()).isCloseTo(10, within(0.8));
        // D(dc2, dc1) = 20 ms constant: no spread beyond the replicas' own, or very little.
        assertThat(topology.interDatacenterDelay(1, 0).meanMillis()).isCloseTo(20, within(0.3));
        assertThat(profile.provenance())
                .contains("dc1 -> dc2")
                .contains("dc2 -> dc1")
                .contains("crossing messages");
        // Each replica's own delays come from coordinators of its datacenter: means of 2 ms, no D.
        assertThat(profile.delaysOf(4).write().meanMillis()).isCloseTo(2, within(0.1));
        assertThat(profile.delaysOf(0).acknowledgement().meanMillis()).isCloseTo(2, within(0.1));
    }

    /**
     * Tracing adds 1 ms to every message: dc1 (two replicas, coordinator 127.0.0.1 one of them) is
     * traced at its own delays (Exponential of mean 1 ms, the coordinator's own replica's W and R
     * of mean 0.5 ms) plus 1 ms, while its untraced operations, timed with a client's part of 0.2
     * ms, take what the untraced delays give. dc2, one replica per key and no untraced timing of
     * its own, traced at Exponential(1 ms) plus 1 ms too. Calibrated, each datacenter's delays come
     * back to about their untraced means (dc2 by dc1's cost, which the provenance names).
     */
    @Test
    void of_tracingCost_takenOffPerDatacenterAndLentToOneReplicaDatacenters() {
        WarsRecorder recorder = new WarsRecorder(DATACENTER_OF);
        ClientLatencies dc1Client = new ClientLatencies();
        SplittableRandom random = new SplittableRandom(11);
        for (int i = 0; i < 20_000; i++) {
            recordDc1Round(recorder, dc1Client, random);
            for (Operation operation : Operation.values()) {
                recorder.record(
                        new ReplicaDelays("127.0.0.4", operation, traced(random, 1, 1000), traced(random, 1, 1000)),
                        "127.0.0.3");
                long outbound = traced(random, 1, 1000) + 20_000;
                recorder.record(
                        new ReplicaDelays("127.0.0.4", operation, outbound, traced(random, 1, 1000) + 20_000),
                        "127.0.0.1");
                recorder.record(
                        new ReplicaDelays("127.0.0.2", operation, outbound, traced(random, 1, 1000) + 20_000),
                        "127.0.0.3");
            }
        }
        DatacenterReplication replication = DatacenterReplication.parse("dc1:2,dc2:1");
        ProbeSnapshot snapshot = snapshot(
                recorder,
                replication,
                dc1Client.snapshot(),
                new DatacenterMeasurements(
                        replication,
                        DATACENTER_OF,
                        recorder.crossingSnapshot(),
                        recorder.localSnapshotByDatacenter(),
                        Map.of("dc1", dc1Client.snapshot())));

        LatencyProfile corrected = CalibratedProfile.of(snapshot, "corrected");
        assertThat(corrected.delaysOf(0).write().meanMillis()).isCloseTo(1, within(0.25));
        assertThat(corrected.delaysOf(0).response().meanMillis()).isCloseTo(1, within(0.25));
        assertThat(corrected.delaysOf(2).write().meanMillis()).isCloseTo(1, within(0.25));
        assertThat(corrected.delaysOf(2).read().meanMillis()).isCloseTo(1, within(0.25));
        // The delay between the datacenters is fitted against the traced own delays: 20 ms either way.
        assertThat(corrected.topology().orElseThrow().interDatacenterDelay(0, 1).meanMillis())
                .isCloseTo(20, within(0.5));
        assertThat(corrected.provenance())
                .contains("In dc1: Tracing's cost per message, fitted on the untraced operations")
                .contains("In dc2: Its own operations calibrated nothing; it takes dc1's cost");
    }

    /**
     * dc1 as above (two replicas, traced at Exponential(1 ms) plus 1 ms); dc2 with one replica per
     * key (127.0.0.4) traced at its delays plus 2 ms, and its other node (127.0.0.3) coordinating:
     * untraced operations through it, at LOCAL_ONE, take the client's 0.2 ms and the replica's
     * untraced W and A, or R and S; through the replica, its own (Exponential(0.5 ms), traced plus 2
     * ms). dc2 then calibrates its own cost (about 2 ms, where dc1's is 1 ms).
     */
    @Test
    void of_oneReplicaDatacenterWithAnotherNode_calibratesItsOwnCost() {
        WarsRecorder recorder = new WarsRecorder(DATACENTER_OF);
        ClientLatencies dc1Client = new ClientLatencies();
        ClientLatencies dc2Client = new ClientLatencies();
        SplittableRandom random = new SplittableRandom(13);
        long clientPart = CLIENT_PART_MICROS;
        for (int i = 0; i < 20_000; i++) {
            recordDc1Round(recorder, dc1Client, random);
            for (Operation operation : Operation.values()) {
                boolean write = operation == Operation.WRITE;
                recorder.record(
                        new ReplicaDelays("127.0.0.4", operation, traced(random, 1, 2000), traced(random, 1, 2000)),
                        "127.0.0.3");
                recorder.record(
                        new ReplicaDelays("127.0.0.4", operation, traced(random, 1, 1000) + 20_000, 20_000),
                        "127.0.0.1");
                recorder.record(
                        new ReplicaDelays("127.0.0.2", operation, traced(random, 1, 1000) + 20_000, 20_000),
                        "127.0.0.3");
                recorder.recordLocal(new ReplicaDelays(
                        "127.0.0.4", operation, traced(random, 0.5, 2000), write ? 0 : traced(random, 0.5, 2000)));
            }
            dc2Client.untraced(UntracedKind.WRITE_AT_ONE_THROUGH_REPLICA, clientPart + micros(random, 0.5));
            dc2Client.untraced(
                    UntracedKind.READ_AT_ONE_THROUGH_REPLICA, clientPart + micros(random, 0.5) + micros(random, 0.5));
            dc2Client.untraced(
                    UntracedKind.WRITE_AT_ONE_THROUGH_OTHER, clientPart + micros(random, 1) + micros(random, 1));
            dc2Client.untraced(
                    UntracedKind.READ_AT_ONE_THROUGH_OTHER, clientPart + micros(random, 1) + micros(random, 1));
            dc2Client.roundTrip(clientPart);
        }
        DatacenterReplication replication = DatacenterReplication.parse("dc1:2,dc2:1");
        ProbeSnapshot snapshot = snapshot(
                recorder,
                replication,
                dc1Client.snapshot(),
                new DatacenterMeasurements(
                        replication,
                        DATACENTER_OF,
                        recorder.crossingSnapshot(),
                        recorder.localSnapshotByDatacenter(),
                        Map.of("dc1", dc1Client.snapshot(), "dc2", dc2Client.snapshot())));

        LatencyProfile corrected = CalibratedProfile.of(snapshot, "corrected");
        // dc2's own delays come back to their untraced 1 ms; dc1's cost would have left 2.
        assertThat(corrected.delaysOf(2).write().meanMillis()).isCloseTo(1, within(0.25));
        assertThat(corrected.delaysOf(2).acknowledgement().meanMillis()).isCloseTo(1, within(0.25));
        assertThat(corrected.delaysOf(2).read().meanMillis()).isCloseTo(1, within(0.25));
        assertThat(corrected.delaysOf(2).response().meanMillis()).isCloseTo(1, within(0.25));
        assertThat(corrected.delaysOf(0).read().meanMillis()).isCloseTo(1, within(0.25));
        assertThat(corrected.provenance())
                .contains("In dc2: Tracing's cost per message, fitted on the untraced operations")
                .contains("reads at ONE through a node that is not a replica")
                .doesNotContain("it takes dc1's cost");
    }

    /** The client's part of every untraced operation in the tracing tests, microseconds. */
    private static final long CLIENT_PART_MICROS = 200;

    /**
     * One round of dc1 traced at its untraced delays plus 1 ms: its replicas 127.0.0.1 and 127.0.0.2
     * each from the other at Exponential(1 ms), the coordinator's own replica (127.0.0.1) at
     * Exponential(0.5 ms), its reads at ONE served locally; and its untraced operations
     * through a replica, at ONE and TWO, as the untraced delays give them with the client's part.
     */
    private static void recordDc1Round(WarsRecorder recorder, ClientLatencies dc1Client, SplittableRandom random) {
        for (Operation operation : Operation.values()) {
            recorder.record(
                    new ReplicaDelays("127.0.0.2", operation, traced(random, 1, 1000), traced(random, 1, 1000)),
                    "127.0.0.1");
            recorder.record(
                    new ReplicaDelays("127.0.0.1", operation, traced(random, 1, 1000), traced(random, 1, 1000)),
                    "127.0.0.2");
            boolean write = operation == Operation.WRITE;
            recorder.recordLocal(new ReplicaDelays(
                    "127.0.0.1", operation, traced(random, 0.5, 1000), write ? 0 : traced(random, 0.5, 1000)));
        }
        recorder.countReadTarget(true);
        long localWrite = micros(random, 0.5);
        long otherWrite = micros(random, 1) + micros(random, 1);
        long localRead = micros(random, 0.5) + micros(random, 0.5);
        long otherRead = micros(random, 1) + micros(random, 1);
        dc1Client.untraced(UntracedKind.WRITE_AT_ONE_THROUGH_REPLICA, CLIENT_PART_MICROS + localWrite);
        dc1Client.untraced(
                UntracedKind.WRITE_AT_TWO_THROUGH_REPLICA, CLIENT_PART_MICROS + Math.max(localWrite, otherWrite));
        dc1Client.untraced(UntracedKind.READ_AT_ONE_THROUGH_REPLICA, CLIENT_PART_MICROS + localRead);
        dc1Client.untraced(
                UntracedKind.READ_AT_TWO_THROUGH_REPLICA, CLIENT_PART_MICROS + Math.max(localRead, otherRead));
        dc1Client.roundTrip(CLIENT_PART_MICROS);
    }

    @Test
    void of_noMessageCrossedOnePair_saysWhichAndWhatToDo() {
        WarsRecorder recorder = new WarsRecorder(DATACENTER_OF);
        for (Operation operation : Operation.values()) {
            recorder.record(new ReplicaDelays("127.0.0.2", operation, 1000, 1000), "127.0.0.1");
            recorder.record(new ReplicaDelays("127.0.0.4", operation, 1000, 1000), "127.0.0.3");
        }
        DatacenterReplication replication = DatacenterReplication.parse("dc1:2,dc2:3");
        ProbeSnapshot snapshot = snapshot(recorder, replication);
        assertThatThrownBy(() -> CalibratedProfile.of(snapshot, "two"))
                .hasMessageContaining("no message crossed from datacenter dc1 to dc2")
                .hasMessageContaining("run longer");
    }

    @Test
    void of_datacenterWithoutOwnSamples_namesIt() {
        WarsRecorder recorder = new WarsRecorder(DATACENTER_OF);
        for (Operation operation : Operation.values()) {
            recorder.record(new ReplicaDelays("127.0.0.2", operation, 1000, 1000), "127.0.0.1");
        }
        ProbeSnapshot snapshot = snapshot(recorder, DatacenterReplication.parse("dc1:2,dc2:3"));
        assertThatThrownBy(() -> CalibratedProfile.of(snapshot, "two"))
                .hasMessageContaining("no W samples were measured in datacenter dc2");
    }

    @Test
    void distribution_shapeFromShiftAndScale() {
        assertThat(InterDatacenterDelayFit.distribution(30, 10)).isInstanceOf(Shifted.class);
        assertThat(InterDatacenterDelayFit.distribution(0, 25)).isInstanceOf(Exponential.class);
        assertThat(InterDatacenterDelayFit.distribution(0, 25).meanMillis()).isCloseTo(25, within(1e-9));
        assertThat(InterDatacenterDelayFit.distribution(20, 0)).isInstanceOf(Constant.class);
        assertThat(InterDatacenterDelayFit.distribution(20, 0).meanMillis()).isEqualTo(20);
    }

    @Test
    void fit_heavyTailedOwnDelays_stillFindsTheExponential() {
        // Own delays: 2 ms exponential, but one sample in fifty a 400 ms pause (a loaded machine);
        // crossing = own + Exponential(20), drawn independently. Moments would be dominated by the
        // pauses; the quantiles from 5 to 95 are not.
        SplittableRandom random = new SplittableRandom(11);
        org.HdrHistogram.Histogram own = new org.HdrHistogram.Histogram(WarsRecorder.HIGHEST_MICROS, 3);
        org.HdrHistogram.Histogram crossing = new org.HdrHistogram.Histogram(WarsRecorder.HIGHEST_MICROS, 3);
        for (int i = 0; i < 20_000; i++) {
            own.recordValue(pausing(random));
            crossing.recordValue(pausing(random) + micros(random, 20));
        }
        InterDatacenterDelayFit.Fit fit =
                InterDatacenterDelayFit.fit(List.of(new InterDatacenterDelayFit.Estimate(crossing, own)), "dc1", "dc2");
        assertThat(fit.shiftMillis()).isLessThan(1.5);
        assertThat(fit.scaleMillis()).isCloseTo(20, within(1.5));
        assertThat(fit.samples()).isEqualTo(20_000);
    }

    private static long pausing(SplittableRandom random) {
        return micros(random, 2) + (random.nextInt(50) == 0 ? 400_000 : 0);
    }

    @Test
    void replication_parseAndCql() {
        DatacenterReplication replication = DatacenterReplication.parse("us-east:3, eu.west:2");
        assertThat(replication.replicas()).isEqualTo(5);
        assertThat(replication.factor("eu.west")).isEqualTo(2);
        assertThat(replication.factor("elsewhere")).isZero();
        assertThat(replication.cql()).isEqualTo("{'class': 'NetworkTopologyStrategy', 'us-east': 3, 'eu.west': 2}");
        assertThat(replication).hasToString("us-east:3,eu.west:2");
        assertThatThrownBy(() -> DatacenterReplication.parse("dc1:3")).hasMessageContaining("two datacenters or more");
        assertThatThrownBy(() -> DatacenterReplication.parse("dc1:3,dc1:2")).hasMessageContaining("given twice");
        assertThatThrownBy(() -> DatacenterReplication.parse("dc1=3,dc2:3")).hasMessageContaining("expected NAME:RF");
        assertThatThrownBy(() -> DatacenterReplication.parse("dc1:x,dc2:3")).hasMessageContaining("not a whole number");
        assertThatThrownBy(() -> DatacenterReplication.parse("dc1:0,dc2:3")).hasMessageContaining("between 1 and 32");
        assertThatThrownBy(() -> DatacenterReplication.parse("dc'1:3,dc2:3")).hasMessageContaining("datacenter name");
    }
}
