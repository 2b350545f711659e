package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TraceReaderTest {

    private static final List<TraceFixtures.RecordedTrace> RECORDED =
            TraceFixtures.load("/dev/pbs/cassandra/probe/local-three-nodes.traces");

    /** The write coordinated by 127.0.0.1 (block 21 of the fixture): replicas 127.0.0.2 and .3. */
    private static final TraceFixtures.RecordedTrace WRITE = RECORDED.get(20);

    @Test
    void needsAnotherRead_completeTrace_isReadOnce() {
        TraceParser.Result complete = parse(WRITE.events());
        assertThat(complete.samples()).hasSize(2);
        assertThat(TraceReader.needsAnotherRead(complete, 3, 1)).isFalse();
    }

    @Test
    void needsAnotherRead_aReplicaWhoseEventsAreNotWrittenYet_isReadAgainUntilTheLastAttempt() {
        // 127.0.0.3 has not written its events yet: the coordinator's say it was sent the request.
        TraceParser.Result partial = parse(WRITE.events().stream()
                .filter(event -> !event.source().equals("127.0.0.3"))
                .toList());
        assertThat(partial.samples()).extracting(ReplicaDelays::replica).containsExactly("127.0.0.2");
        assertThat(partial.discarded()).isEqualTo(1);
        for (int attempt = 1; attempt < TraceReader.READ_ATTEMPTS; attempt++) {
            assertThat(TraceReader.needsAnotherRead(partial, 3, attempt))
                    .as("after read %d", attempt)
                    .isTrue();
        }
        assertThat(TraceReader.needsAnotherRead(partial, 3, TraceReader.READ_ATTEMPTS))
                .isFalse();
    }

    @Test
    void needsAnotherRead_theLastAnswerNotWrittenYet_isReadAgain() {
        // The coordinator has not written its events about 127.0.0.3 yet (nor has 127.0.0.3): no
        // sample is missing among those it shows, but the write was at ALL, and only two of its
        // three replicas' answers are in the trace.
        List<TraceEvent> events = WRITE.events().stream()
                .filter(event -> !event.source().equals("127.0.0.3"))
                .filter(event -> !event.activity().contains("127.0.0.3"))
                .toList();
        TraceParser.Result partial = parse(events);
        assertThat(partial.discarded()).isZero();
        assertThat(partial.answered()).isEqualTo(2);
        assertThat(TraceReader.needsAnotherRead(partial, 3, 1)).isTrue();
        // An operation that waited for two answers is complete with them.
        assertThat(TraceReader.needsAnotherRead(partial, 2, 1)).isFalse();
    }

    @Test
    void needsAnotherRead_nothingWrittenYet_isReadAgain() {
        TraceParser.Result empty = parse(List.of());
        assertThat(empty.isEmpty()).isTrue();
        assertThat(TraceReader.needsAnotherRead(empty, 1, 1)).isTrue();
        assertThat(TraceReader.needsAnotherRead(empty, 1, TraceReader.READ_ATTEMPTS))
                .isFalse();
    }

    @Test
    void coordinatorElapsedMicros_isItsLastEvent_notAReplicas() {
        assertThat(TraceReader.coordinatorElapsedMicros(
                        List.of(
                                new TraceEvent("127.0.0.1", 120, "Parsing"),
                                new TraceEvent("127.0.0.2", 9000, "Appending to commitlog"),
                                new TraceEvent("127.0.0.1", 2450, "MUTATION_RSP message received from /127.0.0.2"),
                                new TraceEvent("127.0.0.1", 900, "Sending MUTATION message")),
                        "127.0.0.1"))
                .isEqualTo(2450);
        assertThat(TraceReader.coordinatorElapsedMicros(List.of(new TraceEvent("127.0.0.2", 10, "x")), "127.0.0.1"))
                .isZero();
    }

    @Test
    void waitBeforeMillis_doublesUpToTheLongest_andTheDrainCoversEveryRead() {
        assertThat(TraceReader.waitBeforeMillis(1)).isEqualTo(2000);
        assertThat(TraceReader.waitBeforeMillis(2)).isEqualTo(4000);
        assertThat(TraceReader.waitBeforeMillis(3)).isEqualTo(8000);
        assertThat(TraceReader.waitBeforeMillis(4)).isEqualTo(8000);
        long lastRead = 0;
        for (int attempt = 1; attempt <= TraceReader.READ_ATTEMPTS; attempt++) {
            lastRead += TraceReader.waitBeforeMillis(attempt);
        }
        assertThat(TraceReader.DRAIN_MILLIS).isGreaterThan(lastRead);
    }

    private static TraceParser.Result parse(List<TraceEvent> events) {
        return TraceParser.parse(WRITE.operation(), WRITE.coordinator(), "kv", events);
    }
}
