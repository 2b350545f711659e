package dev.pbs.cassandra.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import dev.pbs.cassandra.recovery.ReadServer.Event;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Trace events of reads at ONE as Cassandra 5.0.6 writes them: the activities are copied from traces
 * of the local cluster, except the digest read's, which follows the coordinator's format ({@code
 * reading {} from {}}).
 */
class ReadServerTest {

    private static final String RETURNED = "127.0.0.3";

    @Test
    void of_readServedFromTheCoordinatorsOwnData_isTheReturnedNode() {
        List<Event> events = List.of(
                new Event(RETURNED, "Executing single-partition query on writes"),
                new Event(RETURNED, "Acquiring sstable references"),
                new Event(RETURNED, "Merging memtable contents"),
                new Event(RETURNED, "Read 1 live rows and 0 tombstone cells"));

        assertThat(ReadServer.of(events, RETURNED)).isEqualTo(ReadServer.RETURNED_NODE);
    }

    @Test
    void of_readSentToAnotherReplica_isAnotherReplica() {
        List<Event> events = List.of(
                new Event(RETURNED, "reading data from /127.0.0.1:7000"),
                new Event(RETURNED, "Sending READ_REQ message to /127.0.0.1:7000 message size 101 bytes"),
                new Event("127.0.0.1", "READ_REQ message received from /127.0.0.3:7000"),
                new Event("127.0.0.1", "Executing single-partition query on writes"));

        assertThat(ReadServer.of(events, RETURNED)).isEqualTo(ReadServer.OTHER_REPLICA);
    }

    @Test
    void of_digestAlsoAskedOfAnotherReplica_isAnotherReplica() {
        List<Event> events = List.of(
                new Event(RETURNED, "Executing single-partition query on writes"),
                new Event(RETURNED, "reading digest from /127.0.0.2:7000"));

        assertThat(ReadServer.of(events, RETURNED)).isEqualTo(ReadServer.OTHER_REPLICA);
    }

    @Test
    void of_queryExecutedElsewhereWithoutTheSendingEvent_isAnotherReplica() {
        // The coordinator's own event may be written late; the replica's execution is enough.
        List<Event> events = List.of(new Event("127.0.0.2", "Executing single-partition query on writes"));

        assertThat(ReadServer.of(events, RETURNED)).isEqualTo(ReadServer.OTHER_REPLICA);
    }

    @Test
    void of_noExecutionInTheTrace_isUnknown() {
        assertThat(ReadServer.of(List.of(), RETURNED)).isEqualTo(ReadServer.UNKNOWN);
        assertThat(ReadServer.of(List.of(new Event(RETURNED, "Acquiring sstable references")), RETURNED))
                .isEqualTo(ReadServer.UNKNOWN);
    }

    @Test
    void readServers_plus_countsEachKind() {
        ReadServers servers = new ReadServers(0, 0, 0)
                .plus(ReadServer.RETURNED_NODE)
                .plus(ReadServer.RETURNED_NODE)
                .plus(ReadServer.OTHER_REPLICA)
                .plus(ReadServer.UNKNOWN);

        assertThat(servers).isEqualTo(new ReadServers(2, 1, 1));
        assertThat(servers.traced()).isEqualTo(4);
    }
}
