package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.pbs.cassandra.observe.ObservationEvent;
import dev.pbs.cassandra.observe.ObservationEvents;
import dev.pbs.cassandra.observe.ObservationSettings;
import dev.pbs.cassandra.observe.ObservationWhileProbing;
import dev.pbs.cassandra.observe.RawObservation;
import dev.pbs.cassandra.record.ProbeReplay;
import dev.pbs.model.profile.WarsMessage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A run's events, kept as the live measurements apply them, replay into the same snapshots and the
 * same observation: the recorded traces of three local nodes, untraced operations, round trips, two
 * windows of an observation.
 */
class ProbeReplayTest {

    private static final List<TraceFixtures.RecordedTrace> RECORDED =
            TraceFixtures.load("/dev/pbs/cassandra/probe/local-three-nodes.traces");

    private static final ProbeEvent.ClusterSeen CLUSTER = new ProbeEvent.ClusterSeen(
            "pbs-local",
            "5.0.6",
            "datacenter1",
            3,
            Map.of("127.0.0.1", "datacenter1", "127.0.0.2", "datacenter1", "127.0.0.3", "datacenter1"),
            Optional.empty(),
            Optional.empty(),
            "pbs_probe",
            50,
            0.2);

    private static final Instant STARTED = Instant.parse("2026-12-07T11:00:00Z");

    /** The events, in the order a live run's measurements applied them. */
    private final List<ProbeEvent> journal = Collections.synchronizedList(new ArrayList<>());

    private final ProbeJournal keeping = journal::add;

    @Test
    void replay_ofTheLiveEvents_takesTheSameSnapshotsAndObservation() {
        ProbeMeasurements live = new ProbeMeasurements(CLUSTER, keeping);
        SplittableRandom random = new SplittableRandom(7);
        ObservationSettings settings = new ObservationSettings(1, 1, 40, 10, new double[] {0, 5, 20}, Optional.empty());
        ObservationEvents observation = new ObservationEvents(new ObservationEvent.Started(settings, 20), keeping);
        List<ProbeSnapshot> windowStarts = new ArrayList<>();
        windowStarts.add(live.snapshot(measured(ProbeEvent.Measured.Purpose.WINDOW, 0)));
        for (int trace = 0; trace < RECORDED.size(); trace++) {
            live.traced(traced(RECORDED.get(trace), trace));
            live.untraced(new ProbeEvent.Untraced(
                    trace,
                    UntracedKind.values()[trace % UntracedKind.values().length],
                    "127.0.0.2",
                    800 + random.nextInt(2_000),
                    trace == 5 ? 20_000 : 0));
            live.roundTrip(new ProbeEvent.RoundTrip(trace, "127.0.0.3", 300 + random.nextInt(400)));
            if (trace == 12) {
                windowStarts.add(live.snapshot(measured(ProbeEvent.Measured.Purpose.WINDOW, 12)));
            }
        }
        for (int write = 0; write < settings.writes(); write++) {
            observation.count(new ObservationEvent.Gap(write, "127.0.0.1", 400 + random.nextInt(300)));
            observation.count(new ObservationEvent.WriteAnswer(
                    write,
                    "observe-" + write,
                    "127.0.0.1",
                    true,
                    write * 100_000L,
                    1_500 + random.nextInt(900),
                    write == 3));
            for (int point = 0; point < 3 && write != 3; point++) {
                observation.count(new ObservationEvent.Read(
                        write,
                        point,
                        "127.0.0.2",
                        point == 1,
                        write * 100_000L + point * 5_000L,
                        random.nextInt(300),
                        900 + random.nextInt(500),
                        random.nextDouble() < 0.5 + 0.2 * point,
                        write == 7 && point == 2));
            }
            observation.count(new ObservationEvent.ReadRoundTrip(write, "127.0.0.2", 350 + random.nextInt(200)));
        }
        observation.count(new ObservationEvent.TracedRead(
                5, 0, List.of("reading digest from /127.0.0.2:7000", "reading data from /127.0.0.3:7000")));
        observation.count(new ObservationEvent.Ended(true));
        ProbeSnapshot end = live.snapshot(measured(ProbeEvent.Measured.Purpose.END, 24));
        ObservationWhileProbing.Result liveResult =
                ObservationWhileProbing.assemble(observation.observations(), windowStarts, end);

        ProbeReplay replay = new ProbeReplay();
        journal.forEach(replay::apply);
        ProbeReplay.Replayed replayed = replay.result();

        assertThat(replayed.cluster()).isEqualTo(CLUSTER);
        assertSameSnapshot(replayed.measurement(), end);
        ObservationWhileProbing.Result result = replayed.observation().orElseThrow();
        assertThat(result.windows()).hasSize(2);
        for (int window = 0; window < 2; window++) {
            assertSameObservation(
                    result.windows().get(window), liveResult.windows().get(window));
            assertSameSnapshot(
                    result.windowMeasurements().get(window),
                    liveResult.windowMeasurements().get(window));
        }
        assertSameObservation(result.observation(), liveResult.observation());
        // what the events say, counted: 39 writes acknowledged, one failed; its reads never sent
        assertThat(result.observation().writes()).isEqualTo(39);
        assertThat(result.observation().failedWrites()).isEqualTo(1);
        assertThat(result.observation().failedReads()).isEqualTo(1);
        assertThat(result.observation().reads()).containsExactly(39, 39, 38);
        assertThat(result.observation().readPathTraces().speculated()).containsExactly(1, 0, 0);
        assertThat(end.samples(WarsMessage.WRITE)).isPositive();
        assertThat(end.client().roundTrips().getTotalCount()).isEqualTo(RECORDED.size());
    }

    @Test
    void replay_refusesEventsOutOfPlace() {
        ProbeReplay beforeCluster = new ProbeReplay();
        assertThatThrownBy(() -> beforeCluster.apply(new ProbeEvent.RoundTrip(0, "127.0.0.1", 300)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("first event must describe the cluster");

        ProbeReplay withoutObservation = new ProbeReplay();
        withoutObservation.apply(CLUSTER);
        assertThatThrownBy(() -> withoutObservation.apply(new ObservationEvent.Gap(0, "127.0.0.1", 300)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("before the observation started");
        assertThatThrownBy(withoutObservation::result)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("ends before the probe's workload did");

        ProbeReplay unfinishedObservation = new ProbeReplay();
        unfinishedObservation.apply(CLUSTER);
        unfinishedObservation.apply(new ObservationEvent.Started(
                new ObservationSettings(1, 1, 10, 10, new double[] {0}, Optional.empty()), 10));
        assertThatThrownBy(() -> unfinishedObservation.apply(new ObservationEvent.Gap(10, "127.0.0.1", 300)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("write 10 is not one of the observation's 10");
        unfinishedObservation.apply(measured(ProbeEvent.Measured.Purpose.END, 0));
        assertThatThrownBy(unfinishedObservation::result)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("ends before its observation did");
    }

    private static ProbeEvent.TracedOperation traced(TraceFixtures.RecordedTrace trace, int index) {
        List<TraceEvent> events = new ArrayList<>();
        for (TraceEvent event : trace.events()) {
            events.add(new TraceEvent(
                    event.source(), event.elapsedMicros(), event.activity().replace(" kv", " " + ProbeSettings.TABLE)));
        }
        return new ProbeEvent.TracedOperation(
                index, trace.operation(), trace.coordinator(), "k" + index, "ALL", 3, false, 12_000 + index, 1, events);
    }

    private static ProbeEvent.Measured measured(ProbeEvent.Measured.Purpose purpose, int seconds) {
        return new ProbeEvent.Measured(
                purpose,
                STARTED,
                STARTED.plusSeconds(seconds),
                new ProbeCounters(seconds, seconds, 0, 0, seconds, seconds, 0, 0),
                List.of(new NodeHealth.NodeReport("127.0.0.1", true, seconds, 0, 0, STARTED)));
    }

    private static void assertSameSnapshot(ProbeSnapshot replayed, ProbeSnapshot live) {
        assertThat(replayed.delaysMicros()).isEqualTo(live.delaysMicros());
        assertThat(replayed.localDelaysMicros()).isEqualTo(live.localDelaysMicros());
        assertThat(replayed.client()).isEqualTo(live.client());
        assertThat(replayed.readTargets()).isEqualTo(live.readTargets());
        assertThat(replayed.operations()).isEqualTo(live.operations());
        assertThat(replayed.nodes()).isEqualTo(live.nodes());
        assertThat(replayed.started()).isEqualTo(live.started());
        assertThat(replayed.at()).isEqualTo(live.at());
        assertThat(replayed.pairs().writesBetweenReplicas().spearman())
                .isEqualTo(live.pairs().writesBetweenReplicas().spearman());
        assertThat(replayed.pairs().clientWithCoordinator().pairs())
                .usingRecursiveFieldByFieldElementComparator()
                .isEqualTo(live.pairs().clientWithCoordinator().pairs());
    }

    private static void assertSameObservation(RawObservation replayed, RawObservation live) {
        // histograms compare by their counts (HdrHistogram's equals), not when they were made
        assertThat(replayed)
                .usingRecursiveComparison()
                .withEqualsForType(Histogram::equals, Histogram.class)
                .isEqualTo(live);
    }
}
