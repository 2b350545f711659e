package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TraceParserTest {

    private static final List<TraceFixtures.RecordedTrace> RECORDED =
            TraceFixtures.load("/dev/pbs/cassandra/probe/local-three-nodes.traces");

    @Test
    void parse_recordedTraces_giveOneSamplePerRemoteReplica() {
        assertThat(RECORDED).hasSize(24);
        for (TraceFixtures.RecordedTrace trace : RECORDED) {
            TraceParser.Result result = TraceParser.parse(trace.operation(), trace.coordinator(), "kv", trace.events());
            assertThat(result.discarded()).as("discarded in a trace from %s", trace.coordinator()).isZero();
            assertThat(result.samples()).extracting(ReplicaDelays::replica)
                    .as("replicas of a trace coordinated by %s", trace.coordinator())
                    .hasSize(2)
                    .doesNotContain(trace.coordinator())
                    .allMatch(replica -> replica.matches("127\\.0\\.0\\.[123]"));
            assertThat(result.samples()).allSatisfy(sample -> {
                assertThat(sample.operation()).isEqualTo(trace.operation());
                assertThat(sample.outboundMicros()).isNotNegative();
                assertThat(sample.returnMicros()).isNotNegative();
            });
        }
    }

    @Test
    void parse_recordedWrite_splitsTheRoundTripAroundTheReplicaTime() {
        // The write coordinated by 127.0.0.1 (block 21 of the fixture). For replica 127.0.0.2:
        // sent 1983, response processed 10903 on the coordinator; applied 2490, replied 4515 on the
        // replica. wire = (10903 - 1983) - 4515 = 4405; W = 2202 + 2490 = 4692; A = 2203 + (4515 - 2490) = 4228.
        TraceFixtures.RecordedTrace trace = RECORDED.get(20);
        assertThat(trace.operation()).isEqualTo(Operation.WRITE);
        assertThat(trace.coordinator()).isEqualTo("127.0.0.1");
        TraceParser.Result result = TraceParser.parse(trace.operation(), trace.coordinator(), "kv", trace.events());
        assertThat(result.samples()).contains(new ReplicaDelays("127.0.0.2", Operation.WRITE, 4692, 4228));
        // Replica 127.0.0.3: sent 4420, processed 14359; applied 4367, replied 7028:
        // wire = 9939 - 7028 = 2911; W = 1455 + 4367 = 5822; A = 1456 + 2661 = 4117.
        assertThat(result.samples()).contains(new ReplicaDelays("127.0.0.3", Operation.WRITE, 5822, 4117));
    }

    @Test
    void parse_recordedRead_usesTheQueryExecutionAsTheReadPoint() {
        // The read coordinated by 127.0.0.2 (block 22). Replica 127.0.0.1: sent 9022, processed 19003;
        // executed 1751, replied 2885. wire = 9981 - 2885 = 7096; R = 3548 + 1751 = 5299; S = 3548 + 1134 = 4682.
        TraceFixtures.RecordedTrace trace = RECORDED.get(21);
        assertThat(trace.operation()).isEqualTo(Operation.READ);
        TraceParser.Result result = TraceParser.parse(trace.operation(), trace.coordinator(), "kv", trace.events());
        assertThat(result.samples()).contains(new ReplicaDelays("127.0.0.1", Operation.READ, 5299, 4682));
    }

    @Test
    void parse_outboundPlusReturn_equalsTheRoundTrip() {
        for (TraceFixtures.RecordedTrace trace : RECORDED) {
            TraceParser.Result result = TraceParser.parse(trace.operation(), trace.coordinator(), "kv", trace.events());
            for (ReplicaDelays sample : result.samples()) {
                long sent = elapsed(trace, trace.coordinator(), "Sending " + trace.operation().requestVerb()
                        + " message to /" + sample.replica());
                long received = elapsed(trace, trace.coordinator(), "Processing response from /" + sample.replica());
                assertThat(sample.outboundMicros() + sample.returnMicros()).isEqualTo(received - sent);
            }
        }
    }

    @Test
    void parse_withoutProcessingEvents_fallsBackToTheMessageReceipt() {
        List<TraceEvent> events = List.of(
                new TraceEvent("10.0.0.1", 100, "Sending MUTATION_REQ message to /10.0.0.2:7000 message size 80 bytes"),
                new TraceEvent("10.0.0.2", 300, "Adding to wars memtable"),
                new TraceEvent("10.0.0.2", 500, "Sending MUTATION_RSP message to /10.0.0.1:7000 message size 33 bytes"),
                new TraceEvent("10.0.0.1", 900, "MUTATION_RSP message received from /10.0.0.2:7000"));
        assertThat(TraceParser.parse(Operation.WRITE, "10.0.0.1", "wars", events).samples())
                .containsExactly(new ReplicaDelays("10.0.0.2", Operation.WRITE, 450, 350));
        List<TraceEvent> processedLater = new ArrayList<>(events);
        processedLater.add(new TraceEvent("10.0.0.1", 1300, "Processing response from /10.0.0.2:7000"));
        // wire = (1300 - 100) - 500 = 700: W = 350 + 300, A = 350 + 200.
        assertThat(TraceParser.parse(Operation.WRITE, "10.0.0.1", "wars", processedLater).samples())
                .containsExactly(new ReplicaDelays("10.0.0.2", Operation.WRITE, 650, 550));
    }

    @Test
    void parse_replicaWithoutItsReply_isDiscarded() {
        List<TraceEvent> events = new ArrayList<>(List.of(
                new TraceEvent("10.0.0.1", 100, "Sending MUTATION_REQ message to /10.0.0.2:7000 message size 80 bytes"),
                new TraceEvent("10.0.0.2", 40, "MUTATION_REQ message received from /10.0.0.1:7000"),
                new TraceEvent("10.0.0.2", 300, "Adding to wars memtable"),
                new TraceEvent("10.0.0.1", 900, "MUTATION_RSP message received from /10.0.0.2:7000")));
        TraceParser.Result incomplete = TraceParser.parse(Operation.WRITE, "10.0.0.1", "wars", events);
        assertThat(incomplete.samples()).isEmpty();
        assertThat(incomplete.discarded()).isEqualTo(1);

        events.add(new TraceEvent("10.0.0.2", 500, "Sending MUTATION_RSP message to /10.0.0.1:7000 message size 33 bytes"));
        TraceParser.Result complete = TraceParser.parse(Operation.WRITE, "10.0.0.1", "wars", events);
        // wire = (900 - 100) - 500 = 300: W = 150 + 300, A = 150 + 200.
        assertThat(complete.samples()).containsExactly(new ReplicaDelays("10.0.0.2", Operation.WRITE, 450, 350));
    }

    @Test
    void parse_answerLoggedAfterTheSessionEnded_isDiscarded() {
        // A response that arrives after the coordinator's session ended is logged on a fresh
        // stopwatch (a small elapsed time): the round trip comes out shorter than the replica's time.
        List<TraceEvent> events = List.of(
                new TraceEvent("10.0.0.1", 1500, "Sending READ_REQ message to /10.0.0.3:7000 message size 80 bytes"),
                new TraceEvent("10.0.0.3", 200, "Executing single-partition query on wars"),
                new TraceEvent("10.0.0.3", 700, "Sending READ_RSP message to /10.0.0.1:7000 message size 50 bytes"),
                new TraceEvent("10.0.0.1", 60, "READ_RSP message received from /10.0.0.3:7000"));
        TraceParser.Result result = TraceParser.parse(Operation.READ, "10.0.0.1", "wars", events);
        assertThat(result.samples()).isEmpty();
        assertThat(result.discarded()).isEqualTo(1);
    }

    @Test
    void parse_otherTablesAndVerbs_areIgnored() {
        List<TraceEvent> events = List.of(
                new TraceEvent("10.0.0.1", 100, "Sending MUTATION_REQ message to /10.0.0.2:7000 message size 80 bytes"),
                new TraceEvent("10.0.0.2", 300, "Adding to other memtable"),
                new TraceEvent("10.0.0.2", 500, "Sending MUTATION_RSP message to /10.0.0.1:7000 message size 33 bytes"),
                new TraceEvent("10.0.0.1", 900, "MUTATION_RSP message received from /10.0.0.2:7000"),
                new TraceEvent("10.0.0.1", 950, "Sending READ_REQ message to /10.0.0.2:7000 message size 80 bytes"));
        TraceParser.Result result = TraceParser.parse(Operation.WRITE, "10.0.0.1", "wars", events);
        assertThat(result.samples()).isEmpty();
        assertThat(result.discarded()).isEqualTo(1);
    }

    @Test
    void parse_addressesWithoutPorts_areUnderstood() {
        List<TraceEvent> events = List.of(
                new TraceEvent("10.0.0.1", 100, "Sending MUTATION_REQ message to /10.0.0.2 message size 80 bytes"),
                new TraceEvent("10.0.0.2", 300, "Adding to wars memtable"),
                new TraceEvent("10.0.0.2", 500, "Sending MUTATION_RSP message to /10.0.0.1"),
                new TraceEvent("10.0.0.1", 900, "MUTATION_RSP message received from /10.0.0.2"));
        assertThat(TraceParser.parse(Operation.WRITE, "10.0.0.1", "wars", events).samples())
                .containsExactly(new ReplicaDelays("10.0.0.2", Operation.WRITE, 450, 350));
    }

    private static long elapsed(TraceFixtures.RecordedTrace trace, String source, String activityPrefix) {
        return trace.events().stream()
                .filter(event -> event.source().equals(source) && event.activity().startsWith(activityPrefix))
                .findFirst().orElseThrow().elapsedMicros();
    }
}
