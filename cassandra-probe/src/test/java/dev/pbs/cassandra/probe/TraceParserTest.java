package dev.pbs.cassandra.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TraceParserTest {

    private static final List<TraceFixtures.RecordedTrace> RECORDED =
            TraceFixtures.load("/dev/pbs/cassandra/probe/local-three-nodes.traces");

    @Test
    void parse_recordedTraces_giveOneSamplePerRemoteReplica() {
        assertThat(RECORDED).hasSize(24);
        for (TraceFixtures.RecordedTrace trace : RECORDED) {
            TraceParser.Result result = TraceParser.parse(trace.operation(), trace.coordinator(), "kv", trace.events());
            assertThat(result.discarded())
                    .as("discarded in a trace from %s", trace.coordinator())
                    .isZero();
            assertThat(result.samples())
                    .extracting(ReplicaDelays::replica)
                    .as("replicas of a trace coordinated by %s", trace.coordinator())
                    .hasSize(2)
                    .doesNotContain(trace.coordinator())
                    .allMatch(replica -> replica.matches("127\\.0\\.0\\.[123]"));
            assertThat(result.answered())
                    .as("answers in a trace from %s", trace.coordinator())
                    .isEqualTo(3);
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
        // sent 1983, answer arrived 8835 and processed 10903 on the coordinator; applied 2490, replied
        // 4515 on the replica. wire = (8835 - 1983) - 4515 = 2337, counted with the answer:
        // W = 1983 + 2490 = 4473; A = 2337 + (4515 - 2490) + (10903 - 8835) = 6430.
        TraceFixtures.RecordedTrace trace = RECORDED.get(20);
        assertThat(trace.operation()).isEqualTo(Operation.WRITE);
        assertThat(trace.coordinator()).isEqualTo("127.0.0.1");
        TraceParser.Result result = TraceParser.parse(trace.operation(), trace.coordinator(), "kv", trace.events());
        assertThat(result.samples()).contains(new ReplicaDelays("127.0.0.2", Operation.WRITE, 4473, 6430));
        // Replica 127.0.0.3: sent 4420, arrived 14191, processed 14359; applied 4367, replied 7028:
        // wire = 9771 - 7028 = 2743; W = 4420 + 4367 = 8787; A = 2743 + 2661 + 168 = 5572.
        assertThat(result.samples()).contains(new ReplicaDelays("127.0.0.3", Operation.WRITE, 8787, 5572));
        // Split equally, as an experiment's variant may: W = 1983 + 1168 + 2490 = 5641, A = 1169 + 2025 + 2068.
        assertThat(TraceParser.parse(
                                trace.operation(),
                                trace.coordinator(),
                                "kv",
                                trace.events(),
                                new WireSplit(0.5, 0.5),
                                Map.of())
                        .samples())
                .contains(new ReplicaDelays("127.0.0.2", Operation.WRITE, 5641, 5262));
    }

    @Test
    void parse_recordedRead_usesTheQueryExecutionAsTheReadPoint() {
        // The read coordinated by 127.0.0.2 (block 22). Replica 127.0.0.1: sent 9022, arrived 18802,
        // processed 19003; executed 1751, replied 2885. wire = 9780 - 2885 = 6895; R = 9022 + 1751 = 10773;
        // S = 6895 + 1134 + 201 = 8230.
        TraceFixtures.RecordedTrace trace = RECORDED.get(21);
        assertThat(trace.operation()).isEqualTo(Operation.READ);
        TraceParser.Result result = TraceParser.parse(trace.operation(), trace.coordinator(), "kv", trace.events());
        assertThat(result.samples()).contains(new ReplicaDelays("127.0.0.1", Operation.READ, 10773, 8230));
    }

    @Test
    void parse_outboundPlusReturn_equalsTheTimeTheAnswerCounted() {
        for (TraceFixtures.RecordedTrace trace : RECORDED) {
            TraceParser.Result result = TraceParser.parse(trace.operation(), trace.coordinator(), "kv", trace.events());
            for (ReplicaDelays sample : result.samples()) {
                long sent = elapsed(
                        trace,
                        trace.coordinator(),
                        "Sending " + trace.operation().requestVerb() + " message to /" + sample.replica());
                long received = elapsed(trace, trace.coordinator(), "Processing response from /" + sample.replica());
                assertThat(sent).isNotNegative();
                assertThat(sample.outboundMicros() + sample.returnMicros()).isEqualTo(received);
            }
        }
    }

    @Test
    void parse_processingAfterArrival_countsTheWaitInTheReturnDelay() {
        List<TraceEvent> events = List.of(
                new TraceEvent("10.0.0.1", 100, "Sending MUTATION_REQ message to /10.0.0.2:7000 message size 80 bytes"),
                new TraceEvent("10.0.0.2", 300, "Adding to wars memtable"),
                new TraceEvent("10.0.0.2", 500, "Sending MUTATION_RSP message to /10.0.0.1:7000 message size 33 bytes"),
                new TraceEvent("10.0.0.1", 900, "MUTATION_RSP message received from /10.0.0.2:7000"));
        assertThat(TraceParser.parse(Operation.WRITE, "10.0.0.1", "wars", events)
                        .samples())
                .containsExactly(new ReplicaDelays("10.0.0.2", Operation.WRITE, 400, 500));
        List<TraceEvent> processedLater = new ArrayList<>(events);
        processedLater.add(new TraceEvent("10.0.0.1", 1300, "Processing response from /10.0.0.2:7000"));
        // The wire still ends at the arrival (900): W = 100 + 300; the coordinator's 400 us of queueing
        // before it processed the answer go to A: 300 + 200 + 400.
        assertThat(TraceParser.parse(Operation.WRITE, "10.0.0.1", "wars", processedLater)
                        .samples())
                .containsExactly(new ReplicaDelays("10.0.0.2", Operation.WRITE, 400, 900));
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

        events.add(new TraceEvent(
                "10.0.0.2", 500, "Sending MUTATION_RSP message to /10.0.0.1:7000 message size 33 bytes"));
        TraceParser.Result complete = TraceParser.parse(Operation.WRITE, "10.0.0.1", "wars", events);
        // wire = (900 - 100) - 500 = 300, with the answer: W = 100 + 300, A = 300 + 200.
        assertThat(complete.samples()).containsExactly(new ReplicaDelays("10.0.0.2", Operation.WRITE, 400, 500));
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
        assertThat(TraceParser.parse(Operation.WRITE, "10.0.0.1", "wars", events)
                        .samples())
                .containsExactly(new ReplicaDelays("10.0.0.2", Operation.WRITE, 400, 500));
    }

    @Test
    void parse_readServedByTheCoordinator_givesTheLocalPathAndNoRequest() {
        // A read at ONE that the coordinator served from its own replica (events seen on Cassandra 5.0.6).
        List<TraceEvent> events = List.of(
                new TraceEvent("10.0.0.1", 695, "Executing single-partition query on wars"),
                new TraceEvent("10.0.0.1", 749, "Acquiring sstable references"),
                new TraceEvent("10.0.0.1", 790, "Merging memtable contents"),
                new TraceEvent("10.0.0.1", 968, "Read 1 live rows and 0 tombstone cells"));
        TraceParser.Result result = TraceParser.parse(Operation.READ, "10.0.0.1", "wars", events);
        assertThat(result.samples()).isEmpty();
        assertThat(result.requestsSent()).isZero();
        assertThat(result.servedLocally()).isTrue();
        assertThat(result.isEmpty()).isFalse();
        assertThat(result.local()).isEqualTo(new ReplicaDelays("10.0.0.1", Operation.READ, 695, 273));
    }

    @Test
    void parse_writeAppliedByTheCoordinator_givesTheLocalApplyAndTheRemoteSamples() {
        List<TraceEvent> events = List.of(
                new TraceEvent("10.0.0.1", 568, "Determining replicas for mutation"),
                new TraceEvent("10.0.0.1", 832, "Appending to commitlog"),
                new TraceEvent("10.0.0.1", 946, "Adding to wars memtable"),
                new TraceEvent(
                        "10.0.0.1", 1098, "Sending MUTATION_REQ message to /10.0.0.3:7000 message size 80 bytes"),
                new TraceEvent("10.0.0.3", 18, "MUTATION_REQ message received from /10.0.0.1:7000"),
                new TraceEvent("10.0.0.3", 1206, "Adding to wars memtable"),
                new TraceEvent(
                        "10.0.0.3", 3365, "Sending MUTATION_RSP message to /10.0.0.1:7000 message size 33 bytes"),
                new TraceEvent("10.0.0.1", 4510, "MUTATION_RSP message received from /10.0.0.3:7000"),
                new TraceEvent("10.0.0.1", 4998, "Processing response from /10.0.0.3:7000"));
        TraceParser.Result result = TraceParser.parse(Operation.WRITE, "10.0.0.1", "wars", events);
        // The coordinator applied its own copy 946 us into the request.
        assertThat(result.local()).isEqualTo(new ReplicaDelays("10.0.0.1", Operation.WRITE, 946, 0));
        // wire = (4510 - 1098) - 3365 = 47: W = 1098 + 1206 = 2304; A = 47 + 2159 + 488 = 2694.
        assertThat(result.samples()).containsExactly(new ReplicaDelays("10.0.0.3", Operation.WRITE, 2304, 2694));
        assertThat(result.requestsSent()).isEqualTo(1);
    }

    @Test
    void parse_readSentToAnotherReplica_isNotServedLocally() {
        List<TraceEvent> events = List.of(
                new TraceEvent("10.0.0.1", 300, "Sending READ_REQ message to /10.0.0.2:7000 message size 80 bytes"),
                new TraceEvent("10.0.0.2", 200, "Executing single-partition query on wars"),
                new TraceEvent("10.0.0.2", 260, "Read 1 live rows and 0 tombstone cells"),
                new TraceEvent("10.0.0.2", 400, "Sending READ_RSP message to /10.0.0.1:7000 message size 50 bytes"),
                new TraceEvent("10.0.0.1", 900, "READ_RSP message received from /10.0.0.2:7000"));
        TraceParser.Result result = TraceParser.parse(Operation.READ, "10.0.0.1", "wars", events);
        assertThat(result.servedLocally()).isFalse();
        assertThat(result.requestsSent()).isEqualTo(1);
        // wire = 600 - 400 = 200: R = 300 + 200 = 500, S = 200 + 200 = 400.
        assertThat(result.samples()).containsExactly(new ReplicaDelays("10.0.0.2", Operation.READ, 500, 400));
        // Between datacenters the wire is split equally: R = 300 + 100 + 200 = 600, S = 100 + 200 = 300.
        assertThat(TraceParser.parse(
                                Operation.READ,
                                "10.0.0.1",
                                "wars",
                                events,
                                WireSplit.MEASURED,
                                Map.of("10.0.0.1", "dc1", "10.0.0.2", "dc2"))
                        .samples())
                .containsExactly(new ReplicaDelays("10.0.0.2", Operation.READ, 600, 300));
    }

    private static long elapsed(TraceFixtures.RecordedTrace trace, String source, String activityPrefix) {
        return trace.events().stream()
                .filter(event ->
                        event.source().equals(source) && event.activity().startsWith(activityPrefix))
                .findFirst()
                .orElseThrow()
                .elapsedMicros();
    }
}
