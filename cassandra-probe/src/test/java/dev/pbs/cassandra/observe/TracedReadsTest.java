package dev.pbs.cassandra.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a read's trace events say of its read path, as Cassandra 5.0 writes them. */
class TracedReadsTest {

    @Test
    void seen_oneReplicaAskedAtOne_neitherSpeculatedNorRepaired() {
        TracedReads.Seen seen = TracedReads.Seen.of(
                List.of(
                        "Parsing SELECT version FROM wars WHERE key = ?",
                        "reading data from /127.0.0.12:7000",
                        "Sending READ_REQ message to /127.0.0.12:7000",
                        "Read 1 live rows and 0 tombstone cells"),
                1);
        assertThat(seen).isEqualTo(new TracedReads.Seen(false, false, false, false));
    }

    @Test
    void seen_anExtraReplicaAskedOrRetried_speculated() {
        // speculative_retry = 'ALWAYS' asks two replicas at once for a read at ONE.
        assertThat(TracedReads.Seen.of(
                                List.of("reading data from /127.0.0.12:7000", "reading digest from /127.0.0.13:7000"),
                                1)
                        .speculated())
                .isTrue();
        // A percentile or a time retries one replica once the threshold passes.
        assertThat(TracedReads.Seen.of(
                                List.of(
                                        "reading data from /127.0.0.12:7000",
                                        "speculating read retry on /127.0.0.13:7000"),
                                1)
                        .speculated())
                .isTrue();
        // At QUORUM two requests are what the level asks, not speculation.
        assertThat(TracedReads.Seen.of(
                                List.of("reading data from /127.0.0.12:7000", "reading digest from /127.0.0.13:7000"),
                                2)
                        .speculated())
                .isFalse();
    }

    @Test
    void seen_aReadRepairMutationSent_mismatchedAndRepaired() {
        TracedReads.Seen seen = TracedReads.Seen.of(
                List.of(
                        "reading data from /127.0.0.12:7000",
                        "reading digest from /127.0.0.13:7000",
                        "Enqueuing full data read to Full(/127.0.0.12:7000,(-3074457345618258603,0])",
                        "Enqueuing full data read to Full(/127.0.0.13:7000,(-3074457345618258603,0])",
                        "Sending read-repair-mutation to Full(/127.0.0.13:7000,(-3074457345618258603,0])"),
                2);
        assertThat(seen).isEqualTo(new TracedReads.Seen(false, true, true, false));
    }

    @Test
    void seen_aSecondRoundThatFoundEveryReplicaFresh_mismatchedOnly() {
        TracedReads.Seen seen = TracedReads.Seen.of(
                List.of(
                        "reading data from /127.0.0.12:7000",
                        "reading digest from /127.0.0.13:7000",
                        "Enqueuing full data read to Full(/127.0.0.12:7000,(-3074457345618258603,0])",
                        "Enqueuing speculative full data read to Full(/127.0.0.14:7000,(0,3074457345618258603])"),
                2);
        assertThat(seen).isEqualTo(new TracedReads.Seen(false, true, false, false));
    }

    @Test
    void seen_aWatchedReplicaAskedForDataOrADigest_askedWatched() {
        List<String> askedIt = List.of(
                "reading digest from /127.0.0.12:7000",
                "reading data from /127.0.0.11:7000",
                "Sending READ_REQ message to /127.0.0.11:7000");
        assertThat(TracedReads.Seen.of(askedIt, 2, "127.0.0.11").askedWatched()).isTrue();
        assertThat(TracedReads.Seen.of(askedIt, 2, "127.0.0.12").askedWatched()).isTrue();
        // Another node whose address starts alike, a message only, or nobody watched.
        assertThat(TracedReads.Seen.of(askedIt, 2, "127.0.0.1").askedWatched()).isFalse();
        assertThat(TracedReads.Seen.of(List.of("Sending READ_REQ message to /127.0.0.13:7000"), 1, "127.0.0.13")
                        .askedWatched())
                .isFalse();
        assertThat(TracedReads.Seen.of(askedIt, 2).askedWatched()).isFalse();
    }
}
